import { toMajorUnits } from '@kernel';
import { CURRENCY_SYMBOLS } from './mappings';

/** An amount in the platform's minor units, shown in the currency's main unit with its symbol. */
export function formatMoney(amount: string | number | null | undefined, currency: string | null | undefined): string {
  return formatMajor(toMajorUnits(amount, currency), currency);
}

/** An amount already in the currency's main unit (insights spend, prepay `amount`), with its symbol. */
export function formatMajor(value: number | string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  value = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(value)) return '';
  const code = (currency ?? '').toUpperCase();
  const digits = Number.isInteger(value) ? 0 : 2;
  const number = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: 2 });
  const symbol = CURRENCY_SYMBOLS[code];
  return symbol ? `${symbol}${number}` : `${number} ${code}`.trim();
}

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A platform time (ISO string or seconds) in a display time zone, `YYYY-MM-DD HH:mm`. */
export function formatTime(value: string | number | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
    } catch {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
    }
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}`;
}
