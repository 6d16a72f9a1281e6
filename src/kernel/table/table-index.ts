import { NEVER, type TimeUp } from './chunked-sort';
import { ColumnIndex, EMPTY_RANK } from './column-index';
import type { IdLookup } from './selection';
import { displayText, normalizeQuery, type ColumnFilter, type SortingState } from './table-model';
import { looksLikeNumberFilter, matchesNumber, parseNumberFilter, type NumberFilter } from './number-filter';
import type { DataColumn } from './types';

const ORDERS_KEPT = 3; // sort orders cached per data set (one Int32Array each)
const SLICE_MS = 8; // longest background step: input waits at most this long
const SAMPLE_ROWS = 32;

type IdleHandle = { cancel: () => void };

interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'background'; signal?: AbortSignal }): Promise<unknown>;
}

/**
 * Runs `work` as a background task: after input, rendering and everything else that is pending,
 * but without waiting for the browser to call the page idle (requestIdleCallback hands out one
 * slice per 50 ms idle period, which would stretch seconds of indexing into minutes).
 */
function inBackground(work: () => void): IdleHandle {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (typeof scheduler?.postTask === 'function' && typeof AbortController === 'function') {
    const controller = new AbortController();
    scheduler.postTask(work, { priority: 'background', signal: controller.signal }).catch(() => {});
    return { cancel: () => controller.abort() };
  }
  const idle = (globalThis as { requestIdleCallback?: typeof requestIdleCallback }).requestIdleCallback;
  if (typeof idle === 'function') {
    const handle = idle(work);
    return { cancel: () => cancelIdleCallback(handle) };
  }
  const timer = setTimeout(work, 1);
  return { cancel: () => clearTimeout(timer) };
}

/**
 * Everything the table derives from one `rows` array and one `columns` array, computed at most
 * once: per-column indexes (see ColumnIndex), cached sort orders, the last search result (a longer
 * query only re-checks the rows the shorter one matched), and the id ↔ row lookup for selection.
 * Views are Int32Arrays of row numbers; no per-row objects exist.
 */
export class TableIndex<Row> implements IdLookup {
  readonly size: number;
  private readonly columnsById = new Map<string, DataColumn<Row>>();
  private readonly columns = new Map<string, ColumnIndex<Row>>();
  private idToRow: Map<string, number> | null = null;
  private readonly orders = new Map<string, Int32Array>();
  private identity: Int32Array | null = null;
  private search: { key: string; query: string; trust: number; mask: Uint8Array; count: number } | null = null;
  private readonly filters = new Map<string, { query: string; exact: boolean; trust: number; mask: Uint8Array }>();
  private readonly numberFilters = new Map<string, { query: string; mask: Uint8Array }>();

  constructor(
    readonly rows: readonly Row[],
    columns: readonly DataColumn<Row>[],
    private readonly rowId: (row: Row) => string,
  ) {
    this.size = rows.length;
    for (const column of columns) this.columnsById.set(column.id, column);
  }

  id(row: number): string {
    return this.rowId(this.rows[row]);
  }

  indexOf(id: string): number | undefined {
    if (!this.idToRow) {
      const map = new Map<string, number>();
      for (let row = 0; row < this.size; row++) {
        const key = this.rowId(this.rows[row]);
        if (!map.has(key)) map.set(key, row);
      }
      this.idToRow = map;
    }
    return this.idToRow.get(id);
  }

  column(id: string): ColumnIndex<Row> | undefined {
    let index = this.columns.get(id);
    if (!index) {
      const column = this.columnsById.get(id);
      if (!column) return undefined;
      index = new ColumnIndex(this.rows, column);
      this.columns.set(id, index);
    }
    return index;
  }

  /** Row numbers in sorted order, or null for the data order. Ties keep the data order. */
  order(sorting: SortingState): Int32Array | null {
    const keys = sorting.filter((entry) => this.columnsById.get(entry.id)?.sortable !== false && this.columnsById.has(entry.id));
    if (keys.length === 0 || this.size === 0) return null;
    const cacheKey = keys.map((entry) => `${entry.id}\u0000${entry.desc ? 'd' : 'a'}`).join('\u0001');
    const cached = this.orders.get(cacheKey);
    if (cached) {
      this.orders.delete(cacheKey);
      this.orders.set(cacheKey, cached);
      return cached;
    }
    let order: Int32Array | null = null;
    // By one column: its kept order. By several: least significant key first, each pass a
    // stable counting sort by rank.
    for (let k = keys.length - 1; k >= 0; k--) {
      const index = this.column(keys[k].id)!;
      index.build(NEVER, true);
      order = (keys.length === 1 ? index.sortedRows(keys[k].desc) : null) ?? this.countingSort(order, index, keys[k].desc);
    }
    this.orders.set(cacheKey, order!);
    if (this.orders.size > ORDERS_KEPT) this.orders.delete(this.orders.keys().next().value!);
    return order;
  }

  private countingSort(order: Int32Array | null, index: ColumnIndex<Row>, desc: boolean): Int32Array {
    const n = this.size;
    const max = index.maxRank;
    // Bucket per row: its rank (reversed when descending), empty values in the last bucket.
    const bucket = index.ranks();
    for (let row = 0; row < n; row++) {
      const r = bucket[row];
      bucket[row] = r === EMPTY_RANK ? max + 1 : desc ? max - r : r;
    }
    const starts = new Int32Array(max + 3);
    for (let row = 0; row < n; row++) starts[bucket[row] + 1]++;
    for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
    const out = new Int32Array(n);
    for (let p = 0; p < n; p++) {
      const row = order ? order[p] : p;
      out[starts[bucket[row]]++] = row;
    }
    return out;
  }

  /**
   * Rows that match the search box (any of `searchIds` contains the query) and every column
   * filter, as a mask with a count; null when nothing filters.
   */
  filter(query: string, searchIds: readonly string[], columnFilters: readonly ColumnFilter[]): { mask: Uint8Array; count: number } | null {
    const masks: Uint8Array[] = [];
    const q = normalizeQuery(query);
    let count = -1;
    if (q) {
      const result = this.searchMask(q, searchIds);
      masks.push(result.mask);
      count = result.count;
    }
    for (const filter of columnFilters) {
      const mask = this.filterMask(filter);
      if (mask) masks.push(mask);
    }
    if (masks.length === 0) return null;
    if (masks.length === 1 && count >= 0) return { mask: masks[0], count };
    const mask = masks.length === 1 ? masks[0] : new Uint8Array(this.size);
    if (masks.length > 1) {
      for (let i = 0; i < this.size; i++) {
        let all = 1;
        for (let m = 0; m < masks.length && all; m++) all = masks[m][i];
        mask[i] = all;
      }
    }
    count = 0;
    for (let i = 0; i < this.size; i++) count += mask[i];
    return { mask, count };
  }

  private searchMask(q: string, ids: readonly string[]): { mask: Uint8Array; count: number } {
    const key = ids.join('\u0000');
    const all = ids.flatMap((id) => {
      const index = this.column(id);
      return index ? [index] : [];
    });
    // A result computed while a column's declared characters were trusted is not reused once they are dropped.
    const trust = all.reduce((sum, index) => sum + index.trustChanges, 0);
    const previous = this.search && this.search.key === key && this.search.trust === trust ? this.search : null;
    if (previous && previous.query === q) return previous;
    // A longer query can only match rows the shorter one matched.
    const candidates = previous && q.includes(previous.query) ? previous.mask : null;
    const mask = new Uint8Array(this.size);
    // A column whose declared characters rule the query out is passed over (DataColumn.textChars).
    const indexes = all.filter((index) => index.mayContain(q));
    // Indexed columns first; columns searched live then skip rows that already matched. Columns
    // the background indexing has not reached are scanned, not built (a search right after the
    // table appears): their texts only, cheapest first, each skipping rows that matched already.
    const cost = { dictionary: 0, text: 0, derived: 1, live: 2 } as const;
    const ready = indexes.filter((index) => index.textReady).sort((a, b) => cost[a.kind] - cost[b.kind]);
    const unbuilt = this.cheapestFirst(indexes.filter((index) => !index.textReady));
    for (const index of [...ready, ...unbuilt]) index.markContaining(q, mask, candidates);
    let count = 0;
    for (let i = 0; i < this.size; i++) count += mask[i];
    this.search = { key, query: q, trust, mask, count };
    return this.search;
  }

  private filterMask(filter: ColumnFilter): Uint8Array | null {
    const column = this.columnsById.get(filter.id);
    const index = this.column(filter.id);
    if (!column || !index || column.filter === false) return null;
    if (column.filter === 'number') {
      const parsed = parseNumberFilter(filter.value);
      if (parsed) return this.numberMask(column, parsed, filter.value.trim());
      // half a comparison (`>`, `>=9.`, `..`) filters nothing until it is one: the list does not blink empty
      if (looksLikeNumberFilter(filter.value)) return null;
    }
    const exact = typeof column.filter === 'object' && column.filter !== null;
    // `=BM1` in a text filter: the whole text, in any case (a dashboard figure's link to "BM1", not "BM10")
    const whole = !exact && /^=./.test(filter.value.trim());
    if (!exact && filter.value.trim() === '=') return null; // the start of `=text`: the list does not blink empty
    const query = exact ? filter.value : normalizeQuery(whole ? filter.value.trim().slice(1) : filter.value);
    if (!query) return null;
    index.build(NEVER, false);
    const key = whole ? `=${query}` : query;
    const kept = this.filters.get(filter.id);
    const previous = kept && kept.trust === index.trustChanges ? kept : undefined;
    if (previous && previous.exact === exact && previous.query === key) return previous.mask;
    const mask = new Uint8Array(this.size);
    if (exact) index.markEqual(query, mask);
    else {
      const narrows = previous && !previous.exact && !whole && !previous.query.startsWith('=') && query.includes(previous.query);
      index.markContaining(query, mask, narrows ? previous.mask : null);
      if (whole) for (let row = 0; row < this.size; row++) if (mask[row] === 1 && displayText(column, this.rows[row]).trim().toLowerCase() !== query) mask[row] = 0;
    }
    this.filters.set(filter.id, { query: key, exact, trust: index.trustChanges, mask });
    return mask;
  }

  /** Rows whose number passes a number filter (DataColumn `filter: 'number'`), kept per column until the query changes. */
  private numberMask(column: DataColumn<Row>, parsed: NumberFilter, query: string): Uint8Array {
    const kept = this.numberFilters.get(column.id);
    if (kept && kept.query === query) return kept.mask;
    const numberOf = (parsed.usd && column.filterUsd) || column.filterNumber || ((row: Row) => {
      const value = column.value(row);
      return typeof value === 'number' ? value : undefined;
    });
    const mask = new Uint8Array(this.size);
    for (let row = 0; row < this.size; row++) if (matchesNumber(parsed, numberOf(this.rows[row]))) mask[row] = 1;
    this.numberFilters.set(column.id, { query, mask });
    return mask;
  }

  /** The rows to show: `order` (or the data order) restricted to `filtered`. */
  view(order: Int32Array | null, filtered: { mask: Uint8Array; count: number } | null): Int32Array {
    if (!filtered) {
      if (order) return order;
      if (!this.identity) {
        this.identity = new Int32Array(this.size);
        for (let i = 0; i < this.size; i++) this.identity[i] = i;
      }
      return this.identity;
    }
    const { mask, count } = filtered;
    const out = new Int32Array(count);
    let k = 0;
    if (order) {
      for (let p = 0; p < order.length; p++) if (mask[order[p]] === 1) out[k++] = order[p];
    } else {
      for (let i = 0; i < this.size; i++) if (mask[i] === 1) out[k++] = i;
    }
    return out;
  }

  /**
   * Builds the indexes of these columns (search text and sort ranks) in background tasks,
   * cheapest value functions first, in slices of at most SLICE_MS. `onDone` runs when all are built. Returns a
   * cancel function.
   */
  buildInBackground(ids: readonly string[], onDone: () => void): () => void {
    let queue = ids.flatMap((id) => {
      const index = this.column(id);
      return index && !index.rankReady ? [index] : [];
    });
    if (queue.length === 0) {
      onDone();
      return () => {};
    }
    let sampled = false;
    let handle: IdleHandle | null = null;
    const step = () => {
      handle = null;
      const until = performance.now() + SLICE_MS;
      const timeUp: TimeUp = () => performance.now() >= until;
      if (!sampled) {
        sampled = true;
        queue = this.cheapestFirst(queue);
      }
      while (queue.length > 0) {
        if (queue[0].build(timeUp, true)) queue.shift();
        if (timeUp()) break;
      }
      if (queue.length === 0) onDone();
      else handle = inBackground(step);
    };
    handle = inBackground(step);
    return () => handle?.cancel();
  }

  private cheapestFirst(queue: ColumnIndex<Row>[]): ColumnIndex<Row>[] {
    const sample = this.rows.slice(0, SAMPLE_ROWS);
    const cost = new Map<ColumnIndex<Row>, number>();
    for (const index of queue) {
      const started = performance.now();
      for (const row of sample) {
        index.column.value(row);
        index.column.text?.(row);
      }
      cost.set(index, performance.now() - started);
    }
    return queue.slice().sort((a, b) => cost.get(a)! - cost.get(b)!);
  }
}
