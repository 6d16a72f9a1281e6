import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'adcomment',
  titleKey: 'title',
  icon: 'comment',
  order: 7,
  routes: [{ path: '/adcomment/index', titleKey: 'routeTitle', component: () => import('./views/AdcommentScreen') }],
  views: [{ id: 'adcomment.list', titleKey: 'views.list', rowType: 'adcomment', component: () => import('./views/AdcommentListView') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
