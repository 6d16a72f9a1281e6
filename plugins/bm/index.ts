import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'bm',
  titleKey: 'title',
  icon: 'office',
  order: 3,
  cache: true,
  routes: [{ path: '/bm/index', titleKey: 'routeTitle', component: () => import('./views/BmScreen') }],
  views: [{ id: 'bm.list', titleKey: 'views.list', rowType: 'bm', component: () => import('./views/BmListView') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
