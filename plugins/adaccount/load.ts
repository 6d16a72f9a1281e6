import { followNextLinks, runBatch, type Bridge } from '@kernel';
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

export function fieldsForRole(role: number): string {
  return (role === 1001 || role === 1002 ? [...BASE_FIELDS, ...PAYMENT_FIELDS] : BASE_FIELDS).join(',');
}

export interface LoadProgress { phase: 'list' | 'business' | 'details'; page: number; rows: number; done?: number; total?: number }

export interface LoadOptions {
  /** The session's platform user id (fbid), to know the operator's role on each account. */
  userId: string | undefined;
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
 * with the batch helper's per-item retry. Derived: ownerrole (default 1001), business, assigned_partners.
 */
export async function loadAdAccounts(bridge: Bridge, o: LoadOptions): Promise<AdAccount[]> {
  const summaries = new Map<string, Summary>();
  const details = new Map<string, AdAccount>();
  const roleOf = (s: Summary) => s.users?.data?.find((u) => String(u.id) === o.userId)?.role ?? 1001;
  const emit = throttled(o.onRows, () => [...summaries.values()].map((s) => toAccount(s, details.get(s.id) ?? null, roleOf(s))), o.now ?? Date.now);
  const list = followNextLinks<Summary>(bridge, 'me/adaccounts', { fields: 'id,account_id,name,account_status,users{id,role},owner_business{id,name}', limit: 100 }, {
    waitMs: 500, signal: o.signal, sleep: o.sleep, onPage: (page, rows) => o.onProgress?.({ phase: 'list', page, rows }),
  });
  for await (const page of list) {
    for (const a of page) summaries.set(a.id, a);
    emit();
  }
  emit(true);

  const businesses: { id: string; name: string }[] = [];
  for await (const page of followNextLinks<{ id: string; name: string }>(bridge, 'me/businesses', { fields: 'id,name', limit: 50 }, { waitMs: 500, signal: o.signal, sleep: o.sleep })) businesses.push(...page);
  let page = 0;
  for (const b of businesses) {
    for (const edge of ['owned_ad_accounts', 'client_ad_accounts']) {
      try {
        for await (const rows of followNextLinks<Summary>(bridge, `${b.id}/${edge}`, { fields: 'id,account_id,name,account_status', limit: 100 }, { waitMs: 500, signal: o.signal, sleep: o.sleep })) {
          page += 1;
          for (const a of rows) if (!summaries.has(a.id)) summaries.set(a.id, { ...a, owner_business: a.owner_business ?? (edge === 'owned_ad_accounts' ? b : undefined) });
          o.onProgress?.({ phase: 'business', page, rows: summaries.size });
          emit();
        }
      } catch (e) {
        if (o.signal?.aborted) throw e;
        // a business the operator cannot read (restricted, no permission) leaves its accounts out
      }
    }
  }

  emit(true);
  const all = [...summaries.values()];
  await runBatch(bridge, all.map((s) => detailRequest(s.id, roleOf(s))), {
    signal: o.signal, sleep: o.sleep,
    onResults: (results, positions) => {
      results.forEach((r, k) => { if (r.ok) details.set(all[positions[k]].id, r.body as AdAccount); });
      emit();
    },
    onChunk: (done, total) => o.onProgress?.({ phase: 'details', page: Math.ceil(done / 50), rows: all.length, done, total }),
  });
  return all.map((s) => toAccount(s, details.get(s.id) ?? null, roleOf(s)));
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
  const results = await runBatch(bridge, targets.map((id) => detailRequest(id, known.get(id)!.ownerrole ?? 1001)), { signal: o.signal, sleep: o.sleep });
  return targets.flatMap((id, i) => {
    if (!results[i]?.ok) return [];
    const before = known.get(id)!;
    return [toAccount(before as Summary, results[i].body as AdAccount, before.ownerrole ?? 1001)];
  });
}
