import { defineAction } from '@kernel';
import { listUsers, removeUser } from '../api';
import { accountProblem, userOf, type AccountItem } from '../checks';

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
});
