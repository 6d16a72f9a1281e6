import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { businessInfoParams, updateAccount, updateAccountEntry, type BusinessInfo } from '../api';

/** Parameters of adaccount.updateBusinessInfo (schemas/actions/adaccount/updateBusinessInfo.json): at least one field. */
export type UpdateBusinessInfoParams = BusinessInfo;

/** Sets the business (advertiser) details of the account; fields left out stay as they are. Idempotent, batchable. */
export const updateBusinessInfoAction: PluginAction<JobItem, UpdateBusinessInfoParams> = {
  id: 'adaccount.updateBusinessInfo',
  titleKey: 'actions.updateBusinessInfo.title',
  target: 'adaccount',
  schema: 'adaccount.updateBusinessInfo',
  idempotent: true,
  lane: 'adaccount-batch',
  toBatch: (item, params) => updateAccountEntry(item.id, businessInfoParams(params)),
  run: async (item, params, ctx: ActionContext) => {
    await updateAccount(ctx.bridge, item.id, businessInfoParams(params), ctx);
  },
};
