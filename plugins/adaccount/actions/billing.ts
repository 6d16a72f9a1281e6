import { defineAction } from '@kernel';
import { billingTransactions, isoDate } from '../api';
import type { AccountItem } from '../checks';

/** Reads the last 10 billing transactions of the last 10 years, one output row each; the detail panel shows them in full. */
export default defineAction<'adaccount.billing', AccountItem>('adaccount.billing', {
  run: async (item, _params, ctx) => (await billingTransactions(ctx.bridge, item.id, ctx)).transactions
    .map((t) => ({ date: isoDate(t.time), amount: Number(t.amount), currency: t.currency, status: t.status })),
  describe: () => ({ key: 'effects.billing' }),
});
