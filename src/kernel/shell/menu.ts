import type { LoadedPlugin, PluginRoute } from '../plugin/types';
import { subScreenRoutes } from '../plugin/screens';

export interface MenuEntry {
  id: string;
  path: string;
  titleKey: string;
  icon: string;
  order: number;
  /** The area's other screens declared `"menu": true`, listed under it (their titles in the plugin's namespace). */
  sub: { path: string; titleKey: string }[];
}

/**
 * Menu entries in the spec's order (dashboard 0, adaccount 1, bm 3 …), hidden plugins left out; each with its
 * sub-screens, those `listed` says yes to (a screen declared `menuIf` whose condition does not hold is not).
 */
export function menuEntries(plugins: readonly LoadedPlugin[], serverMenuIds?: ReadonlySet<string> | null, role?: string, listed: (route: PluginRoute) => boolean = () => true): MenuEntry[] {
  return plugins
    .filter((p) => !p.hideInMenu && p.routes.length > 0 && (!serverMenuIds || serverMenuIds.has(p.id)))
    .sort((a, b) => a.order - b.order)
    .map((p) => ({
      id: p.id, path: p.routes[0].path, titleKey: p.titleKey, icon: p.icon, order: p.order,
      sub: subScreenRoutes(p, role).filter(listed).map((r) => ({ path: r.path, titleKey: r.titleKey })),
    }));
}
