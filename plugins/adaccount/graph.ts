import { followNextLinks, type Bridge } from '@kernel';

/** An ad account as the list reads it (the full field set arrives with the ad-account area). */
export interface AdAccountRow {
  id: string;
  account_id: string;
  name: string;
  account_status: number;
  currency?: string;
  amount_spent?: string;
  balance?: string;
  disable_reason?: number;
  owner_business?: { id: string; name: string };
}

export const LIST_FIELDS = 'id,account_id,name,account_status,currency,amount_spent,balance,disable_reason,owner_business{id,name}';

/** me/adaccounts, 100 a page, following next links 500 ms apart. */
export async function loadPersonalAccounts(bridge: Bridge, o: { signal?: AbortSignal; onPage?: (page: number, rows: number) => void } = {}): Promise<AdAccountRow[]> {
  const rows: AdAccountRow[] = [];
  for await (const page of followNextLinks<AdAccountRow>(bridge, 'me/adaccounts', { fields: LIST_FIELDS, limit: 100 }, { waitMs: 500, signal: o.signal, onPage: o.onPage })) rows.push(...page);
  return rows;
}

/** account_status → the key of its label (the platform's enum names). */
export const ACCOUNT_STATUS: Record<number, string> = {
  1: 'ACTIVE', 2: 'DISABLED', 3: 'UNSETTLED', 7: 'PENDING_RISK_REVIEW', 8: 'PENDING_SETTLEMENT', 9: 'IN_GRACE_PERIOD', 100: 'PENDING_CLOSURE', 101: 'CLOSED', 201: 'ANY_ACTIVE', 202: 'ANY_CLOSED',
};
