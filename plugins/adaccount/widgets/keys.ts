/** The ad-account list's cache key (the same as views/AccountList's CACHE_KEY: a widget does not import the list view). */
export const ADACCOUNT_CACHE_KEY = 'adaccount:list';
/** The snapshot series the list records each time it loads (counts by account_status). */
export const STATUS_SERIES = 'adaccount.status';

/**
 * The statuses that need the operator, with their filter name in the list (mappings.ts STATUS_FILTER)
 * and label key: the status's own word (`status.<code>`), the one the list's status column shows.
 */
export const ATTENTION = [
  { code: 2, filter: 'DISABLED', key: 'status.2' },
  { code: 3, filter: 'UNSETTLED', key: 'status.3' },
  { code: 9, filter: 'IN_GRACE_PERIOD', key: 'status.9' },
  { code: 7, filter: 'PENDING_RISK_REVIEW', key: 'status.7' },
] as const;
