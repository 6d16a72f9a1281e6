/** The ad-account list's cache key (the same as views/AccountList's CACHE_KEY: a widget does not import the list view). */
export const ADACCOUNT_CACHE_KEY = 'adaccount:list';
/** The snapshot series the list records each time it loads (counts by account_status). */
export const STATUS_SERIES = 'adaccount.status';

/** The statuses that need the operator, with their filter name in the list (mappings.ts STATUS_FILTER) and label key. */
export const ATTENTION = [
  { code: 2, filter: 'DISABLED', key: 'widgets.byStatus.attention.disabled' },
  { code: 3, filter: 'UNSETTLED', key: 'widgets.byStatus.attention.needPay' },
  { code: 9, filter: 'IN_GRACE_PERIOD', key: 'widgets.byStatus.attention.grace' },
  { code: 7, filter: 'PENDING_RISK_REVIEW', key: 'widgets.byStatus.attention.review' },
] as const;
