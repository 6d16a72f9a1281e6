import { followNextLinks, ReplyChanged, runBatch, sleep as defaultSleep, type Bridge } from '@kernel';
import { ACCOUNT_LIST_FIELDS, BUSINESS_ACCOUNT_FIELDS, checkAccountDetails, checkAccountPage, checkBusinessAccountPage, checkBusinessPage } from './api';
import { ROLE_THROUGH_BUSINESS } from './mappings';
import type { AdAccount } from './types';

/** Fields every role may read. */
export const BASE_FIELDS = [
  'id', 'account_id', 'name', 'account_status', 'disable_reason', 'currency', 'account_currency_ratio_to_usd', 'adtrust_dsl', 'timezone_name',
  'timezone_offset_hours_utc', 'business_country_code', 'created_time', 'next_bill_date', 'balance', 'spend_cap', 'amount_spent', 'owner',
  'owner_business{id,name}', 'users{id,name,role}', 'agencies{id,name,access_status,permitted_tasks}', 'adspaymentcycle{threshold_amount}',
  'insights.date_preset(maximum){spend}',
];
/** Admins (1001) and advertisers (1002) also read the payment and funding fields (docs/SPEC.md section 13). */
export const PAYMENT_FIELDS = ['funding_source_details', 'is_prepay_account', 'total_prepay_balance', 'all_payment_methods{pm_credit_card{display_string},payment_method_direct_debits{display_string},payment_method_paypal{email_address}}'];

/**
 * An account reached through a business (the operator is not among its users) is asked for the payment
 * fields too, as before its role was told apart: a business admin reads them; a refused batch item
 * keeps the account's list entry.
 */
export function fieldsForRole(role: number): string {
  return (role === 1001 || role === 1002 || role === ROLE_THROUGH_BUSINESS ? [...BASE_FIELDS, ...PAYMENT_FIELDS] : BASE_FIELDS).join(',');
}

export interface LoadProgress { phase: 'list' | 'business' | 'details'; page: number; rows: number; done?: number; total?: number }

export interface LoadOptions {
  /**
   * The session's platform user id (fbid), known before the load starts (the list waits for it), to know
   * the operator's role on each account; null when there is no platform session (every role then unknown).
   */
  userId: string | null;
  signal?: AbortSignal;
  onProgress?: (p: LoadProgress) => void;
  /** The accounts so far, as pages and detail batches land (at most about once a second, and at the end of each phase). */
  onRows?: (rows: AdAccount[]) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** Emits at most once per interval: re-indexing 20,000 rows for every batch of 50 would cost more than the load. */
function throttled(emit: ((rows: AdAccount[]) => void) | undefined, rowsNow: () => AdAccount[], now: () => number, everyMs = 1000) {
  let last = -Infinity;
  return (final = false) => {
    if (!emit || (!final && now() - last < everyMs)) return;
    last = now();
    emit(rowsNow());
  };
}

interface Summary { id: string; account_id?: string; name: string; account_status: number; users?: AdAccount['users']; owner_business?: { id: string; name: string } }

/**
 * Loads every ad account the operator can reach: the personal list (me/adaccounts, 100 a page, next
 * links 500 ms apart), the business-scoped lists (owned and client accounts of each business), then
 * the detail fields by batches of 50 — the fields depending on the operator's role on the account —
 * with the batch helper's per-item retry. Derived: ownerrole (the operator's role among the account's
 * users, else `ROLE_THROUGH_BUSINESS`: docs/DECISIONS.md, "Lists are read as a known platform identity"),
 * business, assigned_partners.
 *
 * Memory and frames (bench/README.md, "List loading"): the rows are built once each — a page appends
 * its accounts, a detail batch replaces its 50 rows — and an emit hands over a copy of the row array
 * (pointers), never 20,000 rebuilt objects; repeated texts and small objects (currencies, time zones,
 * businesses, users, agencies) are shared between rows (`createInterner`); the detail requests are
 * made 50 at a time, so neither 20,000 request URLs nor 20,000 batch answers are held at once.
 */
export async function loadAdAccounts(bridge: Bridge, o: LoadOptions): Promise<AdAccount[]> {
  const rows: AdAccount[] = [];
  const summaries: Summary[] = [];
  const position = new Map<string, number>();
  const intern = createInterner();
  const roleOf = (s: Summary) => roleAmong(s.users, o.userId);
  const put = (s: Summary, detail: AdAccount | null) => {
    const at = position.get(s.id);
    const row = intern.row(toAccount(s, detail, roleOf(s)));
    if (at === undefined) {
      position.set(s.id, rows.length);
      summaries.push(s);
      rows.push(row);
    } else {
      summaries[at] = s;
      rows[at] = row;
    }
  };
  const emit = throttled(o.onRows, () => rows.slice(), o.now ?? Date.now);
  const list = followNextLinks<Summary>(bridge, 'me/adaccounts', { fields: ACCOUNT_LIST_FIELDS, limit: 100 }, {
    waitMs: 500, signal: o.signal, sleep: o.sleep, onPage: (page, n) => o.onProgress?.({ phase: 'list', page, rows: n }),
  });
  for await (const page of list) {
    for (const a of checkAccountPage<Summary>(page)) put(a, null);
    emit();
  }
  emit(true);

  const businesses: { id: string; name: string }[] = [];
  for await (const page of followNextLinks<{ id: string; name: string }>(bridge, 'me/businesses', { fields: 'id,name', limit: 50 }, { waitMs: 500, signal: o.signal, sleep: o.sleep })) businesses.push(...checkBusinessPage<{ id: string; name: string }>(page));
  let page = 0;
  for (const b of businesses) {
    for (const edge of ['owned_ad_accounts', 'client_ad_accounts']) {
      try {
        for await (const found of followNextLinks<Summary>(bridge, `${b.id}/${edge}`, { fields: BUSINESS_ACCOUNT_FIELDS, limit: 100 }, { waitMs: 500, signal: o.signal, sleep: o.sleep })) {
          page += 1;
          for (const a of checkBusinessAccountPage<Summary>(found)) if (!position.has(a.id)) put({ ...a, owner_business: a.owner_business ?? (edge === 'owned_ad_accounts' ? b : undefined) }, null);
          o.onProgress?.({ phase: 'business', page, rows: rows.length });
          emit();
        }
      } catch (e) {
        if (o.signal?.aborted || e instanceof ReplyChanged) throw e;
        // a business the operator cannot read (restricted, no permission) leaves its accounts out
      }
    }
  }

  emit(true);
  const total = summaries.length;
  const sleep = o.sleep ?? defaultSleep;
  for (let start = 0; start < total; start += BATCH_MAX) {
    if (start > 0) await sleep(BATCH_PAUSE_MS, o.signal);
    const chunk = summaries.slice(start, start + BATCH_MAX);
    const results = await runBatch(bridge, chunk.map((s) => detailRequest(s.id, roleOf(s))), { signal: o.signal, sleep: o.sleep });
    checkAccountDetails(results.filter((r) => r.ok).map((r) => r.body));
    results.forEach((r, k) => { if (r.ok) put(chunk[k], r.body as AdAccount); });
    emit();
    o.onProgress?.({ phase: 'details', page: Math.ceil((start + chunk.length) / BATCH_MAX), rows: total, done: start + chunk.length, total });
  }
  const all = rows.slice();
  o.onRows?.(all);
  return all;
}

/** The batch helper's own chunk size and pause (docs/SPEC.md: 50 a batch, 300 ms apart). */
const BATCH_MAX = 50;
const BATCH_PAUSE_MS = 300;

/**
 * Shares what rows repeat: texts (currency, time zone, country, dates, user and business names) and
 * small objects of texts and numbers (a business, a user's role, an agency), by value. Lives as long
 * as one load; a row's own values (ids, amounts) pass through unchanged.
 */
export function createInterner() {
  const texts = new Map<string, string>();
  const objects = new Map<string, object>();
  const text = (s: string) => {
    if (s.length > 64) return s;
    const known = texts.get(s);
    if (known !== undefined) return known;
    texts.set(s, s);
    return s;
  };
  const value = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v);
    if (v === null || typeof v !== 'object' || depth > 4) return v;
    if (Array.isArray(v)) return v.map((x) => value(x, depth + 1));
    const out: Record<string, unknown> = {};
    let flat = true;
    for (const [k, x] of Object.entries(v)) {
      out[k] = value(x, depth + 1);
      if (x !== null && typeof x === 'object') flat = false;
    }
    if (!flat) return out;
    // A small object of plain values (a business, a user with a role): one shared copy per value.
    const key = JSON.stringify(out);
    const known = objects.get(key);
    if (known) return known;
    objects.set(key, out);
    return out;
  };
  return {
    row<T extends object>(row: T): T {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) out[k] = k === 'id' || k === 'name' ? v : value(v, 1);
      return out as T;
    },
  };
}

/** The operator's role among an account's users; not among them (or no identity): reached through a business. */
export function roleAmong(users: AdAccount['users'] | undefined, userId: string | null): number {
  if (userId === null) return ROLE_THROUGH_BUSINESS;
  const role = users?.data?.find((u) => String(u.id) === userId)?.role;
  return typeof role === 'number' ? role : ROLE_THROUGH_BUSINESS;
}

function detailRequest(id: string, role: number) {
  return { method: 'GET' as const, relative_url: `${id}?fields=${encodeURIComponent(fieldsForRole(role))}` };
}

/** An account from its list entry and, once its batch landed, its detail fields (`detailsLoaded` says which). */
function toAccount(s: Summary, detail: AdAccount | null, role: number): AdAccount {
  const account: AdAccount = { ...(s as AdAccount), ...(detail ?? {}), account_id: detail?.account_id ?? s.account_id ?? s.id.replace(/^act_/, '') };
  account.ownerrole = role;
  account.business = account.owner_business?.name ?? '';
  account.assigned_partners = (account.agencies?.data ?? []).map((a) => a.name ?? a.id);
  account.detailsLoaded = detail !== null;
  return account;
}

/**
 * Re-reads the detail fields of the given accounts (after a job changed them), in batches of 50, with
 * the fields of the operator's role on each; accounts whose read fails are left out (they keep their row).
 */
export async function rereadAdAccounts(bridge: Bridge, ids: readonly string[], known: ReadonlyMap<string, AdAccount>, o: { signal?: AbortSignal; sleep?: LoadOptions['sleep'] } = {}): Promise<AdAccount[]> {
  const targets = ids.filter((id) => known.has(id));
  const results = await runBatch(bridge, targets.map((id) => detailRequest(id, known.get(id)!.ownerrole ?? ROLE_THROUGH_BUSINESS)), { signal: o.signal, sleep: o.sleep });
  checkAccountDetails(results.filter((r) => r.ok).map((r) => r.body));
  return targets.flatMap((id, i) => {
    if (!results[i]?.ok) return [];
    const before = known.get(id)!;
    return [toAccount(before as Summary, results[i].body as AdAccount, before.ownerrole ?? ROLE_THROUGH_BUSINESS)];
  });
}
