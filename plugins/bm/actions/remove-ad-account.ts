import { asAccountDigits, assetList, defineAction } from '@kernel';
import { adAccountAssetPage, ASSET_MAX_PAGES, ASSET_WAIT_MS, removeAdAccount } from '../api';
import { businessName, businessProblem, pairOf, type BusinessItem } from '../checks';

/**
 * Removes ad accounts from a business (an owned one is released, a client one unshared): one item per
 * business × account. A second removal is refused, so a removal in flight is settled by the asset list.
 */
export default defineAction<'bm.removeAdAccount', BusinessItem>('bm.removeAdAccount', {
  run: async (item, params, ctx) => {
    await removeAdAccount(ctx.bridge, item.id, pairOf(item, params.ad_account_ids), ctx);
  },
  verify: async (item, params, ctx) => {
    const accounts = await assetList((cursor) => adAccountAssetPage(ctx.bridge, item.id, cursor, ctx), { waitMs: ASSET_WAIT_MS, maxPages: ASSET_MAX_PAGES, signal: ctx.signal });
    return !accounts.some((a) => a.id === asAccountDigits(pairOf(item, params.ad_account_ids)));
  },
  describe: (item, params) => ({ key: 'effects.removeAdAccount', values: { account: pairOf(item, params.ad_account_ids), business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
