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

/**
 * One sign per currency across the product (docs/SPEC.md section 16 maps about 55 codes): every list,
 * panel, widget and form that shows money writes it with `formatCurrency`. A code without a sign here
 * is written after the amount ("12 XYZ"). Never Intl's currency style: it writes the same currency
 * differently per language ("US$" in Chinese, "$" in English; "COP" beside "COL$").
 */
export const CURRENCY_SIGNS: Record<string, string> = {
  USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', HKD: 'HK$', TWD: 'NT$', KRW: '₩', INR: '₹', IDR: 'Rp', VND: '₫', THB: '฿', PHP: '₱', MYR: 'RM',
  SGD: 'S$', AUD: 'A$', NZD: 'NZ$', CAD: 'C$', MXN: 'MX$', BRL: 'R$', ARS: 'AR$', CLP: 'CLP$', COP: 'COL$', PEN: 'S/', UYU: '$U', PYG: '₲', BOB: 'Bs',
  CRC: '₡', GTQ: 'Q', HNL: 'L', NIO: 'C$', DOP: 'RD$', CHF: 'CHF', SEK: 'kr', NOK: 'kr', DKK: 'kr', ISK: 'kr', PLN: 'zł', CZK: 'Kč', HUF: 'Ft', RON: 'lei',
  BGN: 'лв', TRY: '₺', RUB: '₽', UAH: '₴', ILS: '₪', AED: 'د.إ', SAR: '﷼', QAR: 'QR', EGP: 'E£', ZAR: 'R', NGN: '₦', KES: 'KSh', PKR: '₨', BDT: '৳', LKR: 'Rs',
  DZD: 'DA', MAD: 'MAD',
};

// One formatter each, made once (toLocaleString builds one per call). Both languages of the product
// (zh-CN, en-US) group with "," and mark decimals with ".", so one formatter serves both.
const WHOLE_AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const DECIMAL_AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in the currency's main unit with the currency's one sign: "$1,234.50", "COL$5,000", "12 XYZ"; '' for no amount. */
export function formatCurrency(value: number | string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  const code = (currency ?? '').toUpperCase();
  const number = (Number.isInteger(n) ? WHOLE_AMOUNT : DECIMAL_AMOUNT).format(n);
  const sign = CURRENCY_SIGNS[code];
  return sign ? `${sign}${number}` : `${number} ${code}`.trim();
}

/** The characters of a formatted number: digits, the group and decimal separators, the minus sign. */
const NUMBER_CHARS = '0123456789,.-';

/** Every character formatCurrency can write for amounts in these currencies (a table column's `textChars`). */
export function currencyChars(currencies: Iterable<string | null | undefined>): string {
  const seen = new Set<string | null | undefined>();
  let chars = NUMBER_CHARS;
  for (const currency of currencies) {
    if (seen.has(currency)) continue; // most rows repeat a few currencies: one set lookup each
    seen.add(currency);
    const code = (currency ?? '').toUpperCase();
    chars += CURRENCY_SIGNS[code] ?? ` ${code}`;
  }
  return chars;
}
