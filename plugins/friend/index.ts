import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  views: { list: () => import('./views/FriendArea') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { pendingRequests: () => import('./widgets/PendingRequests') },
  needs: () => import('./needs'),
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
  probes: () => import('./probes'),
});
