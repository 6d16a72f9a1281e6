import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LoadedPlugin, PluginRoute } from './types';
import { canAccess } from './roles';

export interface ResolvedRoute {
  plugin: LoadedPlugin;
  route: PluginRoute;
  /** Kept mounted while its tab is open. */
  cached: boolean;
}

export type RouteDecision =
  | { kind: 'screen'; resolved: ResolvedRoute }
  | { kind: 'redirect'; to: string }
  /** The route's plugin is disabled for the user's role by the admin: the 403 page. */
  | { kind: 'forbidden'; pluginId: string }
  | { kind: 'not-found' };

export const HOME_PATH = '/dashboard/index';
/** The platform check's screen (a route of the home area, rendered by src/kernel/check/PlatformCheckScreen.tsx). */
export const PLATFORM_CHECK_PATH = '/dashboard/platform';

export function isCached(plugin: LoadedPlugin, route: PluginRoute): boolean {
  if (route.ignoreCache) return false;
  return route.cache ?? plugin.cache ?? false;
}

/**
 * Where a path leads for this user (docs/INTERFACES.md section 2). A route of a plugin the admin
 * disabled for the role is forbidden (the 403 page); a route whose roles exclude the user leads to the
 * first permitted route, else not-found.
 */
export function decideRoute(
  pathname: string,
  all: readonly LoadedPlugin[],
  usable: readonly LoadedPlugin[],
  role: string | undefined,
  enabled: readonly string[] | null,
): RouteDecision {
  const path = normalize(pathname);
  for (const plugin of usable) {
    const route = plugin.routes.find((r) => r.path === path);
    if (!route) continue;
    if (canAccess(route.roles, role)) return { kind: 'screen', resolved: { plugin, route, cached: isCached(plugin, route) } };
    const first = firstPermittedPath(usable, role);
    return first ? { kind: 'redirect', to: first } : { kind: 'not-found' };
  }
  const owner = all.find((p) => p.routes.some((r) => r.path === path));
  if (!owner) return { kind: 'not-found' };
  // A plugin bound to other roles (admin) is not the user's: their first permitted route, as for a route.
  if (!canAccess(owner.roles, role)) {
    const first = firstPermittedPath(usable, role);
    return first ? { kind: 'redirect', to: first } : { kind: 'not-found' };
  }
  if (enabled !== null && !enabled.includes(owner.id)) return { kind: 'forbidden', pluginId: owner.id };
  return { kind: 'not-found' };
}

export function firstPermittedPath(usable: readonly LoadedPlugin[], role: string | undefined): string | null {
  for (const plugin of usable) {
    const route = plugin.routes.find((r) => canAccess(r.roles, role));
    if (route) return route.path;
  }
  return null;
}

export function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const lazyByLoader = new WeakMap<object, LazyExoticComponent<ComponentType<any>>>();

/**
 * One React.lazy per loader, so a screen's chunk loads once and its component identity is stable. A
 * React.lazy whose load failed fails for ever, so a failed one is forgotten: the next render (the
 * screen's retry) asks for the chunk again.
 */
export function lazyComponent<P>(loader: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  let component = lazyByLoader.get(loader);
  if (!component) {
    component = lazy(() => (loader as () => Promise<{ default: ComponentType<any> }>)().catch((error: unknown) => {
      lazyByLoader.delete(loader);
      throw error;
    }));
    lazyByLoader.set(loader, component);
  }
  return component as LazyExoticComponent<ComponentType<P>>;
}
