import { definePlugin } from '@kernel';
import manifest from './plugin.json';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin(manifest, {
  routes: { index: () => import('./views/FriendScreen') },
  views: { list: () => import('./views/FriendListView') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { pendingRequests: () => import('./widgets/PendingRequests') },
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
