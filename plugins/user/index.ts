import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'user',
  titleKey: 'title',
  icon: 'user',
  order: 10,
  hideInMenu: true,
  routes: [{ path: '/user/index', titleKey: 'routeTitle', component: () => import('./views/UserScreen') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
