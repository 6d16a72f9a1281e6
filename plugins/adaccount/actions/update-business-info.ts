import { defineAction } from '@kernel';
import { businessInfoParams, updateAccount, updateAccountEntry } from '../api';
import { accountProblem, type AccountItem } from '../checks';

/** Sets the business (advertiser) details of the account; fields left out stay as they are. Idempotent, batchable. */
export default defineAction<'adaccount.updateBusinessInfo', AccountItem>('adaccount.updateBusinessInfo', {
  toBatch: (item, params) => updateAccountEntry(item.id, businessInfoParams(params)),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, businessInfoParams(params), ctx);
  },
  describe: (_item, params) => ({ key: 'effects.updateBusinessInfo', values: { details: Object.values((businessInfoParams(params).business_info ?? {}) as Record<string, string>).join(' · ') } }),
  preflight: (item) => accountProblem(item, 'admin'),
});
