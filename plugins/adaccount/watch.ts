import { toMajorUnits, type WatchCheck, type WatchSnapshotRow } from '@kernel';
import { loadAdAccounts } from './load';
import { ROLE_THROUGH_BUSINESS } from './mappings';
import type { AdAccount } from './types';

/**
 * An ad account of the list as the watch keeps it (plugin.json `watch`; docs/PLUGINS.md, "What the watch
 * keeps"): status, disable reason, amount spent, cap and balance (in the currency's major units), currency,
 * the operator's role and the users. A field the list has not read (an account whose detail batch did
 * not land, users the operator's role may not read) is left out: the server keeps its last value.
 */
export function toSnapshot(a: AdAccount): WatchSnapshotRow | null {
  if (!a.id) return null;
  const row: WatchSnapshotRow = { id: a.id, name: a.name, status: a.account_status };
  if (a.ownerrole !== undefined) row.myRole = a.ownerrole === ROLE_THROUGH_BUSINESS ? 'throughBusiness' : a.ownerrole;
  if (a.users?.data) row.users = a.users.data.map((u) => ({ id: String(u.id), ...(u.name && { name: u.name }), role: String(u.role) }));
  if (a.detailsLoaded === false) return row;
  if (a.disable_reason !== undefined) row.disableReason = a.disable_reason;
  if (a.currency) row.currency = a.currency;
  const money = (v: string | undefined) => toMajorUnits(v, a.currency);
  if (a.amount_spent !== undefined) row.amountSpent = money(a.amount_spent);
  // no cap is '0' on the platform: read, and empty
  if (a.spend_cap !== undefined) row.spendCap = a.spend_cap === '0' ? null : money(a.spend_cap);
  if (a.balance !== undefined) row.balance = money(a.balance);
  return row;
}

/**
 * The scheduled checks (plugin.json `watch.checks`): `health` reads the whole list as the list does
 * (status, disable reason, spend, cap, balance, users), through the background bridge it is given.
 */
export const checks: Record<string, WatchCheck> = {
  health: ({ bridge, signal, platformUserId }) => loadAdAccounts(bridge, { userId: platformUserId, signal }),
};
