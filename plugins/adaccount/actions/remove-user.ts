import { defineAction } from '@kernel';
import { listUsers, removeUser } from '../api';

/**
 * Removes a user's role from an ad account. Not idempotent: a second removal is refused ("no role"),
 * so an in-flight removal is settled by looking at the account's users.
 */
export default defineAction('adaccount.removeUser', {
  run: async (item, params, ctx) => {
    await removeUser(ctx.bridge, item.id, params.uid, ctx);
  },
  verify: async (item, params, ctx) => !(await listUsers(ctx.bridge, item.id, ctx)).some((u) => u.id === params.uid),
});
