/** Currencies whose amounts the platform gives without minor units (docs/SPEC.md section 16). */
export const NO_DECIMAL_CURRENCIES = new Set(['VND', 'JPY', 'IDR', 'CLP', 'COP', 'CRC', 'HUF', 'ISK', 'KRW', 'PYG', 'TWD']);

/** A platform amount (a string or number in minor units) as a number in the currency's main unit. */
export function toMajorUnits(amount: string | number | null | undefined, currency: string | null | undefined): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return null;
  return currency && NO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? n : n / 100;
}

/**
 * An amount in the currency's main unit as US dollars, from the account's
 * `account_currency_ratio_to_usd` (units of the currency per dollar, sandbox/README.md). Null when
 * either is missing, so an amount without a ratio never sorts as if it were dollars.
 */
export function toUsd(major: number | null | undefined, unitsPerUsd: number | string | null | undefined): number | null {
  if (major === null || major === undefined || !Number.isFinite(major)) return null;
  const ratio = typeof unitsPerUsd === 'string' ? Number(unitsPerUsd) : unitsPerUsd;
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio) || ratio <= 0) return null;
  return major / ratio;
}
