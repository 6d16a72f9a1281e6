import { defineAction } from '@kernel';
import { updateAccount, updateAccountEntry } from '../api';

/** Changes the account currency (ISO 4217 code). Idempotent, batchable. */
export default defineAction('adaccount.changeCurrency', {
  toBatch: (item, params) => updateAccountEntry(item.id, { currency: params.currency }),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, { currency: params.currency }, ctx);
  },
});
