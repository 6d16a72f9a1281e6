import { defineAction } from '@kernel';
import { assignUserAsset } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Gives a business user tasks on an asset of the business; assigning again sets the same tasks (idempotent). */
export default defineAction<'bm.userAssetAssign', BusinessItem>('bm.userAssetAssign', {
  run: async (item, params, ctx) => {
    await assignUserAsset(ctx.bridge, item.id, params.user_id, params.asset_id, params.tasks, ctx);
  },
  describe: (item, params) => ({ key: 'effects.userAssetAssign', values: { user: params.user_id, asset: params.asset_id, tasks: params.tasks.join(', '), business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
