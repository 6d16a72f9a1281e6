import { defineAction } from '@kernel';
import { removeUserAsset, usersByAsset } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Takes a business user's assignment to an asset away; settled by who has explicit access to the asset. */
export default defineAction<'bm.userAssetRemove', BusinessItem>('bm.userAssetRemove', {
  run: async (item, params, ctx) => {
    await removeUserAsset(ctx.bridge, item.id, params.user_id, params.asset_id, ctx);
  },
  verify: async (item, params, ctx) => !(await usersByAsset(ctx.bridge, item.id, params.asset_id, ctx)).some((u) => !u.is_implicit && (u.id === params.user_id || u.user_id === params.user_id)),
  describe: (item, params) => ({ key: 'effects.userAssetRemove', values: { user: params.user_id, asset: params.asset_id, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
