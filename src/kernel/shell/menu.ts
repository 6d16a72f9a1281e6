import type { LoadedPlugin } from '../plugin/types';
import { subScreenRoutes } from '../plugin/screens';

export interface MenuEntry {
  id: string;
  path: string;
  titleKey: string;
  icon: string;
  order: number;
  /** The area's other screens declared `"menu": true`, listed under it (their titles in the plugin's namespace); `menuIf` as declared. */
  sub: { path: string; titleKey: string; menuIf?: string }[];
}

/** Menu entries in the spec's order (dashboard 0, adaccount 1, bm 3 …), hidden plugins left out; each with its sub-screens. */
export function menuEntries(plugins: readonly LoadedPlugin[], serverMenuIds?: ReadonlySet<string> | null, role?: string): MenuEntry[] {
  return plugins
    .filter((p) => !p.hideInMenu && p.routes.length > 0 && (!serverMenuIds || serverMenuIds.has(p.id)))
    .sort((a, b) => a.order - b.order)
    .map((p) => ({
      id: p.id, path: p.routes[0].path, titleKey: p.titleKey, icon: p.icon, order: p.order,
      sub: subScreenRoutes(p, role).map((r) => ({ path: r.path, titleKey: r.titleKey, menuIf: r.menuIf })),
    }));
}
