import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type FilterFn,
  type RowData,
  type TableOptions,
  type TableState,
} from '@tanstack/react-table';
import { DEFAULT_COLUMN_WIDTH, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './table-model';
import type { TableViewState } from './table-state';
import type { DataColumn, PageSize } from './types';

/** What the engine needs of a column beside TanStack's definition: the plugin's own declaration. */
export interface DataColumnMeta {
  source: DataColumn<never>;
}

/**
 * TanStack Table's state features only: no row model slot is registered, and the table is given
 * no rows (the engine's typed-array indexes sort, filter and page them), so TanStack never
 * creates a Row object. See docs/DECISIONS.md ("The data table").
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnResizingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;
/** TanStack's row type for a table of `Row`s (it never sees one: see NO_ROWS). */
export type HeadlessRow<Row> = Row & RowData;
export type DataColumnDef<Row> = ColumnDef<DataTableFeatures, HeadlessRow<Row>>;
export type DataTableState = TableState<DataTableFeatures>;

/** TanStack's rows: none, ever (a module constant, so the table never sees a new data array). */
export const NO_ROWS: readonly never[] = [];

/**
 * The engine matches filters itself (manualFiltering); this only tells TanStack when a filter is
 * removed: a blank text or "all" option, as the filter row shows it.
 */
const engineFilter: FilterFn<DataTableFeatures, never> = Object.assign(() => true, {
  autoRemove: (value: unknown) => typeof value !== 'string' || value.trim() === '',
});

/** The options every DataTable passes to TanStack's useTable besides its columns and state. */
export const headlessOptions = {
  features: dataTableFeatures,
  data: NO_ROWS,
  manualSorting: true,
  manualFiltering: true,
  manualPagination: true,
  // A first click sorts ascending (TanStack would look at the first row's value, and has none).
  sortDescFirst: false,
  enableSortingRemoval: true,
  columnResizeMode: 'onChange',
  defaultColumn: { size: DEFAULT_COLUMN_WIDTH, minSize: MIN_COLUMN_WIDTH, maxSize: MAX_COLUMN_WIDTH },
} as const satisfies Partial<TableOptions<DataTableFeatures, never>>;

/** A plugin's column as a TanStack column definition (the declaration rides along in `meta`). */
export function toColumnDef<Row>(column: DataColumn<Row>): DataColumnDef<Row> {
  return {
    id: column.id,
    header: column.header,
    // Never called: TanStack holds no rows. It marks the column as sortable and filterable.
    accessorFn: column.value,
    size: column.width ?? DEFAULT_COLUMN_WIDTH,
    minSize: column.minWidth ?? Math.min(MIN_COLUMN_WIDTH, column.width ?? MIN_COLUMN_WIDTH),
    maxSize: column.maxWidth ?? Math.max(MAX_COLUMN_WIDTH, column.width ?? 0),
    enableSorting: column.sortable !== false,
    enableColumnFilter: column.filter !== false,
    enableResizing: column.resizable !== false,
    filterFn: engineFilter as unknown as FilterFn<DataTableFeatures, HeadlessRow<Row>>,
    meta: { source: column as DataColumn<never> },
  };
}

/** The plugin's declaration behind a TanStack column. */
export function sourceOf<Row>(column: { columnDef: { meta?: DataColumnMeta } }): DataColumn<Row> {
  return column.columnDef.meta!.source as unknown as DataColumn<Row>;
}

/** Visibility from the columns' defaults (hiddenByDefault), as TanStack state. */
export function defaultVisibility(columns: readonly { id: string; hiddenByDefault?: boolean }[]): Record<string, boolean> {
  const visibility: Record<string, boolean> = {};
  for (const column of columns) visibility[column.id] = !column.hiddenByDefault;
  return visibility;
}

/** Merges a saved order with the current column definitions (columns added or removed since). */
export function resolveOrder(saved: readonly string[] | undefined, columns: readonly { id: string }[]): string[] {
  const known = new Set(columns.map((c) => c.id));
  const order = (saved ?? []).filter((id) => known.has(id));
  const placed = new Set(order);
  // A column new to this operator goes right after its predecessor in the definition order.
  columns.forEach((column, index) => {
    if (placed.has(column.id)) return;
    const before = index > 0 ? order.indexOf(columns[index - 1].id) : -1;
    order.splice(before + 1, 0, column.id);
    placed.add(column.id);
  });
  return order;
}

/** TanStack's initial state for a table, from its saved state (if any) and the current columns. */
export function initialTableState(
  saved: TableViewState | undefined,
  columns: readonly DataColumn<never>[] | readonly DataColumn<unknown>[],
  pageSize: PageSize,
): Partial<DataTableState> {
  const list = columns as readonly DataColumn<unknown>[];
  const known = new Set(list.map((c) => c.id));
  const sortable = new Set(list.filter((c) => c.sortable !== false).map((c) => c.id));
  const visibility = defaultVisibility(list);
  for (const [id, visible] of Object.entries(saved?.columnVisibility ?? {})) if (known.has(id)) visibility[id] = visible;
  const sizing: Record<string, number> = {};
  for (const [id, width] of Object.entries(saved?.columnSizing ?? {})) if (known.has(id)) sizing[id] = width;
  const start = (saved?.columnPinning?.start ?? []).filter((id) => known.has(id));
  const end = (saved?.columnPinning?.end ?? []).filter((id) => known.has(id) && !start.includes(id));
  return {
    sorting: (saved?.sorting ?? []).filter((entry) => sortable.has(entry.id)),
    columnFilters: [],
    columnVisibility: visibility,
    columnOrder: resolveOrder(saved?.columnOrder, list),
    columnSizing: sizing,
    columnPinning: { start, end },
    pagination: { pageIndex: 0, pageSize: saved?.pageSize ?? pageSize },
  };
}

/** The part of TanStack's state a tile or tab keeps. */
export function savedState(state: DataTableState): TableViewState {
  return {
    sorting: state.sorting,
    columnVisibility: state.columnVisibility,
    columnOrder: state.columnOrder,
    columnSizing: state.columnSizing,
    columnPinning: state.columnPinning,
    pageSize: state.pagination.pageSize as PageSize,
  };
}
