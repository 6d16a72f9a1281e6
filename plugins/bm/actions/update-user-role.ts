import { defineAction } from '@kernel';
import { listUsers, updateRole } from '../api';
import { businessName, businessProblem, label, pairOf, type BusinessItem } from '../checks';

/** Gives business users (by business-user id) a role: one item per business × user. Setting a role twice is harmless. */
export default defineAction<'bm.updateUserRole', BusinessItem>('bm.updateUserRole', {
  run: async (item, params, ctx) => {
    await updateRole(ctx.bridge, pairOf(item, params.users), params.role, ctx);
  },
  verify: async (item, params, ctx) => (await listUsers(ctx.bridge, item.id, ctx)).some((u) => u.id === pairOf(item, params.users) && u.role === params.role),
  describe: (item, params) => ({ key: 'effects.updateUserRole', values: { user: pairOf(item, params.users), role: label(`roles.${params.role}`), business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
