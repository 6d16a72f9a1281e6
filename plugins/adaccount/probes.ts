/**
 * The ad-account area's call families for the platform check (src/kernel/plugin/call-families.ts): each
 * kind of call the list and the actions make. Reads and queries are tried through this area's own
 * api.ts functions (which check the fields the area relies on) on an account the operator can read:
 * the first of the cached list, else the first of `me/adaccounts`. Writes and the roles page (a web
 * page) are never sent by the check.
 */
import { defineProbes, type ProbeContext } from '@kernel';
import {
  accountDetails, appealStatus, billingTransactions, countryCode, DOCS, firstAccounts, firstBusinessAccounts, firstBusinesses,
  isClientAccount, listAgencies, listUsers,
} from './api';
import { BASE_FIELDS, fieldsForRole } from './load';
import { ADACCOUNT_CACHE_KEY } from './widgets/keys';

/** An account to try a read on: the first cached row, else the first listed (one call); null when the operator has none. */
async function anAccount(ctx: ProbeContext): Promise<{ id: string; ownerrole?: number } | null> {
  const cached = ctx.cachedRows<{ id?: unknown; ownerrole?: number }>(ADACCOUNT_CACHE_KEY)?.find((r) => typeof r?.id === 'string');
  if (cached) return { id: cached.id as string, ownerrole: cached.ownerrole };
  const [first] = await firstAccounts<{ id: string }>(ctx.bridge, 1, { signal: ctx.signal });
  return first ?? null;
}

/** Runs `read` on an account, or answers that the operator has none. */
const onAccount = (read: (ctx: ProbeContext, account: { id: string; ownerrole?: number }) => Promise<unknown>) => async (ctx: ProbeContext) => {
  const account = await anAccount(ctx);
  if (!account) return 'noObject' as const;
  await read(ctx, account);
};

export default defineProbes([
  {
    id: 'list', kind: 'read', titleKey: 'calls.list', list: true,
    probe: async (ctx) => { await firstAccounts(ctx.bridge, 5, { signal: ctx.signal }); },
  },
  {
    id: 'businessAccounts', kind: 'read', titleKey: 'calls.businessAccounts', list: true,
    probe: async (ctx) => {
      const [business] = await firstBusinesses(ctx.bridge, 1, { signal: ctx.signal });
      if (!business) return 'noObject';
      await firstBusinessAccounts(ctx.bridge, business.id, 'owned_ad_accounts', 5, { signal: ctx.signal });
    },
  },
  {
    id: 'details', kind: 'read', titleKey: 'calls.details', list: true,
    // The fields of the operator's role on the account (an unknown role: the fields every role reads).
    probe: onAccount((ctx, a) => accountDetails(ctx.bridge, a.id, a.ownerrole === undefined ? BASE_FIELDS.join(',') : fieldsForRole(a.ownerrole), { signal: ctx.signal })),
  },
  {
    id: 'account', kind: 'read', titleKey: 'calls.account', actions: ['rename', 'countryCode'],
    probe: onAccount((ctx, a) => countryCode(ctx.bridge, a.id, { signal: ctx.signal })),
  },
  {
    id: 'users', kind: 'read', titleKey: 'calls.users', actions: ['addUser', 'removeUser', 'detectHiddenAdmins', 'removeHiddenAdmins'],
    probe: onAccount((ctx, a) => listUsers(ctx.bridge, a.id, { signal: ctx.signal, limit: 5 })),
  },
  {
    id: 'agencies', kind: 'read', titleKey: 'calls.agencies', actions: ['listAgencies', 'removeAgency'],
    probe: onAccount((ctx, a) => listAgencies(ctx.bridge, a.id, { signal: ctx.signal, limit: 5 })),
  },
  {
    id: 'clientAccounts', kind: 'read', titleKey: 'calls.clientAccounts', actions: ['assignToBusiness', 'requestAccess'],
    probe: async (ctx) => {
      const [business] = await firstBusinesses(ctx.bridge, 1, { signal: ctx.signal });
      const account = business ? await anAccount(ctx) : null;
      if (!business || !account) return 'noObject';
      await isClientAccount(ctx.bridge, business.id, account.id, { signal: ctx.signal });
    },
  },
  {
    id: 'billing', kind: 'query', titleKey: 'calls.billing', actions: ['billing'], document: DOCS.billing,
    probe: onAccount((ctx, a) => billingTransactions(ctx.bridge, a.id, { signal: ctx.signal, count: 1 })),
  },
  {
    id: 'appealStatus', kind: 'query', titleKey: 'calls.appealStatus', actions: ['appealStatus', 'appealSubmit'], document: DOCS.appealStatus,
    probe: onAccount((ctx, a) => appealStatus(ctx.bridge, a.id, { signal: ctx.signal })),
  },
  // a web page: never sent by the check, even though it only reads
  { id: 'rolesPage', kind: 'write', titleKey: 'calls.rolesPage', actions: ['detectHiddenAdmins', 'removeHiddenAdmins'] },
  { id: 'update', kind: 'write', titleKey: 'calls.update', actions: ['rename', 'setSpendCap', 'deleteSpendCap', 'changeCurrency', 'changeTimezone', 'updateBusinessInfo'] },
  { id: 'userRoles', kind: 'write', titleKey: 'calls.userRoles', actions: ['addUser', 'removeUser', 'removeHiddenAdmins'] },
  { id: 'agencyShare', kind: 'write', titleKey: 'calls.agencyShare', actions: ['shareAgency', 'removeAgency'] },
  { id: 'assign', kind: 'write', titleKey: 'calls.assign', actions: ['assignToBusiness'] },
  { id: 'accessRequest', kind: 'write', titleKey: 'calls.accessRequest', actions: ['requestAccess'], document: DOCS.accessRequest },
  { id: 'appealSubmit', kind: 'write', titleKey: 'calls.appealSubmit', actions: ['appealSubmit'], document: DOCS.appealSubmit },
]);
