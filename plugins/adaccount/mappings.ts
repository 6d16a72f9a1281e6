/** The spec's numeric mappings for ad accounts (docs/SPEC.md section 10), as locale keys. */

/**
 * The operator's role on an account they are not among the users of: reached through a business. Their
 * own role is then unknown (the preflight warns), not the spec's default admin (docs/DECISIONS.md,
 * "Lists are read as a known platform identity").
 */
export const ROLE_THROUGH_BUSINESS = 0;

export const ROLE_KEYS: Record<number, string> = { 1001: 'roles.1001', 1002: 'roles.1002', 1003: 'roles.1003', [ROLE_THROUGH_BUSINESS]: 'roles.throughBusiness' };

/** account_status → the key of its label; anything else is UNKNOWN_STATUS. */
export const STATUS_KEYS: Record<number, string> = {
  1: 'status.1', 2: 'status.2', 3: 'status.3', 7: 'status.7', 8: 'status.8', 9: 'status.9', 100: 'status.100', 101: 'status.101', 201: 'status.201', 202: 'status.202',
};
export function statusKey(status: number | null | undefined): string {
  return (status !== null && status !== undefined && STATUS_KEYS[status]) || 'status.unknown';
}

/** The status filter values of docs/SPEC.md section 11, with their numbers. */
export const STATUS_FILTER: readonly { name: string; code: number }[] = [
  { name: 'ACTIVE', code: 1 }, { name: 'DISABLED', code: 2 }, { name: 'IN_GRACE_PERIOD', code: 9 }, { name: 'PENDING_CLOSURE', code: 100 },
  { name: 'PENDING_RISK_REVIEW', code: 7 }, { name: 'PENDING_SETTLEMENT', code: 8 }, { name: 'UNSETTLED', code: 3 },
  { name: 'CLOSED', code: 101 },
];

/** The platform's own name of each account_status (shown as the status label's tooltip). */
export const PLATFORM_STATUS_NAMES: Record<number, string> = {
  1: 'ACTIVE', 2: 'DISABLED', 3: 'UNSETTLED', 7: 'PENDING_RISK_REVIEW', 8: 'PENDING_SETTLEMENT', 9: 'IN_GRACE_PERIOD',
  100: 'PENDING_CLOSURE', 101: 'CLOSED', 201: 'ANY_ACTIVE', 202: 'ANY_CLOSED',
};

/** "Disabled — DISABLED": the word with the platform's name (a status cell's tooltip), or the word alone when they are the same. */
export function statusTooltip(label: string, status: number | null | undefined): string {
  const name = status === null || status === undefined ? undefined : PLATFORM_STATUS_NAMES[status];
  if (!name) return `${label} — ${status ?? '?'}`;
  return name === label ? label : `${label} — ${name}`;
}

/** disable_reason 0–15 in the spec's order; other values read Unknown. */
export function disableReasonKey(reason: number | null | undefined): string {
  return typeof reason === 'number' && Number.isInteger(reason) && reason >= 0 && reason <= 15 ? `disableReason.${reason}` : 'disableReason.unknown';
}

/** The one sign of each currency (the kernel's table, used everywhere money is shown). */
export { CURRENCY_SIGNS as CURRENCY_SYMBOLS } from '@kernel';
