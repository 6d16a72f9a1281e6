import { definePlugin } from '@kernel';
import manifest from './plugin.json';

// The watch's change feed (issue 34): what changed on the operator's ad accounts, businesses, pages and
// pixels, and who made it. The feed itself is the kernel's (WatchFeed), as each area's timeline is.
// Its settings screen: the rules that raise alerts, the channels they go to, and quiet hours.
export default definePlugin(manifest, {
  routes: { changes: () => import('./views/ChangesScreen'), settings: () => import('./views/SettingsScreen') },
  // each language in two parts: the first screen's (the keys of locales/first-screen.json) and the rest (docs/PLUGINS.md, "Strings")
  locales: {
    'zh-CN': { first: () => import('./locales/zh-CN.json?first'), rest: () => import('./locales/zh-CN.json?rest') },
    'en-US': { first: () => import('./locales/en-US.json?first'), rest: () => import('./locales/en-US.json?rest') },
  },
});
