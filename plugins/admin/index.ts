import { definePlugin } from '@kernel';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

/** Administration: users and roles, the plugin policy per role, services, the extension record, announcements, orders. */
export default definePlugin({
  id: 'admin',
  titleKey: 'title',
  icon: 'key',
  order: 20,
  roles: ['admin'],
  routes: [{ path: '/admin/index', titleKey: 'title', component: () => import('./views/AdminScreen'), roles: ['admin'] }],
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
