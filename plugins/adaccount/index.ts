import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';
import { adAccountActions } from './actions';

export default definePlugin({
  id: 'adaccount',
  titleKey: 'title',
  icon: 'credit-card',
  order: 1,
  cache: true,
  routes: [{ path: '/adaccount/index', titleKey: 'routeTitle', component: () => import('./views/AdaccountScreen') }],
  views: [{ id: 'adaccount.list', titleKey: 'views.list', rowType: 'adaccount', component: () => import('./views/AdaccountListView') }],
  actions: adAccountActions,
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
