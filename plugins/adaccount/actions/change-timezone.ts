import { defineAction } from '@kernel';
import { updateAccount, updateAccountEntry } from '../api';

/** Changes the account time zone. Idempotent, batchable. */
export default defineAction('adaccount.changeTimezone', {
  toBatch: (item, params) => updateAccountEntry(item.id, { timezone_name: params.timezone }),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, { timezone_name: params.timezone }, ctx);
  },
});
