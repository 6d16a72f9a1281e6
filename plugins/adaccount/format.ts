import { currencyChars, formatCurrency, toMajorUnits } from '@kernel';

/** An amount in the platform's minor units, shown in the currency's main unit with its sign. */
export function formatMoney(amount: string | number | null | undefined, currency: string | null | undefined): string {
  return formatMajor(toMajorUnits(amount, currency), currency);
}

/**
 * Every character formatMajor can write for amounts in these currencies: the number's characters and
 * each currency's sign (or its code, for a currency without one). A table column's `textChars`.
 */
export function moneyChars(currencies: Iterable<string | null | undefined>): string {
  return currencyChars(currencies);
}

/** An amount as a number (for sorting), or undefined when there is none. */
export function amountValue(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** An amount already in the currency's main unit (insights spend, prepay `amount`), with the currency's one sign (the kernel's, as everywhere). */
export function formatMajor(value: number | string | null | undefined, currency: string | null | undefined): string {
  return formatCurrency(amountValue(value), currency);
}

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

const DAY_MS = 86_400_000;
/** The latest (and, negated, the earliest) instant a Date can hold. */
const MAX_TIME_MS = 8.64e15;
const MINUTE_MS = 60_000;
/** Days remembered per time zone before the cache starts over (about 27 years of distinct days). */
const DAYS_KEPT = 10_000;

interface Zone {
  parts: Intl.DateTimeFormat;
  /** UTC day number → the zone's offset (minutes) all that day, or NaN when it changes during the day. */
  days: Map<number, number>;
}
const zones = new Map<string, Zone>();

function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (!zone) {
    const options = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' } as const;
    let parts: Intl.DateTimeFormat;
    try {
      parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: DEFAULT_TIMEZONE });
    }
    zone = { parts, days: new Map() };
    zones.set(timeZone, zone);
  }
  return zone;
}

/** The zone's offset from UTC at `ms`, in minutes, from its wall-clock time then. */
function offsetAt(zone: Zone, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of zone.parts.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / MINUTE_MS);
}

/**
 * The offset at `ms`. Zones change offset at most a few times a year, never twice in a day: when
 * a UTC day starts and ends on the same offset, every instant of it has that offset. So one pair
 * of lookups serves a whole day (formatToParts costs ~3 µs; this is a map read).
 */
function offsetMinutes(zone: Zone, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  // The first and last days a Date can hold: their other end is out of range.
  if (day * DAY_MS < -MAX_TIME_MS || (day + 1) * DAY_MS - 1 > MAX_TIME_MS) return offsetAt(zone, ms);
  let offset = zone.days.get(day);
  if (offset === undefined) {
    const start = offsetAt(zone, day * DAY_MS);
    const end = offsetAt(zone, (day + 1) * DAY_MS - 1);
    offset = start === end ? start : Number.NaN;
    if (zone.days.size >= DAYS_KEPT) zone.days.clear();
    zone.days.set(day, offset);
  }
  return Number.isNaN(offset) ? offsetAt(zone, ms) : offset;
}

/** A platform time (ISO string or seconds) as milliseconds since the epoch (for sorting), or undefined. */
export function timeValue(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const ms = typeof value === 'number' ? value * 1000 : new Date(value).getTime();
  return Number.isNaN(ms) || Math.abs(ms) > MAX_TIME_MS ? undefined : ms;
}

/** Every character formatTime writes (a table column's `textChars`). */
export const TIME_CHARS = '0123456789-: ';

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A platform time (ISO string or seconds) in a display time zone, `YYYY-MM-DD HH:mm`. */
export function formatTime(value: string | number | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  const ms = timeValue(value);
  if (ms === undefined) return '';
  const local = new Date(ms + offsetMinutes(zoneOf(timeZone), ms) * MINUTE_MS);
  const year = local.getUTCFullYear();
  if (Number.isNaN(year)) return ''; // within a day of the last instant a Date holds: its local time is past it
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
}
