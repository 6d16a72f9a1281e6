import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  routes: { hiddenAdmins: () => import('./views/HiddenAdminsScreen') },
  views: { list: () => import('./views/BusinessList') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { overview: () => import('./widgets/Overview') },
  needs: () => import('./needs'),
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
  probes: () => import('./probes'),
});
