import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { listUsers, removeUser } from '../api';

/** Parameters of adaccount.removeUser (schemas/actions/adaccount/removeUser.json). */
export interface RemoveUserParams { uid: string }

/**
 * Removes a user's role from an ad account. Not idempotent: a second removal is refused ("no role"),
 * so an in-flight removal is settled by looking at the account's users.
 */
export const removeUserAction: PluginAction<JobItem, RemoveUserParams> = {
  id: 'adaccount.removeUser',
  titleKey: 'actions.removeUser.title',
  target: 'adaccount',
  schema: 'adaccount.removeUser',
  idempotent: false,
  lane: 'graph-write',
  run: async (item, params, ctx: ActionContext) => {
    await removeUser(ctx.bridge, item.id, params.uid, ctx);
  },
  verify: async (item, params, ctx) => !(await listUsers(ctx.bridge, item.id, ctx)).some((u) => u.id === params.uid),
};
