import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin({
  id: 'friend',
  titleKey: 'title',
  icon: 'people',
  order: 8,
  routes: [{ path: '/friend/index', titleKey: 'routeTitle', component: () => import('./views/FriendScreen') }],
  views: [{ id: 'friend.list', titleKey: 'views.list', rowType: 'friend', component: () => import('./views/FriendListView') }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
