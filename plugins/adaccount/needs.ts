// What of the ad accounts needs the operator, counted over the cached list (plugin.json "needs").
import type { NeedCounters } from '@kernel';
import type { AdAccount } from './types';

/** The share of its spending limit an account has used, in percent (null: no limit set). */
export function capUsedPct(a: Pick<AdAccount, 'spend_cap' | 'amount_spent'>): number | null {
  const cap = Number(a.spend_cap);
  if (!a.spend_cap || !Number.isFinite(cap) || cap <= 0) return null;
  const spent = Number(a.amount_spent ?? 0);
  return Number.isFinite(spent) ? (spent / cap) * 100 : null;
}

/** An account counts as near its cap from this share on (the list's `f.capUsedPct=>=90`). */
export const NEAR_CAP_PCT = 90;

const accounts = (lists: readonly (readonly unknown[] | null)[]) => lists[0] as readonly AdAccount[] | null;
const withStatus = (code: number) => (lists: readonly (readonly unknown[] | null)[]) => accounts(lists)?.filter((a) => a.account_status === code).length ?? null;

const needs: NeedCounters = {
  disabled: withStatus(2),
  needPayment: withStatus(3),
  nearCap: (lists) => accounts(lists)?.filter((a) => (capUsedPct(a) ?? 0) >= NEAR_CAP_PCT).length ?? null,
};
export default needs;
