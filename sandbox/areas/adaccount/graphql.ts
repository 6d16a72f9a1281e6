// GraphQL handlers of the ad-account area; their documents are in ./graphql-docs.json.
import { AGENCY_TASKS, CURRENCIES } from '../../constants';
import { errors } from '../../errors';
import { encodeCursor, type Ctx } from '../../graph/core';
import { canManageAccount, canSeeAccount, requireAccountAdmin, requireBusinessAdmin } from '../../graph/access';
import { need, str, strings, type GraphqlHandler, type Vars } from '../../web/graphql';
import { requireUsableBusiness } from '../bm/graph';
import { transactionsOf, type AdAccount } from './data';
import { accountParam, shareAccount } from './graph';

/** the account a document names, by any of the variable names the documents use */
export function accountVar(ctx: Ctx, vars: Vars): AdAccount {
  return accountParam(ctx, need(vars, 'ad_account_id', 'adAccountID', 'adAccountId', 'paymentAccountID', 'asset_id'));
}

export const adAccountHandlers: Record<string, GraphqlHandler> = {
  adAccountAccessRequest(ctx, vars) {
    const a = accountVar(ctx, vars);
    const b = ctx.data.businesses.get(need(vars, 'requesting_business_id', 'business_id', 'businessID'));
    if (!b) throw errors.invalidParam('Unknown requesting business');
    requireBusinessAdmin(ctx, b);
    requireUsableBusiness(b);
    const roles = strings(vars, 'permitted_roles') ?? strings(vars, 'roles');
    if (!roles || !roles.length) throw errors.missingParam('permitted_roles');
    if (a.owner_business === b.id) throw errors.invalidParam('The business already owns this ad account');
    let status: 'APPROVED' | 'PENDING';
    if (a.agencies.some((l) => l.business === b.id) || canManageAccount(ctx, a)) {
      shareAccount(a, b, [...AGENCY_TASKS]);
      status = 'APPROVED';
    } else {
      if (!a.pending_requests.some((r) => r.business === b.id)) a.pending_requests.push({ business: b.id, tasks: [...AGENCY_TASKS] });
      status = 'PENDING';
    }
    return {
      data: { ad_account_access_request: { status, ad_account: { id: a.account_id }, requesting_business: { id: b.id }, permitted_roles: roles } },
      object: a.id,
    };
  },

  billingTransactions(ctx, vars) {
    const a = accountVar(ctx, vars);
    if (!canSeeAccount(ctx, a)) throw errors.unknownObject(a.id, 'GET');
    const count = Math.min(Math.max(Number(str(vars, 'count', 'first') ?? 10) || 10, 1), 100);
    const start = Number(str(vars, 'start_time', 'startTime') ?? 0);
    const end = Number(str(vars, 'end_time', 'endTime') ?? Infinity);
    const all = transactionsOf(ctx.data, a).filter((t) => t.time >= start && t.time <= end);
    const cursor = str(vars, 'cursor', 'after');
    const from = cursor ? Math.max(0, all.findIndex((t) => encodeCursor({ i: t.id, o: 0 }) === cursor) + 1) : 0;
    const page = all.slice(from, from + count);
    return {
      data: {
        billable_account_by_payment_account: {
          id: a.account_id,
          currency: a.currency,
          billing_txns: {
            edges: page.map((t) => ({
              cursor: encodeCursor({ i: t.id, o: 0 }),
              node: {
                id: t.id,
                transaction_time: t.time,
                amount: { amount: (t.amount / CURRENCIES[a.currency]!.offset).toFixed(CURRENCIES[a.currency]!.offset === 1 ? 0 : 2), currency: a.currency },
                status: t.status,
                billing_reason: t.billing_reason,
                transaction_type: 'PAYMENT',
                payment_method: { display_string: t.payment_option },
              },
            })),
            page_info: {
              has_next_page: from + count < all.length,
              end_cursor: page.length ? encodeCursor({ i: page[page.length - 1]!.id, o: 0 }) : null,
            },
          },
        },
      },
    };
  },

  adAccountAppealStatus(ctx, vars) {
    const a = accountVar(ctx, vars);
    if (!canSeeAccount(ctx, a)) throw errors.unknownObject(a.id, 'GET');
    return {
      data: {
        ad_account: {
          id: a.account_id,
          account_status: a.account_status,
          disable_reason: a.disable_reason,
          appeal: {
            status: a.appeal.status,
            can_appeal: a.account_status === 2 && (a.appeal.status === 'NONE' || a.appeal.status === 'REJECTED'),
            submitted_time: a.appeal.time,
            comment: a.appeal.comment,
          },
        },
      },
    };
  },

  adAccountAppealSubmit(ctx, vars) {
    const a = accountVar(ctx, vars);
    if (!canSeeAccount(ctx, a)) throw errors.unknownObject(a.id, 'POST');
    if (a.account_status !== 2) throw errors.invalidParam('Only disabled ad accounts can be appealed', 'This ad account is not disabled.');
    if (a.appeal.status === 'PENDING') throw errors.invalidParam('An appeal is already in review', 'This ad account already has an appeal in review.');
    a.appeal = { status: 'PENDING', comment: str(vars, 'appeal_comment', 'comment') ?? null, time: ctx.nowS };
    return { data: { ad_account_appeal_submit: { success: true, appeal: { status: 'PENDING', submitted_time: ctx.nowS } } }, object: a.id };
  },

  adAccountRemoveUser(ctx, vars) {
    const a = accountVar(ctx, vars);
    requireAccountAdmin(ctx, a);
    const uid = need(vars, 'user_id', 'uid');
    for (const list of [a.users, a.hidden]) {
      const i = list.findIndex((u) => u.uid === uid);
      if (i >= 0) {
        list.splice(i, 1);
        return { data: { ad_account_remove_user: { success: true } }, object: a.id };
      }
    }
    throw errors.invalidParam('The user does not have a role on this ad account');
  },
};
