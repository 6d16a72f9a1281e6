import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { removeUser, scanHiddenAdmins, short } from '../api';

/**
 * Scans the roles page, then removes every user it shows that `act_X/users` does not list. Every run
 * scans first and removes only who is still hidden, so repeating it is safe (idempotent); `verify`
 * is the same scan, for the detail panel or a manual check.
 */
export const removeHiddenAdminsAction: PluginAction<JobItem, Record<string, never>> = {
  id: 'adaccount.removeHiddenAdmins',
  titleKey: 'actions.removeHiddenAdmins.title',
  target: 'adaccount',
  schema: 'adaccount.removeHiddenAdmins',
  idempotent: true,
  lane: 'graph-write',
  run: async (item, _params, ctx: ActionContext) => {
    const { hidden } = await scanHiddenAdmins(ctx.bridge, item.id, ctx);
    for (const [k, user] of hidden.entries()) {
      await removeUser(ctx.bridge, item.id, user.id, ctx);
      ctx.progress((k + 1) / hidden.length);
    }
    return [String(hidden.length), ...hidden.map((u) => `${short(u.name)} (${u.id})`)].join(' · ');
  },
  verify: async (item, _params, ctx) => (await scanHiddenAdmins(ctx.bridge, item.id, ctx)).hidden.length === 0,
};
