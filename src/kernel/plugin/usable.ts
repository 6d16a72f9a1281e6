import type { LoadedPlugin } from './types';
import { canAccess } from './roles';

/**
 * What a role may use: the plugin's roles admit it and the server enabled the plugin for the role.
 * `enabled` null means the server has not said (everything enabled). Its own module so the first
 * screen can ask it without loading the registry (which validates manifests) before a session exists.
 */
export function usablePlugins(plugins: readonly LoadedPlugin[], role: string | undefined, enabled: readonly string[] | null): LoadedPlugin[] {
  return plugins.filter((p) => canAccess(p.roles, role) && (enabled === null || enabled.includes(p.id)));
}
