// The plugins the server knows: their menu entries and the default enablement per role.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MenuItem, Role } from '../protocol/api';

interface ManifestData {
  id: string; icon: string; order: number; hideInMenu?: boolean; roles?: string[]; routes: { path: string }[];
  actions?: { verb: string; irreversible?: boolean }[];
}

const PLUGINS_DIR = process.env.TESSERA_PLUGINS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../plugins');

/** Every plugins/<id>/plugin.json (the app validates them against schemas/plugin.schema.json at build and boot). */
export function readPluginManifests(dir = PLUGINS_DIR): ManifestData[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'plugin.json')))
    .map((e) => JSON.parse(fs.readFileSync(path.join(dir, e.name, 'plugin.json'), 'utf8')) as ManifestData);
}
export { ROLES, type Role } from '../protocol/api';

/**
 * The menu comes from the plugins' own manifests (plugins/<id>/plugin.json), the one list of plugins:
 * the server never keeps a second list of ids, icons, orders or roles. Read once at start.
 */
export const MENU: readonly MenuItem[] = readPluginManifests().map((m) => ({
  id: m.id, path: m.routes[0]?.path ?? `/${m.id}/index`, title: `menu.${m.id}`, icon: m.icon, order: m.order, hide: m.hideInMenu ?? false, roles: m.roles ?? ['*'],
})).sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

export const PLUGIN_IDS: readonly string[] = MENU.map((m) => m.id);

/**
 * Every action the plugins declare, by id (`<pluginId>.<verb>`), and whether it is irreversible (the
 * manifest's `irreversible: true`): the organisation's action policy treats those apart (docs/TEAMS.md,
 * "Action policy"). An id not in the map is no action of any plugin.
 */
export const ACTION_IRREVERSIBLE: ReadonlyMap<string, boolean> = new Map(readPluginManifests()
  .flatMap((m) => (m.actions ?? []).map((a) => [`${m.id}.${a.verb}`, a.irreversible === true] as const)));

export function isPluginId(id: string): boolean {
  return PLUGIN_IDS.includes(id);
}

/** A plugin is on by default for every role its manifest admits (the admin area admits admins only). */
export function defaultEnabled(role: Role, pluginId: string): boolean {
  const roles = MENU.find((m) => m.id === pluginId)?.roles ?? ['*'];
  return roles.includes('*') || roles.includes(role);
}

/** The manifest limits the plugin to named roles (not '*'). */
export function isRoleBound(pluginId: string): boolean {
  return !(MENU.find((m) => m.id === pluginId)?.roles ?? ['*']).includes('*');
}

/** The module of the kernel's own screens (not a plugin, never disabled). */
export const SHELL_MODULE = 'shell';

/** A module id names a plugin, optionally followed by a sub-module: `adaccount`, `adaccount.history`. */
export const MODULE_PATTERN = '^[a-z]+([.:/][A-Za-z0-9_-]+){0,4}$';

export function pluginOfModule(moduleId: string): string {
  return moduleId.split(/[.:/]/)[0] ?? '';
}
