import { describe, expect, it, vi } from 'vitest';
import { ChunkedSort, NEVER } from '../../../src/kernel/table/chunked-sort';
import { EMPTY_RANK, encodeChunk } from '../../../src/kernel/table/column-index';
import { SelectionSet, type IdLookup } from '../../../src/kernel/table/selection';
import { TableIndex } from '../../../src/kernel/table/table-index';
import { compareValues, type SortingState } from '../../../src/kernel/table/table-model';
import { coverFor, covers, intersect, merge, positionsOf, visibleRows } from '../../../src/kernel/table/windowing';
import type { DataColumn } from '../../../src/kernel/table';

interface Item {
  id: string;
  name: string;
  group: string;
  amount: number | null;
  note: string;
}

const items: Item[] = [
  { id: 'i0', name: 'Delta', group: 'b', amount: 5, note: 'x' },
  { id: 'i1', name: 'alpha', group: 'a', amount: null, note: '' },
  { id: 'i2', name: 'Charlie 10', group: 'b', amount: 5, note: 'Store' },
  { id: 'i3', name: 'Charlie 9', group: 'a', amount: 1, note: 'store front' },
  { id: 'i4', name: 'bravo', group: 'b', amount: 20, note: 'STORAGE' },
];

// `note` costs enough per row to be stored as text (see ColumnIndex); the others are cheap.
function slowNote(item: Item): string {
  const end = performance.now() + 0.002;
  while (performance.now() < end) {
    // burn a little time, like a formatting value function
  }
  return item.note;
}

const columns: DataColumn<Item>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'group', header: 'Group', value: (r) => r.group, filter: { options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] } },
  { id: 'amount', header: 'Amount', value: (r) => r.amount },
  { id: 'note', header: 'Note', value: slowNote },
];

const build = (rows: readonly Item[] = items) => new TableIndex<Item>(rows, columns, (r) => r.id);
const ids = (index: TableIndex<Item>, view: ArrayLike<number>) => Array.from(view, (row) => index.id(row));

/** The reference: a plain comparator sort over the same rules (empty last, ties by data order). */
function referenceOrder(rows: readonly Item[], sorting: SortingState): string[] {
  const value = (row: Item, id: string) => {
    const v = columns.find((c) => c.id === id)!.value(row);
    return v === null || v === '' ? undefined : v;
  };
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      for (const { id, desc } of sorting) {
        const x = value(a.row, id);
        const y = value(b.row, id);
        if (x === undefined && y === undefined) continue;
        if (x === undefined) return 1;
        if (y === undefined) return -1;
        const c = compareValues(x, y);
        if (c !== 0) return desc ? -c : c;
      }
      return a.i - b.i;
    })
    .map(({ row }) => row.id);
}

describe('ChunkedSort', () => {
  it('sorts in slices and gives the same order as one sort', () => {
    const n = 5000;
    const values = Array.from({ length: n }, (_, i) => (i * 7919) % 1013);
    const items = Int32Array.from({ length: n }, (_, i) => i);
    const cmp = (x: number, y: number) => values[x] - values[y] || x - y;
    const sorter = new ChunkedSort(items.slice(), cmp);
    let slices = 0;
    let calls = 0;
    while (!sorter.run(() => ++calls % 3 === 0)) slices++;
    expect(slices).toBeGreaterThan(3);
    expect(Array.from(sorter.result())).toEqual(Array.from(items).sort(cmp));
  });

  it('handles tiny inputs', () => {
    const sorter = new ChunkedSort(Int32Array.from([2, 0, 1]), (x, y) => x - y);
    expect(sorter.run(NEVER)).toBe(true);
    expect(Array.from(sorter.result())).toEqual([0, 1, 2]);
    const empty = new ChunkedSort(new Int32Array(0), (x, y) => x - y);
    expect(empty.run(NEVER)).toBe(true);
  });
});

describe('TableIndex sorting', () => {
  it.each<SortingState>([
    [{ id: 'name', desc: false }],
    [{ id: 'name', desc: true }],
    [{ id: 'amount', desc: false }],
    [{ id: 'amount', desc: true }],
    [{ id: 'group', desc: false }, { id: 'amount', desc: true }],
    [{ id: 'group', desc: true }, { id: 'name', desc: false }],
    [{ id: 'note', desc: false }],
  ])('matches a comparator sort for %j', (...sorting) => {
    const index = build();
    expect(ids(index, index.order(sorting)!)).toEqual(referenceOrder(items, sorting));
  });

  it('sorts text naturally and case-insensitively, empty values last both ways', () => {
    const index = build();
    expect(ids(index, index.order([{ id: 'name', desc: false }])!)).toEqual(['i1', 'i4', 'i3', 'i2', 'i0']);
    expect(ids(index, index.order([{ id: 'amount', desc: true }])!).at(-1)).toBe('i1');
    expect(ids(index, index.order([{ id: 'amount', desc: false }])!).at(-1)).toBe('i1');
  });

  it('keeps ties in data order in both directions', () => {
    const index = build();
    const asc = ids(index, index.order([{ id: 'amount', desc: false }])!);
    const desc = ids(index, index.order([{ id: 'amount', desc: true }])!);
    expect(asc.indexOf('i0')).toBeLessThan(asc.indexOf('i2'));
    expect(desc.indexOf('i0')).toBeLessThan(desc.indexOf('i2'));
  });

  it('returns null without sort keys and caches orders', () => {
    const index = build();
    expect(index.order([])).toBeNull();
    expect(index.order([{ id: 'unknown', desc: false }])).toBeNull();
    const first = index.order([{ id: 'name', desc: false }]);
    expect(index.order([{ id: 'name', desc: false }])).toBe(first);
  });

  it('gives equal values one rank and empty values EMPTY_RANK', () => {
    const index = build();
    index.column('amount')!.build(NEVER, true);
    const ranks = index.column('amount')!.ranks();
    expect(ranks[0]).toBe(ranks[2]);
    expect(ranks[1]).toBe(EMPTY_RANK);
    expect(ranks[3]).toBeLessThan(ranks[0]);
  });

  it('matches a comparator sort on 3,000 generated rows, built in background slices', async () => {
    const rows: Item[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `r${i}`,
      name: `Name ${(i * 37) % 1000}`,
      group: ['a', 'b', 'c'][i % 3],
      amount: i % 11 === 0 ? null : (i * 7919) % 97,
      note: i % 5 === 0 ? '' : `n${i % 50}`,
    }));
    const index = build(rows);
    await new Promise<void>((resolve) => index.buildInBackground(['name', 'group', 'amount', 'note'], resolve));
    for (const sorting of [
      [{ id: 'name', desc: false }],
      [{ id: 'amount', desc: true }, { id: 'name', desc: false }],
      [{ id: 'group', desc: false }, { id: 'note', desc: true }, { id: 'amount', desc: false }],
    ] as SortingState[]) {
      expect(ids(index, index.order(sorting)!)).toEqual(referenceOrder(rows, sorting));
    }
  });
});

describe('TableIndex filtering', () => {
  const searchIds = ['name', 'group', 'amount', 'note'];

  it('search matches any of the given columns, case-insensitively, in every storage kind', () => {
    const index = build();
    for (const id of searchIds) index.column(id)!.build(NEVER, false); // as the background indexing leaves them
    const match = (q: string, among = searchIds) => {
      const result = index.filter(q, among, []);
      return result ? ids(index, index.view(null, result)) : null;
    };
    expect(match('')).toBeNull();
    expect(match('CHARLIE')).toEqual(['i2', 'i3']);
    expect(match('stor')).toEqual(['i2', 'i3', 'i4']); // stored text, mixed case
    expect(match('storage')).toEqual(['i4']); // narrowed from the previous result
    expect(match('20')).toEqual(['i4']);
    expect(match('b', ['group'])).toEqual(['i0', 'i2', 'i4']); // dictionary
    expect(match('zzz')).toEqual([]);
    expect(index.column('group')!.kind).toBe('dictionary');
  });

  it('stores costly, mostly distinct text in chunks and searches it case-insensitively', () => {
    const rows: Item[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `r${i}`,
      name: `n${i}`,
      group: 'a',
      amount: i,
      note: i % 7 === 0 ? '' : `Note ${i} (Store)`,
    }));
    const index = build(rows);
    index.column('note')!.build(NEVER, false);
    const count = (q: string) => index.filter(q, ['note'], [])?.count ?? rows.length;
    const reference = (q: string) => rows.filter((r) => r.note.toLowerCase().includes(q.toLowerCase())).length;
    expect(count('NOTE 29')).toBe(reference('NOTE 29'));
    expect(index.column('note')!.kind).toBe('text');
    expect(count('(store)')).toBe(reference('(store)'));
    expect(count('e 1 (')).toBe(reference('e 1 ('));
    expect(index.column('note')!.textAt(1)).toBe('Note 1 (Store)');
    expect(index.column('note')!.textAt(255)).toBe('Note 255 (Store)'); // last of a chunk
    expect(index.column('note')!.textAt(256)).toBe('Note 256 (Store)');
    expect(index.column('note')!.textAt(2999)).toBe('Note 2999 (Store)');
    expect(index.column('note')!.textAt(7)).toBe('');
    expect(index.column('name')!.kind).toBe('live');
    expect(index.filter('n299', ['name'], [])!.count).toBe(11);
  });

  it('searches columns the background indexing has not reached without building them', () => {
    const index = build();
    const result = index.filter('stor', searchIds, [])!;
    expect(ids(index, index.view(null, result))).toEqual(['i2', 'i3', 'i4']);
    expect(index.filter('20', searchIds, [])!.count).toBe(1);
    for (const id of searchIds) expect(index.column(id)!.textReady).toBe(false);
  });

  it('narrows only when the new query extends the previous one', () => {
    const index = build();
    expect(index.filter('sto', searchIds, [])!.count).toBe(3);
    expect(index.filter('store', searchIds, [])!.count).toBe(2);
    // Not an extension: back to all rows.
    expect(index.filter('tore', searchIds, [])!.count).toBe(2);
    expect(index.filter('a', searchIds, [])!.count).toBe(5);
  });

  it('combines the search with text and option column filters', () => {
    const index = build();
    const f = index.filter('', searchIds, [{ id: 'group', value: 'b' }]);
    expect(ids(index, index.view(null, f))).toEqual(['i0', 'i2', 'i4']);
    const g = index.filter('', searchIds, [{ id: 'group', value: 'b' }, { id: 'name', value: '  CHAR ' }]);
    expect(ids(index, index.view(null, g))).toEqual(['i2']);
    const h = index.filter('10', searchIds, [{ id: 'group', value: 'b' }]);
    expect(h!.count).toBe(1);
    expect(ids(index, index.view(index.order([{ id: 'name', desc: true }]), index.filter('', searchIds, [{ id: 'group', value: 'b' }])))).toEqual(['i0', 'i2', 'i4']);
  });

  it('a text filter starting with = keeps the rows whose whole text it is, in any case', () => {
    const index = build();
    const part = index.filter('', searchIds, [{ id: 'note', value: 'store' }]);
    expect(ids(index, index.view(null, part))).toEqual(['i2', 'i3']);
    const whole = index.filter('', searchIds, [{ id: 'note', value: '=STORE' }]);
    expect(ids(index, index.view(null, whole))).toEqual(['i2']);
    // after a whole-text filter, a part filter again finds every row containing it
    expect(index.filter('', searchIds, [{ id: 'note', value: 'stor' }])!.count).toBe(3);
    expect(index.filter('', searchIds, [{ id: 'name', value: '=charlie 1' }])!.count).toBe(0);
    expect(index.filter('', searchIds, [{ id: 'note', value: '=' }])).toBeNull(); // a lone "=" filters nothing yet
  });

  it('an option filter matches the whole text exactly', () => {
    const index = build();
    expect(index.filter('', searchIds, [{ id: 'group', value: 'B' }])!.count).toBe(0);
    expect(index.filter('', searchIds, [{ id: 'group', value: 'a' }])!.count).toBe(2);
  });

  it('gives the display text of indexed cells', () => {
    const index = build();
    index.column('note')!.build(NEVER, false);
    index.column('group')!.build(NEVER, false);
    expect(index.column('note')!.textAt(2)).toBe('Store');
    expect(index.column('note')!.textAt(1)).toBe('');
    expect(index.column('group')!.textAt(3)).toBe('a');
    expect(index.column('name')!.textAt(0)).toBeNull(); // not built (and cheap: searched live)
  });
});

describe('stored text encoding', () => {
  it('replaces caseless wide characters by placeholders and leaves other chunks alone', () => {
    expect(encodeChunk(['$1.00', 'abc'])).toEqual({ text: '$1.00\u0000abc', wide: null });
    const euro = encodeChunk(['€1.00', '₹2', '€3']);
    expect(euro.wide).toBe('€₹');
    expect(euro.text).toBe('\u00801.00\u0000\u00812\u0000\u00803');
    expect(encodeChunk(['Ωmega', '€']).wide).toBeNull(); // a letter with case: kept as it is
    expect(encodeChunk(['广告', '€']).wide).toBe('广告€');
  });

  it('displays and searches encoded chunks like the original text', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: `r${i}`, v: i % 3 === 0 ? `€${i}` : i % 3 === 1 ? `₹${i}` : `$${i}` }));
    const slow = (r: { v: string }) => {
      const end = performance.now() + 0.002;
      while (performance.now() < end) {
        // a costly value function
      }
      return r.v;
    };
    const index = new TableIndex(rows, [{ id: 'v', header: 'V', value: slow }], (r) => r.id);
    index.column('v')!.build(NEVER, false);
    const count = (q: string) => index.filter(q, ['v'], [])!.count;
    expect(count('€1')).toBe(rows.filter((r) => r.v.startsWith('€1')).length);
    expect(count('₹')).toBe(1000);
    expect(count('£')).toBe(0);
    expect(count('12')).toBe(rows.filter((r) => r.v.includes('12')).length);
    expect(index.column('v')!.kind).toBe('text');
    expect(index.column('v')!.textAt(3)).toBe('€3');
    expect(index.column('v')!.textAt(4)).toBe('₹4');
    expect(index.column('v')!.textAt(5)).toBe('$5');
  });
});

describe('SelectionSet', () => {
  const lookup: IdLookup = {
    size: 4,
    id: (row) => `r${row}`,
    indexOf: (id) => (/^r[0-3]$/.test(id) ? Number(id.slice(1)) : undefined),
  };

  it('is an immutable ReadonlySet of ids', () => {
    const empty = SelectionSet.empty(lookup);
    const one = empty.withRow(2, true);
    expect(empty.size).toBe(0);
    expect(one.size).toBe(1);
    expect(one.has('r2')).toBe(true);
    expect(one.has('r1')).toBe(false);
    expect([...one]).toEqual(['r2']);
    expect(one.withRow(2, true)).toBe(one);
    const all = one.withRows(Int32Array.from([0, 1, 2, 3]), true);
    expect(all.size).toBe(4);
    expect([...all.keys()]).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(all.withRows([1, 3], false).size).toBe(2);
    const seen: string[] = [];
    all.forEach((id) => seen.push(id));
    expect(seen).toHaveLength(4);
  });

  it('adopts any set, keeping ids that are not rows until told otherwise', () => {
    const adopted = SelectionSet.adopt(new Set(['r1', 'gone']), lookup);
    expect(adopted.size).toBe(2);
    expect(adopted.hasRow(1)).toBe(true);
    expect(adopted.has('gone')).toBe(true);
    expect(adopted.otherCount).toBe(1);
    expect(SelectionSet.adopt(adopted, lookup)).toBe(adopted);
    expect([...adopted.withoutOthers()]).toEqual(['r1']);
    expect(adopted.idsOutside([1])).toEqual(['gone']);
  });

  it('selects and clears a whole view in any order, keeping ids that are not rows', () => {
    const start = SelectionSet.adopt(new Set(['r1', 'gone']), lookup);
    const all = start.withRows(Int32Array.from([3, 1, 0, 2]), true);
    expect(all.size).toBe(5);
    expect([0, 1, 2, 3].map((row) => all.hasRow(row))).toEqual([true, true, true, true]);
    expect(all.has('gone')).toBe(true);
    expect(all.withRows([2, 0, 3, 1], true)).toBe(all);
    const none = all.withRows([2, 0, 3, 1], false);
    expect(none.size).toBe(1);
    expect([0, 1, 2, 3].some((row) => none.hasRow(row))).toBe(false);
    expect([...none]).toEqual(['gone']);
    expect(none.withRow(1, true).size).toBe(2);
  });

  it('counts the selected rows of a view', () => {
    const s = SelectionSet.empty(lookup).withRows([0, 2, 3], true);
    expect(s.countIn([3, 1])).toBe(1);
    expect(s.countIn([0, 1, 2, 3])).toBe(3);
    expect(SelectionSet.empty(lookup).countIn([0, 1])).toBe(0);
  });
});

describe('windowing', () => {
  it('knows which rows a viewport shows', () => {
    expect(visibleRows(0, 320)).toEqual([0, 10]);
    expect(visibleRows(16, 320)).toEqual([0, 11]);
    expect(visibleRows(-50, 64)).toEqual([0, 2]);
  });

  it('renders one block at rest or slowly, separate blocks when a frame moves more than a viewport', () => {
    expect(coverFor(0, 320, 0, 0)).toEqual([[-4, 14]]);
    expect(coverFor(0, 320, 0, 48)).toEqual([[-48, 58]]);
    expect(coverFor(3200, 320, 64, 0)).toHaveLength(1); // two rows per frame: one block with a lead
    const fast = coverFor(3200, 320, 1280, 0); // 40 rows per frame, 10 on screen
    expect(fast).toEqual([
      [99, 111],
      [139, 151],
    ]);
    expect(positionsOf(fast, 145)).toHaveLength(12 + 6);
    expect(coverFor(3200, 320, -1280, 0)).toEqual([
      [59, 71],
      [99, 111],
    ]);
  });

  it('merges, intersects and checks coverage', () => {
    expect(merge([[5, 9], [0, 3], [3, 4], [8, 12]])).toEqual([[0, 4], [5, 12]]);
    expect(intersect([[0, 10], [20, 30]], [[5, 25]])).toEqual([[5, 10], [20, 25]]);
    expect(covers([[0, 10]], [[-4, 8]])).toBe(true);
    expect(covers([[0, 10]], [[5, 11]])).toBe(false);
    expect(covers([[0, 5]], [[6, 7]])).toBe(false);
    expect(covers([[0, 5], [8, 12]], [[9, 11], [1, 2]])).toBe(true);
  });
});

describe('sorting many distinct values and derived text', () => {
  interface Big {
    id: string;
    score: number | undefined;
    cents: number | undefined;
  }
  // 5,000 rows: more distinct scores than a dictionary takes, with ties and empty values.
  const big: Big[] = Array.from({ length: 5000 }, (_, i) => ({
    id: `b${i}`,
    score: i % 97 === 0 ? undefined : (i * 7919) % 3001,
    cents: i % 89 === 0 ? undefined : ((i * 104729) % 400_000) - 100_000,
  }));
  const bigColumns: DataColumn<Big>[] = [
    { id: 'score', header: 'Score', value: (r) => r.score },
    {
      id: 'money',
      header: 'Money',
      value: (r) => (r.cents === undefined ? undefined : r.cents / 100),
      text: (r) => (r.cents === undefined ? '' : `$${(r.cents / 100).toFixed(2)}`),
    },
  ];
  /** The reference: equal values in data order, empty values last in data order, either direction. */
  const reference = (key: (r: Big) => number | undefined, desc: boolean) =>
    big
      .map((r, i) => ({ v: key(r), i }))
      .sort((a, b) => {
        if (a.v === undefined || b.v === undefined) return a.v === b.v ? a.i - b.i : a.v === undefined ? 1 : -1;
        return (desc ? b.v - a.v : a.v - b.v) || a.i - b.i;
      })
      .map((x) => x.i);

  it('sorts by a column of many distinct values in both directions, ties and empty values in data order', () => {
    const index = new TableIndex(big, bigColumns, (r) => r.id);
    expect(index.column('score')!.kind).not.toBe('dictionary');
    expect(Array.from(index.order([{ id: 'score', desc: false }])!)).toEqual(reference((r) => r.score, false));
    expect(Array.from(index.order([{ id: 'score', desc: true }])!)).toEqual(reference((r) => r.score, true));
  });

  it('sorts a column with a text function by its number, and searches its text', () => {
    const index = new TableIndex(big, bigColumns, (r) => r.id);
    expect(Array.from(index.order([{ id: 'money', desc: true }])!)).toEqual(reference((r) => (r.cents === undefined ? undefined : r.cents / 100), true));
    expect(index.column('money')!.kind).toBe('derived');
    const wanted = big.flatMap((r, i) => (r.cents !== undefined && `$${(r.cents / 100).toFixed(2)}`.includes('-1') ? [i] : []));
    const found = index.filter('-1', ['money'], []);
    expect(found!.count).toBe(wanted.length);
    expect(Array.from(index.view(null, found))).toEqual(wanted);
    // A letter no amount contains: no block is formatted, nothing matches.
    expect(index.filter('x', ['money'], [])!.count).toBe(0);
    expect(index.column('money')!.textAt(1)).toBe(`$${(big[1].cents! / 100).toFixed(2)}`);
  });

  it('once built, holds no row-sized scratch: a text-function column keeps about two bytes a row', () => {
    const index = new TableIndex(big, bigColumns, (r) => r.id);
    const money = index.column('money')!;
    money.build(NEVER, true);
    expect(money.kind).toBe('derived');
    // Its order (two bytes a row), the group starts (a bit a row) and a few bytes a block of 256 rows:
    // no array of four bytes a row (the dictionary codes it never needed) is left behind.
    expect(money.heldBytes).toBeLessThan(big.length * 3);
    expect(money.heldBytes).toBeGreaterThanOrEqual(big.length * 2);
  });

  it('sorts by two keys with the kept order of neither', () => {
    const index = new TableIndex(big, bigColumns, (r) => r.id);
    const order = Array.from(index.order([{ id: 'score', desc: true }, { id: 'money', desc: false }])!);
    const expected = big
      .map((r, i) => ({ r, i }))
      .sort((a, b) => {
        const sa = a.r.score;
        const sb = b.r.score;
        if (sa !== sb) {
          if (sa === undefined) return 1;
          if (sb === undefined) return -1;
          return sb - sa;
        }
        const ma = a.r.cents;
        const mb = b.r.cents;
        if (ma !== mb) {
          if (ma === undefined) return 1;
          if (mb === undefined) return -1;
          return ma - mb;
        }
        return a.i - b.i;
      })
      .map((x) => x.i);
    expect(order).toEqual(expected);
  });
});

describe('columns that declare their characters (textChars)', () => {
  interface Account {
    id: string;
    name: string;
    cents: number;
  }
  const accounts: Account[] = Array.from({ length: 2000 }, (_, i) => ({ id: `a${i}`, name: i % 100 === 0 ? `Store ${i}` : `acct ${i}`, cents: i * 137 - 5000 }));
  const money = (r: Account) => `$${(r.cents / 100).toFixed(2)}`;
  function setup(chars: string) {
    let formatted = 0;
    const cols: DataColumn<Account>[] = [
      { id: 'name', header: 'Name', value: (r) => r.name },
      {
        id: 'money', header: 'Money', value: (r) => r.cents,
        text: (r) => {
          formatted++;
          return money(r);
        },
        textChars: () => chars,
      },
    ];
    const index = new TableIndex(accounts, cols, (r) => r.id);
    return { index, formatted: () => formatted };
  }
  const reference = (q: string) => accounts.flatMap((r, i) => (r.name.toLowerCase().includes(q) || money(r).includes(q) ? [i] : []));

  /** A search over both columns of a fresh (not indexed) table: the rows found and how many texts it formatted. */
  function searchFresh(query: string) {
    const { index, formatted } = setup('0123456789.-$');
    const found = index.filter(query, ['name', 'money'], []);
    return { rows: Array.from(index.view(null, found)), formatted: formatted() };
  }

  it('before any indexing, a search for a word passes over a formatted column without formatting a row', () => {
    const { rows, formatted } = searchFresh('STORE');
    expect(rows).toEqual(reference('store'));
    expect(rows).toHaveLength(20);
    expect(formatted).toBe(0);
  });

  it('still formats and searches the column for a query its characters allow', () => {
    const { rows, formatted } = searchFresh('$-4');
    expect(rows).toEqual(reference('$-4'));
    expect(rows.length).toBeGreaterThan(0);
    expect(formatted).toBeGreaterThan(0);
  });

  it('drops a declaration the texts contradict, with a warning, once it indexes the column', () => {
    const { index } = setup('0123456789'); // leaves out '$', '.' and '-'
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(index.filter('$', ['money'], [])).toEqual({ mask: expect.any(Uint8Array), count: 0 }); // trusted before indexing
      index.column('money')!.build(NEVER, true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('"money"'));
      expect(index.filter('$1', ['money'], [])!.count).toBe(accounts.filter((r) => money(r).includes('$1')).length);
    } finally {
      warn.mockRestore();
    }
  });
});
