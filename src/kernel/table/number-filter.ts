/**
 * What a number column's filter accepts (DataColumn `filter: 'number'`), as the operator types it:
 *
 * - a comparison: `>N`, `>=N`, `<N`, `<=N` (also `≥`, `≤`), `=N`, or `N` alone (equal);
 * - a range `A..B`, both ends included (`500..1000`); `..B` and `A..` leave one end open;
 * - numbers with a sign and decimals (`-5`, `0.5`, `.5`), group separators in their places (`1,000`,
 *   `12,345.67`; a comma elsewhere is not read as a decimal point: `1,5` is no number), spaces or
 *   underscores between digits (`1 000`), a `k` (thousand), `m` (million) or `万` (ten thousand) suffix
 *   (`1.5k`, `2万`), and a `%` after it (`>=90%`);
 * - on a money column, `USD` at the end (`>100 USD`, `..50usd`) compares the amount in US dollars
 *   instead of the row's own currency.
 *
 * Anything else is not a number filter (`parseNumberFilter` answers null) and the column matches it
 * as text, like any other column: `No cap` still finds the accounts without a spend cap.
 */
export interface NumberFilter {
  min: number;
  minInclusive: boolean;
  max: number;
  maxInclusive: boolean;
  /** compare the amount in US dollars (a money column's `filterUsd`) */
  usd: boolean;
}

const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6, '万': 1e4 };
/** digits with group separators in their places, or without any */
const GROUPED = /^(\d{1,3}(,\d{3})+|\d+)?(\.\d*)?$/;

/** One number as typed (see above), or null. */
export function parseFilterNumber(raw: string): number | null {
  let text = raw.trim().replace(/%$/, '').trim();
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+') || text.startsWith('−')) {
    if (text[0] !== '+') sign = -1;
    text = text.slice(1).trim();
  }
  let multiplier = 1;
  const last = text.slice(-1).toLowerCase();
  if (last in MULTIPLIERS) {
    multiplier = MULTIPLIERS[last]!;
    text = text.slice(0, -1).trim();
  }
  // spaces and underscores between digits group them too (`1 000`, `1_000`)
  text = text.replace(/(\d)[ _\u00a0](?=\d)/g, '$1');
  if (!text || text === '.' || !GROUPED.test(text)) return null;
  const n = Number(text.replace(/,/g, ''));
  return Number.isFinite(n) ? sign * n * multiplier : null;
}

/** The filter a number column's text stands for, or null when it is no number filter (matched as text). */
export function parseNumberFilter(raw: string): NumberFilter | null {
  let text = raw.trim();
  if (!text) return null;
  let usd = false;
  const suffix = /\s*usd$/i.exec(text);
  if (suffix) {
    usd = true;
    text = text.slice(0, suffix.index).trim();
  }
  const dots = text.indexOf('..');
  if (dots >= 0) {
    const from = text.slice(0, dots).trim();
    const to = text.slice(dots + 2).trim();
    if (!from && !to) return null;
    const a = from ? parseFilterNumber(from) : -Infinity;
    const b = to ? parseFilterNumber(to) : Infinity;
    if (a === null || b === null) return null;
    return { min: Math.min(a, b), minInclusive: true, max: Math.max(a, b), maxInclusive: true, usd };
  }
  const op = /^(>=|=>|≥|<=|=<|≤|>|<|=)?(.*)$/.exec(text)!;
  const n = parseFilterNumber(op[2]!);
  if (n === null) return null;
  switch (op[1]) {
    case '>': return { min: n, minInclusive: false, max: Infinity, maxInclusive: true, usd };
    case '>=': case '=>': case '≥': return { min: n, minInclusive: true, max: Infinity, maxInclusive: true, usd };
    case '<': return { min: -Infinity, minInclusive: true, max: n, maxInclusive: false, usd };
    case '<=': case '=<': case '≤': return { min: -Infinity, minInclusive: true, max: n, maxInclusive: true, usd };
    default: return { min: n, minInclusive: true, max: n, maxInclusive: true, usd };
  }
}

/**
 * Two numbers this close count as equal: amounts converted to dollars and percentages computed from
 * amounts carry rounding errors (0.9 × 100 is 90.00000000000001), and `<=90` must still take 90 %.
 */
function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Whether a row's number passes the filter; a row without a number (no cap, still loading) never does. */
export function matchesNumber(filter: NumberFilter, value: number | null | undefined): boolean {
  if (value === null || value === undefined || !Number.isFinite(value)) return false;
  const { min, minInclusive, max, maxInclusive } = filter;
  if (min !== -Infinity) {
    if (close(value, min)) { if (!minInclusive) return false; }
    else if (value < min) return false;
  }
  if (max !== Infinity) {
    if (close(value, max)) { if (!maxInclusive) return false; }
    else if (value > max) return false;
  }
  return true;
}

/** Text that starts like a comparison or a range (`>`, `<=`, `=`, `..`, `1..`) without being one yet. */
export function looksLikeNumberFilter(raw: string): boolean {
  const text = raw.trim();
  return /^(>|<|=|≥|≤)/.test(text) || text.includes('..');
}
