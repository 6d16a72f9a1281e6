import { defineAction } from '@kernel';
import { businessInfo } from '../api';
import type { BusinessItem } from '../checks';

/** The business's settings summary (name, verification, primary page, ad-account limit, my role). */
export default defineAction<'bm.businessInfo', BusinessItem>('bm.businessInfo', {
  run: async (item, _params, ctx) => {
    const info = await businessInfo(ctx.bridge, item.id, ctx);
    return {
      name: info.name, verification_status: info.verification_status ?? '', primary_page: info.primary_page?.name ?? info.primary_page?.id ?? '',
      ad_account_limit: info.ad_account_limit ?? 0, viewer_role: info.viewer_role ?? '',
    };
  },
  describe: () => ({ key: 'effects.read' }),
});
