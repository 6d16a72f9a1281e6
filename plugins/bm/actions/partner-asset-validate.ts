import { defineAction } from '@kernel';
import { validatePartnerAsset } from '../api';
import type { BusinessItem } from '../checks';

/** Would sharing the asset with the partner be accepted? (Nothing is changed.) */
export default defineAction<'bm.partnerAssetValidate', BusinessItem>('bm.partnerAssetValidate', {
  run: async (item, params, ctx) => validatePartnerAsset(ctx.bridge, item.id, params.partner_business_id, params.asset_id, ctx),
  describe: () => ({ key: 'effects.read' }),
});
