/**
 * A fast first sort of a text column, for a click that comes before the background indexing has
 * sorted it (docs/DECISIONS.md, "The data table"). Sorting 50,000 names with Intl.Collator costs
 * about 800,000 comparisons; here the collator ranks only the distinct characters the column uses
 * (a few hundred), every text becomes a string of those ranks (a run of digits becomes its length
 * then its digits, which orders numbers by value, as the collator's `numeric` option does), and a
 * multikey quicksort orders the rows by their rank strings with typed-array reads only.
 *
 * That agrees with the collator whenever it compares these texts character by character (no
 * contractions or expansions: true of Latin letters, digits, punctuation and Han characters in the
 * locales the product ships). The caller checks each adjacent pair with the collator anyway
 * (it needs those comparisons to mark groups of equal values) and falls back to a full collator
 * sort if one pair disagrees.
 */
import type { CellValue } from './types';

const SMALL = 12; // subarrays this short are finished by insertion sort

/**
 * The items (row numbers whose value is a string) ordered as `compare` (an Intl.Collator with
 * numeric on) would order their texts, ties by item; null when a value is not a string.
 */
export function sortTextsByKeys(values: readonly CellValue[], items: Int32Array, compare: (a: string, b: string) => number): Int32Array | null {
  const n = items.length;
  // The distinct characters, ranked by the collator (ignorable ones dropped, equal ones sharing a rank).
  const seen = new Uint8Array(65536);
  let total = 0;
  for (let k = 0; k < n; k++) {
    const text = values[items[k]];
    if (typeof text !== 'string') return null;
    total += text.length;
    for (let i = 0; i < text.length; i++) seen[text.charCodeAt(i)] = 1;
  }
  const chars: string[] = [];
  for (let code = 0; code < 65536; code++) if (seen[code] === 1 && (code < 48 || code > 57)) chars.push(String.fromCharCode(code));
  chars.sort(compare);
  // Ranks from 1 (0 ends a key); DIGITS, the rank a number takes, sits where the collator puts '0'.
  const weight = new Uint16Array(65536);
  let rank = 1;
  let digits = 0;
  for (let k = 0; k < chars.length; k++) {
    if (k > 0 && compare(chars[k - 1], chars[k]) !== 0) rank++;
    if (digits === 0 && compare(chars[k], '0') > 0) digits = rank++;
    weight[chars[k].charCodeAt(0)] = compare(chars[k], '') === 0 ? 0xffff : rank;
  }
  if (digits === 0) digits = rank + 1;
  if (rank + 2 >= 0xffff) return null;

  // Keys, one after another in `key`, row k's from start[k] to start[k + 1].
  let key = new Uint16Array(total + (n << 1));
  const start = new Int32Array(n + 1);
  let at = 0;
  for (let k = 0; k < n; k++) {
    const text = values[items[k]] as string;
    start[k] = at;
    if (at + (text.length << 1) + 2 > key.length) {
      const grown = new Uint16Array(key.length * 2 + text.length * 2);
      grown.set(key);
      key = grown;
    }
    for (let i = 0; i < text.length; ) {
      const code = text.charCodeAt(i);
      if (code >= 48 && code <= 57) {
        let end = i + 1;
        while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
        let from = i;
        while (from < end - 1 && text.charCodeAt(from) === 48) from++; // leading zeros count for nothing
        key[at++] = digits;
        key[at++] = end - from;
        for (let d = from; d < end; d++) key[at++] = text.charCodeAt(d);
        i = end;
        continue;
      }
      const w = weight[code];
      if (w !== 0xffff) key[at++] = w;
      i++;
    }
  }
  start[n] = at;

  // Sort positions 0..n-1 by key (ties by position, which is by item: items ascend).
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  multikey(order, 0, n, 0, key, start);
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = items[order[k]];
  return out;
}

function charAt(key: Uint16Array, start: Int32Array, k: number, depth: number): number {
  const p = start[k] + depth;
  return p < start[k + 1] ? key[p] : 0;
}

/** Bentley–Sedgewick three-way radix quicksort of `a[lo, hi)` by keys from `depth` on. */
function multikey(a: Int32Array, lo: number, hi: number, depth: number, key: Uint16Array, start: Int32Array): void {
  while (hi - lo > 1) {
    if (hi - lo <= SMALL) {
      insertion(a, lo, hi, depth, key, start);
      return;
    }
    const pivot = charAt(key, start, a[lo + ((hi - lo) >> 1)], depth);
    let lt = lo;
    let gt = hi - 1;
    let i = lo;
    while (i <= gt) {
      const c = charAt(key, start, a[i], depth);
      if (c < pivot) {
        const t = a[lt];
        a[lt++] = a[i];
        a[i++] = t;
      } else if (c > pivot) {
        const t = a[gt];
        a[gt--] = a[i];
        a[i] = t;
      } else i++;
    }
    multikey(a, lo, lt, depth, key, start);
    multikey(a, gt + 1, hi, depth, key, start);
    if (pivot === 0) {
      a.subarray(lt, gt + 1).sort(); // equal keys: by position
      return;
    }
    lo = lt;
    hi = gt + 1;
    depth++;
  }
}

function insertion(a: Int32Array, lo: number, hi: number, depth: number, key: Uint16Array, start: Int32Array): void {
  for (let i = lo + 1; i < hi; i++) {
    const item = a[i];
    let j = i - 1;
    while (j >= lo && after(a[j], item, depth, key, start)) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = item;
  }
}

/** Does position x sort after position y (keys equal up to `depth`)? */
function after(x: number, y: number, depth: number, key: Uint16Array, start: Int32Array): boolean {
  let p = start[x] + depth;
  let q = start[y] + depth;
  const pEnd = start[x + 1];
  const qEnd = start[y + 1];
  while (p < pEnd && q < qEnd) {
    if (key[p] !== key[q]) return key[p] > key[q];
    p++;
    q++;
  }
  if (p < pEnd) return true;
  if (q < qEnd) return false;
  return x > y;
}
