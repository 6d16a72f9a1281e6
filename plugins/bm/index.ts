import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  routes: { hiddenAdmins: () => import('./views/HiddenAdminsScreen') },
  views: { list: () => import('./views/BusinessList') },
  actions: import.meta.glob('./actions/*.ts'),
  widgets: { overview: () => import('./widgets/Overview') },
  needs: () => import('./needs'),
  // each language in two parts: the first screen's (the keys of locales/first-screen.json) and the rest (docs/PLUGINS.md, "Strings")
  locales: {
    'zh-CN': { first: () => import('./locales/zh-CN.json?first'), rest: () => import('./locales/zh-CN.json?rest') },
    'en-US': { first: () => import('./locales/en-US.json?first'), rest: () => import('./locales/en-US.json?rest') },
  },
  watch: () => import('./watch'),
  probes: () => import('./probes'),
});
