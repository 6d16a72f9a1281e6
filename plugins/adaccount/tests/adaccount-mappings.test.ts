import { describe, expect, it } from 'vitest';
import { disableReasonKey, ROLE_KEYS, STATUS_FILTER, statusKey, CURRENCY_SYMBOLS } from '../mappings';
import { amountValue, formatMajor, formatMoney, formatTime, moneyChars, TIME_CHARS, timeValue } from '../format';
import { fieldsForRole, PAYMENT_FIELDS } from '../load';
import { nameOf } from '../actions/rename';
import zh from '../locales/zh-CN.json';
import en from '../locales/en-US.json';
import { toMajorUnits } from '../../../src/kernel/graph/money';

const lookup = (tree: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], tree);

describe('ad-account mappings', () => {
  it('maps every status of the spec to words (status 2 reads "Disabled", issue 33), anything else to "Unknown status"', () => {
    const expected: Record<number, string> = { 1: 'Active', 2: 'Disabled', 3: 'Need to pay', 7: 'Pending risk review', 8: 'Pending settlement', 9: 'In grace period', 100: 'Pending closure', 101: 'Closed', 201: 'Any active', 202: 'Any closed' };
    for (const [code, label] of Object.entries(expected)) expect(lookup(en, statusKey(Number(code)))).toBe(label);
    expect(lookup(en, statusKey(4))).toBe('Unknown status');
    expect(lookup(en, statusKey(undefined))).toBe('Unknown status');
    for (const code of [...Object.keys(expected), 'unknown']) expect(typeof lookup(zh, `status.${code}`)).toBe('string');
  });

  it('maps disable reasons 0–15 in the spec\'s order, others to Unknown', () => {
    expect(lookup(en, disableReasonKey(0))).toBe('None');
    expect(lookup(en, disableReasonKey(1))).toBe('Ads integrity policy');
    expect(lookup(en, disableReasonKey(7))).toBe('Permanent close');
    expect(lookup(en, disableReasonKey(15))).toBe('Compromised ad account');
    for (const bad of [16, -1, 2.5, undefined, null]) expect(lookup(en, disableReasonKey(bad as number))).toBe('Unknown');
    for (let i = 0; i <= 15; i++) expect(typeof lookup(zh, disableReasonKey(i))).toBe('string');
  });

  it('maps roles and offers the spec\'s status filter values and CLOSED', () => {
    expect(Object.keys(ROLE_KEYS).map(Number)).toEqual([0, 1001, 1002, 1003]);
    expect(lookup(en, ROLE_KEYS[0])).toBe('Through a business');
    expect(lookup(en, ROLE_KEYS[1002])).toBe('Advertisers');
    expect(STATUS_FILTER.map((s) => s.name)).toEqual(['ACTIVE', 'DISABLED', 'IN_GRACE_PERIOD', 'PENDING_CLOSURE', 'PENDING_RISK_REVIEW', 'PENDING_SETTLEMENT', 'UNSETTLED', 'CLOSED']);
  });
});

describe('currency rules', () => {
  it('keeps no-decimal currencies as they are and divides the others by 100', () => {
    for (const code of ['VND', 'JPY', 'IDR', 'CLP', 'COP', 'CRC', 'HUF', 'ISK', 'KRW', 'PYG', 'TWD']) expect(toMajorUnits('12345', code)).toBe(12345);
    expect(toMajorUnits('12345', 'USD')).toBe(123.45);
    expect(toMajorUnits('12345', 'eur')).toBe(123.45);
    expect(toMajorUnits('', 'USD')).toBeNull();
    expect(toMajorUnits('abc', 'USD')).toBeNull();
  });
  it('formats with the symbol of common codes, else the code', () => {
    expect(formatMoney('123456', 'USD')).toBe('$1,234.56');
    expect(formatMoney('5000', 'JPY')).toBe('¥5,000');
    expect(formatMoney('100', 'XXX')).toBe('1 XXX');
    expect(formatMajor('4031.43', 'EUR')).toBe('€4,031.43');
    expect(Object.keys(CURRENCY_SYMBOLS).length).toBeGreaterThanOrEqual(55);
  });
  it('shows times in Asia/Shanghai by default, or another zone', () => {
    expect(formatTime('2025-06-28T00:00:00+0000')).toBe('2025-06-28 08:00');
    expect(formatTime('2025-06-28T00:00:00+0000', 'America/New_York')).toBe('2025-06-27 20:00');
    expect(formatTime(0)).toBe('1970-01-01 08:00');
    expect(formatTime('not a date')).toBe('');
  });
  it('formats times exactly as Intl does, across offset changes (DST, half-hour zones)', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const reference = (ms: number, timeZone: string) => {
      if (!formats.has(timeZone)) {
        formats.set(timeZone, new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      }
      const parts = Object.fromEntries(
        formats.get(timeZone)!
          .formatToParts(ms)
          .map((part) => [part.type, part.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
    };
    const zones = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Sao_Paulo'];
    // Every 61 minutes 7 seconds through 2024 (both DST changes of each zone, at odd minutes),
    // a minute either side of each change, plus random instants since 2000.
    const instants: number[] = [];
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2025, 0, 1); ms += 3_667_000) instants.push(ms);
    for (const change of [Date.UTC(2024, 2, 10, 7), Date.UTC(2024, 10, 3, 6), Date.UTC(2024, 2, 31, 1), Date.UTC(2024, 9, 27, 1), Date.UTC(2024, 3, 6, 15), Date.UTC(2024, 9, 5, 15, 30)]) {
      instants.push(change - 60_000, change - 1_000, change, change + 60_000);
    }
    let seed = 7;
    for (let i = 0; i < 1000; i++) {
      seed = (seed * 48271) % 2147483647;
      instants.push(Date.UTC(2000, 0, 1) + (seed % 1_000_000) * 1_000_000);
    }
    for (const timeZone of zones) {
      const wrong = instants.filter((ms) => formatTime(ms / 1000, timeZone) !== reference(ms, timeZone));
      expect(wrong.map((ms) => `${new Date(ms).toISOString()} ${timeZone}`).slice(0, 3)).toEqual([]);
    }
    expect(formatTime('2025-06-28T00:00:00+0000', 'Not/AZone')).toBe('2025-06-28 08:00');
  });
  it('formats amounts exactly as toLocaleString does', () => {
    for (const value of [0, 1, -1, 0.5, 12.345, 999.995, 1234567.891, -4031.43, 1e15, 0.004]) {
      const digits = Number.isInteger(value) ? 0 : 2;
      expect(formatMajor(value, 'USD')).toBe(`$${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`);
    }
    expect(formatMajor('abc', 'USD')).toBe('');
    expect(formatMajor(null, 'USD')).toBe('');
  });
  it('declares every character its formatted amounts and times can show (the table skips them on that word)', () => {
    const outside = (text: string, chars: string) => [...text].filter((c) => !chars.includes(c)).join('');
    const codes = [...Object.keys(CURRENCY_SYMBOLS), 'XYZ', 'abc', ''];
    const values = [0, 1, -1, 0.5, -0.004, 12.345, 999.995, 1234567.891, -4031.43, 1e15, 1e21, -9.99e20, 123456789012.5];
    for (const code of codes) {
      for (const value of values) expect(outside(formatMajor(value, code), moneyChars([code]))).toBe('');
    }
    // Only the currencies asked for: a name's letters are not among them.
    expect(new Set(moneyChars(['USD', 'EUR', 'usd', null]))).toEqual(new Set('0123456789,.-$€ '));
    expect(moneyChars(['XYZ'])).toContain(' XYZ');
    const zones = ['Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC', 'Not/AZone'];
    for (const zone of zones) {
      for (const ms of [0, -1e12, 1.7e12, 253402300799000, -62135596800000, 8.64e15]) expect(outside(formatTime(ms / 1000, zone), TIME_CHARS)).toBe('');
    }
  });
  it('gives sort keys: amounts and times as numbers, nothing when absent', () => {
    expect(amountValue('12.5')).toBe(12.5);
    expect(amountValue('')).toBeUndefined();
    expect(amountValue('x')).toBeUndefined();
    expect(timeValue('2025-06-28T00:00:00+0000')).toBe(Date.UTC(2025, 5, 28));
    expect(timeValue(10)).toBe(10_000);
    expect(timeValue('never')).toBeUndefined();
    expect(timeValue(undefined)).toBeUndefined();
    expect(timeValue(9e12)).toBeUndefined(); // seconds past the last instant a Date holds
    expect(formatTime(8.64e12)).toBe(''); // the last instant: its local time is past it
    expect(formatTime(8.64e12, 'America/New_York')).toBe('+275760-09-12 20:00'.slice(1));
  });
});

describe('fields by role and rename templates', () => {
  it('admins and advertisers read payment fields, analysts do not', () => {
    for (const f of PAYMENT_FIELDS) {
      expect(fieldsForRole(1001)).toContain(f);
      expect(fieldsForRole(1002)).toContain(f);
      expect(fieldsForRole(1003)).not.toContain(f);
    }
  });
  it('fills {name}, {index} and {id}', () => {
    expect(nameOf({ id: 'act_77', name: 'Shop', index: 2 }, { name: '{name} - {index}' })).toBe('Shop - 3');
    expect(nameOf({ id: 'act_77' }, { name: 'Acc {id}' })).toBe('Acc 77');
    expect(nameOf({ id: 'act_1', name: '<b>x</b>' }, { name: '  {name}  ' })).toBe('<b>x</b>');
    expect(nameOf({ id: 'act_5', name: 'Shop US', business: 'Acme', currency: 'USD', index: 4 }, { name: '{business} {currency} {index:3} {name}', find: 'US', replace: 'EU' })).toBe('Acme USD 005 Shop EU');
  });
});
