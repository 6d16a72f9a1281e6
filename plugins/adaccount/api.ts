/**
 * Requests of the ad-account area (docs/SPEC.md sections 13, 14 and 16), as pure functions of
 * a Bridge. The bulk actions and the account detail panel share them, so what a row shows and what
 * an action changes are read and written the same way.
 *
 * Money: the platform *reads* amounts in minor units (`spend_cap: "500000"` = 5,000.00 USD; whole
 * units for the no-decimal currencies) but *takes* `spend_cap` in the currency's main unit (its
 * public reference: "value specified in basic unit of the currency"). The sandbox does the same.
 */
import {
  asAccount, asAccountDigits, encodeParams, expectObject, expectRows, graphqlOn, GraphError, readAll, toMajorUnits,
  type BatchRequest, type Bridge, type Params, type CallOptions, type Shape,
} from '@kernel';

// ---------------------------------------------------------------------------------------------
// ids and vocabularies

/** `act_123` whatever was given (`act_123` or `123`); anything else is refused (the kernel's guard). */
export const actId = asAccount;
/** `123` whatever was given: the form GraphQL documents and web pages take. */
export const accountDigits = asAccountDigits;

export type AccountRole = 1001 | 1002 | 1003;

/** What a partner (agency or client business) is given, by the spec's two sharing levels (docs/SPEC.md section 13). */
export type PartnerRole = 'admin' | 'advertiser';
export const PARTNER_TASKS: Record<PartnerRole, readonly string[]> = {
  admin: ['ADVERTISE', 'ANALYZE', 'DRAFT', 'MANAGE'],
  advertiser: ['ADVERTISE', 'ANALYZE', 'DRAFT'],
};

/**
 * The four role ids an ad-account access request asks for (docs/SPEC.md section 13: four fixed role ids, their values
 * not given). These are the ad-account task ids the platform's own business web client sends
 * (seen in public client code); the sandbox checks only that the list is not empty.
 */
export const ACCESS_REQUEST_ROLES: readonly string[] = ['864195700451909', '151821535410699', '610690166001223', '186595505260379'];

/** Hidden-user scan and user lists read this many users (docs/SPEC.md section 16, "hidden users read"). */
export const USERS_LIMIT = 300;
/** Billing window and page size (docs/SPEC.md section 16). */
export const BILLING_YEARS = 10;
export const BILLING_COUNT = 10;

/**
 * The platform GraphQL operations of this area, by name: their doc ids come from the document
 * catalogue (an admin keeps them current), never from the code.
 */
export const DOCS = {
  accessRequest: 'AdAccountAccessRequestMutation',
  billing: 'AdAccountBillingTransactionsQuery',
  appealStatus: 'AdAccountAppealStatusQuery',
  appealSubmit: 'AdAccountAppealSubmitMutation',
} as const;

/** The web GraphQL of business.facebook.com (the kernel lifts the platform's error codes). */
const gql = graphqlOn('business.facebook.com');
const ROLES_PAGE = 'https://adsmanager.facebook.com/ads/manager/account_settings/account_roles/';

// ---------------------------------------------------------------------------------------------
// the list's reads, and the fields the area relies on in each reply (src/kernel/platform/shape.ts):
// a reply without them is "reply changed" (the call family named first), never rows of empty cells.

/** An account as the list's edges give it (`me/adaccounts`, a business's owned and client accounts). */
export const ACCOUNT_SUMMARY_SHAPE: Shape = { id: 'string', name: 'string', account_status: 'number', account_id: 'string?', users: 'object?', owner_business: 'object?' };
/** A business as `me/businesses` gives it. */
export const BUSINESS_SHAPE: Shape = { id: 'string', name: 'string' };
/** An account's detail read (the list's batches of 50, the re-read after a job). */
export const ACCOUNT_DETAIL_SHAPE: Shape = {
  id: 'string', name: 'string', account_status: 'number', currency: 'string',
  account_id: 'string?', disable_reason: 'number?', timezone_name: 'string?', business_country_code: 'string?', created_time: 'string?',
  spend_cap: 'string?', amount_spent: 'string?', balance: 'string?', owner_business: 'object?', users: 'object?', agencies: 'object?',
};

/** The fields of the personal list (`me/adaccounts`). */
export const ACCOUNT_LIST_FIELDS = 'id,account_id,name,account_status,users{id,role},owner_business{id,name}';
/** The fields of a business's owned and client account edges. */
export const BUSINESS_ACCOUNT_FIELDS = 'id,account_id,name,account_status';

/** A page of the personal list, checked (family `adaccount.list`). */
export const checkAccountPage = <T>(rows: readonly unknown[]): T[] => expectRows<T>('adaccount.list', rows, ACCOUNT_SUMMARY_SHAPE);
/** A page of `me/businesses` or of a business's account edges, checked (family `adaccount.businessAccounts`). */
export const checkBusinessPage = <T>(rows: readonly unknown[]): T[] => expectRows<T>('adaccount.businessAccounts', rows, BUSINESS_SHAPE);
export const checkBusinessAccountPage = <T>(rows: readonly unknown[]): T[] => expectRows<T>('adaccount.businessAccounts', rows, ACCOUNT_SUMMARY_SHAPE);
/** Detail reads, checked (family `adaccount.details`). */
export const checkAccountDetails = <T>(rows: readonly unknown[]): T[] => expectRows<T>('adaccount.details', rows, ACCOUNT_DETAIL_SHAPE);

/** The first accounts of the personal list (one call): what the platform check tries the account reads on. */
export async function firstAccounts<T = { id: string; name: string; account_status: number }>(bridge: Bridge, limit: number, o: CallOptions = {}): Promise<T[]> {
  const { body } = await bridge.graph<{ data?: unknown[] }>({ path: 'me/adaccounts', params: { fields: ACCOUNT_LIST_FIELDS, limit } }, { signal: o.signal });
  return checkAccountPage<T>(Array.isArray(body?.data) ? body.data : []);
}

/** The first businesses of the session (one call). */
export async function firstBusinesses(bridge: Bridge, limit: number, o: CallOptions = {}): Promise<{ id: string; name: string }[]> {
  const { body } = await bridge.graph<{ data?: unknown[] }>({ path: 'me/businesses', params: { fields: 'id,name', limit } }, { signal: o.signal });
  return checkBusinessPage(Array.isArray(body?.data) ? body.data : []);
}

/** The first accounts of one of a business's account edges (one call). */
export async function firstBusinessAccounts(bridge: Bridge, businessId: string, edge: 'owned_ad_accounts' | 'client_ad_accounts', limit: number, o: CallOptions = {}): Promise<{ id: string }[]> {
  const { body } = await bridge.graph<{ data?: unknown[] }>({ path: `${businessId}/${edge}`, params: { fields: BUSINESS_ACCOUNT_FIELDS, limit } }, { signal: o.signal });
  return checkBusinessAccountPage(Array.isArray(body?.data) ? body.data : []);
}

/** One account's detail fields (as a detail batch entry reads them), checked. */
export async function accountDetails(bridge: Bridge, accountId: string, fields: string, o: CallOptions = {}): Promise<unknown> {
  const { body } = await bridge.graph<unknown>({ path: actId(accountId), params: { fields } }, { signal: o.signal });
  return checkAccountDetails([body])[0];
}

// ---------------------------------------------------------------------------------------------
// users

/** A user of an ad account as `act_X/users` lists it. */
export interface AccountUser { id: string; name: string; role: number; tasks: string[] }

const USER_SHAPE: Shape = { id: 'string', name: 'string', role: 'number?', tasks: 'array?' };

/** `act_X/users` (up to 300, following next links; `limit` reads fewer). Hidden administrators are not in it. */
export async function listUsers(bridge: Bridge, accountId: string, o: CallOptions & { limit?: number } = {}): Promise<AccountUser[]> {
  const rows = expectRows<Partial<AccountUser>>('adaccount.users', await readAll(bridge, `${actId(accountId)}/users`, { fields: 'id,name,role,tasks', limit: o.limit ?? USERS_LIMIT }, { max: o.limit ?? USERS_LIMIT, signal: o.signal }), USER_SHAPE);
  return rows.map((u) => ({ id: String(u.id), name: u.name ?? '', role: Number(u.role), tasks: Array.isArray(u.tasks) ? u.tasks : [] }));
}

/** Removes a user's role (visible or hidden) — the platform's "POST with method=delete". */
export async function removeUser(bridge: Bridge, accountId: string, uid: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${actId(accountId)}/users`, params: { uid, method: 'delete' } }, { signal: o.signal });
}

// ---------------------------------------------------------------------------------------------
// hidden administrators

/** A user as the account's roles page shows it (hidden ones included). */
export interface RolesPageUser { id: string; name: string; role: number | null; roleLabel: string }

export interface HiddenAdminScan {
  accountId: string;
  /** Everyone the roles page lists. */
  pageUsers: RolesPageUser[];
  /** What `act_X/users` lists. */
  listedUsers: AccountUser[];
  /** On the page but not in `act_X/users`: the hidden administrators. */
  hidden: RolesPageUser[];
}

/** The roles page's users: its JSON bootstrap block, else its `data-user-id` rows; null when it lists none. */
export function parseRolesPage(html: string): RolesPageUser[] | null {
  for (const m of html.matchAll(/<script[^>]*\bdata-sjs\b[^>]*>([\s\S]*?)<\/script>/g)) {
    let json: unknown;
    try { json = JSON.parse(m[1]); } catch { continue; }
    const found = findRoles(json);
    if (found) return found;
  }
  const rows = [...html.matchAll(/<tr[^>]*\bdata-user-id="(\d+)"[^>]*>([\s\S]*?)<\/tr>/g)];
  if (!rows.length) return null;
  return rows.map(([, id, cells]) => {
    const texts = [...cells.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => unescapeHtml(c[1].replace(/<[^>]*>/g, '')).trim());
    return { id, name: texts[0] ?? '', role: null, roleLabel: texts[1] ?? '' };
  });
}

function findRoles(json: unknown): RolesPageUser[] | null {
  const requires = (json as { require?: unknown[] } | null)?.require;
  if (!Array.isArray(requires)) return null;
  for (const entry of requires) {
    if (!Array.isArray(entry) || entry[0] !== 'AdsAccountRoles') continue;
    const users = (entry[1] as { users?: unknown } | undefined)?.users;
    if (!Array.isArray(users)) continue;
    return users.map((u: { id?: unknown; name?: unknown; role?: unknown; roleLabel?: unknown }) => ({
      id: String(u.id),
      name: typeof u.name === 'string' ? u.name : '',
      role: typeof u.role === 'number' ? u.role : u.role === undefined || u.role === null ? null : Number(u.role),
      roleLabel: typeof u.roleLabel === 'string' ? u.roleLabel : '',
    }));
  }
  return null;
}

function unescapeHtml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** The account's roles page (HTML), as the settings screen shows it. */
export async function rolesPage(bridge: Bridge, accountId: string, o: CallOptions = {}): Promise<RolesPageUser[]> {
  // Encoded, so an id from platform data can never carry an executor placeholder into the URL.
  const url = `${ROLES_PAGE}?act=${encodeURIComponent(accountDigits(accountId))}`;
  const response = await bridge.send(url, { method: 'GET' }, { signal: o.signal, responseType: 'text' });
  const html = typeof response.body === 'string' ? response.body : '';
  const users = response.ok ? parseRolesPage(html) : null;
  if (!users) {
    // The page's own words (its first paragraph, else its title) are the most useful message.
    const text = (re: RegExp) => unescapeHtml((re.exec(html)?.[1] ?? '').replace(/<[^>]*>/g, '')).trim();
    const message = text(/<p[^>]*>([\s\S]*?)<\/p>/) || text(/<title>([\s\S]*?)<\/title>/) || response.error || `HTTP ${response.status}`;
    // A page has no error code; a Retry-After is the per-user limit (17), so the runner pauses instead of failing.
    const limited = Object.keys(response.headers).some((h) => h.toLowerCase() === 'retry-after');
    throw new GraphError(message, response.status, limited ? 17 : undefined, undefined, response.status >= 500 || response.status === 0, response.headers, html);
  }
  return users;
}

/** Hidden-administrator detection: the settings page scan compared with `act_X/users` (300 users). */
export async function scanHiddenAdmins(bridge: Bridge, accountId: string, o: CallOptions = {}): Promise<HiddenAdminScan> {
  const pageUsers = await rolesPage(bridge, accountId, o);
  const listedUsers = await listUsers(bridge, accountId, o);
  const listed = new Set(listedUsers.map((u) => u.id));
  return { accountId: actId(accountId), pageUsers, listedUsers, hidden: pageUsers.filter((u) => !listed.has(u.id)) };
}

// ---------------------------------------------------------------------------------------------
// agencies and businesses

/** A business the account is shared with, as `act_X/agencies` lists it. */
export interface Agency { id: string; name: string; permitted_tasks: string[]; access_status: string; access_type: string }

const AGENCY_SHAPE: Shape = { id: 'string', name: 'string', permitted_tasks: 'array?', access_status: 'string?', access_type: 'string?' };

/** `act_X/agencies` (every page; `limit` reads one page of that many). */
export async function listAgencies(bridge: Bridge, accountId: string, o: CallOptions & { limit?: number } = {}): Promise<Agency[]> {
  const rows = expectRows<Partial<Agency>>('adaccount.agencies', await readAll(bridge, `${actId(accountId)}/agencies`, { fields: 'id,name,permitted_tasks,access_status,access_type', limit: o.limit ?? 100 }, { max: o.limit ?? Infinity, signal: o.signal }), AGENCY_SHAPE);
  return rows.map((a) => ({ id: String(a.id), name: a.name ?? '', permitted_tasks: Array.isArray(a.permitted_tasks) ? a.permitted_tasks : [], access_status: a.access_status ?? '', access_type: a.access_type ?? '' }));
}

/** `POST act_X/agencies` (business, adaccount_id, permitted_tasks); sharing again updates the tasks. */
export function shareAgencyParams(accountId: string, businessId: string, role: PartnerRole): Params {
  return { business: businessId, adaccount_id: accountDigits(accountId), permitted_tasks: [...PARTNER_TASKS[role]] };
}

export async function shareAgency(bridge: Bridge, accountId: string, businessId: string, role: PartnerRole, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${actId(accountId)}/agencies`, params: shareAgencyParams(accountId, businessId, role) }, { signal: o.signal });
}

/** Shares the account with an agency with exactly these tasks (an undo putting back the tasks it held). */
export async function shareAgencyTasks(bridge: Bridge, accountId: string, businessId: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${actId(accountId)}/agencies`, params: shareTasksParams(accountId, businessId, tasks) }, { signal: o.signal });
}

const shareTasksParams = (accountId: string, businessId: string, tasks: readonly string[]): Params =>
  ({ business: businessId, adaccount_id: accountDigits(accountId), permitted_tasks: [...tasks] });

/** The same share, or the removal of an agency, as a batch entry (an undo job on the batching lane). */
export const shareAgencyTasksEntry = (accountId: string, businessId: string, tasks: readonly string[]): BatchRequest =>
  ({ method: 'POST', relative_url: `${actId(accountId)}/agencies`, body: encodeParams(shareTasksParams(accountId, businessId, tasks)) });
export const removeAgencyEntry = (accountId: string, businessId: string): BatchRequest =>
  ({ method: 'POST', relative_url: `${actId(accountId)}/agencies`, body: encodeParams({ business: businessId, method: 'delete' }) });

/** Gives a user a role on the account (`POST act_X/users`): what addUser sends, and the undo of a removal. */
export async function addUser(bridge: Bridge, accountId: string, uid: string, role: number, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${actId(accountId)}/users`, params: { uid, role } }, { signal: o.signal });
}

export async function removeAgency(bridge: Bridge, accountId: string, businessId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${actId(accountId)}/agencies`, params: { business: businessId, method: 'delete' } }, { signal: o.signal });
}

/** `POST {bm}/client_ad_accounts` (adaccount_id with act_, access_type AGENCY, permitted_tasks). */
export async function assignToBusiness(bridge: Bridge, businessId: string, accountId: string, role: PartnerRole, o: CallOptions = {}): Promise<{ access_status: string }> {
  const { body } = await bridge.graph<{ access_status?: string }>({
    method: 'POST',
    path: `${businessId}/client_ad_accounts`,
    params: { adaccount_id: actId(accountId), access_type: 'AGENCY', permitted_tasks: [...PARTNER_TASKS[role]] },
  }, { signal: o.signal });
  return { access_status: body?.access_status ?? '' };
}

/** Is the account listed among the business's client ad accounts? */
export async function isClientAccount(bridge: Bridge, businessId: string, accountId: string, o: CallOptions = {}): Promise<boolean> {
  const { body } = await bridge.graph<{ data?: { id: string }[] }>({
    path: `${businessId}/client_ad_accounts`, params: { fields: 'id', search_query: accountDigits(accountId), limit: 100 },
  }, { signal: o.signal });
  return expectRows<{ id: string }>('adaccount.clientAccounts', body.data ?? [], { id: 'string' }).some((a) => actId(String(a.id)) === actId(accountId));
}

export interface AccessRequestResult { status: string; permitted_roles: string[] }

/** The GraphQL access request: actor, ad account, the four permitted roles, requesting business. */
export async function requestAccess(bridge: Bridge, accountId: string, businessId: string, o: CallOptions = {}): Promise<AccessRequestResult> {
  const actor = await bridge.transport.identity().catch(() => null);
  const data = await gql<{ ad_account_access_request?: { status?: string; permitted_roles?: string[] } }>(bridge, DOCS.accessRequest, {
    input: {
      actor_id: actor?.id,
      client_mutation_id: '1',
      ad_account_id: accountDigits(accountId),
      permitted_roles: [...ACCESS_REQUEST_ROLES],
      permitted_tasks: [],
      requesting_business_id: businessId,
    },
  }, o);
  const r = data.ad_account_access_request;
  return { status: r?.status ?? '', permitted_roles: r?.permitted_roles ?? [] };
}

// ---------------------------------------------------------------------------------------------
// account fields: spend cap, currency, timezone, business info

/** Fields of `POST act_X`: applied directly or as a batch entry. */
export async function updateAccount(bridge: Bridge, accountId: string, params: Params, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: actId(accountId), params }, { signal: o.signal });
}

export function updateAccountEntry(accountId: string, params: Params): BatchRequest {
  return { method: 'POST', relative_url: actId(accountId), body: encodeParams(params) };
}

/** The spend cap in the currency's main unit, as the platform takes it (two decimals at most). */
export function spendCapParams(amount: number): Params {
  return { spend_cap: String(Math.round(amount * 100) / 100) };
}

/** Removes the cap (`spend_cap_action=delete`). */
export const DELETE_SPEND_CAP: Params = { spend_cap_action: 'delete' };

export interface BusinessInfo {
  business_name?: string;
  business_street?: string;
  business_city?: string;
  business_state?: string;
  business_zip?: string;
  business_country_code?: string;
}
export const BUSINESS_INFO_FIELDS = ['business_name', 'business_street', 'business_city', 'business_state', 'business_zip', 'business_country_code'] as const;

/** `business_info` as the platform takes it: one JSON object of the fields given. */
export function businessInfoParams(info: BusinessInfo): Params {
  const out: Record<string, string> = {};
  for (const k of BUSINESS_INFO_FIELDS) {
    const v = info[k]?.trim();
    if (v) out[k] = k === 'business_country_code' ? v.toUpperCase() : v;
  }
  return { business_info: out };
}

/** The fields the account actions change, as read back. */
export interface AccountSettings {
  id: string;
  spend_cap?: string;
  amount_spent?: string;
  currency?: string;
  timezone_id?: number;
  timezone_name?: string;
  business_name?: string;
  business_street?: string;
  business_city?: string;
  business_state?: string;
  business_zip?: string;
  business_country_code?: string;
}
const SETTINGS_FIELDS = 'id,spend_cap,amount_spent,currency,timezone_id,timezone_name,business_name,business_street,business_city,business_state,business_zip,business_country_code';

export async function accountSettings(bridge: Bridge, accountId: string, o: CallOptions = {}): Promise<AccountSettings> {
  const { body } = await bridge.graph<AccountSettings>({ path: actId(accountId), params: { fields: SETTINGS_FIELDS } }, { signal: o.signal });
  return body;
}

/** The business country code of an ad account (two letters, upper case), or '' when it has none. */
export async function countryCode(bridge: Bridge, accountId: string, o: CallOptions = {}): Promise<string> {
  const { body: reply } = await bridge.graph<unknown>(
    { path: actId(accountId), params: { fields: 'business_country_code' } },
    { signal: o.signal },
  );
  // The platform leaves the field out when the account has none: only its type is checked.
  const body = expectObject<{ business_country_code?: unknown }>('adaccount.account', reply, { id: 'string', business_country_code: 'string?' });
  return typeof body.business_country_code === 'string' ? body.business_country_code.trim().toUpperCase() : '';
}

/** The spend cap read back in the main unit (null when none is set). */
export function spendCapOf(settings: AccountSettings): number | null {
  const v = toMajorUnits(settings.spend_cap, settings.currency);
  return v === null || v === 0 ? null : v;
}

// ---------------------------------------------------------------------------------------------
// billing

export interface BillingTransaction {
  id: string;
  /** Epoch seconds. */
  time: number;
  /** In the currency's main unit, as the platform writes it. */
  amount: string;
  currency: string;
  status: string;
  billingReason: string;
  type: string;
  paymentMethod: string;
}

export interface BillingPage {
  accountId: string;
  currency: string;
  transactions: BillingTransaction[];
  hasNextPage: boolean;
  endCursor: string | null;
  /** The window asked for, epoch seconds. */
  start: number;
  end: number;
}

interface BillingReply {
  billable_account_by_payment_account?: {
    currency?: string;
    billing_txns?: {
      edges?: { node?: { id?: string; transaction_time?: number; amount?: { amount?: string; currency?: string }; status?: string; billing_reason?: string; transaction_type?: string; payment_method?: { display_string?: string } } }[];
      page_info?: { has_next_page?: boolean; end_cursor?: string | null };
    };
  } | null;
}

/** Billing transactions of the last 10 years, 10 at a time (docs/SPEC.md section 16); `cursor` gives the next 10. */
export async function billingTransactions(bridge: Bridge, accountId: string, o: CallOptions & { cursor?: string; now?: number; count?: number } = {}): Promise<BillingPage> {
  const endMs = o.now ?? Date.now();
  const startDate = new Date(endMs);
  startDate.setUTCFullYear(startDate.getUTCFullYear() - BILLING_YEARS);
  const start = Math.floor(startDate.getTime() / 1000);
  const end = Math.floor(endMs / 1000);
  const data = await gql<BillingReply>(bridge, DOCS.billing, {
    paymentAccountID: accountDigits(accountId), count: o.count ?? BILLING_COUNT, start_time: start, end_time: end, cursor: o.cursor,
  }, o);
  const account = data.billable_account_by_payment_account;
  const currency = account?.currency ?? '';
  const txns = account?.billing_txns;
  return {
    accountId: actId(accountId),
    currency,
    transactions: (txns?.edges ?? []).flatMap(({ node }) => (node ? [{
      id: String(node.id ?? ''),
      time: Number(node.transaction_time ?? 0),
      amount: node.amount?.amount ?? '',
      currency: node.amount?.currency ?? currency,
      status: node.status ?? '',
      billingReason: node.billing_reason ?? '',
      type: node.transaction_type ?? '',
      paymentMethod: node.payment_method?.display_string ?? '',
    }] : [])),
    hasNextPage: !!txns?.page_info?.has_next_page,
    endCursor: txns?.page_info?.end_cursor ?? null,
    start,
    end,
  };
}

// ---------------------------------------------------------------------------------------------
// appeals

export interface AppealStatus {
  accountId: string;
  accountStatus: number | null;
  disableReason: number | null;
  /** NONE, PENDING, APPROVED or REJECTED, as the platform says. */
  status: string;
  canAppeal: boolean;
  /** Epoch seconds, when an appeal was sent. */
  submittedTime: number | null;
  comment: string | null;
}

interface AppealReply {
  ad_account?: { account_status?: number; disable_reason?: number; appeal?: { status?: string; can_appeal?: boolean; submitted_time?: number | null; comment?: string | null } } | null;
}

export async function appealStatus(bridge: Bridge, accountId: string, o: CallOptions = {}): Promise<AppealStatus> {
  const data = await gql<AppealReply>(bridge, DOCS.appealStatus, { ad_account_id: accountDigits(accountId) }, o);
  const a = data.ad_account;
  return {
    accountId: actId(accountId),
    accountStatus: typeof a?.account_status === 'number' ? a.account_status : null,
    disableReason: typeof a?.disable_reason === 'number' ? a.disable_reason : null,
    status: a?.appeal?.status ?? '',
    canAppeal: !!a?.appeal?.can_appeal,
    submittedTime: a?.appeal?.submitted_time ?? null,
    comment: a?.appeal?.comment ?? null,
  };
}

export async function submitAppeal(bridge: Bridge, accountId: string, comment: string, o: CallOptions = {}): Promise<{ status: string }> {
  const data = await gql<{ ad_account_appeal_submit?: { success?: boolean; appeal?: { status?: string } } }>(bridge, DOCS.appealSubmit, {
    ad_account_id: accountDigits(accountId), appeal_comment: comment,
  }, o);
  return { status: data.ad_account_appeal_submit?.appeal?.status ?? '' };
}

// ---------------------------------------------------------------------------------------------
// result summaries (the runner keeps 500 characters): data only, no sentences

/** A name cut short for a one-line summary. */
export function short(text: string, max = 60): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

export function isoDate(epochS: number): string {
  return Number.isFinite(epochS) && epochS > 0 ? new Date(epochS * 1000).toISOString().slice(0, 10) : '';
}
