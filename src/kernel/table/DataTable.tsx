/**
 * DataTable: the one data table every view uses — virtualized, sortable (shift+click adds sort
 * keys), filterable (search box over the visible columns + per-column filters), selectable
 * (shift-range, select-all of the view), exportable (CSV of the current view), paged or scrolled,
 * keyboard-navigable, with resizable and pinnable columns. Figures and how they are measured:
 * bench/table/README.md; the decision: docs/DECISIONS.md ("The data table").
 *
 * Design — TanStack Table for columns and state, the kernel's engine for rows:
 *
 * - TanStack Table's headless core (`useTable`, column-model.ts) is the column and state API:
 *   column definitions (from the plugins' DataColumns), sorting, column filters, visibility,
 *   order, sizing/resizing, pinning and pagination, with its own interactions (sort toggling,
 *   the resize handler, pin, setPageSize). It runs in manual mode with no row model and no rows:
 *   its state is fed into the structures below, which do the sorting, filtering and paging.
 * - The state belongs to the tile or tab around the table (TableStateScope, table-state.tsx),
 *   keyed by `viewId`: read when the table mounts, written back when it changes (a resize once
 *   the drag ends). Without a scope it lives as long as the table.
 *
 * Why it is fast at 50,000–200,000 rows:
 *
 * - No per-row objects. A view is an Int32Array of positions in `rows`. TanStack Table's row
 *   models (a Row object and a value cache per row) cost ~100 MB and ~350 ms per sort at 50k, so
 *   TanStack gets no rows and this table keeps its own structures (TableIndex, ColumnIndex).
 * - Work before the click. Per column, once per `rows` × `columns`: a rank per row (equal values
 *   share one, empty values last) and the column's text (a dictionary when values repeat, large
 *   strings when the value function is costly, nothing when it is cheap to call again). A column
 *   with a `text` function (amounts, times: sorted by number, shown formatted) stores no text,
 *   only which characters and digit runs each block of 256 rows holds, so a search formats texts
 *   only where they could match. These are built in background tasks, in slices of 8 ms,
 *   cheapest columns first (`data-indexing` is on the root while that runs); a sort or filter
 *   that needs a column sooner builds it on the spot. A sort is then a counting sort over ranks
 *   (any direction, any number of keys), cached; the grid shows the stored text, so costly value
 *   functions (translations) run once per row, not on every render.
 * - The search narrows: a query that extends the previous one only re-checks the rows that
 *   matched before.
 * - Selection is a SelectionSet: one byte per row plus a count, immutable, and a real
 *   ReadonlySet<string> for onSelectionChange. Select-all of the view is one typed-array pass;
 *   rows on screen re-render at once, the others after that frame is painted.
 * - Rendering (DataGrid, windowing.ts): fixed 32 px rows with strict CSS containment, recycled
 *   row elements keyed by slot, only the columns near the viewport (pinned columns always, held
 *   at their edge by position: sticky, so a horizontal scroll moves nothing), cells that clip only when
 *   their text does not fit (text-fit.ts: fewer paint chunks), and a window that follows
 *   the scroll offset right before each paint with the next frame's rows predicted from the
 *   speed, so fast scrolling renders one viewport of new rows per frame and never paints a
 *   blank or stale row.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent, type MouseEvent, type ReactNode, type TouchEvent } from 'react';
import { Button, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { CrossIcon, DuplicateIcon, ExportIcon, FilterRemoveIcon, InboxIcon, SearchIcon } from '@blueprintjs/icons';
import { OverflowActions, ToolbarActionsProvider, useActionRegistry, type ToolbarAction } from './TableToolbar';
import { useTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ColumnMenu, type ColumnMenuItem } from './ColumnMenu';
import { defaultVisibility, headlessOptions, initialTableState, resolveOrder, savedState, sourceOf, toColumnDef, type HeadlessRow } from './column-model';
import { showToast } from '../core/toaster';
import { DataGrid, type ColumnLayout } from './DataGrid';
import { GridHeader, type HeaderSpec, type ResizeHandlers, type SelectAllState } from './GridHeader';
import { SelectionSet } from './selection';
import { TableIndex } from './table-index';
import { displayText, selectColumnWidth, type ColumnFilter } from './table-model';
import { useTableStateStore, type TableStateStore } from './table-state';
import { TablePager } from './TablePager';
import type { DataColumn, DataTableProps, PageSize } from './types';
import { useRowSelection } from './use-row-selection';
import { useAddressStart, useListAddress } from './use-list-address';
import { ViewsMenu } from './ViewsMenu';
import './data-table.css';

/** The one data table every view uses: virtualized, sortable, filterable, selectable, exportable. */
export function DataTable<Row>(props: DataTableProps<Row>): JSX.Element {
  const store = useTableStateStore();
  // TanStack's state is created once per table instance; another view id is another table.
  return <HeadlessDataTable<Row> key={props.viewId} {...props} store={store} />;
}
DataTable.displayName = 'DataTable';

function HeadlessDataTable<Row>(props: DataTableProps<Row> & { store: TableStateStore | null }): JSX.Element {
  const { viewId, rows, columns, loading = false, paged = false, toolbar, emptyText, height = '100%', store } = props;
  const { t } = useTranslation('kernel');
  // On a route screen the first table follows the address: its search, sort and filters start from it.
  const { binding: address, start } = useAddressStart(viewId, columns as readonly DataColumn<unknown>[]);

  // TanStack Table's headless core holds the column model and the table's state; it gets no rows.
  const columnDefs = useMemo(() => columns.map((column) => toColumnDef(column)), [columns]);
  const [initialState] = useState(() => {
    const initial = initialTableState(store?.get(viewId), columns as readonly DataColumn<unknown>[], props.pageSize ?? 20);
    return start ? { ...initial, sorting: start.sorting, columnFilters: start.filters } : initial;
  });
  const table = useTable({ ...headlessOptions, columns: columnDefs, data: headlessOptions.data as readonly HeadlessRow<Row>[], initialState });
  const tableRef = useRef(table);
  tableRef.current = table;
  useChoiceFiltersFollowColumns(columns, table);
  const { sorting, columnFilters: tableFilters, columnVisibility, columnOrder, columnSizing, columnPinning, columnResizing, pagination } = table.state;
  const { pageIndex } = pagination;
  const pageSize = pagination.pageSize as PageSize;

  // The tile or tab keeps what the operator chose; not on every pixel of a drag, once it ends.
  const resizingId = columnResizing.isResizingColumn;
  const saved = useMemo(
    () => savedState(tableRef.current.state),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sorting, columnVisibility, columnOrder, columnSizing, columnPinning, pageSize],
  );
  const firstSaved = useRef(saved);
  useEffect(() => {
    if (!store || resizingId !== false || saved === firstSaved.current) return;
    store.set(viewId, saved);
  }, [store, viewId, saved, resizingId]);

  const latest = useRef({ props });
  latest.current = { props };
  const getRowId = useCallback((row: Row) => latest.current.props.getRowId(row), []);

  // Everything derived from the data: rebuilt when the rows or the column definitions change.
  const index = useMemo(() => new TableIndex<Row>(rows, columns, getRowId), [rows, columns, getRowId]);

  const rowId = useCallback((row: number) => index.id(row), [index]);
  const textOf = useCallback(
    (row: number, column: DataColumn<Row>) => index.column(column.id)?.textAt(row) ?? displayText(column, rows[row]),
    [index, rows],
  );

  // The view (sorted and filtered positions), for the selection's order as shown; set once the view is made below.
  const shownRef = useRef<{ view: ArrayLike<number>; index: TableIndex<Row> } | null>(null);
  const inViewOrder = useCallback((set: ReadonlySet<string>) => () => {
    const at = shownRef.current;
    if (!at) return [...set];
    const selected = SelectionSet.adopt(set, at.index);
    const ids: string[] = [];
    for (let p = 0; p < at.view.length; p++) if (selected.hasRow(at.view[p]!)) ids.push(at.index.id(at.view[p]!));
    if (ids.length < selected.size) ids.push(...selected.idsOutside(at.view));
    return ids;
  }, []);
  const onSelectionChange = useCallback((ids: ReadonlySet<string>) => latest.current.props.onSelectionChange?.(ids, inViewOrder(ids)), [inViewOrder]);
  const { selection, update: updateSelection, latest: selectionRef } = useRowSelection(
    props.selection,
    props.onSelectionChange ? onSelectionChange : undefined,
    index,
  );

  const [search, setSearch] = useState(start?.search ?? '');
  // The address follows the search, sort and filters, and they follow it (Back, a link, a saved view).
  const views = useListAddress({
    binding: address, viewId, columns: columns as readonly DataColumn<unknown>[], table, search, setSearch,
    onViewMissing: (name) => void showToast(t('table.viewMissing', { name }), 'warning'),
    onViewsFailed: (error) => void showToast(t('table.viewsFailed', { error: errorText(error) }), 'danger'),
  });
  // One element for as long as the language stays: Blueprint's InputGroup measures its right element
  // (a forced layout) whenever that prop changes, which a new element on every render would do.
  const clearSearchButton = useMemo(
    () => <Button variant="minimal" icon={<CrossIcon />} aria-label={t('table.clearSearch')} onClick={() => setSearch('')} />,
    [t],
  );
  const [activeId, setActiveId] = useState<string | null>(null);

  // The visible columns in display order (pinned to the start, the others, pinned to the end), from
  // TanStack's column model; the same arrays as long as visibility, order and pinning are.
  const placed = useMemo(() => {
    const headless = tableRef.current;
    const start = headless.getStartVisibleLeafColumns();
    const center = headless.getCenterVisibleLeafColumns();
    const end = headless.getEndVisibleLeafColumns();
    const all = [...start, ...center, ...end];
    return { all, startCount: start.length, endCount: end.length, columns: all.map((column) => sourceOf<Row>(column)) };
  }, [columnDefs, columnVisibility, columnOrder, columnPinning]);
  const visibleColumns = placed.columns;

  // The search box matches visible columns only; key on the set so reordering does not re-filter.
  const visibleKey = visibleColumns
    .map((column) => column.id)
    .sort()
    .join('\u0000');
  const searchIds = useMemo(() => (visibleKey ? visibleKey.split('\u0000') : []), [visibleKey]);

  // Build the visible columns' indexes while the page is idle (so clicks find them ready).
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    root?.setAttribute('data-indexing', 'true');
    return index.buildInBackground(searchIds, () => root?.removeAttribute('data-indexing'));
  }, [index, searchIds]);

  // TanStack's filter state, in the engine's terms (manualFiltering: the engine matches them).
  const columnFilters = useMemo<readonly ColumnFilter[]>(
    () => tableFilters.map((filter) => ({ id: filter.id, value: String(filter.value ?? '') })),
    [tableFilters],
  );
  const order = useMemo(() => index.order(sorting), [index, sorting]);
  const filtered = useMemo(() => index.filter(search, searchIds, columnFilters), [index, search, searchIds, columnFilters]);
  const view = useMemo(() => index.view(order, filtered), [index, order, filtered]);
  shownRef.current = { view, index };
  // A sort changes the order the selection is shown in: the owner hears it again (nothing else
  // changed). Only a sort: new rows streaming in keep the order of those already selected.
  const sortedOnce = useRef(false);
  useEffect(() => {
    if (!sortedOnce.current) { sortedOnce.current = true; return; }
    const current = selectionRef.current.selection;
    if (current.size > 0) latest.current.props.onSelectionChange?.(current, inViewOrder(current));
  }, [sorting, selectionRef, inViewOrder]);
  const pageCount = paged ? Math.max(1, Math.ceil(view.length / pageSize)) : 1;
  const shownPage = Math.min(pageIndex, pageCount - 1);
  const shownView = useMemo(
    () => (paged ? view.subarray(shownPage * pageSize, shownPage * pageSize + pageSize) : view),
    [paged, view, shownPage, pageSize],
  );

  const viewRef = useRef({ view, index });
  viewRef.current = { view, index };

  useEffect(() => {
    if (pageIndex > pageCount - 1) tableRef.current.setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount]);

  // Uncontrolled selection forgets rows that left the data set (not rows that are merely filtered
  // out). Not while loading or empty: a reload often clears the rows first.
  const isControlled = props.selection !== undefined;
  useEffect(() => {
    if (isControlled || loading || index.size === 0) return;
    updateSelection((previous) => previous.withoutOthers());
  }, [index, isControlled, loading, updateSelection]);

  const selectedInView = useMemo(() => selection.countIn(view), [selection, view]);
  const hiddenSelected = selection.size - selectedInView;

  const selectAll = useMemo<SelectAllState>(() => {
    const all = view.length > 0 && selectedInView === view.length;
    return { checked: all, indeterminate: selectedInView > 0 && !all, disabled: view.length === 0 };
  }, [view.length, selectedInView]);
  const selectAllRef = useRef(selectAll);
  selectAllRef.current = selectAll;

  const anchorRef = useRef<string | null>(null);
  const onToggle = useCallback(
    (row: number, checked: boolean, range: boolean) => {
      const { view: current, index: lookup } = viewRef.current;
      const rowId = lookup.id(row);
      const anchorId = anchorRef.current;
      updateSelection((previous) => {
        const anchor = range && anchorId !== null && anchorId !== rowId ? lookup.indexOf(anchorId) : undefined;
        const from = anchor === undefined ? -1 : current.indexOf(anchor);
        const to = from >= 0 ? current.indexOf(row) : -1;
        if (from >= 0 && to >= 0) return previous.withRows(current.subarray(Math.min(from, to), Math.max(from, to) + 1), checked);
        return previous.withRow(row, checked);
      });
      anchorRef.current = rowId;
    },
    [updateSelection],
  );

  const onToggleAll = useCallback(() => {
    const { view: current } = viewRef.current;
    const deselect = selectAllRef.current.checked;
    updateSelection((previous) => previous.withRows(current, !deselect));
  }, [updateSelection]);

  const clearSelection = useCallback(
    () => updateSelection((previous) => (previous.size === 0 ? previous : SelectionSet.empty(previous.lookup))),
    [updateSelection],
  );

  // The keyboard's selection (docs/DECISIONS.md, "Every screen an operator's screen"): with focus in the
  // table but not in a text field, Ctrl/Cmd+A selects the rows shown (the filter's, every page), and
  // again, once they all are, clears them, as the header checkbox does; Escape in the grid clears the
  // selection, as the toolbar's "Clear selection" does. Keys from the table's popovers (its menus are
  // in portals) are theirs.
  const onTableKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!event.currentTarget.contains(target) || isTextEntry(target)) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      if (viewRef.current.view.length > 0) onToggleAll();
    } else if (event.key === 'Escape' && selectionRef.current.selection.size > 0 && target.closest('[role="grid"]')) {
      event.stopPropagation();
      clearSelection();
    }
  };

  const onActivate = useCallback((row: number) => setActiveId(viewRef.current.index.id(row)), []);
  const activeRow = activeId === null ? -1 : (index.indexOf(activeId) ?? -1);

  const onOpen = useCallback((row: number) => {
    const data = viewRef.current.index.rows[row];
    if (data !== undefined) latest.current.props.onRowOpen?.(data);
  }, []);

  // TanStack's own interactions: a click cycles asc → desc → unsorted, shift+click adds a key.
  const onSort = useCallback((columnId: string, event: MouseEvent) => {
    const headless = tableRef.current;
    headless.getColumn(columnId)?.getToggleSortingHandler()?.(event);
    // Only when it changes: setting the page index always makes a new pagination state, and that
    // second change made every sort click cost a few more milliseconds of work (bench:table).
    if (headless.state.pagination.pageIndex !== 0) headless.setPageIndex(0);
  }, []);
  const onFilter = useCallback((columnId: string, value: string) => {
    const headless = tableRef.current;
    headless.getColumn(columnId)?.setFilterValue(value);
    if (headless.state.pagination.pageIndex !== 0) headless.setPageIndex(0);
  }, []);

  const resize = useMemo<ResizeHandlers>(
    () => ({
      onResizeStart: (columnId: string, event: MouseEvent | TouchEvent) => {
        const header = tableRef.current.getFlatHeaders().find((candidate) => candidate.column.id === columnId);
        header?.getResizeHandler()(event.nativeEvent);
      },
      onResizeBy: (columnId: string, delta: number) => {
        const column = tableRef.current.getColumn(columnId);
        if (!column) return;
        const width = column.getSize() + delta;
        tableRef.current.setColumnSizing((previous) => ({ ...previous, [columnId]: width }));
      },
      onResizeReset: (columnId: string) => tableRef.current.getColumn(columnId)?.resetSize(),
    }),
    [],
  );

  const clearFilters = () => {
    setSearch('');
    table.resetColumnFilters(true);
    table.setPageIndex(0);
  };

  // Rows that open get an "open details" button beside the checkbox (a visible control, not only a double click).
  const openable = props.onRowOpen !== undefined;
  const nameColumn = useMemo(() => columns.find((column) => column.id === 'name'), [columns]);
  const selectWidth = selectColumnWidth(openable);

  // Widths and pinning from TanStack's sizing state (clamped to each column's min/max size).
  const layout = useMemo<ColumnLayout[]>(() => {
    const { all, startCount, endCount } = placed;
    const last = all.length - 1;
    return all.map((column, i) => {
      const pin = i < startCount ? 'start' : i > last - endCount ? 'end' : false;
      return {
        width: column.getSize(),
        grow: i === last,
        pin,
        inset: pin === 'start' ? selectWidth + column.getStart('start') : pin === 'end' ? column.getAfter('end') : 0,
        edge: (pin === 'start' && i === startCount - 1) || (pin === 'end' && i === last - endCount + 1),
      };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed, columnSizing, selectWidth]);
  const totalWidth = layout.reduce((sum, column) => sum + column.width, selectWidth);

  const headerSpecs = useMemo<HeaderSpec[]>(() => {
    return visibleColumns.map((column, i) => {
      const filterValue = columnFilters.find((filter) => filter.id === column.id)?.value;
      const sort = sorting.find((entry) => entry.id === column.id);
      return {
        id: column.id,
        label: column.header,
        ...layout[i],
        sortable: column.sortable !== false,
        sorted: sort ? (sort.desc ? 'desc' : 'asc') : false,
        filter: column.filter === 'number' ? (column.filterUsd ? 'money' : 'number') : (column.filter ?? 'text'),
        filterValue: filterValue ?? '',
        resizable: placed.all[i].getCanResize(),
        resizing: resizingId === column.id,
      };
    });
  }, [visibleColumns, placed, layout, columnFilters, sorting, resizingId]);

  const menuItems = useMemo<ColumnMenuItem[]>(() => {
    const headless = tableRef.current;
    return headless.getOrderColumnsFn()(headless.getAllLeafColumns()).map((column) => ({
      id: column.id,
      label: sourceOf<Row>(column).header,
      visible: column.getIsVisible(),
      pinned: column.getIsPinned(),
      resized: Object.prototype.hasOwnProperty.call(columnSizing, column.id),
    }));
  }, [columnDefs, columnVisibility, columnOrder, columnPinning, columnSizing]);

  const onMenuToggle = useCallback((columnId: string, visible: boolean) => {
    const column = tableRef.current.getColumn(columnId);
    column?.toggleVisibility(visible);
    // A filter on a column the user can no longer see would hide rows without saying why.
    if (!visible && column?.getIsFiltered()) column.setFilterValue(undefined);
  }, []);
  const onMenuMove = useCallback((columnId: string, delta: -1 | 1) => {
    const headless = tableRef.current;
    const ids = headless.getOrderColumnsFn()(headless.getAllLeafColumns()).map((column) => column.id);
    const from = ids.indexOf(columnId);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    headless.setColumnOrder(ids);
  }, []);
  const onMenuPin = useCallback((columnId: string, side: false | 'start' | 'end') => tableRef.current.getColumn(columnId)?.pin(side), []);
  const onMenuResetWidth = useCallback((columnId: string) => tableRef.current.getColumn(columnId)?.resetSize(), []);
  const onMenuReset = useCallback(() => {
    const headless = tableRef.current;
    const defined = latest.current.props.columns;
    headless.setColumnVisibility(defaultVisibility(defined));
    headless.setColumnOrder(resolveOrder([], defined));
    headless.resetColumnPinning(true);
    headless.resetColumnSizing(true);
  }, []);

  /** Selected ids in view order, then the ones the filter hides. */
  const orderedSelection = (): string[] => {
    const current = selectionRef.current.selection;
    const ids: string[] = [];
    for (let p = 0; p < view.length; p++) if (current.hasRow(view[p])) ids.push(index.id(view[p]));
    if (ids.length < current.size) ids.push(...current.idsOutside(view));
    return ids;
  };

  /** The selected rows: in view order, then the ones the filter hides. */
  const selectedRows = (): Row[] => orderedSelection().flatMap((id) => {
    const row = index.indexOf(id);
    return row === undefined ? [] : [rows[row]];
  });

  // Copies the ids as the table shows them (`copyId`, e.g. an account's number without `act_`) and says so.
  const copyIds = async () => {
    const copyId = latest.current.props.copyId;
    const ids = copyId ? selectedRows().map(copyId) : orderedSelection();
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(ids.join('\n'));
      void showToast(t('table.copiedToast', { count: ids.length }), 'success', 2500);
    } catch {
      void showToast(t('table.copyFailed'), 'danger');
    }
  };

  // With a selection the selected rows are exported, else the whole view; the button says which.
  const exportCsv = async () => {
    const data = selection.size > 0 ? selectedRows() : Array.from(view, (row) => rows[row]);
    let csvModule: typeof import('./csv');
    try {
      csvModule = await import('./csv');
    } catch {
      void showToast(t('error.loadFailed'), 'danger');
      return;
    }
    const { csvFileName, downloadCsv, toCsv } = csvModule;
    const csv = toCsv(data, visibleColumns as DataColumn<Row>[], { currencyHeader: (header) => t('table.csvCurrency', { header }) });
    downloadCsv(csvFileName(props.exportFileName ?? viewId), csv);
  };

  // The toolbar's buttons as data: the view's own (registered by its toolbar), then copy and export;
  // those that do not fit the tile's width go into the "more" menu, from the end.
  const { registry, actions: viewActions, latest: latestViewAction } = useActionRegistry();
  const actionHandlers = useRef({ copyIds, exportCsv });
  actionHandlers.current = { copyIds, exportCsv };
  const noSelection = selection.size === 0;
  const emptyView = view.length === 0;
  const actions = useMemo<ToolbarAction[]>(() => [
    ...viewActions,
    { id: 'table.copyIds', text: t('table.copyIds'), icon: <DuplicateIcon />, minimal: true, disabled: noSelection, onClick: () => void actionHandlers.current.copyIds() },
    { id: 'table.exportCsv', text: noSelection ? t('table.exportView', { count: view.length }) : t('table.exportSelected', { count: selection.size }),
      icon: <ExportIcon />, minimal: true, disabled: emptyView && noSelection, title: t(noSelection ? 'table.exportTitle' : 'table.exportSelectedTitle'), onClick: () => actionHandlers.current.exportCsv() },
  ], [viewActions, noSelection, emptyView, t, view.length, selection.size]);
  const latestAction = useCallback(
    (id: string) => actions.find((a) => a.id === id && id.startsWith('table.')) ?? latestViewAction(id),
    [actions, latestViewAction],
  );

  let overlay: ReactNode = null;
  if (rows.length === 0 && loading) {
    overlay = (
      <div className="tessera-dt__state" data-state="loading" role="status">
        <Spinner size={32} />
        <span>{t('table.loading')}</span>
      </div>
    );
  } else if (rows.length === 0) {
    overlay = (
      <div className="tessera-dt__state" data-state="empty">
        <NonIdealState icon={<InboxIcon size={40} />} title={emptyText ?? t('table.empty')} />
      </div>
    );
  } else if (view.length === 0) {
    overlay = (
      <div className="tessera-dt__state" data-state="no-match">
        <NonIdealState
          icon={<FilterRemoveIcon size={40} />}
          title={t('table.noMatch')}
          description={t('table.noMatchDescription')}
          action={<Button onClick={clearFilters}>{t('table.clearFilters')}</Button>}
        />
      </div>
    );
  }

  const resetKey = `${JSON.stringify(sorting)}|${search.trim().toLowerCase()}|${JSON.stringify(columnFilters)}|${shownPage}`;

  return (
    <div ref={rootRef} className="tessera-dt" data-view-id={viewId} onKeyDown={onTableKeyDown} style={{ height, ['--tessera-dt-select-w' as string]: `${selectWidth}px` }}>
      <div className="tessera-dt__toolbar">
        <InputGroup
          className="tessera-dt__search"
          type="search"
          leftIcon={<SearchIcon />}
          aria-label={t('table.search')}
          placeholder={t('table.searchPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            if (table.state.pagination.pageIndex !== 0) table.setPageIndex(0);
          }}
          rightElement={search ? clearSearchButton : undefined}
        />
        <ToolbarActionsProvider value={registry}>{toolbar}</ToolbarActionsProvider>
        <OverflowActions actions={actions} latest={latestAction} t={t} />
        {loading && rows.length > 0 ? <Spinner size={16} aria-label={t('table.loading')} /> : null}
        {selection.size > 0 ? (
          <span className="tessera-dt__selection" data-testid="table-selection">
            <span>{t('table.selected', { count: selection.size })}</span>
            {hiddenSelected > 0 ? (
              <span className="tessera-dt__hidden-selected">{t('table.selectedHidden', { count: hiddenSelected })}</span>
            ) : null}
            <Button variant="minimal" size="small" icon={<CrossIcon />} onClick={clearSelection} aria-label={t('table.clearSelection')} title={t('table.clearSelection')}>
              <span className="tessera-dt__clear-text">{t('table.clearSelection')}</span>
            </Button>
          </span>
        ) : null}
        <span className="tessera-dt__toolbar-end">
        {views ? (
          <ViewsMenu views={views} t={t} onError={(error) => void showToast(t('table.viewsFailed', { error: errorText(error) }), 'danger')}
            onSaved={(name) => void showToast(t('table.viewSaved', { name }), 'success', 2500)} />
        ) : null}
        <ColumnMenu
          columns={menuItems}
          onToggle={onMenuToggle}
          onMove={onMenuMove}
          onPin={onMenuPin}
          onResetWidth={onMenuResetWidth}
          onReset={onMenuReset}
          t={t}
        />
        </span>
      </div>
      <DataGrid<Row>
        rows={rows}
        view={shownView}
        rowId={rowId}
        textOf={textOf}
        nameColumn={nameColumn}
        columns={visibleColumns}
        header={
          <GridHeader
            columns={headerSpecs}
            selectAll={selectAll}
            onToggleAll={onToggleAll}
            onSort={onSort}
            onFilter={onFilter}
            resize={resize}
            t={t}
          />
        }
        overlay={overlay}
        layout={layout}
        totalWidth={totalWidth}
        selection={selection}
        activeRow={activeRow}
        busy={loading}
        resetKey={resetKey}
        t={t}
        onToggle={onToggle}
        onActivate={onActivate}
        onOpen={onOpen}
        selectWidth={selectWidth}
        openable={openable}
      />
      <div className="tessera-dt__footer">
        <span className="tessera-dt__count" data-testid="table-count">
          {view.length === rows.length
            ? t('table.rowCount', { count: rows.length })
            : t('table.filteredCount', { shown: view.length, count: rows.length })}
        </span>
        {paged ? (
          <TablePager
            pageIndex={shownPage}
            pageCount={pageCount}
            pageSize={pageSize}
            onPageSize={(size) => {
              // TanStack's setPageSize keeps the first row of the page in view.
              if (pageIndex !== shownPage) table.setPageIndex(shownPage);
              table.setPageSize(size);
            }}
            onPrevious={() => table.setPageIndex((p) => Math.max(0, Math.min(p, pageCount - 1) - 1))}
            onNext={() => table.setPageIndex((p) => Math.min(pageCount - 1, p + 1))}
            t={t}
          />
        ) : null}
      </div>
    </div>
  );
}
HeadlessDataTable.displayName = 'HeadlessDataTable';

/**
 * A choice filter holds the option's word (what the engine matches), and the words change with the
 * language: when the columns are built again, a chosen option is chosen again by its key (or its place
 * in the list), so "Disabled" becomes "已停用" instead of a filter no row matches.
 */
function useChoiceFiltersFollowColumns<Row>(columns: readonly DataColumn<Row>[], table: { state: { columnFilters: { id: string; value: unknown }[] }; getColumn: (id: string) => { setFilterValue: (value: unknown) => void } | undefined }) {
  const previous = useRef(columns);
  const tableRef = useRef(table);
  tableRef.current = table;
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = columns;
    if (before === columns) return;
    const was = new Map(before.map((c) => [c.id, c]));
    for (const filter of tableRef.current.state.columnFilters) {
      const value = String(filter.value ?? '');
      const now = columns.find((c) => c.id === filter.id)?.filter;
      const old = was.get(filter.id)?.filter;
      if (typeof now !== 'object' || !now || typeof old !== 'object' || !old || now.options.some((o) => o.value === value)) continue;
      const place = old.options.findIndex((o) => o.value === value);
      if (place < 0) continue;
      const key = old.options[place]!.key;
      const next = key !== undefined ? now.options.find((o) => o.key === key) : now.options[place];
      if (next) tableRef.current.getColumn(filter.id)?.setFilterValue(next.value);
    }
  }, [columns]);
}

/** A failure's words for a toast: the server's `info` (already in the operator's language), else the error's message. */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A field that takes text: Ctrl+A there selects its text, not rows. */
function isTextEntry(target: HTMLElement): boolean {
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}
