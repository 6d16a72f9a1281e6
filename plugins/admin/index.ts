import { definePlugin } from '@kernel';
import manifest from './plugin.json';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

/** Administration: users and roles, the plugin policy per role, services, the extension record, announcements, orders. */
export default definePlugin(manifest, {
  routes: { index: () => import('./views/AdminScreen') },
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
