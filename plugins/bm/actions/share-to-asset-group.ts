import { asAccountDigits, defineAction } from '@kernel';
import { listAssetGroups, removeFromAssetGroup, shareToAssetGroup } from '../api';
import { groupedStates } from '../undo';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Adds ad accounts to an asset group of the business; adding again changes nothing (idempotent). */
export default defineAction<'bm.shareToAssetGroup', BusinessItem>('bm.shareToAssetGroup', {
  run: async (_item, params, ctx) => ({ added: (await shareToAssetGroup(ctx.bridge, params.asset_group_id, params.ad_account_ids, ctx)).join(', ') }),
  describe: (item, params) => ({ key: 'effects.shareToAssetGroup', values: { group: params.asset_group_id, count: params.ad_account_ids.length, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
  // Undo: each ad account the write added to the group is taken out again (DELETE
  // {group}/contained_adaccounts); one that was in the group already stays. The business's groups are
  // read once per business; the state names each account (`in:<digits>`).
  undo: {
    read: (items, params, ctx) => groupedStates(items, (item) => item.id,
      async (item) => new Set((await listAssetGroups(ctx.bridge, item.id, ctx)).find((g) => g.id === params.asset_group_id)?.ad_account_ids.map(asAccountDigits) ?? []),
      (_item, inGroup) => Object.fromEntries(params.ad_account_ids.map((id) => [`in:${asAccountDigits(id)}`, inGroup.has(asAccountDigits(id))]))),
    after: (_item, params) => Object.fromEntries(params.ad_account_ids.map((id) => [`in:${asAccountDigits(id)}`, true])),
    run: async (_item, before, params, ctx) => {
      if (!before) return;
      for (const id of params.ad_account_ids) {
        if (before[`in:${asAccountDigits(id)}`] === false) await removeFromAssetGroup(ctx.bridge, params.asset_group_id, id, ctx);
      }
    },
    describe: (item, before) => ({ key: 'undo.shareToAssetGroup', values: { business: businessName(item), count: Object.values(before ?? {}).filter((v) => v === false).length } }),
  },
});
