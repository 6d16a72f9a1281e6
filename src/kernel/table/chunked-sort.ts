/** Returns true when the current slice of time is used up (checked every few hundred comparisons). */
export type TimeUp = () => boolean;

export const NEVER: TimeUp = () => false;

const RUN = 512; // sorted natively first, then merged bottom-up
const CHECK_EVERY = 256;

/**
 * A merge sort of an Int32Array of item numbers that can stop after any slice of time and resume
 * later, so sorting 200,000 strings with Intl.Collator (about a second) never blocks the page at
 * idle for longer than one slice. The comparator must be a total order (break ties by item).
 */
export class ChunkedSort {
  private a: Int32Array;
  private b: Int32Array;
  private readonly n: number;
  private width = 0; // 0 while the initial runs are sorted
  private runStart = 0;
  private pos = 0;
  private merging = false;
  private i = 0;
  private iEnd = 0;
  private j = 0;
  private jEnd = 0;
  private k = 0;

  constructor(items: Int32Array, private readonly compare: (x: number, y: number) => number) {
    this.a = items;
    this.b = new Int32Array(items.length);
    this.n = items.length;
  }

  /** Sorts until `timeUp()`; true once the whole array is sorted (then see `result`). */
  run(timeUp: TimeUp): boolean {
    const { n, compare } = this;
    if (this.width === 0) {
      while (this.runStart < n) {
        const end = Math.min(n, this.runStart + RUN);
        this.a.subarray(this.runStart, end).sort(compare);
        this.runStart = end;
        if (this.runStart < n && timeUp()) return false;
      }
      this.width = RUN;
    }
    while (this.width < n) {
      while (this.pos < n) {
        if (!this.merging) {
          this.i = this.pos;
          this.iEnd = Math.min(n, this.pos + this.width);
          this.j = this.iEnd;
          this.jEnd = Math.min(n, this.pos + 2 * this.width);
          this.k = this.pos;
          this.merging = true;
        }
        const { a, b, iEnd, jEnd } = this;
        let { i, j, k } = this;
        let budget = CHECK_EVERY;
        while (i < iEnd && j < jEnd) {
          if (compare(a[j], a[i]) < 0) b[k++] = a[j++];
          else b[k++] = a[i++];
          if (--budget === 0) {
            budget = CHECK_EVERY;
            if (timeUp()) {
              this.i = i;
              this.j = j;
              this.k = k;
              return false;
            }
          }
        }
        while (i < iEnd) b[k++] = a[i++];
        while (j < jEnd) b[k++] = a[j++];
        this.merging = false;
        this.pos = jEnd;
      }
      const swap = this.a;
      this.a = this.b;
      this.b = swap;
      this.width *= 2;
      this.pos = 0;
      if (this.width < n && timeUp()) return false;
    }
    return true;
  }

  /** The sorted items (valid once `run` returned true). */
  result(): Int32Array {
    return this.a;
  }
}
