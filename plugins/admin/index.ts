import { definePlugin } from '@kernel';
import manifest from './plugin.json';

/** Administration: users and roles, the plugin policy per role, services, the extension record, announcements, orders. */
export default definePlugin(manifest, {
  routes: { index: () => import('./views/AdminScreen') },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
});
