import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { DELETE_SPEND_CAP, updateAccount, updateAccountEntry } from '../api';

/** Removes the account spending limit (`spend_cap_action=delete`). Idempotent, batchable. */
export const deleteSpendCapAction: PluginAction<JobItem, Record<string, never>> = {
  id: 'adaccount.deleteSpendCap',
  titleKey: 'actions.deleteSpendCap.title',
  target: 'adaccount',
  schema: 'adaccount.deleteSpendCap',
  idempotent: true,
  lane: 'adaccount-batch',
  toBatch: (item) => updateAccountEntry(item.id, DELETE_SPEND_CAP),
  run: async (item, _params, ctx: ActionContext) => {
    await updateAccount(ctx.bridge, item.id, DELETE_SPEND_CAP, ctx);
  },
};
