import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  routes: {
    disable: () => import('./views/DisableScreen'),
    blacklist: () => import('./views/BlacklistScreen'),
    keywords: () => import('./views/KeywordsScreen'),
  },
  views: { list: () => import('./views/PageList') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { overview: () => import('./widgets/Overview') },
  needs: () => import('./needs'),
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
  probes: () => import('./probes'),
});
