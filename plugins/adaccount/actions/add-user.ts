import type { ActionContext, JobItem, PluginAction } from '@kernel';

/** Parameters of adaccount.addUser (schemas/actions/adaccount/addUser.json). */
export interface AddUserParams { uid: string; role: 1001 | 1002 | 1003 }

/** Adds a user with a role to an ad account. Not idempotent: the platform refuses a second add. */
export const addUserAction: PluginAction<JobItem, AddUserParams> = {
  id: 'adaccount.addUser',
  titleKey: 'actions.addUser.title',
  target: 'adaccount',
  schema: 'adaccount.addUser',
  idempotent: false,
  lane: 'graph-write',
  run: async (item, params, ctx: ActionContext) => {
    await ctx.bridge.graph({ method: 'POST', path: `${item.id}/users`, params: { uid: params.uid, role: params.role } }, { signal: ctx.signal });
  },
  /** Did an add that was in flight land? The account's users say. */
  verify: async (item, params, ctx) => {
    const { body } = await ctx.bridge.graph<{ data?: { id: string }[] }>({ path: `${item.id}/users`, params: { fields: 'id,role', limit: 500 } }, { signal: ctx.signal });
    return (body.data ?? []).some((u) => String(u.id) === params.uid);
  },
};
