import { ChunkedSort, NEVER, type TimeUp } from './chunked-sort';
import { sortTextsByKeys } from './key-sort';
import { cellText, compareValues, displayText, normalize } from './table-model';
import type { CellValue, DataColumn } from './types';

/** The rank of an empty value (undefined, null, ''): after every other value, in both directions. */
export const EMPTY_RANK = 0x7fffffff;

/** Up to this many distinct values a column is dictionary-encoded (one small code per row). */
const dictionaryLimit = (rows: number) => Math.max(2048, rows >> 4);
/** A column whose value function costs less than this per row is searched live, not copied. */
const LIVE_MAX_MS_PER_ROW = 0.0004;
const CHUNK_ROWS = 256; // rows per stored lower-case text chunk
const VALUES_CHECK_EVERY = 32;
/**
 * The value function's cost is the cheapest of its batches of this many rows: on a busy machine
 * the page is descheduled now and then, and an average would call a field read costly (and store
 * a copy of 50,000 names). Browsers round performance.now() to 0.1 ms: a batch must last longer.
 */
const TIMED_BATCH_ROWS = 4096;

type Phase = 'values' | 'encode' | 'sort' | 'rank' | 'done';

/**
 * What the table knows about one column over one `rows` array, built once (at idle, or at the
 * first sort/filter that needs it) and reused by every later sort and filter:
 *
 * - text for the search box and the column filter, in the cheapest form that still matches in
 *   time: a dictionary (codes per row + the distinct texts) when values repeat, a few large
 *   strings (256 rows' texts each, NUL-separated) when they do not and the value function is
 *   costly, or nothing at all when the value function is cheap enough to call again. The stored
 *   texts are also what the grid displays, so a costly value function runs once per row, not on
 *   every render. A column with a `text` function (a number shown formatted: amounts, times)
 *   stores no text: per block of 256 rows it keeps which characters its texts use and their
 *   longest run of digits, so a search computes texts only in blocks that could match (a name
 *   or an account id never formats a date);
 * - the order of the rows with the groups of equal values marked (dictionary columns: a rank per
 *   distinct value): a sort by this column, either direction, is that order (or its groups
 *   reversed), and a sort by several columns is a linear counting sort per column over ranks
 *   derived from it.
 *
 * The values themselves are dropped once the order exists: per row only typed arrays remain.
 */
export class ColumnIndex<Row> {
  private phase: Phase = 'values';
  private cursor = 0;
  private valueMs = 0;
  private cheapestRowMs = Infinity;
  private values: CellValue[] | null = null;
  private dictionary: Map<CellValue, number> | null = new Map();
  private codeScratch: Int32Array | null = null;
  private sorter: ChunkedSort | null = null;
  private sortedItems: Int32Array | null = null;
  /** The order came from the key sort: assignRanks checks it against the collator. */
  private checkOrder = false;
  /** The character bits of the column's declared characters (textChars); null when it declares none. */
  private declared: { low: number; high: number } | null | undefined;
  /** Counts the declarations dropped: a search result computed while one was trusted is stale after. */
  trustChanges = 0;

  kind: 'dictionary' | 'text' | 'live' | 'derived' = 'live';
  // dictionary
  codes: Uint8Array | Uint16Array | Int32Array | null = null;
  distinct: CellValue[] = [];
  distinctText: string[] = [];
  distinctLower: string[] = [];
  rankOfCode: Int32Array | null = null;
  // stored text
  chunks: string[] = [];
  /** Per chunk: the characters its placeholders stand for (see encodeChunk), or null. */
  wide: (string | null)[] = [];
  starts: Uint32Array | null = null;
  // derived text (a `text` function): per block of CHUNK_ROWS rows, two words of character bits and the longest digit run
  blockChars: Uint32Array | null = null;
  blockDigits: Uint8Array | null = null;
  // order (text, live and derived columns): rows in ascending order, the first row of each group
  // of equal values marked, how many rows have a value (the rest follow)
  // (two bytes a row where positions fit, a bit a row for the group starts: built for every
  // visible column, so they are most of the table's own heap)
  ascending: Int32Array | Uint16Array | null = null;
  startsGroup: Uint8Array | null = null;
  valued = 0;
  /** The highest rank (groups of equal values, minus one). */
  maxRank = -1;


  constructor(
    private readonly rows: readonly Row[],
    readonly column: DataColumn<Row>,
  ) {
    // Values of a column with a text function are sort keys (amounts, times): rarely repeated.
    if (column.text) this.dictionary = null;
  }

  get textReady(): boolean {
    return this.phase === 'sort' || this.phase === 'rank' || this.phase === 'done';
  }

  get rankReady(): boolean {
    return this.phase === 'done';
  }

  /** Bytes this index holds in typed arrays (its share of the table's heap, for tests and benchmarks). */
  get heldBytes(): number {
    const arrays = [this.codes, this.rankOfCode, this.starts, this.blockChars, this.blockDigits, this.ascending, this.startsGroup, this.codeScratch, this.sortedItems];
    return arrays.reduce((sum, array) => sum + (array?.byteLength ?? 0), 0);
  }

  /** Builds until `timeUp()` (or completely with NEVER); true when the text index is ready (and with `rank`, the ranks). */
  build(timeUp: TimeUp, rank: boolean): boolean {
    while (true) {
      switch (this.phase) {
        case 'values':
          if (!this.computeValues(timeUp)) return false;
          this.phase = 'encode';
          break;
        case 'encode':
          if (!this.encode(timeUp)) return false;
          this.phase = 'sort';
          break;
        case 'sort':
          if (!rank) return true;
          if (!this.sort(timeUp)) return false;
          this.phase = 'rank';
          break;
        case 'rank':
          if (!this.assignRanks(timeUp)) return false;
          this.phase = 'done';
          this.values = null;
          this.sortedItems = null;
          this.sorter = null;
          break;
        default:
          return true;
      }
      if (timeUp()) return this.phase === 'done' || (!rank && this.textReady);
    }
  }

  private computeValues(timeUp: TimeUp): boolean {
    const { rows, column } = this;
    if (!this.values) {
      this.values = new Array<CellValue>(rows.length);
      // Codes only while the column may still be a dictionary (never for a column with a text
      // function): the array is dropped when it stops being one, or kept as the codes.
      this.codeScratch = this.dictionary ? new Int32Array(rows.length) : null;
    }
    const values = this.values;
    const limit = dictionaryLimit(rows.length);
    const n = rows.length;
    // Timed per slice, and per batch of TIMED_BATCH_ROWS rows within a slice.
    const started = performance.now();
    let batchAt = started;
    let batchRow = this.cursor;
    const finish = () => {
      this.valueMs += performance.now() - started;
    };
    while (this.cursor < n) {
      const end = Math.min(n, this.cursor + VALUES_CHECK_EVERY);
      for (let i = this.cursor; i < end; i++) values[i] = normalize(column.value(rows[i]));
      const dictionary = this.dictionary;
      const scratch = this.codeScratch;
      if (dictionary && scratch) {
        for (let i = this.cursor; i < end; i++) {
          let code = dictionary.get(values[i]);
          if (code === undefined) {
            code = dictionary.size;
            dictionary.set(values[i], code);
          }
          scratch[i] = code;
        }
        if (dictionary.size > limit) {
          this.dictionary = null;
          this.codeScratch = null;
        }
      }
      this.cursor = end;
      if (this.cursor - batchRow >= TIMED_BATCH_ROWS) {
        const now = performance.now();
        this.cheapestRowMs = Math.min(this.cheapestRowMs, (now - batchAt) / (this.cursor - batchRow));
        batchAt = now;
        batchRow = this.cursor;
      }
      if (this.cursor < n && timeUp()) {
        finish();
        return false;
      }
    }
    finish();
    return true;
  }

  /** What one row's value costs, ms: the cheapest timed batch, or the average when none was timed. */
  private rowCostMs(n: number): number {
    return Number.isFinite(this.cheapestRowMs) ? this.cheapestRowMs : this.valueMs / n;
  }

  private encode(timeUp: TimeUp): boolean {
    const values = this.values!;
    const n = values.length;
    if (this.dictionary) {
      this.kind = 'dictionary';
      const size = this.dictionary.size;
      const scratch = this.codeScratch!;
      this.codes = size <= 256 ? Uint8Array.from(scratch) : size <= 65536 ? Uint16Array.from(scratch) : scratch;
      this.distinct = [...this.dictionary.keys()];
      this.distinctText = this.distinct.map(cellText);
      this.distinctLower = this.distinctText.map((text) => text.toLowerCase());
      this.dictionary = null;
      this.codeScratch = null;
      this.values = null; // sorting a dictionary column only needs its distinct values
      return true;
    }
    if (this.column.text) return this.encodeBlocks(timeUp);
    if (this.cursor === n) {
      // First call after the values: decide how to search this column.
      this.cursor = 0;
      this.kind = n > 0 && this.rowCostMs(n) > LIVE_MAX_MS_PER_ROW ? 'text' : 'live';
      if (this.kind === 'live') return true;
      this.starts = new Uint32Array(n);
      this.chunks = [];
    }
    if (this.kind === 'live') return true;
    const starts = this.starts!;
    while (this.cursor < n) {
      const begin = this.cursor;
      const end = Math.min(n, begin + CHUNK_ROWS);
      const parts = new Array<string>(end - begin);
      let offset = 0;
      for (let i = begin; i < end; i++) {
        const text = cellText(values[i]);
        parts[i - begin] = text;
        starts[i] = offset;
        offset += text.length + 1;
      }
      const encoded = encodeChunk(parts);
      this.chunks.push(encoded.text);
      this.wide.push(encoded.wide);
      this.cursor = end;
      if (this.cursor < n && timeUp()) return false;
    }
    return true;
  }

  /** Per block of rows of a derived-text column: which characters occur, and the longest digit run. */
  private encodeBlocks(timeUp: TimeUp): boolean {
    const n = this.rows.length;
    const text = this.column.text!;
    if (this.cursor === n) {
      this.cursor = 0;
      this.kind = 'derived';
      const blocks = Math.ceil(n / CHUNK_ROWS);
      this.blockChars = new Uint32Array(blocks * 2);
      this.blockDigits = new Uint8Array(blocks);
    }
    const chars = this.blockChars!;
    const digits = this.blockDigits!;
    while (this.cursor < n) {
      const block = Math.floor(this.cursor / CHUNK_ROWS);
      const end = Math.min(n, (block + 1) * CHUNK_ROWS);
      let low = 0;
      let high = 0;
      let longest = 0;
      for (let i = this.cursor; i < end; i++) {
        const shape = textShape(text(this.rows[i]).toLowerCase());
        low |= shape.low;
        high |= shape.high;
        if (shape.digits > longest) longest = shape.digits;
      }
      chars[block * 2] = low;
      chars[block * 2 + 1] = high;
      this.checkDeclared(low, high, block);
      digits[block] = Math.min(255, longest);
      this.cursor = end;
      if (this.cursor < n && timeUp()) return false;
    }
    return true;
  }

  private sort(timeUp: TimeUp): boolean {
    // A click is waiting (no time limit): text is sorted by collation keys (key-sort.ts), which
    // beats starting or finishing the resumable collator sort; assignRanks checks it pair by pair.
    if (timeUp === NEVER && this.kind !== 'dictionary') {
      const values = this.values!;
      const items = new Int32Array(values.length);
      let count = 0;
      for (let i = 0; i < values.length; i++) if (values[i] !== undefined) items[count++] = i;
      const byKeys = sortTextsByKeys(values, items.subarray(0, count), compareValues);
      if (byKeys) {
        this.cursor = 0;
        this.checkOrder = true;
        this.sorted(byKeys);
        return true;
      }
    }
    if (!this.sorter) {
      if (this.kind === 'dictionary') {
        const distinct = this.distinct;
        const items: number[] = [];
        for (let code = 0; code < distinct.length; code++) if (distinct[code] !== undefined) items.push(code);
        this.sorter = new ChunkedSort(Int32Array.from(items), (x, y) => compareValues(distinct[x], distinct[y]) || x - y);
      } else {
        const values = this.values!;
        const items = new Int32Array(values.length);
        let count = 0;
        for (let i = 0; i < values.length; i++) if (values[i] !== undefined) items[count++] = i;
        this.sorter = new ChunkedSort(items.slice(0, count), (x, y) => compareValues(values[x], values[y]) || x - y);
      }
      this.cursor = 0;
    }
    if (!this.sorter.run(timeUp)) return false;
    this.sorted(this.sorter.result());
    return true;
  }

  private sorted(items: Int32Array): void {
    this.sortedItems = items;
    this.sorter = null;
    if (this.kind === 'dictionary') {
      this.rankOfCode = new Int32Array(this.distinct.length).fill(EMPTY_RANK);
    } else {
      this.valued = this.sortedItems.length;
      this.ascending = this.rows.length <= 0x10000 ? new Uint16Array(this.rows.length) : new Int32Array(this.rows.length);
      this.ascending.set(this.sortedItems);
      this.startsGroup = new Uint8Array((this.rows.length + 7) >> 3);
    }
  }

  private assignRanks(timeUp: TimeUp): boolean {
    const sorted = this.sortedItems!;
    const source = this.kind === 'dictionary' ? this.distinct : this.values!;
    const rankOfCode = this.rankOfCode;
    const startsGroup = this.startsGroup;
    while (this.cursor < sorted.length) {
      const end = Math.min(sorted.length, this.cursor + 4096);
      for (let p = this.cursor; p < end; p++) {
        const item = sorted[p];
        const order = p === 0 ? -1 : compareValues(source[sorted[p - 1]], source[item]);
        if (this.checkOrder && (order > 0 || (order === 0 && sorted[p - 1] > item))) {
          // The key sort disagreed with the collator here (a contraction or expansion): sort again with it.
          this.checkOrder = false;
          const values = this.values!;
          const sorter = new ChunkedSort(sorted.slice().sort(), (x, y) => compareValues(values[x], values[y]) || x - y);
          sorter.run(NEVER);
          this.sorted(sorter.result());
          this.maxRank = -1;
          this.cursor = 0;
          return this.assignRanks(timeUp);
        }
        const starts = order !== 0;
        if (starts) this.maxRank++;
        if (rankOfCode) rankOfCode[item] = this.maxRank;
        else if (starts) startsGroup![p >> 3] |= 1 << (p & 7);
      }
      this.cursor = end;
      if (this.cursor < sorted.length && timeUp()) return false;
    }
    if (this.ascending) {
      // The rows without a value follow, in data order.
      const values = this.values!;
      let k = this.valued;
      for (let row = 0; row < values.length; row++) if (values[row] === undefined) this.ascending[k++] = row;
    }
    return true;
  }

  /**
   * Rows in order (ascending, or descending: the groups of equal values reversed), equal values in
   * data order, empty values last. Only for columns that are not dictionary-encoded (null otherwise).
   */
  sortedRows(desc: boolean): Int32Array | null {
    const ascending = this.ascending;
    if (!ascending || !this.rankReady) return null;
    if (!desc) return ascending instanceof Int32Array ? ascending : Int32Array.from(ascending);
    const startsGroup = this.startsGroup!;
    const out = new Int32Array(ascending.length);
    let k = 0;
    let end = this.valued;
    while (end > 0) {
      let start = end - 1;
      while ((startsGroup[start >> 3] & (1 << (start & 7))) === 0) start--;
      for (let p = start; p < end; p++) out[k++] = ascending[p];
      end = start;
    }
    out.set(ascending.subarray(this.valued), k);
    return out;
  }

  /** The rank of every row (equal values share one; empty values EMPTY_RANK); needs rankReady. */
  ranks(): Int32Array {
    const n = this.rows.length;
    const out = new Int32Array(n).fill(EMPTY_RANK);
    if (this.rankOfCode) {
      const codes = this.codes!;
      for (let row = 0; row < n; row++) out[row] = this.rankOfCode[codes[row]];
      return out;
    }
    const ascending = this.ascending!;
    const startsGroup = this.startsGroup!;
    let rank = -1;
    for (let p = 0; p < this.valued; p++) {
      if ((startsGroup[p >> 3] & (1 << (p & 7))) !== 0) rank++;
      out[ascending[p]] = rank;
    }
    return out;
  }

  /** The display text of row `i` (`cellText` of its value) when indexed, else null. */
  textAt(i: number): string | null {
    if (!this.textReady) return null;
    if (this.kind === 'dictionary') return this.distinctText[this.codes![i]];
    if (this.kind === 'live') return null;
    if (this.kind === 'derived') return this.column.text!(this.rows[i]);
    const c = Math.floor(i / CHUNK_ROWS);
    const chunk = this.chunks[c];
    const end = (i + 1) % CHUNK_ROWS === 0 || i + 1 === this.rows.length ? chunk.length : this.starts![i + 1] - 1;
    const text = chunk.slice(this.starts![i], end);
    const wide = this.wide[c];
    return wide !== null && PLACEHOLDER.test(text) ? fromPlaceholders(text, wide) : text;
  }

  /**
   * False when no text of this column can contain `query`: the query has a character outside the
   * column's declared characters (DataColumn.textChars). True when it might, or when the column declares none.
   */
  mayContain(query: string): boolean {
    const declared = this.declaredShape();
    if (declared === null) return true;
    const wanted = textShape(query);
    return (wanted.low & ~declared.low) === 0 && (wanted.high & ~declared.high) === 0;
  }

  private declaredShape(): { low: number; high: number } | null {
    if (this.declared === undefined) {
      // Only a column with a text function: its texts are what indexing checks the answer against.
      const chars = this.column.text ? this.column.textChars?.(this.rows) : undefined;
      // Lower-cased whole and one character at a time (a final sigma lower-cases differently in a word).
      this.declared = chars === undefined ? null : textShape(chars.toLowerCase() + Array.from(chars, (c) => c.toLowerCase()).join(''));
    }
    return this.declared;
  }

  /** While indexing: a block's texts used a character the column did not declare, so its declaration is not trusted. */
  private checkDeclared(low: number, high: number, block: number): void {
    const declared = this.declaredShape();
    if (declared === null) return;
    if ((low & ~declared.low) === 0 && (high & ~declared.high) === 0) return;
    console.warn(`table: column "${this.column.id}" shows characters its textChars leaves out (rows ${block * CHUNK_ROWS}–${block * CHUNK_ROWS + CHUNK_ROWS - 1}); searches now read all its texts`);
    this.declared = null;
    this.trustChanges++;
  }

  /**
   * Marks in `out` the rows whose lower-cased text contains `query` (computing the texts when not
   * textReady). Rows already marked are skipped, and so are rows outside `candidates` when given.
   */
  markContaining(query: string, out: Uint8Array, candidates: Uint8Array | null): void {
    const n = out.length;
    if (!this.mayContain(query)) return;
    // Texts computed here are matched as the stored chunks are: a case-insensitive expression, which
    // is several times faster than lower-casing each text first (a copy per row).
    const caseless = new RegExp(escapeRegExp(query), 'i');
    if (!this.textReady) {
      // Not indexed yet: each row's display text, computed here (the index stays as it is).
      const { rows, column } = this;
      for (let i = 0; i < n; i++) {
        if (out[i] === 1 || (candidates !== null && candidates[i] === 0)) continue;
        if (caseless.test(displayText(column, rows[i]))) out[i] = 1;
      }
      return;
    }
    if (this.kind === 'dictionary') {
      const codes = this.codes!;
      const hit = new Uint8Array(this.distinctLower.length);
      let any = false;
      for (let code = 0; code < hit.length; code++) {
        if (this.distinctLower[code].includes(query)) {
          hit[code] = 1;
          any = true;
        }
      }
      if (!any) return;
      for (let i = 0; i < n; i++) {
        if (hit[codes[i]] === 1 && (candidates === null || candidates[i] === 1)) out[i] = 1;
      }
      return;
    }
    if (this.kind === 'text') {
      // The chunks hold the display text; a case-insensitive expression finds the query in it.
      const plain = new RegExp(escapeRegExp(query), 'gi');
      const queryIsWide = WIDE_CHAR.test(query);
      const starts = this.starts!;
      for (let c = 0; c < this.chunks.length; c++) {
        const chunk = this.chunks[c];
        const wide = this.wide[c];
        let pattern = plain;
        if (wide !== null && queryIsWide) {
          const mapped = toPlaceholders(query, wide);
          if (mapped === null) continue; // a character this chunk does not contain
          pattern = new RegExp(escapeRegExp(mapped), 'gi');
        }
        const base = c * CHUNK_ROWS;
        const last = Math.min(n, base + CHUNK_ROWS) - 1;
        pattern.lastIndex = 0;
        let match = pattern.exec(chunk);
        let row = base;
        while (match !== null) {
          // The row whose text holds this position (positions only grow, so walk forwards).
          while (row < last && starts[row + 1] <= match.index) row++;
          if (candidates === null || candidates[row] === 1) out[row] = 1;
          if (row === last) break;
          pattern.lastIndex = starts[row + 1];
          row++;
          match = pattern.exec(chunk);
        }
      }
      return;
    }
    const { rows, column } = this;
    if (this.kind === 'derived') {
      // Only blocks whose texts use every character of the query and a long enough digit run.
      const wanted = textShape(query);
      const chars = this.blockChars!;
      const digits = this.blockDigits!;
      const text = column.text!;
      for (let block = 0; block * CHUNK_ROWS < n; block++) {
        if ((wanted.low & ~chars[block * 2]) !== 0 || (wanted.high & ~chars[block * 2 + 1]) !== 0) continue;
        if (wanted.digits > digits[block]) continue;
        const end = Math.min(n, (block + 1) * CHUNK_ROWS);
        for (let i = block * CHUNK_ROWS; i < end; i++) {
          if (out[i] === 1 || (candidates !== null && candidates[i] === 0)) continue;
          if (caseless.test(text(rows[i]))) out[i] = 1;
        }
      }
      return;
    }
    for (let i = 0; i < n; i++) {
      if (out[i] === 1 || (candidates !== null && candidates[i] === 0)) continue;
      if (caseless.test(cellText(normalize(column.value(rows[i]))))) out[i] = 1;
    }
  }

  /** Marks rows whose text is exactly `wanted` (an option filter). */
  markEqual(wanted: string, out: Uint8Array): void {
    if (this.kind === 'dictionary') {
      if (wanted === '') return;
      const codes = this.codes!;
      const hit = new Uint8Array(this.distinctText.length);
      let any = false;
      for (let code = 0; code < hit.length; code++) {
        if (this.distinctText[code] === wanted) {
          hit[code] = 1;
          any = true;
        }
      }
      if (!any) return;
      for (let i = 0; i < out.length; i++) if (hit[codes[i]] === 1) out[i] = 1;
      return;
    }
    const { rows, column } = this;
    for (let i = 0; i < out.length; i++) {
      const text = column.text ? column.text(rows[i]) : cellText(normalize(column.value(rows[i])));
      if (text !== '' && text === wanted) out[i] = 1;
    }
  }
}

/**
 * The characters a (lower-cased) text uses, as 64 bits — a–z, 0–9 one bit each, anything else
 * folded onto 28 more — and its longest run of digits. A text can only contain a query whose
 * bits it has all of and whose digit runs are no longer than its own.
 */
export function textShape(text: string): { low: number; high: number; digits: number } {
  let low = 0;
  let high = 0;
  let digits = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let bit: number;
    if (code >= 48 && code <= 57) {
      bit = 26 + code - 48;
      if (++run > digits) digits = run;
    } else {
      run = 0;
      bit = code >= 97 && code <= 122 ? code - 97 : 36 + (code % 28);
    }
    if (bit < 32) low |= 1 << bit;
    else high |= 1 << (bit - 32);
  }
  return { low: low >>> 0, high: high >>> 0, digits };
}

const WIDE_CHAR = /[^\u0000-\u00ff]/;
const PLACEHOLDER = /[\u0080-\u009f]/;
const PLACEHOLDERS = /[\u0080-\u009f]/g;
const PLACEHOLDER_BASE = 0x80;
const PLACEHOLDER_COUNT = 32;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A chunk of texts as one string of one byte per character when it can be: V8 stores a string
 * with any character above U+00FF at two bytes per character, so a single "€" or "₹" in 256
 * rows of amounts would double the chunk. Up to 32 distinct such characters that have no case
 * (currency signs, symbols) are replaced by the C1 control characters U+0080–U+009F, which never
 * occur in display text; `wide` lists what they stand for. Otherwise the chunk stays as it is.
 */
export function encodeChunk(parts: readonly string[]): { text: string; wide: string | null } {
  const joined = parts.join('\u0000');
  if (!WIDE_CHAR.test(joined) || PLACEHOLDER.test(joined)) return { text: joined, wide: null };
  let wide = '';
  const encoded = new Array<string>(parts.length);
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    if (!WIDE_CHAR.test(part)) {
      encoded[k] = part;
      continue;
    }
    const codes = new Array<number>(part.length);
    for (let i = 0; i < part.length; i++) {
      const code = part.charCodeAt(i);
      if (code <= 0xff) {
        codes[i] = code;
        continue;
      }
      const char = part[i];
      if (char.toLowerCase() !== char || char.toUpperCase() !== char) return { text: joined, wide: null };
      let slot = wide.indexOf(char);
      if (slot === -1) {
        if (wide.length === PLACEHOLDER_COUNT) return { text: joined, wide: null };
        slot = wide.length;
        wide += char;
      }
      codes[i] = PLACEHOLDER_BASE + slot;
    }
    encoded[k] = String.fromCharCode(...codes);
  }
  return { text: encoded.join('\u0000'), wide };
}

function fromPlaceholders(text: string, wide: string): string {
  return text.replace(PLACEHOLDERS, (char) => wide[char.charCodeAt(0) - PLACEHOLDER_BASE]);
}

/** The query as it appears in an encoded chunk, or null if the chunk cannot contain it. */
function toPlaceholders(query: string, wide: string): string | null {
  let out = '';
  for (let i = 0; i < query.length; i++) {
    if (query.charCodeAt(i) <= 0xff) {
      out += query[i];
      continue;
    }
    const slot = wide.indexOf(query[i]);
    if (slot === -1) return null;
    out += String.fromCharCode(PLACEHOLDER_BASE + slot);
  }
  return out;
}
