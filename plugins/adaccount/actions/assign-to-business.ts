import { defineAction } from '@kernel';
import { assignToBusiness, isClientAccount } from '../api';
import { accountProblem, label, type AccountItem } from '../checks';

/**
 * Adds the ad account to a business as a client ad account (access type AGENCY, the role's tasks).
 * The platform answers CONFIRMED (shared) or PENDING (an admin of the account must accept).
 * Whether a repeat is refused is not documented, so it is treated as not idempotent and settled by
 * looking for the account among the business's client ad accounts.
 */
export default defineAction<'adaccount.assignToBusiness', AccountItem>('adaccount.assignToBusiness', {
  run: async (item, params, ctx) => ({ status: (await assignToBusiness(ctx.bridge, params.business_id, item.id, params.role, ctx)).access_status }),
  verify: (item, params, ctx) => isClientAccount(ctx.bridge, params.business_id, item.id, ctx),
  describe: (_item, params) => ({ key: 'effects.assignToBusiness', values: { business: params.business_id, role: label(`actions.assignToBusiness.enum.role.${params.role}`) } }),
  preflight: (item) => accountProblem(item, 'admin'),
});
