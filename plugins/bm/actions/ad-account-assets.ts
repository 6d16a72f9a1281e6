import { assetList, defineAction } from '@kernel';
import { adAccountAssetPage, ASSET_MAX_PAGES, ASSET_WAIT_MS } from '../api';
import type { BusinessItem } from '../checks';

/** The business's ad accounts (owned and client) from the asset list: 200 a page, at most 200 pages, 500 ms apart. */
export default defineAction<'bm.adAccountAssets', BusinessItem>('bm.adAccountAssets', {
  run: async (item, _params, ctx) => assetList((cursor) => adAccountAssetPage(ctx.bridge, item.id, cursor, ctx), { waitMs: ASSET_WAIT_MS, maxPages: ASSET_MAX_PAGES, signal: ctx.signal }),
  describe: () => ({ key: 'effects.read' }),
});
