import { definePlugin } from '@kernel';
import manifest from './plugin.json';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin(manifest, {
  routes: { index: () => import('./views/AdaccountScreen') },
  views: { list: () => import('./views/AdaccountListView') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { byStatus: () => import('./widgets/ByStatus'), spendChart: () => import('./widgets/SpendChart'), statusHistory: () => import('./widgets/StatusHistory') },
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
