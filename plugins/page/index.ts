import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'page',
  titleKey: 'title',
  icon: 'document',
  order: 4,
  cache: true,
  routes: [{ path: '/page/index', titleKey: 'routeTitle', component: () => import('./views/PageScreen') }],
  views: [{ id: 'page.list', titleKey: 'views.list', rowType: 'page', component: () => import('./views/PageListView') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
