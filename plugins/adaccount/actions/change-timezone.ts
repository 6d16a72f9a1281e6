import { defineAction } from '@kernel';
import { updateAccount, updateAccountEntry } from '../api';
import { accountProblem, type AccountItem } from '../checks';

/** Changes the account time zone. Idempotent, batchable. */
export default defineAction<'adaccount.changeTimezone', AccountItem>('adaccount.changeTimezone', {
  toBatch: (item, params) => updateAccountEntry(item.id, { timezone_name: params.timezone }),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, { timezone_name: params.timezone }, ctx);
  },
  describe: (item, params) => ({ key: 'effects.changeTimezone', values: { from: item.timezone_name ?? '?', to: params.timezone } }),
  preflight: (item) => accountProblem(item, 'admin'),
});
