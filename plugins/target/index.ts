import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'target',
  titleKey: 'title',
  icon: 'geosearch',
  order: 6,
  routes: [{ path: '/target/index', titleKey: 'routeTitle', component: () => import('./views/TargetScreen') }],
  views: [{ id: 'target.list', titleKey: 'views.list', rowType: 'target', component: () => import('./views/TargetListView') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
