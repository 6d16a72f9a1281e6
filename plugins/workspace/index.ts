import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  routes: { index: () => import('./views/WorkspaceScreen') },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
});
