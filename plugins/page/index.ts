import { definePlugin } from '@kernel';
import manifest from './plugin.json';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin(manifest, {
  routes: {
    index: () => import('./views/PageScreen'),
    disable: () => import('./views/DisableScreen'),
    blacklist: () => import('./views/BlacklistScreen'),
    keywords: () => import('./views/KeywordsScreen'),
  },
  views: { list: () => import('./views/PageListView') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { overview: () => import('./widgets/Overview') },
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
