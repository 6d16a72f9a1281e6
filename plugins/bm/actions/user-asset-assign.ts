import { defineAction } from '@kernel';
import { assignUserAsset, removeUserAsset } from '../api';
import { tasksOf, tasksState } from '../undo';
import { userAssetStates } from './user-asset-remove';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Gives a business user tasks on an asset of the business; assigning again sets the same tasks (idempotent). */
export default defineAction<'bm.userAssetAssign', BusinessItem>('bm.userAssetAssign', {
  run: async (item, params, ctx) => {
    await assignUserAsset(ctx.bridge, item.id, params.user_id, params.asset_id, params.tasks, ctx);
  },
  describe: (item, params) => ({ key: 'effects.userAssetAssign', values: { user: params.user_id, asset: params.asset_id, tasks: params.tasks.join(', '), business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
  // Undo: an assignment the write made is removed; a person who had other tasks on the asset gets
  // them back. Who has explicit access to the asset is read once per business and asset.
  undo: {
    read: (items, params, ctx) => userAssetStates(items, params, ctx),
    after: (_item, params) => ({ assigned: true, tasks: tasksState(params.tasks) }),
    run: async (item, before, params, ctx) => {
      if (before?.assigned) await assignUserAsset(ctx.bridge, item.id, params.user_id, params.asset_id, tasksOf(before), ctx);
      else await removeUserAsset(ctx.bridge, item.id, params.user_id, params.asset_id, ctx);
    },
    describe: (item, before, after) => (before?.assigned
      ? { key: 'undo.userAssetTasks', values: { business: businessName(item), from: String(after.tasks ?? ''), to: String(before.tasks ?? '') } }
      : { key: 'undo.userAssetAssign', values: { business: businessName(item) } }),
  },
});
