import { defineAction } from '@kernel';
import { listUsers, removeBusinessUser } from '../api';
import { businessName, businessProblem, pairOf, type BusinessItem } from '../checks';

/**
 * Removes people from a business by business-user id (POST method=delete by id, on the configured version): one item per
 * business × user. Not idempotent (a second removal is refused): settled by the business_users list.
 */
export default defineAction<'bm.removeUser', BusinessItem>('bm.removeUser', {
  run: async (item, params, ctx) => {
    await removeBusinessUser(ctx.bridge, pairOf(item, params.users), ctx);
  },
  verify: async (item, params, ctx) => !(await listUsers(ctx.bridge, item.id, ctx)).some((u) => u.id === pairOf(item, params.users)),
  describe: (item, params) => ({ key: 'effects.removeUser', values: { user: pairOf(item, params.users), business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
