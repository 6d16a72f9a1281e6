// What of the ad accounts needs the operator (plugin.json "needs"): the cached list and the count over it.
import type { NeedCounter, NeedCounters } from '@kernel';
import type { AdAccount } from './types';
import { ADACCOUNT_CACHE_KEY } from './widgets/keys';
import { capUsedPct } from './cap-columns';

/** An account counts as near its cap from this share on (the list's `f.cap_used_pct=>=90`, the same share: cap-columns.ts). */
export const NEAR_CAP_PCT = 90;

/** A count over the cached ad-account list (null while it is not cached). */
const overAccounts = (count: (accounts: readonly AdAccount[]) => number): NeedCounter => ({
  lists: [ADACCOUNT_CACHE_KEY],
  count: ([accounts]) => (accounts ? count(accounts as readonly AdAccount[]) : null),
});

const needs: NeedCounters = {
  disabled: overAccounts((list) => list.filter((a) => a.account_status === 2).length),
  needPayment: overAccounts((list) => list.filter((a) => a.account_status === 3).length),
  nearCap: overAccounts((list) => list.filter((a) => (capUsedPct(a) ?? 0) >= NEAR_CAP_PCT).length),
};
export default needs;
