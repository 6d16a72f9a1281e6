import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { updateAccount, updateAccountEntry } from '../api';

/** Parameters of adaccount.changeCurrency (schemas/actions/adaccount/changeCurrency.json). */
export interface ChangeCurrencyParams { currency: string }

/** Changes the account currency (ISO 4217 code). Idempotent, batchable. */
export const changeCurrencyAction: PluginAction<JobItem, ChangeCurrencyParams> = {
  id: 'adaccount.changeCurrency',
  titleKey: 'actions.changeCurrency.title',
  target: 'adaccount',
  schema: 'adaccount.changeCurrency',
  idempotent: true,
  lane: 'adaccount-batch',
  toBatch: (item, params) => updateAccountEntry(item.id, { currency: params.currency }),
  run: async (item, params, ctx: ActionContext) => {
    await updateAccount(ctx.bridge, item.id, { currency: params.currency }, ctx);
  },
};
