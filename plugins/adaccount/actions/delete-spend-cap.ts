import { defineAction } from '@kernel';
import { DELETE_SPEND_CAP, updateAccount, updateAccountEntry } from '../api';
import { capUndo } from '../undo';
import { accountProblem, currentCap, type AccountItem } from '../checks';

/** Removes the account spending limit (`spend_cap_action=delete`). Idempotent, batchable. */
export default defineAction<'adaccount.deleteSpendCap', AccountItem>('adaccount.deleteSpendCap', {
  toBatch: (item) => updateAccountEntry(item.id, DELETE_SPEND_CAP),
  run: async (item, _params, ctx) => {
    await updateAccount(ctx.bridge, item.id, DELETE_SPEND_CAP, ctx);
  },
  describe: (item) => ({ key: 'effects.deleteSpendCap', values: { from: currentCap(item) } }),
  preflight: (item) => accountProblem(item, 'admin'),
  // Undo: the cap read just before goes back.
  undo: capUndo(() => '0'),
});
