/** Row ids by position in the table's `rows` array, and back. */
export interface IdLookup {
  readonly size: number;
  id(row: number): string;
  indexOf(id: string): number | undefined;
}

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * An immutable set of selected row ids, held as one byte per row of the current data (plus any
 * ids that are not rows of it, e.g. selected before a reload). Selecting or clearing the whole
 * view is a pass over a typed array, never 50,000 Set insertions, and "is row i selected" is an
 * array read. It is a real ReadonlySet<string>, so it is what onSelectionChange hands out.
 * Iteration follows the data order, then the ids that are not rows.
 */
export class SelectionSet implements ReadonlySet<string> {
  private constructor(
    readonly lookup: IdLookup,
    private readonly bits: Uint8Array | null,
    /** Selected rows of `lookup` (ids outside it not counted). */
    readonly rowCount: number,
    private readonly others: ReadonlySet<string>,
  ) {}

  static empty(lookup: IdLookup): SelectionSet {
    return new SelectionSet(lookup, null, 0, NO_IDS);
  }

  /** The same selection over `lookup` (itself when it already is). */
  static adopt(set: ReadonlySet<string>, lookup: IdLookup): SelectionSet {
    if (set instanceof SelectionSet && set.lookup === lookup) return set;
    if (set.size === 0) return SelectionSet.empty(lookup);
    const bits = new Uint8Array(lookup.size);
    let count = 0;
    let others: Set<string> | null = null;
    for (const id of set) {
      const row = lookup.indexOf(id);
      if (row === undefined) {
        (others ??= new Set()).add(id);
      } else if (bits[row] === 0) {
        bits[row] = 1;
        count++;
      }
    }
    return new SelectionSet(lookup, bits, count, others ?? NO_IDS);
  }

  get size(): number {
    return this.rowCount + this.others.size;
  }

  /** Ids that are not rows of the current data. */
  get otherCount(): number {
    return this.others.size;
  }

  hasRow(row: number): boolean {
    return this.bits !== null && this.bits[row] === 1;
  }

  has(id: string): boolean {
    if (this.bits === null && this.others.size === 0) return false;
    const row = this.lookup.indexOf(id);
    return row === undefined ? this.others.has(id) : this.hasRow(row);
  }

  /** How many of these rows are selected. */
  countIn(rows: ArrayLike<number>): number {
    const bits = this.bits;
    if (bits === null || this.rowCount === 0) return 0;
    if (rows.length === this.lookup.size) return this.rowCount; // every row (a view without a filter)
    let count = 0;
    for (let i = 0; i < rows.length; i++) count += bits[rows[i]];
    return count;
  }

  /** Selects (or clears) these rows (distinct positions, as in a view); returns this when nothing changes. */
  withRows(rows: ArrayLike<number>, selected: boolean): SelectionSet {
    const n = this.lookup.size;
    if (rows.length === n && n > 0) {
      // A view as long as the data holds every row once (views are permutations of subsets):
      // select-all or clear-all of an unfiltered view, whatever its order.
      if (this.rowCount === (selected ? n : 0)) return this;
      return new SelectionSet(this.lookup, selected ? new Uint8Array(n).fill(1) : null, selected ? n : 0, this.others);
    }
    const bits = this.bits ? this.bits.slice() : new Uint8Array(this.lookup.size);
    const value = selected ? 1 : 0;
    let count = this.rowCount;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (bits[row] !== value) {
        bits[row] = value;
        count += selected ? 1 : -1;
      }
    }
    if (count === this.rowCount) return this;
    return new SelectionSet(this.lookup, bits, count, this.others);
  }

  withRow(row: number, selected: boolean): SelectionSet {
    return this.withRows([row], selected);
  }

  /** Without the ids that are not rows of the current data. */
  withoutOthers(): SelectionSet {
    return this.others.size === 0 ? this : new SelectionSet(this.lookup, this.bits, this.rowCount, NO_IDS);
  }

  /** Selected ids that are not in `rows` (positions in the data): rows first, then the other ids. */
  idsOutside(rows: ArrayLike<number>): string[] {
    const ids: string[] = [];
    const bits = this.bits;
    if (bits !== null && this.rowCount > 0) {
      const inside = new Uint8Array(this.lookup.size);
      for (let i = 0; i < rows.length; i++) inside[rows[i]] = 1;
      for (let row = 0; row < bits.length; row++) if (bits[row] === 1 && inside[row] === 0) ids.push(this.lookup.id(row));
    }
    for (const id of this.others) ids.push(id);
    return ids;
  }

  private toArray(): string[] {
    const ids: string[] = [];
    const bits = this.bits;
    if (bits !== null && this.rowCount > 0) {
      for (let row = 0; row < bits.length; row++) if (bits[row] === 1) ids.push(this.lookup.id(row));
    }
    for (const id of this.others) ids.push(id);
    return ids;
  }

  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const id of this.toArray()) callback.call(thisArg, id, id, this);
  }

  keys() {
    return this.toArray()[Symbol.iterator]();
  }

  values() {
    return this.toArray()[Symbol.iterator]();
  }

  entries() {
    return this.toArray()
      .map((id): [string, string] => [id, id])
      [Symbol.iterator]();
  }

  [Symbol.iterator]() {
    return this.toArray()[Symbol.iterator]();
  }

  get [Symbol.toStringTag](): string {
    return 'SelectionSet';
  }
}
