import { defineAction, fieldStates } from '@kernel';
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
  // Undo: the role read just before the write goes back (the business users' roles, read as fields
  // of their nodes through the Graph batch).
  undo: {
    read: (items, params, ctx) => fieldStates(items, ['role'], ctx, (item) => pairOf(item as BusinessItem, params.users)),
    after: (_item, params) => ({ role: params.role }),
    run: async (item, before, params, ctx) => {
      if (typeof before?.role !== 'string' || !before.role) return;
      await updateRole(ctx.bridge, pairOf(item, params.users), before.role, ctx);
    },
    describe: (item, before, after) => ({ key: 'undo.updateUserRole', values: {
      user: String(item.pair ?? ''), from: label(`roles.${after.role}`), to: label(`roles.${before?.role ?? ''}`), business: businessName(item),
    } }),
  },
});
