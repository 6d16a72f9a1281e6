import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  views: { list: () => import('./views/TargetArea') },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), 'en-US': () => import('./locales/en-US.json') },
  probes: () => import('./probes'),
});
