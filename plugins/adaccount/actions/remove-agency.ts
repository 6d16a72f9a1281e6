import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { listAgencies, removeAgency } from '../api';

/** Parameters of adaccount.removeAgency (schemas/actions/adaccount/removeAgency.json). */
export interface RemoveAgencyParams { business: string }

/** Stops sharing an ad account with an agency. A second removal is refused, so not idempotent. */
export const removeAgencyAction: PluginAction<JobItem, RemoveAgencyParams> = {
  id: 'adaccount.removeAgency',
  titleKey: 'actions.removeAgency.title',
  target: 'adaccount',
  schema: 'adaccount.removeAgency',
  idempotent: false,
  lane: 'graph-write',
  run: async (item, params, ctx: ActionContext) => {
    await removeAgency(ctx.bridge, item.id, params.business, ctx);
  },
  verify: async (item, params, ctx) => !(await listAgencies(ctx.bridge, item.id, ctx)).some((a) => a.id === params.business),
};
