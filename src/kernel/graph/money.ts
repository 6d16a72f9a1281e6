/** Currencies whose amounts the platform gives without minor units (docs/SPEC.md section 16). */
export const NO_DECIMAL_CURRENCIES = new Set(['VND', 'JPY', 'IDR', 'CLP', 'COP', 'CRC', 'HUF', 'ISK', 'KRW', 'PYG', 'TWD']);

/** A platform amount (a string or number in minor units) as a number in the currency's main unit. */
export function toMajorUnits(amount: string | number | null | undefined, currency: string | null | undefined): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return null;
  return currency && NO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? n : n / 100;
}
