import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  views: { list: () => import('./views/AccountList') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { byStatus: () => import('./widgets/ByStatus'), spendChart: () => import('./widgets/SpendChart'), statusHistory: () => import('./widgets/StatusHistory') },
  needs: () => import('./needs'),
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
  probes: () => import('./probes'),
});
