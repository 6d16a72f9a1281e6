import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { isClientAccount, requestAccess } from '../api';

/** Parameters of adaccount.requestAccess (schemas/actions/adaccount/requestAccess.json). */
export interface RequestAccessParams { business_id: string }

/**
 * Asks for access to the ad account on behalf of a business (GraphQL: actor, ad account, the four
 * permitted roles, requesting business). APPROVED when the session may grant it, else PENDING.
 * Requests are rate-limited by the platform, so not idempotent; an approved one shows the account
 * among the business's client ad accounts.
 */
export const requestAccessAction: PluginAction<JobItem, RequestAccessParams> = {
  id: 'adaccount.requestAccess',
  titleKey: 'actions.requestAccess.title',
  target: 'adaccount',
  schema: 'adaccount.requestAccess',
  idempotent: false,
  lane: 'graph-write',
  run: async (item, params, ctx: ActionContext) => `status=${(await requestAccess(ctx.bridge, item.id, params.business_id, ctx)).status}`,
  verify: (item, params, ctx) => isClientAccount(ctx.bridge, params.business_id, item.id, ctx),
};
