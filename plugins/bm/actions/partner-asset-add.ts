import { defineAction } from '@kernel';
import { addPartnerAsset } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Shares an asset of the business with a partner business; sharing again updates the tasks (idempotent). */
export default defineAction<'bm.partnerAssetAdd', BusinessItem>('bm.partnerAssetAdd', {
  run: async (item, params, ctx) => {
    await addPartnerAsset(ctx.bridge, item.id, params.partner_business_id, params.asset_id, params.tasks, ctx);
  },
  describe: (item, params) => ({ key: 'effects.partnerAssetAdd', values: { asset: params.asset_id, partner: params.partner_business_id, tasks: params.tasks.join(', '), business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'usable'),
});
