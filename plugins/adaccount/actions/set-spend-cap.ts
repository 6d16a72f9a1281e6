import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { spendCapParams, updateAccount, updateAccountEntry } from '../api';

/** Parameters of adaccount.setSpendCap (schemas/actions/adaccount/setSpendCap.json). */
export interface SetSpendCapParams {
  /** In the account currency's main unit (dollars for USD, yen for JPY), as the platform takes it. */
  amount: number;
}

/** Sets the account spending limit. Setting the same cap again changes nothing: idempotent, batchable. */
export const setSpendCapAction: PluginAction<JobItem, SetSpendCapParams> = {
  id: 'adaccount.setSpendCap',
  titleKey: 'actions.setSpendCap.title',
  target: 'adaccount',
  schema: 'adaccount.setSpendCap',
  idempotent: true,
  lane: 'adaccount-batch',
  toBatch: (item, params) => updateAccountEntry(item.id, spendCapParams(params.amount)),
  run: async (item, params, ctx: ActionContext) => {
    await updateAccount(ctx.bridge, item.id, spendCapParams(params.amount), ctx);
  },
};
