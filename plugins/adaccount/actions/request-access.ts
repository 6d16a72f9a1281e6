import { defineAction } from '@kernel';
import { isClientAccount, requestAccess } from '../api';

/**
 * Asks for access to the ad account on behalf of a business (GraphQL: actor, ad account, the four
 * permitted roles, requesting business). APPROVED when the session may grant it, else PENDING.
 * Requests are rate-limited by the platform, so not idempotent; an approved one shows the account
 * among the business's client ad accounts.
 */
export default defineAction('adaccount.requestAccess', {
  run: async (item, params, ctx) => ({ status: (await requestAccess(ctx.bridge, item.id, params.business_id, ctx)).status }),
  verify: (item, params, ctx) => isClientAccount(ctx.bridge, params.business_id, item.id, ctx),
});
