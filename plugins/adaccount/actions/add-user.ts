import { defineAction } from '@kernel';
import { removeUser } from '../api';
import { accountProblem, label, userOf, type AccountItem } from '../checks';
import { userStates } from '../undo';

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
  // Undo: the user had no role before (the add is refused otherwise), so the role is taken off again.
  undo: {
    read: (items, params, ctx) => userStates(items, (item) => userOf(item, params.uid), ctx),
    after: (_item, params) => ({ role: params.role }),
    run: async (item, before, params, ctx) => {
      // (a user who had a role is refused by the add, so that item never reaches an undo)
      if (before?.role === null) await removeUser(ctx.bridge, item.id, userOf(item, params.uid), ctx);
    },
    describe: (item, _before, after) => ({ key: 'effects.undo.addUser', values: { user: item.pair ?? '', role: label(`roles.${after.role}`) } }),
  },
});
