import { defineAction, encodeParams } from '@kernel';
import { shareAgency, shareAgencyParams } from '../api';

/**
 * Shares an ad account with an agency business (access type AGENCY): admin grants ADVERTISE, ANALYZE,
 * DRAFT, MANAGE; advertiser ADVERTISE, ANALYZE, DRAFT. Sharing again only sets the tasks: idempotent,
 * and one batch entry per account.
 */
export default defineAction('adaccount.shareAgency', {
  toBatch: (item, params) => ({ method: 'POST', relative_url: `${item.id}/agencies`, body: encodeParams(shareAgencyParams(item.id, params.business, params.role)) }),
  run: async (item, params, ctx) => {
    await shareAgency(ctx.bridge, item.id, params.business, params.role, ctx);
  },
});
