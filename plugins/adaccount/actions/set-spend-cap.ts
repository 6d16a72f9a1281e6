import { defineAction } from '@kernel';
import { spendCapParams, updateAccount, updateAccountEntry } from '../api';

/** Sets the account spending limit. Setting the same cap again changes nothing: idempotent, batchable. */
export default defineAction('adaccount.setSpendCap', {
  toBatch: (item, params) => updateAccountEntry(item.id, spendCapParams(params.amount)),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, spendCapParams(params.amount), ctx);
  },
});
