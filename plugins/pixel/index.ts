import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  routes: { index: () => import('./views/PixelScreen') },
  views: { list: () => import('./views/PixelListView') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { overview: () => import('./widgets/Overview') },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
});
