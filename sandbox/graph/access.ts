// Who may see and change what, from the session user's roles. Kept in one place so reads, writes
// and GraphQL handlers agree.
import type { Dataset } from '../dataset';
import type { AdAccount } from '../areas/adaccount/data';
import type { Business, BusinessUser } from '../areas/bm/data';
import { errors } from '../errors';
import type { Ctx } from './core';

export function memberOf(data: Dataset, b: Business, uid: string): BusinessUser | undefined {
  for (const id of b.users) {
    const bu = data.businessUsers.get(id);
    if (bu?.uid === uid) return bu;
  }
  return undefined;
}

export function isBusinessAdmin(ctx: Ctx, b: Business): boolean {
  return memberOf(ctx.data, b, ctx.session)?.role === 'ADMIN';
}

export function accountRole(a: AdAccount, uid: string): number | null {
  return a.users.find((u) => u.uid === uid)?.role ?? a.hidden.find((u) => u.uid === uid)?.role ?? null;
}

export function canSeeAccount(ctx: Ctx, a: AdAccount): boolean {
  if (accountRole(a, ctx.session) !== null) return true;
  const owner = a.owner_business ? ctx.data.businesses.get(a.owner_business) : undefined;
  if (owner && memberOf(ctx.data, owner, ctx.session)) return true;
  return a.agencies.some((l) => {
    const b = ctx.data.businesses.get(l.business);
    return !!b && isBusinessAdmin(ctx, b);
  });
}

/** the session user may manage the account: admin role on it, or admin of its owner business */
export function canManageAccount(ctx: Ctx, a: AdAccount): boolean {
  if (accountRole(a, ctx.session) === 1001) return true;
  const owner = a.owner_business ? ctx.data.businesses.get(a.owner_business) : undefined;
  return !!owner && isBusinessAdmin(ctx, owner);
}

export function requireAccountAdmin(ctx: Ctx, a: AdAccount): void {
  if (!canManageAccount(ctx, a)) {
    throw errors.permission('User does not have permission to manage this ad account',
      'You need to be an admin of this ad account (or of the business that owns it) to do this.');
  }
  if (a.account_status === 101) {
    throw errors.invalidParam('This ad account is closed and cannot be edited', 'Closed ad accounts cannot be changed.');
  }
}

export function requireBusinessAdmin(ctx: Ctx, b: Business): void {
  if (!isBusinessAdmin(ctx, b)) {
    throw errors.permission('Requires business_management permission to manage the object',
      'Only business admins can do this.');
  }
}

export function visibleAccounts(ctx: Ctx): AdAccount[] {
  return ctx.state.cached('visibleAccounts', () => ctx.data.accountList.filter((a) => canSeeAccount(ctx, a)));
}
