import { defineAction } from '@kernel';
import { accountFields, known } from '../undo';
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
  // Undo: the time zone read just before goes back (by name, as the write sends it).
  undo: {
    readsParams: [],
    read: (items, _params, ctx) => accountFields(items, ['timezone_name'], ctx),
    after: (_item, params) => ({ timezone_name: params.timezone }),
    run: async (item, before, _params, ctx) => { await updateAccount(ctx.bridge, item.id, { timezone_name: String(before?.timezone_name ?? '') }, ctx); },
    toBatch: (item, before) => updateAccountEntry(item.id, { timezone_name: String(known(before).timezone_name ?? '') }),
    describe: (_item, before, after) => ({ key: 'effects.changeTimezone', values: { from: after.timezone_name ?? '?', to: before?.timezone_name ?? '?' } }),
  },
});
