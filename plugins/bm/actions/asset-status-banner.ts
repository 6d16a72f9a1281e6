import { defineAction } from '@kernel';
import { assetStatusBanner } from '../api';
import type { BusinessItem } from '../checks';

/** The asset status banner the business settings show (restricted, unverified, none). */
export default defineAction<'bm.assetStatusBanner', BusinessItem>('bm.assetStatusBanner', {
  run: async (item, _params, ctx) => assetStatusBanner(ctx.bridge, item.id, ctx),
  describe: () => ({ key: 'effects.read' }),
});
