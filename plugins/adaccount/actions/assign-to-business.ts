import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { assignToBusiness, isClientAccount, type PartnerRole } from '../api';

/** Parameters of adaccount.assignToBusiness (schemas/actions/adaccount/assignToBusiness.json). */
export interface AssignToBusinessParams { business_id: string; role: PartnerRole }

/**
 * Adds the ad account to a business as a client ad account (access type AGENCY, the role's tasks).
 * The platform answers CONFIRMED (shared) or PENDING (an admin of the account must accept).
 * Whether a repeat is refused is not documented, so it is treated as not idempotent and settled by
 * looking for the account among the business's client ad accounts.
 */
export const assignToBusinessAction: PluginAction<JobItem, AssignToBusinessParams> = {
  id: 'adaccount.assignToBusiness',
  titleKey: 'actions.assignToBusiness.title',
  target: 'adaccount',
  schema: 'adaccount.assignToBusiness',
  idempotent: false,
  lane: 'graph-write',
  run: async (item, params, ctx: ActionContext) => `access_status=${(await assignToBusiness(ctx.bridge, params.business_id, item.id, params.role, ctx)).access_status}`,
  verify: (item, params, ctx) => isClientAccount(ctx.bridge, params.business_id, item.id, ctx),
};
