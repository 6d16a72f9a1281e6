import { followNextLinks, runBatch, type Bridge } from '@kernel';
import type { AdAccount } from './types';

/** Fields every role may read. */
export const BASE_FIELDS = [
  'id', 'account_id', 'name', 'account_status', 'disable_reason', 'currency', 'account_currency_ratio_to_usd', 'adtrust_dsl', 'timezone_name',
  'timezone_offset_hours_utc', 'business_country_code', 'created_time', 'next_bill_date', 'balance', 'spend_cap', 'amount_spent', 'owner',
  'owner_business{id,name}', 'users{id,name,role}', 'agencies{id,name,access_status,permitted_tasks}', 'adspaymentcycle{threshold_amount}',
  'insights.date_preset(maximum){spend}',
];
/** Admins (1001) and advertisers (1002) also read the payment and funding fields (spec section 6). */
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
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
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
  const list = followNextLinks<Summary>(bridge, 'me/adaccounts', { fields: 'id,account_id,name,account_status,users{id,role},owner_business{id,name}', limit: 100 }, {
    waitMs: 500, signal: o.signal, sleep: o.sleep, onPage: (page, rows) => o.onProgress?.({ phase: 'list', page, rows }),
  });
  for await (const page of list) for (const a of page) summaries.set(a.id, a);

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
        }
      } catch (e) {
        if (o.signal?.aborted) throw e;
        // a business the operator cannot read (restricted, no permission) leaves its accounts out
      }
    }
  }

  const all = [...summaries.values()];
  const roleOf = (s: Summary) => s.users?.data?.find((u) => String(u.id) === o.userId)?.role ?? 1001;
  const results = await runBatch(bridge, all.map((s) => ({ method: 'GET' as const, relative_url: `${s.id}?fields=${encodeURIComponent(fieldsForRole(roleOf(s)))}` })), {
    signal: o.signal, sleep: o.sleep, onChunk: (done, total) => o.onProgress?.({ phase: 'details', page: Math.ceil(done / 50), rows: all.length, done, total }),
  });
  return all.map((s, i) => {
    const detail = results[i]?.ok ? (results[i].body as AdAccount) : null;
    const account: AdAccount = { ...(s as AdAccount), ...(detail ?? {}), account_id: detail?.account_id ?? s.account_id ?? s.id.replace(/^act_/, '') };
    account.ownerrole = roleOf(s);
    account.business = account.owner_business?.name ?? '';
    account.assigned_partners = (account.agencies?.data ?? []).map((a) => a.name ?? a.id);
    return account;
  });
}
