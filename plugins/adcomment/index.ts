import { definePlugin } from '@kernel';
import manifest from './plugin.json';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';

export default definePlugin(manifest, {
  routes: { index: () => import('./views/AdcommentScreen') },
  views: { list: () => import('./views/AdcommentListView') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { hiddenComments: () => import('./widgets/HiddenComments') },
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
});
