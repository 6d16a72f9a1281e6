import { defineAction } from '@kernel';
import { businessInfoParams, updateAccount, updateAccountEntry } from '../api';

/** Sets the business (advertiser) details of the account; fields left out stay as they are. Idempotent, batchable. */
export default defineAction('adaccount.updateBusinessInfo', {
  toBatch: (item, params) => updateAccountEntry(item.id, businessInfoParams(params)),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, businessInfoParams(params), ctx);
  },
});
