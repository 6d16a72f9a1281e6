import { defineAction } from '@kernel';
import { isClientAccount, requestAccess } from '../api';
import { accountProblem, type AccountItem } from '../checks';

/**
 * Asks for access to the ad account on behalf of a business (GraphQL: actor, ad account, the four
 * permitted roles, requesting business). APPROVED when the session may grant it, else PENDING.
 * Requests are rate-limited by the platform, so not idempotent; an approved one shows the account
 * among the business's client ad accounts.
 */
export default defineAction<'adaccount.requestAccess', AccountItem>('adaccount.requestAccess', {
  run: async (item, params, ctx) => ({ status: (await requestAccess(ctx.bridge, item.id, params.business_id, ctx)).status }),
  verify: (item, params, ctx) => isClientAccount(ctx.bridge, params.business_id, item.id, ctx),
  describe: (_item, params) => ({ key: 'effects.requestAccess', values: { business: params.business_id } }),
  // A closed account grants no access; the request needs no role of the operator's on it.
  preflight: (item) => (accountProblem({ ...item, ownerrole: undefined }, 'write')),
});
