import { describe, expect, it } from 'vitest';
import { matchesNumber, parseFilterNumber, parseNumberFilter } from '../../../src/kernel/table/number-filter';

const passes = (filter: string, values: number[]) => {
  const parsed = parseNumberFilter(filter);
  expect(parsed, filter).not.toBeNull();
  return values.filter((v) => matchesNumber(parsed!, v));
};

describe('numbers as an operator types them', () => {
  it.each([
    ['90', 90], ['-5', -5], ['+5', 5], ['0.5', 0.5], ['.5', 0.5], ['1.', 1], ['12.25', 12.25],
    ['1,000', 1000], ['12,345.67', 12345.67], ['1,000,000', 1e6], ['1 000', 1000], ['1_000', 1000],
    ['1k', 1000], ['1.5K', 1500], ['2m', 2e6], ['3万', 30000], ['-1.5k', -1500], ['95%', 95], [' 7 ', 7], ['−3', -3],
  ])('%s is %d', (text, n) => expect(parseFilterNumber(text)).toBeCloseTo(n, 9));

  it.each(['', '.', '-', 'k', '1,5', '1,00', '12,3456', 'abc', '1.2.3', '1e5', '0x10', '1kk', '$5', '5 apples', '--5'])('%j is no number', (text) => {
    expect(parseFilterNumber(text)).toBeNull();
  });
});

describe('number filters', () => {
  const values = [-10, -5, 0, 0.5, 89.99, 90, 90.01, 100, 500, 1000, 1500];

  it('compares: >, >=, <, <=, = and a bare number', () => {
    expect(passes('>90', values)).toEqual([90.01, 100, 500, 1000, 1500]);
    expect(passes('>=90', values)).toEqual([90, 90.01, 100, 500, 1000, 1500]);
    expect(passes('≥ 90', values)).toEqual([90, 90.01, 100, 500, 1000, 1500]);
    expect(passes('<0', values)).toEqual([-10, -5]);
    expect(passes('<=0.5', values)).toEqual([-10, -5, 0, 0.5]);
    expect(passes('=<0.5', values)).toEqual([-10, -5, 0, 0.5]);
    expect(passes('=500', values)).toEqual([500]);
    expect(passes('500', values)).toEqual([500]);
    expect(passes('> -6', values)).toEqual([-5, 0, 0.5, 89.99, 90, 90.01, 100, 500, 1000, 1500]);
  });

  it('reads group separators and suffixes: >1,000, >=1k, <1.5k', () => {
    expect(passes('>1,000', values)).toEqual([1500]);
    expect(passes('>=1k', values)).toEqual([1000, 1500]);
    expect(passes('<1.5k', values).at(-1)).toBe(1000);
    expect(passes('>=90%', values)).toEqual([90, 90.01, 100, 500, 1000, 1500]);
  });

  it('ranges include both ends; one end may stay open; reversed ends are swapped', () => {
    expect(passes('90..500', values)).toEqual([90, 90.01, 100, 500]);
    expect(passes('500..90', values)).toEqual([90, 90.01, 100, 500]);
    expect(passes('..0', values)).toEqual([-10, -5, 0]);
    expect(passes('1000..', values)).toEqual([1000, 1500]);
    expect(passes('-10..-5', values)).toEqual([-10, -5]);
    expect(passes('0.5 .. 1k', values)).toEqual([0.5, 89.99, 90, 90.01, 100, 500, 1000]);
  });

  it('a USD suffix asks for US dollars, in any case and spacing', () => {
    expect(parseNumberFilter('>100 USD')).toMatchObject({ min: 100, minInclusive: false, usd: true });
    expect(parseNumberFilter('..50usd')).toMatchObject({ max: 50, usd: true });
    expect(parseNumberFilter('1k..2k Usd')).toMatchObject({ min: 1000, max: 2000, usd: true });
    expect(parseNumberFilter('>100')).toMatchObject({ usd: false });
  });

  it('is not a number filter when it is not one (the column matches it as text)', () => {
    for (const text of ['', '  ', '..', '>', '>=', '>abc', 'No cap', '1..2..3', 'usd', '1,5', '>1,00']) expect(parseNumberFilter(text), text).toBeNull();
  });

  it('a row without a number never passes; float noise does not move a bound', () => {
    const f = parseNumberFilter('<=90')!;
    expect(matchesNumber(f, undefined)).toBe(false);
    expect(matchesNumber(f, null)).toBe(false);
    expect(matchesNumber(f, Number.NaN)).toBe(false);
    expect(matchesNumber(f, 0.9 * 100)).toBe(true); // 90.00000000000001
    expect(matchesNumber(parseNumberFilter('>90')!, 0.9 * 100)).toBe(false);
    expect(matchesNumber(parseNumberFilter('=0.3')!, 0.1 + 0.2)).toBe(true);
  });
});
