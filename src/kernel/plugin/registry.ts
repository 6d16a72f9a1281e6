import type { LoadedPlugin, PluginManifest, RefusedPlugin } from './types';
import { validateManifest } from './validate-manifest';
import { canAccess } from './roles';

export interface PluginRegistry {
  /** Plugins that passed validation, in menu order. */
  plugins: LoadedPlugin[];
  refused: RefusedPlugin[];
}

/**
 * Builds the registry from manifest modules (`{ source: module }`, as `import.meta.glob` gives them).
 * Each manifest is validated before anything of it is used; an invalid or clashing plugin is refused
 * and the rest load normally.
 */
export function createRegistry(modules: Record<string, unknown>): PluginRegistry {
  const plugins: LoadedPlugin[] = [];
  const refused: RefusedPlugin[] = [];
  const ids = new Set<string>();
  const paths = new Map<string, string>();
  const actionIds = new Map<string, string>();
  const viewIds = new Map<string, string>();

  for (const [source, mod] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const manifest = (mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod) as PluginManifest;
    const problems = validateManifest(manifest);
    const id = typeof manifest?.id === 'string' ? manifest.id : undefined;
    if (problems.length) {
      refused.push({ source, id, message: `invalid manifest: ${problems.join('; ')}` });
      continue;
    }
    const clash = findClash(manifest, ids, paths, actionIds, viewIds);
    if (clash) {
      refused.push({ source, id, message: clash });
      continue;
    }
    ids.add(manifest.id);
    manifest.routes.forEach((r) => paths.set(r.path, manifest.id));
    manifest.actions?.forEach((a) => actionIds.set(a.id, manifest.id));
    manifest.views?.forEach((v) => viewIds.set(v.id, manifest.id));
    plugins.push({ ...manifest, roles: manifest.roles ?? ['*'], views: manifest.views ?? [], actions: manifest.actions ?? [] });
  }
  plugins.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  for (const r of refused) console.error(`[tessera] plugin ${r.id ?? r.source} refused: ${r.message}`);
  return { plugins, refused };
}

function findClash(m: PluginManifest, ids: Set<string>, paths: Map<string, string>, actions: Map<string, string>, views: Map<string, string>): string | null {
  if (ids.has(m.id)) return `duplicate plugin id "${m.id}"`;
  const seen = new Set<string>();
  for (const r of m.routes) {
    if (paths.has(r.path) || seen.has(r.path)) return `duplicate route "${r.path}" (already used by ${paths.get(r.path) ?? m.id})`;
    seen.add(r.path);
  }
  const seenActions = new Set<string>();
  for (const a of m.actions ?? []) {
    if (actions.has(a.id) || seenActions.has(a.id)) return `duplicate action id "${a.id}" (already used by ${actions.get(a.id) ?? m.id})`;
    if (!a.id.startsWith(`${m.id}.`)) return `action id "${a.id}" must start with "${m.id}."`;
    seenActions.add(a.id);
  }
  const seenViews = new Set<string>();
  for (const v of m.views ?? []) {
    if (views.has(v.id) || seenViews.has(v.id)) return `duplicate view id "${v.id}"`;
    if (!v.id.startsWith(`${m.id}.`)) return `view id "${v.id}" must start with "${m.id}."`;
    seenViews.add(v.id);
  }
  return null;
}

/**
 * What a role may use: the plugin's roles admit it and the server enabled the plugin for the role.
 * `enabled` null means the server has not said (everything enabled).
 */
export function usablePlugins(plugins: readonly LoadedPlugin[], role: string | undefined, enabled: readonly string[] | null): LoadedPlugin[] {
  return plugins.filter((p) => canAccess(p.roles, role) && (enabled === null || enabled.includes(p.id)));
}
