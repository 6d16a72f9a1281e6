import { defineAction } from '@kernel';
import { accountAgencies, removePartnerAsset } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/**
 * Takes a partner's access to an asset away. A second removal is refused, so it is not idempotent; a
 * removal in flight on an ad account is settled by the account's agencies (other assets stay unknown).
 */
export default defineAction<'bm.partnerAssetRemove', BusinessItem>('bm.partnerAssetRemove', {
  run: async (item, params, ctx) => {
    await removePartnerAsset(ctx.bridge, item.id, params.partner_business_id, params.asset_id, ctx);
  },
  verify: async (_item, params, ctx) => (params.asset_id.startsWith('act_') ? !(await accountAgencies(ctx.bridge, params.asset_id, ctx)).includes(params.partner_business_id) : false),
  describe: (item, params) => ({ key: 'effects.partnerAssetRemove', values: { asset: params.asset_id, partner: params.partner_business_id, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
