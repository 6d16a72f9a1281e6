import { defineAction, encodeParams } from '@kernel';
import { shareAgency, shareAgencyParams } from '../api';
import { accountProblem, label, type AccountItem } from '../checks';

/**
 * Shares an ad account with an agency business (access type AGENCY): admin grants ADVERTISE, ANALYZE,
 * DRAFT, MANAGE; advertiser ADVERTISE, ANALYZE, DRAFT. Sharing again only sets the tasks: idempotent,
 * and one batch entry per account.
 */
export default defineAction<'adaccount.shareAgency', AccountItem>('adaccount.shareAgency', {
  toBatch: (item, params) => ({ method: 'POST', relative_url: `${item.id}/agencies`, body: encodeParams(shareAgencyParams(item.id, params.business, params.role)) }),
  run: async (item, params, ctx) => {
    await shareAgency(ctx.bridge, item.id, params.business, params.role, ctx);
  },
  describe: (_item, params) => ({ key: 'effects.shareAgency', values: { business: params.business, role: label(`actions.shareAgency.enum.role.${params.role}`) } }),
  preflight: (item) => accountProblem(item, 'admin'),
});
