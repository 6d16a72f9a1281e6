import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  views: { list: () => import('./views/PixelList') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { overview: () => import('./widgets/Overview') },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
  probes: () => import('./probes'),
});
