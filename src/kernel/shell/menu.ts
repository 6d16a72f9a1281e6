import type { LoadedPlugin } from '../plugin/types';

export interface MenuEntry {
  id: string;
  path: string;
  titleKey: string;
  icon: string;
  order: number;
}

/** Menu entries in the spec's order (dashboard 0, adaccount 1, bm 3 …), hidden plugins left out. */
export function menuEntries(plugins: readonly LoadedPlugin[], serverMenuIds?: ReadonlySet<string> | null): MenuEntry[] {
  return plugins
    .filter((p) => !p.hideInMenu && p.routes.length > 0 && (!serverMenuIds || serverMenuIds.has(p.id)))
    .sort((a, b) => a.order - b.order)
    .map((p) => ({ id: p.id, path: p.routes[0].path, titleKey: p.titleKey, icon: p.icon, order: p.order }));
}
