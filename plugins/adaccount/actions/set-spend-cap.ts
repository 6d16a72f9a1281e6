import { defineAction } from '@kernel';
import { spendCapParams, updateAccount, updateAccountEntry } from '../api';
import { capUndo, minorUnits } from '../undo';
import { accountProblem, currentCap, spendCapProblem, type AccountItem } from '../checks';
import { formatMajor } from '../format';

/**
 * Sets the account spending limit, in each account's own currency (the platform takes the main unit).
 * Setting the same cap again changes nothing: idempotent, batchable.
 */
export default defineAction<'adaccount.setSpendCap', AccountItem>('adaccount.setSpendCap', {
  toBatch: (item, params) => updateAccountEntry(item.id, spendCapParams(params.amount)),
  run: async (item, params, ctx) => {
    await updateAccount(ctx.bridge, item.id, spendCapParams(params.amount), ctx);
  },
  describe: (item, params) => ({
    key: 'effects.setSpendCap',
    values: { from: currentCap(item), to: formatMajor(params.amount, item.currency), amount: params.amount, currency: item.currency ?? '?' },
  }),
  preflight: (item, params) => accountProblem(item, 'admin') ?? spendCapProblem(item, params.amount),
  // Undo: the cap read just before (or none) goes back.
  undo: capUndo<{ amount: number }>((item, params, before) => minorUnits(params.amount, String(before?.currency ?? item.currency ?? ''))),
});
