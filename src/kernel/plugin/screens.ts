import type { LoadedPlugin, PluginRoute } from './types';
import { canAccess } from './roles';

/**
 * A screen the menu, the command palette and links in the product offer: an area's main screen (its
 * first route) or another route of it declared `"menu": true` (docs/PLUGINS.md, "Screens in the menu").
 */
export interface Screen {
  pluginId: string;
  path: string;
  /** The area's title key, in the plugin's namespace. */
  areaTitleKey: string;
  /** The screen's own title key, for a screen other than the area's main one. */
  titleKey?: string;
  icon: string;
}

/** The routes of a plugin the menu lists under the area: those declared `"menu": true`, but the first (the area's own entry), the role permitting. */
export function subScreenRoutes(plugin: LoadedPlugin, role?: string): PluginRoute[] {
  return plugin.routes.slice(1).filter((r) => r.menu === true && (role === undefined || canAccess(r.roles, role)));
}

/** Every screen of the menu, in menu order: each area's main screen, then its sub-screens. */
export function menuScreens(plugins: readonly LoadedPlugin[], role?: string): Screen[] {
  return plugins
    .filter((p) => !p.hideInMenu && p.routes.length > 0)
    .sort((a, b) => a.order - b.order)
    .flatMap((p) => [
      { pluginId: p.id, path: p.routes[0].path, areaTitleKey: p.titleKey, icon: p.icon },
      ...subScreenRoutes(p, role).map((r) => ({ pluginId: p.id, path: r.path, areaTitleKey: p.titleKey, titleKey: r.titleKey, icon: p.icon })),
    ]);
}

/** The screen at `path` among these plugins (any route of theirs), or null. */
export function screenAt(plugins: readonly LoadedPlugin[], path: string): Screen | null {
  for (const p of plugins) {
    const index = p.routes.findIndex((r) => r.path === path);
    if (index < 0) continue;
    const route = p.routes[index];
    return { pluginId: p.id, path, areaTitleKey: p.titleKey, ...(index > 0 && { titleKey: route.titleKey }), icon: p.icon };
  }
  return null;
}

type Translate = (key: string, options: { ns: string }) => string;

/** A screen's name as the menu gives it: "Pages › Blocked keywords", or the area's title for its main screen. */
export function screenTitle(t: Translate, screen: Screen, separator = ' › '): string {
  const area = String(t(screen.areaTitleKey, { ns: screen.pluginId }));
  return screen.titleKey ? `${area}${separator}${String(t(screen.titleKey, { ns: screen.pluginId }))}` : area;
}
