import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'payment',
  titleKey: 'title',
  icon: 'dollar',
  order: 9,
  hideInMenu: true,
  routes: [{ path: '/payment/index', titleKey: 'routeTitle', component: () => import('./views/PaymentScreen') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
