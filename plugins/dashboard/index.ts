import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'dashboard',
  titleKey: 'title',
  icon: 'dashboard',
  order: 0,
  routes: [{ path: '/dashboard/index', titleKey: 'routeTitle', component: () => import('./views/DashboardScreen') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
