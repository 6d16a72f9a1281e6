import { act, renderHook } from '@testing-library/react';
import { useTable, type SortingState } from '@tanstack/react-table';
import { describe, expect, it, vi } from 'vitest';
import { headlessOptions, initialTableState, resolveOrder, savedState, toColumnDef, type DataTableState } from '../../../src/kernel/table/column-model';
import { readTableStates, readTableViewState } from '../../../src/kernel/table/table-state';
import type { DataColumn } from '../../../src/kernel/table';

interface Item {
  a: string;
  b: number;
  c: string;
}

const columns: DataColumn<Item>[] = [
  { id: 'a', header: 'A', value: (r) => r.a },
  { id: 'b', header: 'B', value: (r) => r.b, width: 90, minWidth: 70, maxWidth: 200 },
  { id: 'c', header: 'C', value: (r) => r.c, hiddenByDefault: true, sortable: false },
];

/** TanStack's table exactly as DataTable builds it: its options, our column definitions, no rows. */
function headless(initial?: Parameters<typeof initialTableState>[0]) {
  const defs = columns.map((column) => toColumnDef(column));
  const initialState = initialTableState(initial, columns, 20);
  return renderHook(() => useTable({ ...headlessOptions, columns: defs, data: headlessOptions.data as readonly (Item & Record<string, unknown>)[], initialState }));
}

describe('the TanStack column model in manual mode', () => {
  it('has no rows, and never calls a value function', () => {
    const spy = vi.fn((r: Item) => r.a);
    const defs = [toColumnDef<Item>({ id: 'a', header: 'A', value: spy })];
    const { result } = renderHook(() => useTable({ ...headlessOptions, columns: defs, data: headlessOptions.data as readonly (Item & Record<string, unknown>)[] }));
    act(() => result.current.getColumn('a')!.toggleSorting());
    expect(result.current.getCoreRowModel().rows).toHaveLength(0);
    expect(spy).not.toHaveBeenCalled();
    expect(result.current.state.sorting).toEqual([{ id: 'a', desc: false }]);
  });

  it('cycles a column asc → desc → none and replaces other keys on a plain click', () => {
    const { result } = headless();
    const click = (id: string, shift = false) => act(() => result.current.getColumn(id)!.getToggleSortingHandler()!({ shiftKey: shift }));
    const sorting = (): SortingState => result.current.state.sorting;
    click('a');
    expect(sorting()).toEqual([{ id: 'a', desc: false }]);
    click('a');
    expect(sorting()).toEqual([{ id: 'a', desc: true }]);
    click('a');
    expect(sorting()).toEqual([]);
    click('a');
    click('b');
    expect(sorting()).toEqual([{ id: 'b', desc: false }]);
  });

  it('adds, flips and removes keys with shift', () => {
    const { result } = headless();
    const click = (id: string, shift = false) => act(() => result.current.getColumn(id)!.getToggleSortingHandler()!({ shiftKey: shift }));
    click('a');
    click('b', true);
    expect(result.current.state.sorting).toEqual([{ id: 'a', desc: false }, { id: 'b', desc: false }]);
    click('b', true);
    expect(result.current.state.sorting).toEqual([{ id: 'a', desc: false }, { id: 'b', desc: true }]);
    click('b', true);
    expect(result.current.state.sorting).toEqual([{ id: 'a', desc: false }]);
    // A plain click on a key of a multi-sort keeps only that key.
    click('b', true);
    click('a');
    expect(result.current.state.sorting).toEqual([{ id: 'a', desc: true }]);
  });

  it('does not sort a column marked sortable: false', () => {
    const { result } = headless();
    expect(result.current.getColumn('c')!.getCanSort()).toBe(false);
  });

  it('clamps widths to the column min/max sizes', () => {
    const { result } = headless();
    const b = () => result.current.getColumn('b')!;
    expect(b().getSize()).toBe(90);
    act(() => result.current.setColumnSizing({ b: 10 }));
    expect(b().getSize()).toBe(70);
    act(() => result.current.setColumnSizing({ b: 1000 }));
    expect(b().getSize()).toBe(200);
    // The default limits (60–800) for a column that sets none.
    act(() => result.current.setColumnSizing({ a: 5 }));
    expect(result.current.getColumn('a')!.getSize()).toBe(60);
  });

  it('orders visible columns by pinning, then column order', () => {
    const { result } = headless({ columnOrder: ['c', 'b', 'a'], columnVisibility: { c: true }, columnPinning: { start: ['a'], end: [] } });
    const ids = () => [
      ...result.current.getStartVisibleLeafColumns(),
      ...result.current.getCenterVisibleLeafColumns(),
      ...result.current.getEndVisibleLeafColumns(),
    ].map((c) => c.id);
    expect(ids()).toEqual(['a', 'c', 'b']);
    act(() => result.current.getColumn('c')!.pin('end'));
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(result.current.state.columnPinning).toEqual({ start: ['a'], end: ['c'] });
  });
});

describe('initialTableState', () => {
  it('applies hiddenByDefault only where the operator made no choice', () => {
    expect(initialTableState(undefined, columns, 20).columnVisibility).toEqual({ a: true, b: true, c: false });
    expect(initialTableState({ columnVisibility: { c: true, a: false } }, columns, 20).columnVisibility).toEqual({ a: false, b: true, c: true });
  });

  it('ignores ids of removed columns and slots new columns after their predecessor', () => {
    expect(initialTableState({ columnOrder: ['c', 'gone', 'a'] }, columns, 20).columnOrder).toEqual(['c', 'a', 'b']);
    expect(resolveOrder(['b'], columns)).toEqual(['a', 'b', 'c']);
    const state = initialTableState(
      { columnSizing: { gone: 300, a: 250 }, columnPinning: { start: ['gone', 'b'], end: ['b', 'a'] }, sorting: [{ id: 'c', desc: false }, { id: 'a', desc: true }] },
      columns,
      20,
    );
    expect(state.columnSizing).toEqual({ a: 250 });
    expect(state.columnPinning).toEqual({ start: ['b'], end: ['a'] });
    // c is not sortable: a saved sort on it is dropped.
    expect(state.sorting).toEqual([{ id: 'a', desc: true }]);
  });

  it('takes the saved page size over the view default', () => {
    expect(initialTableState(undefined, columns, 50).pagination).toEqual({ pageIndex: 0, pageSize: 50 });
    expect(initialTableState({ pageSize: 10 }, columns, 50).pagination).toEqual({ pageIndex: 0, pageSize: 10 });
  });

  it('keeps what a tile or tab saves, and nothing transient', () => {
    const state = { ...initialTableState(undefined, columns, 20), columnFilters: [{ id: 'a', value: 'x' }], pagination: { pageIndex: 3, pageSize: 50 } } as DataTableState;
    expect(savedState(state)).toEqual({
      sorting: [],
      columnVisibility: { a: true, b: true, c: false },
      columnOrder: ['a', 'b', 'c'],
      columnSizing: {},
      columnPinning: { start: [], end: [] },
      pageSize: 50,
    });
  });
});

describe('reading saved table state', () => {
  it('keeps the well-formed parts and drops the rest', () => {
    expect(
      readTableViewState({
        sorting: [{ id: 'a', desc: true }, { id: 1 }, 'x'],
        columnVisibility: { a: false, b: 'no' },
        columnOrder: ['b', 'a', 'b', 3],
        columnSizing: { a: 200, b: -5, c: 'wide', d: Number.NaN },
        columnPinning: { start: ['a'], end: 'b' },
        pageSize: 30,
      }),
    ).toEqual({
      sorting: [{ id: 'a', desc: true }],
      columnVisibility: { a: false },
      columnOrder: ['b', 'a'],
      columnSizing: { a: 200 },
      columnPinning: { start: ['a'], end: [] },
    });
    expect(readTableViewState('{"version":1,"visibility":')).toBeUndefined();
    expect(readTableStates({ v1: { pageSize: 50 }, v2: null })).toEqual({ v1: { pageSize: 50 } });
    expect(readTableStates({})).toBeUndefined();
    expect(readTableStates([1])).toBeUndefined();
  });
});
