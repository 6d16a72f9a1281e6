import { defineAction } from '@kernel';
import { accountProblem, label, userOf, type AccountItem } from '../checks';

/**
 * Adds a user with a role to an ad account: one job item per account × user (the `uid` list is the
 * pair parameter). Not idempotent: the platform refuses a second add.
 */
export default defineAction<'adaccount.addUser', AccountItem>('adaccount.addUser', {
  run: async (item, params, ctx) => {
    await ctx.bridge.graph({ method: 'POST', path: `${item.id}/users`, params: { uid: userOf(item, params.uid), role: params.role } }, { signal: ctx.signal });
  },
  /** Did an add that was in flight land? The account's users say. */
  verify: async (item, params, ctx) => {
    const { body } = await ctx.bridge.graph<{ data?: { id: string }[] }>({ path: `${item.id}/users`, params: { fields: 'id,role', limit: 500 } }, { signal: ctx.signal });
    return (body.data ?? []).some((u) => String(u.id) === userOf(item, params.uid));
  },
  describe: (item, params) => ({ key: 'effects.addUser', values: { user: userOf(item, params.uid), role: label(`actions.addUser.enum.role.${params.role}`) } }),
  preflight: (item) => accountProblem(item, 'admin'),
});
