// Platform vocabularies the data set and the handlers share (docs/PLATFORM.md section 7, docs/SPEC.md sections 10 and 16).

export const ACCOUNT_STATUSES = [1, 2, 3, 7, 8, 9, 100, 101] as const;
export const ACCOUNT_STATUS_NAMES: Record<number, string> = {
  1: 'ACTIVE', 2: 'DISABLED', 3: 'UNSETTLED', 7: 'PENDING_RISK_REVIEW', 8: 'PENDING_SETTLEMENT',
  9: 'IN_GRACE_PERIOD', 100: 'PENDING_CLOSURE', 101: 'CLOSED',
};
/** filter-only values: 201 ANY_ACTIVE, 202 ANY_CLOSED */
export const ANY_ACTIVE = new Set([1, 3, 7, 8, 9]);
export const ANY_CLOSED = new Set([2, 100, 101]);

export const DISABLE_REASONS = [
  'NONE', 'ADS_INTEGRITY_POLICY', 'ADS_IP_REVIEW', 'RISK_PAYMENT', 'GRAY_ACCOUNT_SHUT_DOWN',
  'ADS_AFC_REVIEW', 'BUSINESS_INTEGRITY_RAR', 'PERMANENT_CLOSE', 'UNUSED_RESELLER_ACCOUNT',
  'UNUSED_ACCOUNT', 'UMBRELLA_AD_ACCOUNT', 'BUSINESS_MANAGER_INTEGRITY_POLICY',
  'MISREPRESENTED_AD_ACCOUNT', 'AOAB_DESHARE_LEGAL_ENTITY', 'CTX_THREAD_REVIEW', 'COMPROMISED_AD_ACCOUNT',
] as const;

export const ROLE_ADMIN = 1001;
export const ROLE_ADVERTISER = 1002;
export const ROLE_ANALYST = 1003;
export type AdAccountRole = 1001 | 1002 | 1003;
export const ROLE_TASKS: Record<AdAccountRole, string[]> = {
  1001: ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT'],
  1002: ['ADVERTISE', 'ANALYZE', 'DRAFT'],
  1003: ['ANALYZE', 'DRAFT'],
};
const ROLE_NAMES: Record<string, AdAccountRole> = {
  ADMIN: 1001, MANAGE: 1001, GENERAL_USER: 1002, ADVERTISER: 1002, ADVERTISE: 1002, REPORTS_ONLY: 1003, ANALYST: 1003, ANALYZE: 1003,
};
/** role number from `1001`, `ADMIN`, `GENERAL_USER`, … or from a task list; null when it names no role */
export function parseAccountRole(role: string | undefined, tasks: string[] | null): AdAccountRole | null {
  if (role !== undefined && role !== '') {
    const n = Number(role);
    if (n === 1001 || n === 1002 || n === 1003) return n;
    return ROLE_NAMES[role.toUpperCase()] ?? null;
  }
  if (tasks && tasks.length) {
    const t = new Set(tasks.map((x) => x.toUpperCase()));
    if (t.has('MANAGE')) return 1001;
    if (t.has('ADVERTISE')) return 1002;
    if (t.has('ANALYZE')) return 1003;
  }
  return null;
}

export const AGENCY_TASKS = ['ADVERTISE', 'ANALYZE', 'DRAFT', 'MANAGE'] as const;
export const BUSINESS_ROLES = ['ADMIN', 'EMPLOYEE', 'FINANCE_EDITOR', 'FINANCE_ANALYST', 'ADS_RIGHTS_REVIEWER', 'DEVELOPER'] as const;
export const PAGE_TASKS = ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'] as const;

export interface Currency {
  code: string;
  /** minor units per major unit: 1 for the currencies without decimals, else 100 */
  offset: number;
  /** units of this currency per US dollar (account_currency_ratio_to_usd) */
  perUsd: number;
  country: string;
}

const NO_DECIMALS = new Set(['VND', 'JPY', 'IDR', 'CLP', 'COP', 'CRC', 'HUF', 'ISK', 'KRW', 'PYG', 'TWD']);
const CURRENCY_TABLE: [string, number, string][] = [
  ['USD', 1, 'US'], ['EUR', 0.92, 'DE'], ['JPY', 150, 'JP'], ['KRW', 1350, 'KR'], ['VND', 25000, 'VN'],
  ['IDR', 16000, 'ID'], ['TWD', 32, 'TW'], ['HUF', 360, 'HU'], ['CLP', 930, 'CL'], ['COP', 3900, 'CO'],
  ['CNY', 7.2, 'CN'], ['GBP', 0.79, 'GB'], ['CRC', 520, 'CR'], ['ISK', 138, 'IS'], ['PYG', 7300, 'PY'],
  ['BRL', 5.1, 'BR'], ['INR', 83, 'IN'], ['THB', 36, 'TH'], ['PHP', 56, 'PH'], ['MXN', 17, 'MX'],
  ['AUD', 1.52, 'AU'], ['CAD', 1.36, 'CA'], ['HKD', 7.8, 'HK'], ['SGD', 1.35, 'SG'], ['MYR', 4.7, 'MY'],
];
export const CURRENCIES: Record<string, Currency> = Object.fromEntries(
  CURRENCY_TABLE.map(([code, perUsd, country]) => [code, { code, offset: NO_DECIMALS.has(code) ? 1 : 100, perUsd, country }]),
);
export const CURRENCY_CODES = CURRENCY_TABLE.map(([c]) => c);

export interface TimeZone {
  /** the sandbox's own timezone ids (the platform's numbering is not published in full) */
  id: number;
  name: string;
  offset: number;
}
export const TIMEZONES: TimeZone[] = [
  ['America/Los_Angeles', -7], ['America/New_York', -4], ['Europe/London', 1], ['Europe/Berlin', 2],
  ['Asia/Shanghai', 8], ['Asia/Tokyo', 9], ['Asia/Seoul', 9], ['Asia/Ho_Chi_Minh', 7], ['Asia/Jakarta', 7],
  ['Asia/Taipei', 8], ['Europe/Budapest', 2], ['America/Santiago', -4], ['America/Bogota', -5],
  ['America/Sao_Paulo', -3], ['Asia/Kolkata', 5.5], ['Australia/Sydney', 10], ['Asia/Bangkok', 7],
  ['Asia/Manila', 8], ['America/Mexico_City', -6], ['Etc/GMT', 0], ['Asia/Hong_Kong', 8], ['Asia/Singapore', 8],
].map(([name, offset], i) => ({ id: i + 1, name: name as string, offset: offset as number }));

export function findTimezone(value: string | undefined): TimeZone | null {
  if (!value) return null;
  const n = Number(value);
  return TIMEZONES.find((t) => (Number.isFinite(n) ? t.id === n : t.name.toLowerCase() === value.toLowerCase())) ?? null;
}

/** funding_source_details.type values the platform documents */
export const FUNDING_TYPES = { CREDIT_CARD: 1, EXTENDED_CREDIT: 4, PAYPAL: 12, DIRECT_DEBIT: 17, STORED_BALANCE: 20 } as const;

export const GRAPH_HOST = 'https://graph.facebook.com';
export const WEB_HOSTS = ['business.facebook.com', 'www.facebook.com', 'adsmanager.facebook.com', 'm.facebook.com', 'web.facebook.com'] as const;

/** the data set's own "today": fixed, so the same seed gives the same data on any day */
export const DATA_EPOCH_S = Date.UTC(2025, 5, 1) / 1000;
