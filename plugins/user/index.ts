import { definePlugin } from '@kernel';
import manifest from './plugin.json';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin(manifest, {
  routes: { index: () => import('./views/UserScreen') },
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
