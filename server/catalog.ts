// The plugins the server knows: their menu entries and the default enablement per role.
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface MenuItem {
  id: string;
  path: string;
  title: string;
  icon: string;
  order: number;
  hide: boolean;
  roles: string[];
}

export const MENU: readonly MenuItem[] = [
  { id: 'dashboard', icon: 'dashboard', order: 0 },
  { id: 'adaccount', icon: 'credit-card', order: 1 },
  { id: 'bm', icon: 'office', order: 3 },
  { id: 'page', icon: 'document', order: 4 },
  { id: 'pixel', icon: 'locate', order: 5 },
  { id: 'target', icon: 'geosearch', order: 6 },
  { id: 'adcomment', icon: 'comment', order: 7 },
  { id: 'friend', icon: 'people', order: 8 },
  { id: 'payment', icon: 'dollar', order: 9, hide: true },
  { id: 'user', icon: 'user', order: 10, hide: true },
  { id: 'admin', icon: 'key', order: 20, roles: ['admin'] },
].map(({ id, icon, order, hide = false, roles = ['*'] }) => ({
  id, path: id === 'admin' ? '/admin/index' : `/${id}/index`, title: `menu.${id}`, icon, order, hide, roles,
}));

export const PLUGIN_IDS: readonly string[] = MENU.map((m) => m.id);

export function isPluginId(id: string): boolean {
  return PLUGIN_IDS.includes(id);
}

/** The admin plugin is only ever enabled for admins; everything else is on for both roles by default. */
export function defaultEnabled(role: Role, pluginId: string): boolean {
  return pluginId === 'admin' ? role === 'admin' : true;
}

/** The module of the kernel's own screens (not a plugin, never disabled). */
export const SHELL_MODULE = 'shell';

/** A module id names a plugin, optionally followed by a sub-module: `adaccount`, `adaccount.history`. */
export const MODULE_PATTERN = '^[a-z]+([.:/][A-Za-z0-9_-]+){0,4}$';

export function pluginOfModule(moduleId: string): string {
  return moduleId.split(/[.:/]/)[0] ?? '';
}
