import { defineAction } from '@kernel';
import { addUser, listUsers, removeUser } from '../api';
import { accountProblem, label, userOf, type AccountItem } from '../checks';
import { userStates } from '../undo';

/**
 * Removes a user's role from an ad account: one job item per account × user. Not idempotent: a
 * second removal is refused ("no role"), so an in-flight removal is settled by looking at the account's users.
 */
export default defineAction<'adaccount.removeUser', AccountItem>('adaccount.removeUser', {
  run: async (item, params, ctx) => {
    await removeUser(ctx.bridge, item.id, userOf(item, params.uid), ctx);
  },
  verify: async (item, params, ctx) => !(await listUsers(ctx.bridge, item.id, ctx)).some((u) => u.id === userOf(item, params.uid)),
  describe: (item, params) => ({ key: 'effects.removeUser', values: { user: userOf(item, params.uid) } }),
  preflight: (item) => accountProblem(item, 'admin'),
  // Undo: the user gets back the role `act_X/users` listed just before. A hidden administrator is not
  // listed there, so their before-state is "no role" and the undo leaves them removed (nothing to put back).
  undo: {
    read: (items, params, ctx) => userStates(items, (item) => userOf(item, params.uid), ctx),
    after: () => ({ role: null }),
    run: async (item, before, params, ctx) => {
      if (before && before.role !== null) await addUser(ctx.bridge, item.id, userOf(item, params.uid), Number(before.role), ctx);
    },
    describe: (item, before) => ({ key: 'effects.undo.removeUser', values: { user: item.pair ?? '', role: label(`roles.${before?.role ?? ''}`) } }),
  },
});
