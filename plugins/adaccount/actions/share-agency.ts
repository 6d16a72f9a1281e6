import { encodeParams, type ActionContext, type JobItem, type PluginAction } from '@kernel';
import { shareAgency, shareAgencyParams, type PartnerRole } from '../api';

/** Parameters of adaccount.shareAgency (schemas/actions/adaccount/shareAgency.json). */
export interface ShareAgencyParams { business: string; role: PartnerRole }

/**
 * Shares an ad account with an agency business (access type AGENCY): admin grants ADVERTISE, ANALYZE,
 * DRAFT, MANAGE; advertiser ADVERTISE, ANALYZE, DRAFT. Sharing again only sets the tasks: idempotent,
 * and one batch entry per account.
 */
export const shareAgencyAction: PluginAction<JobItem, ShareAgencyParams> = {
  id: 'adaccount.shareAgency',
  titleKey: 'actions.shareAgency.title',
  target: 'adaccount',
  schema: 'adaccount.shareAgency',
  idempotent: true,
  lane: 'adaccount-batch',
  toBatch: (item, params) => ({ method: 'POST', relative_url: `${item.id}/agencies`, body: encodeParams(shareAgencyParams(item.id, params.business, params.role)) }),
  run: async (item, params, ctx: ActionContext) => {
    await shareAgency(ctx.bridge, item.id, params.business, params.role, ctx);
  },
};
