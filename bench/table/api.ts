/** What the bench page exposes as window.__bench (bench/table/main.tsx) to the driver (bench/table.ts). */
/** `search`: the whole query arrives as one input event (pasted), the cold scenario's filter. */
export type Measured = 'sort' | 'filter' | 'search' | 'selectAll';

export interface ScrollResult {
  /** requestAnimationFrame intervals, ms. */
  frames: number[];
  /** Frames checked just before paint. */
  checked: number;
  /** Checked frames in which a visible row slot was blank or showed the wrong row. */
  stale: number;
  staleExamples: string[];
  /** Row elements in the grid (header rows included), per checked frame. */
  rendered: number[];
}

export interface FirstRowParts { scriptMs: number; rowsMs: number; mountMs: number }

export interface BenchApi {
  rows: number;
  /** µs per row of each column's value function (5,000 sample rows). */
  columnCosts(): Record<string, number>;
  /** Navigation → first row painted, minus the time the page spent computing expected results. */
  firstRowMs?: number;
  /**
   * Where the first row's time went: the page's scripts loaded and evaluated (navigation start →
   * this page's code runs), the rows generated in the page, and the table's own part (mount →
   * first row painted).
   */
  firstRowParts?: FirstRowParts;
  filterQuery: string;
  expectedFilterCount: number;
  /** Starts watching for the result of the next input of this kind. */
  arm(kind: Measured): void;
  /** Input event → expected result painted, ms. */
  result(kind: Measured): Promise<number>;
  /** Input event → expected result in the DOM (before the paint), ms, of the last result. */
  lastDomMs?: number;
  /** Scrolls from the top; `sorted`: the view is sorted by name (else the data order). */
  scroll(durationMs: number, rowsPerSecond: number, sorted: boolean): Promise<ScrollResult>;
  heapMb(): Promise<number>;
  /** Set by `?mount=0`: heap with the rows generated but no table. */
  rowsOnlyHeapMb?: number;
}
