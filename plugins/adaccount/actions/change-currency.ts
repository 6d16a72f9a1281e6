import { defineAction } from '@kernel';
import { accountFields, known } from '../undo';
import { updateAccount, updateAccountEntry } from '../api';
import { accountProblem, spent, type AccountItem } from '../checks';
import { formatMoney } from '../format';

/** Changes the account currency (ISO 4217 code). Idempotent, batchable. The platform refuses it once the account has spent. */
export default defineAction<'adaccount.changeCurrency', AccountItem>('adaccount.changeCurrency', {
  toBatch: (item, params) => updateAccountEntry(item.id, { currency: params.currency }),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, { currency: params.currency }, ctx);
  },
  describe: (item, params) => ({ key: 'effects.changeCurrency', values: { from: item.currency ?? '?', to: params.currency } }),
  preflight: (item) => accountProblem(item, 'admin')
    ?? (spent(item) > 0 ? { key: 'preflight.currencyAfterSpend', values: { spent: formatMoney(item.amount_spent, item.currency) } } : null),
  // Undo: the currency read just before goes back (the platform takes it while the account has not spent,
  // which a currency change does not alter).
  undo: {
    readsParams: [],
    read: (items, _params, ctx) => accountFields(items, ['currency'], ctx),
    after: (_item, params) => ({ currency: params.currency }),
    run: async (item, before, _params, ctx) => { await updateAccount(ctx.bridge, item.id, { currency: String(before?.currency ?? '') }, ctx); },
    toBatch: (item, before) => updateAccountEntry(item.id, { currency: String(known(before).currency ?? '') }),
    describe: (_item, before, after) => ({ key: 'effects.changeCurrency', values: { from: after.currency ?? '?', to: before?.currency ?? '?' } }),
  },
});
