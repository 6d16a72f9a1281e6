import { defineAction, type UndoReadContext } from '@kernel';
import { assignUserAsset, removeUserAsset, usersByAsset } from '../api';
import { groupedStates, tasksOf, tasksRead } from '../undo';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Takes a business user's assignment to an asset away; settled by who has explicit access to the asset. */
export default defineAction<'bm.userAssetRemove', BusinessItem>('bm.userAssetRemove', {
  run: async (item, params, ctx) => {
    await removeUserAsset(ctx.bridge, item.id, params.user_id, params.asset_id, ctx);
  },
  verify: async (item, params, ctx) => !(await usersByAsset(ctx.bridge, item.id, params.asset_id, ctx)).some((u) => !u.is_implicit && (u.id === params.user_id || u.user_id === params.user_id)),
  describe: (item, params) => ({ key: 'effects.userAssetRemove', values: { user: params.user_id, asset: params.asset_id, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
  // Undo: the person is assigned to the asset again with the tasks read just before the removal.
  undo: {
    read: (items, params, ctx) => userAssetStates(items, params, ctx),
    after: () => ({ assigned: false }),
    run: async (item, before, params, ctx) => {
      if (!before?.assigned) return;
      await assignUserAsset(ctx.bridge, item.id, params.user_id, params.asset_id, tasksOf(before), ctx);
    },
    describe: (item, before) => ({ key: 'undo.userAssetRemove', values: { business: businessName(item), tasks: String(before?.tasks ?? '') } }),
  },
});

/**
 * A person's explicit assignment to an asset of the business (`{ assigned, tasks }`; an admin's
 * implicit access is not an assignment): who has access to the asset is read once per business and asset.
 */
export function userAssetStates(items: readonly BusinessItem[], params: { user_id: string; asset_id: string }, ctx: UndoReadContext) {
  return groupedStates(items, (item) => `${item.id}|${params.asset_id}`,
    (item) => usersByAsset(ctx.bridge, item.id, params.asset_id, ctx),
    (_item, users) => {
      const row = users.find((u) => !u.is_implicit && (u.id === params.user_id || u.user_id === params.user_id));
      return row ? { assigned: true, ...tasksRead(row.tasks) } : { assigned: false, tasks: '', listed: '' };
    });
}
