import { defineAction, type ObjectState } from '@kernel';
import { businessInfoParams, updateAccount, updateAccountEntry, type BusinessInfo } from '../api';
import { accountProblem, type AccountItem } from '../checks';
import { accountFields } from '../undo';

/** The fields this write sets (those given, trimmed), as the account reads them back. */
const written = (params: BusinessInfo) => (businessInfoParams(params).business_info ?? {}) as Record<string, string>;

/** The parameters that put back the fields this write set; refused (before anything is sent) when one of them had no value. */
function restore(before: ObjectState | null, params: BusinessInfo) {
  const keys = Object.keys(written(params));
  if (!before) throw new Error('the account could not be read before the write: nothing to put back');
  const empty = keys.filter((k) => before[k] === null || before[k] === undefined || String(before[k]).trim() === '');
  if (empty.length) throw new Error(`${empty.join(', ')} had no value before; the platform cannot empty a business field`);
  return { business_info: Object.fromEntries(keys.map((k) => [k, String(before[k])])) };
}

/** Sets the business (advertiser) details of the account; fields left out stay as they are. Idempotent, batchable. */
export default defineAction<'adaccount.updateBusinessInfo', AccountItem>('adaccount.updateBusinessInfo', {
  toBatch: (item, params) => updateAccountEntry(item.id, businessInfoParams(params)),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, businessInfoParams(params), ctx);
  },
  describe: (_item, params) => ({ key: 'effects.updateBusinessInfo', values: { details: Object.values((businessInfoParams(params).business_info ?? {}) as Record<string, string>).join(' · ') } }),
  preflight: (item) => accountProblem(item, 'admin'),
  // Undo: the fields this write set get the values read just before. The platform has no way to empty
  // a field through business_info (an empty value is left out), so a field that had no value cannot
  // be put back: that item's undo is refused before anything is written, and says why.
  undo: {
    read: (items, params, ctx) => accountFields(items, Object.keys(written(params)), ctx),
    after: (_item, params) => written(params),
    run: async (item, before, params, ctx) => { await updateAccount(ctx.bridge, item.id, restore(before, params), ctx); },
    toBatch: (item, before, params) => updateAccountEntry(item.id, restore(before, params)),
    describe: (_item, before) => ({ key: 'effects.updateBusinessInfo', values: { details: Object.values(before ?? {}).map((v) => v ?? '—').join(' · ') } }),
  },
});
