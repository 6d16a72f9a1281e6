import { defineAction } from '@kernel';
import { listAssetGroups } from '../api';
import type { BusinessItem } from '../checks';

/** The business's asset groups with their ad accounts. */
export default defineAction<'bm.listAssetGroups', BusinessItem>('bm.listAssetGroups', {
  run: async (item, _params, ctx) => (await listAssetGroups(ctx.bridge, item.id, ctx)).map((g) => ({ id: g.id, name: g.name, ad_accounts: g.ad_account_ids.join(', ') })),
  describe: () => ({ key: 'effects.read' }),
});
