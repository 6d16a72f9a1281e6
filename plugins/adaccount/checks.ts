/**
 * What the dry run says about an ad account before anything is sent: each action's effect in the
 * operator's words (`describe`) and the problems the list's own data already shows (`preflight`):
 * a closed account, a role that cannot make the change, a spending limit below what was spent, a
 * currency change after spending. Keys are in this plugin's locale (`effects.*`, `preflight.*`).
 */
import { NO_DECIMAL_CURRENCIES, toMajorUnits, type JobItem, type PreflightProblem } from '@kernel';
import { formatMajor, formatMoney } from './format';
import { ROLE_KEYS, ROLE_THROUGH_BUSINESS } from './mappings';

/** An account as the list publishes it with its selection (views/AccountList.tsx `toItem`). */
export interface AccountItem extends JobItem {
  name?: string;
  /** 1-based position in the job is `index + 1` (rename's `{index}`). */
  index?: number;
  currency?: string;
  /** Name of the business the account belongs to ('' when personal): a name pattern's `{business}`. */
  business?: string;
  account_status?: number;
  /** Minor units, as the platform reads them. */
  amount_spent?: string;
  spend_cap?: string;
  /** The operator's role on the account: 1001 admin, 1002 advertiser, 1003 analyst, 0 through a business (unknown). */
  ownerrole?: number;
  timezone_name?: string;
  /** The paired entry of a pair action (a user id). */
  pair?: string;
}

export type Effect = { key: string; values?: Record<string, unknown> };
/** A value the dialog translates in this plugin's namespace before it fills the sentence. */
export const label = (key: string) => ({ t: key });

const CLOSED = new Set([100, 101, 202]);
const ADMIN = 1001;
const ANALYST = 1003;

/** Who may make a change: `admin` for the account's settings and people, `write` for anything that writes. */
export type Needs = 'admin' | 'write';

/** The account can take a write the operator's role allows; null when nothing in the list's data says otherwise. */
export function accountProblem(item: AccountItem, needs: Needs): PreflightProblem | null {
  if (item.account_status !== undefined && CLOSED.has(item.account_status)) {
    return { key: 'preflight.closed', values: { status: label(`status.${item.account_status}`) } };
  }
  const role = item.ownerrole;
  // Reached through a business: the operator's own role is not known, so nothing says the write is allowed.
  if (role === ROLE_THROUGH_BUSINESS) return { key: 'preflight.roleUnknown', values: { role: label(ROLE_KEYS[role]) } };
  if (role !== undefined && (role === ANALYST || (needs === 'admin' && role !== ADMIN))) {
    return { key: needs === 'admin' ? 'preflight.needsAdmin' : 'preflight.readOnly', values: { role: label(ROLE_KEYS[role] ?? 'roles.unknown') } };
  }
  return null;
}

export function spent(item: AccountItem): number {
  return toMajorUnits(item.amount_spent, item.currency) ?? 0;
}

/** The account's spending limit as text, or the "no limit" label (the platform reads 0 as none). */
export function currentCap(item: AccountItem): string | { t: string } {
  const cap = toMajorUnits(item.spend_cap, item.currency);
  return cap ? formatMajor(cap, item.currency) : label('effects.noCap');
}

/** A spending limit the account cannot take: below what it has spent, or with decimals its currency has none of. */
export function spendCapProblem(item: AccountItem, amount: number): PreflightProblem | null {
  const currency = item.currency ?? '';
  if (NO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) && !Number.isInteger(amount)) {
    return { key: 'preflight.noDecimals', values: { currency } };
  }
  const already = spent(item);
  if (already > 0 && amount <= already) {
    return { key: 'preflight.capBelowSpent', values: { cap: formatMajor(amount, currency), spent: formatMoney(item.amount_spent, currency) } };
  }
  return null;
}

/** The user ids of a pair item (one per job item) or, for a job saved before lists, the single id parameter. */
export function userOf(item: AccountItem, uid: string | string[]): string {
  return typeof item.pair === 'string' ? item.pair : Array.isArray(uid) ? uid[0] ?? '' : uid;
}
