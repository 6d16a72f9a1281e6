import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type CellContext,
  type ColumnDef,
  type FilterFn,
  type Row,
  type RowData,
  type SortFn,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { CellValue, DataColumn } from './types';

// Module scope: TanStack v9 needs the feature registry to be stable for a table's lifetime.
// Prerequisites come before the row-model slots that depend on them.
export const features = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

export type Features = typeof features;
/** Rows are opaque to the model; DataColumn.value is the only reader. */
export type AnyRow = RowData;
export type ModelRow = Row<Features, AnyRow>;
export type ModelColumnDef = ColumnDef<Features, AnyRow, unknown>;

export const ROW_HEIGHT = 32;
export const HEADER_ROWS = 2; // column titles + filter row
export const HEADER_HEIGHT = ROW_HEIGHT * HEADER_ROWS;
export const SELECT_COLUMN_WIDTH = 36;
export const DEFAULT_COLUMN_WIDTH = 160;

/** The search box: lower-cased query plus the ids of the columns it may match (the visible ones). */
export interface GlobalQuery {
  q: string;
  ids: ReadonlySet<string>;
}

export function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

// Lower-cased cell text per model row, so typing in a filter over 50k rows does not
// lower-case every cell again on every keystroke. Rows are rebuilt when the data changes.
const lowerCache = new WeakMap<object, Record<string, string>>();

function lowerText(row: ModelRow, columnId: string): string {
  let entry = lowerCache.get(row);
  if (!entry) {
    entry = Object.create(null) as Record<string, string>;
    lowerCache.set(row, entry);
  }
  let text = entry[columnId];
  if (text === undefined) {
    text = cellText(row.getValue(columnId)).toLowerCase();
    entry[columnId] = text;
  }
  return text;
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

const textFilter: FilterFn<Features, AnyRow> = Object.assign(
  (row: ModelRow, columnId: string, query: string) => lowerText(row, columnId).includes(query),
  { resolveFilterValue: (value: unknown) => String(value).trim().toLowerCase(), autoRemove: isBlank },
);

const optionFilter: FilterFn<Features, AnyRow> = Object.assign(
  (row: ModelRow, columnId: string, wanted: string) => cellText(row.getValue(columnId)) === wanted,
  { autoRemove: (value: unknown) => value === undefined || value === null || value === '' },
);

export const globalFilterFn: FilterFn<Features, AnyRow> = (row, columnId, query: GlobalQuery) =>
  query.ids.has(columnId) && lowerText(row, columnId).includes(query.q);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

// Ascending only: TanStack flips the result for descending. Empty values never get here
// (sortUndefined: 'last' keeps them at the end in both directions).
const valueSort: SortFn<Features, AnyRow> = (a, b, columnId) =>
  compareValues(a.getValue(columnId), b.getValue(columnId));

/** null and '' are treated as "no value" so they sort last, like undefined. */
function normalize(value: CellValue): CellValue {
  return value === null || value === '' ? undefined : value;
}

function DefaultCell(context: CellContext<Features, AnyRow, unknown>): ReactNode {
  return cellText(context.getValue());
}

export function toColumnDefs<R>(columns: readonly DataColumn<R>[]): ModelColumnDef[] {
  return columns.map((column): ModelColumnDef => {
    const render = column.cell;
    return {
      id: column.id,
      header: column.header,
      accessorFn: (row: AnyRow) => normalize(column.value(row as R)),
      cell: render ? (context: CellContext<Features, AnyRow, unknown>) => render(context.row.original as R) : DefaultCell,
      enableSorting: column.sortable !== false,
      sortFn: valueSort,
      sortUndefined: 'last',
      enableColumnFilter: column.filter !== false,
      filterFn: typeof column.filter === 'object' && column.filter ? optionFilter : textFilter,
      enableGlobalFilter: true,
    };
  });
}
