// Admin settings and the plugin policy (which plugins each role may use), stored in the database.
import { eq } from 'drizzle-orm';
import { pluginPolicy, settings } from './db/schema';
import { ApiError, Code } from './envelope';
import { defaultEnabled, isPluginId, isRoleBound, pluginOfModule, PLUGIN_IDS, SHELL_MODULE, type Role } from './catalog';
import type { AppContext, AuthState } from './context';
import type { AdminSettings } from '../protocol/api';

export type { AdminSettings } from '../protocol/api';

export async function getSettings(ctx: AppContext): Promise<AdminSettings> {
  const rows = await ctx.db.select().from(settings);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    singleSessionPerUser: typeof stored.singleSessionPerUser === 'boolean' ? stored.singleSessionPerUser : false,
    // the watch's retention (server/watch/retention.ts): the admin's value, else the server's setting
    watchRetentionDays: Number.isInteger(stored.watchRetentionDays) ? stored.watchRetentionDays as number : ctx.config.watchRetentionDays,
  };
}

export async function setSettings(ctx: AppContext, patch: Partial<AdminSettings>): Promise<AdminSettings> {
  const now = ctx.now();
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    await ctx.db.insert(settings).values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  }
  return getSettings(ctx);
}

export function asRole(role: string): Role {
  return role === 'admin' ? 'admin' : 'user';
}

/** Plugin ids enabled for a role, in menu order. */
export async function enabledPlugins(ctx: AppContext, role: Role): Promise<string[]> {
  // server/read-cache.ts: dropped by any write to plugin_policy; the list is never changed by its callers
  const rows = await ctx.readCache.load(`policy:${role}`, ctx.now().getTime(), () => ctx.db.select().from(pluginPolicy).where(eq(pluginPolicy.role, role)));
  const stored = new Map(rows.map((r) => [r.pluginId, r.enabled]));
  // A plugin whose manifest names its roles (the admin area) is on exactly for them: an admin cannot switch it off for themselves.
  return PLUGIN_IDS.filter((id) => (isRoleBound(id) ? defaultEnabled(role, id) : stored.get(id) ?? defaultEnabled(role, id)));
}

/** Replaces a role's policy by the given list of enabled plugins. */
export async function setEnabledPlugins(ctx: AppContext, role: Role, enabled: string[]): Promise<string[]> {
  const wanted = new Set(enabled);
  if (PLUGIN_IDS.some((id) => isRoleBound(id) && wanted.has(id) !== defaultEnabled(role, id))) throw new ApiError(Code.INVALID, 'policyAdminPlugin');
  await ctx.db.transaction(async (tx) => {
    for (const pluginId of PLUGIN_IDS) {
      const value = wanted.has(pluginId);
      await tx.insert(pluginPolicy).values({ role, pluginId, enabled: value })
        .onConflictDoUpdate({ target: [pluginPolicy.role, pluginPolicy.pluginId], set: { enabled: value } });
    }
  });
  return enabledPlugins(ctx, role);
}

/**
 * Refuses a plugin-scoped endpoint (records, statistics, orders) when the caller's role has the
 * plugin off. `shell` names the kernel's own screens (workspace, jobs, settings), always allowed.
 */
export async function assertModuleEnabled(ctx: AppContext, auth: AuthState, moduleId: string): Promise<string> {
  const plugin = pluginOfModule(moduleId);
  if (plugin === SHELL_MODULE) return plugin;
  if (!isPluginId(plugin)) throw new ApiError(Code.INVALID, 'unknownModule', { module: moduleId });
  const enabled = await enabledPlugins(ctx, asRole(auth.user.role));
  if (!enabled.includes(plugin)) throw new ApiError(Code.PLUGIN_DISABLED, 'pluginDisabled', { plugin });
  return plugin;
}
