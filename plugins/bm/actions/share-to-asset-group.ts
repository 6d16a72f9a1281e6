import { defineAction } from '@kernel';
import { shareToAssetGroup } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Adds ad accounts to an asset group of the business; adding again changes nothing (idempotent). */
export default defineAction<'bm.shareToAssetGroup', BusinessItem>('bm.shareToAssetGroup', {
  run: async (_item, params, ctx) => ({ added: (await shareToAssetGroup(ctx.bridge, params.asset_group_id, params.ad_account_ids, ctx)).join(', ') }),
  describe: (item, params) => ({ key: 'effects.shareToAssetGroup', values: { group: params.asset_group_id, count: params.ad_account_ids.length, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
