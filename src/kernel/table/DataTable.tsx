import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type JSX,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Button, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { CrossIcon, DuplicateIcon, ExportIcon, FilterRemoveIcon, InboxIcon, SearchIcon } from '@blueprintjs/icons';
import {
  functionalUpdate,
  useTable,
  type ColumnFiltersState,
  type ColumnOrderState,
  type ColumnVisibilityState,
  type OnChangeFn,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ColumnMenu, type ColumnMenuItem } from './ColumnMenu';
import { csvFileName, downloadCsv, toCsv } from './csv';
import { DataGrid } from './DataGrid';
import { GridHeader, type HeaderSpec, type SelectAllState } from './GridHeader';
import {
  DEFAULT_COLUMN_WIDTH,
  features,
  globalFilterFn,
  SELECT_COLUMN_WIDTH,
  toColumnDefs,
  type AnyRow,
  type Features,
  type GlobalQuery,
  type ModelRow,
} from './table-model';
import { TablePager } from './TablePager';
import type { DataColumn, DataTableProps, PageSize } from './types';
import { useColumnState } from './use-column-state';
import { useRowSelection } from './use-row-selection';
import './data-table.css';

type Notice = { kind: 'copied' | 'copyFailed'; count: number };

const NOTICE_MS = 2500;

/** The one data table every view uses: virtualized, sortable, filterable, selectable, exportable. */
export function DataTable<Row>(props: DataTableProps<Row>): JSX.Element {
  const { viewId, rows, columns, loading = false, paged = false, toolbar, emptyText, height = '100%' } = props;
  const { t } = useTranslation('kernel');

  const columnState = useColumnState(viewId, columns);
  const { selection, update: updateSelection, latest: selectionRef } = useRowSelection(
    props.selection,
    props.onSelectionChange,
  );

  const [search, setSearch] = useState('');
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const pageSize: PageSize = columnState.storedPageSize ?? props.pageSize ?? 20;

  // Typing stays responsive at 50k rows: the input updates at once, filtering follows at low priority.
  const deferredSearch = useDeferredValue(search);
  const deferredFilters = useDeferredValue(columnFilters);

  const columnsById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const defs = useMemo(() => toColumnDefs(columns), [columns]);
  // TanStack caches each row's cell values until `data` changes identity, so new columns
  // (other accessors under the same ids) need new rows too.
  const data = useMemo(() => rows.slice() as unknown as AnyRow[], [rows, defs]);

  const latest = useRef({ props });
  latest.current = { props };
  const getRowId = useCallback((row: AnyRow) => latest.current.props.getRowId(row as Row), []);

  // The search box matches visible columns only; key on the set so reordering does not re-filter.
  const visibleKey = columnState.order
    .filter((id) => columnState.visibility[id] !== false)
    .sort()
    .join('\u0000');
  const globalFilter = useMemo<GlobalQuery | undefined>(() => {
    const q = deferredSearch.trim().toLowerCase();
    return q ? { q, ids: new Set(visibleKey.split('\u0000')) } : undefined;
  }, [deferredSearch, visibleKey]);

  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);

  const onSortingChange: OnChangeFn<SortingState> = (updater) => {
    setSorting((previous) => functionalUpdate(updater, previous));
    setPageIndex(0);
  };
  const onColumnFiltersChange: OnChangeFn<ColumnFiltersState> = (updater) => {
    setColumnFilters((previous) => functionalUpdate(updater, previous));
    setPageIndex(0);
  };
  const onColumnVisibilityChange: OnChangeFn<ColumnVisibilityState> = (updater) => {
    const next = functionalUpdate(updater, columnState.visibility);
    columnState.setVisibility(next);
    // A filter on a column the user can no longer see would hide rows without saying why.
    setColumnFilters((previous) => previous.filter((filter) => next[filter.id] !== false));
  };
  const onColumnOrderChange: OnChangeFn<ColumnOrderState> = (updater) =>
    columnState.setOrder(functionalUpdate(updater, columnState.order));
  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    const next = functionalUpdate(updater, pagination);
    setPageIndex(next.pageIndex);
    if (next.pageSize !== pageSize) columnState.setPageSize(next.pageSize as PageSize);
  };

  // Every slice is owned by React state above, so the table's own store subscription is not needed
  // (a selector returning a constant keeps useTable from scheduling a second render per change).
  const table = useTable<Features, AnyRow, null>(
    {
      features,
      columns: defs,
      data,
      getRowId,
      state: {
        sorting,
        columnFilters: deferredFilters,
        globalFilter,
        columnVisibility: columnState.visibility,
        columnOrder: columnState.order,
        pagination,
      },
      onSortingChange,
      onColumnFiltersChange,
      onColumnVisibilityChange,
      onColumnOrderChange,
      onPaginationChange,
      globalFilterFn,
      getColumnCanGlobalFilter: () => true,
      sortDescFirst: false,
      isMultiSortEvent: (event) => (event as MouseEvent).shiftKey === true,
      manualPagination: !paged,
      autoResetPageIndex: false,
    },
    () => null,
  );
  const tableRef = useRef(table);
  tableRef.current = table;

  const coreModel = table.getCoreRowModel();
  const filteredModel = table.getFilteredRowModel();
  const viewRows = table.getPrePaginatedRowModel().rows; // filtered + sorted, every page
  const shownRows = table.getRowModel().rows; // the current page in paged mode
  const visibleColumns = table.getVisibleLeafColumns();
  const pageCount = paged ? Math.max(1, table.getPageCount()) : 1;

  const viewRef = useRef({ viewRows, filteredModel, coreModel });
  viewRef.current = { viewRows, filteredModel, coreModel };

  useEffect(() => {
    if (pageIndex > pageCount - 1) setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount]);

  // Uncontrolled selection forgets rows that left the data set (not rows that are merely filtered
  // out). Not while loading or empty: a reload often clears the rows first.
  const isControlled = props.selection !== undefined;
  useEffect(() => {
    if (isControlled || loading || coreModel.rows.length === 0) return;
    const byId = coreModel.rowsById;
    updateSelection((previous) => {
      for (const id of previous) {
        if (!byId[id]) return new Set([...previous].filter((keep) => byId[keep]));
      }
      return previous;
    });
  }, [coreModel, isControlled, loading, updateSelection]);

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // O(selected), not O(rows): the filtered model indexes its rows by id.
  const selectedInView = useMemo(() => {
    let count = 0;
    for (const id of selection) if (filteredModel.rowsById[id]) count++;
    return count;
  }, [selection, filteredModel]);
  const hiddenSelected = selection.size - selectedInView;

  const selectAll = useMemo<SelectAllState>(() => {
    const all = viewRows.length > 0 && selectedInView === viewRows.length;
    return { checked: all, indeterminate: selectedInView > 0 && !all, disabled: viewRows.length === 0 };
  }, [viewRows.length, selectedInView]);
  const selectAllRef = useRef(selectAll);
  selectAllRef.current = selectAll;

  const anchorRef = useRef<string | null>(null);
  const onToggle = useCallback(
    (rowId: string, checked: boolean, range: boolean) => {
      updateSelection((previous) => {
        const next = new Set(previous);
        const anchor = anchorRef.current;
        const view = viewRef.current.viewRows;
        const from = range && anchor !== null && anchor !== rowId ? view.findIndex((row) => row.id === anchor) : -1;
        const to = from >= 0 ? view.findIndex((row) => row.id === rowId) : -1;
        if (from >= 0 && to >= 0) {
          for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
            if (checked) next.add(view[i].id);
            else next.delete(view[i].id);
          }
        } else if (checked) next.add(rowId);
        else next.delete(rowId);
        return next;
      });
      anchorRef.current = rowId;
    },
    [updateSelection],
  );

  const onToggleAll = useCallback(() => {
    const view = viewRef.current.viewRows;
    const deselect = selectAllRef.current.checked;
    updateSelection((previous) => {
      const next = new Set(previous);
      for (const row of view) {
        if (deselect) next.delete(row.id);
        else next.add(row.id);
      }
      return next;
    });
  }, [updateSelection]);

  const clearSelection = useCallback(() => updateSelection(() => new Set()), [updateSelection]);

  const onOpen = useCallback((rowId: string) => {
    const row = viewRef.current.coreModel.rowsById[rowId];
    if (row) latest.current.props.onRowOpen?.(row.original as Row);
  }, []);

  const onSort = useCallback((columnId: string, event: MouseEvent) => {
    tableRef.current.getColumn(columnId)?.getToggleSortingHandler()?.(event);
  }, []);
  const onFilter = useCallback((columnId: string, value: string) => {
    tableRef.current.getColumn(columnId)?.setFilterValue(value);
  }, []);

  const clearFilters = () => {
    setSearch('');
    setColumnFilters([]);
    setPageIndex(0);
  };

  const headerSpecs = useMemo<HeaderSpec[]>(() => {
    const last = visibleColumns.length - 1;
    return visibleColumns.flatMap((column, index) => {
      const def = columnsById.get(column.id);
      if (!def) return [];
      const filterValue = columnFilters.find((filter) => filter.id === column.id)?.value;
      const sort = sorting.find((entry) => entry.id === column.id);
      return [
        {
          id: column.id,
          label: def.header,
          width: def.width ?? DEFAULT_COLUMN_WIDTH,
          grow: index === last,
          sortable: column.getCanSort(),
          sorted: sort ? (sort.desc ? 'desc' : 'asc') : false,
          filter: def.filter ?? 'text',
          filterValue: filterValue === undefined || filterValue === null ? '' : String(filterValue),
        },
      ];
    });
  }, [visibleColumns, columnsById, columnFilters, sorting]);

  const layout = useMemo(() => headerSpecs.map(({ width, grow }) => ({ width, grow })), [headerSpecs]);
  const totalWidth = layout.reduce((sum, column) => sum + column.width, SELECT_COLUMN_WIDTH);

  const menuItems = useMemo<ColumnMenuItem[]>(
    () =>
      columnState.order.flatMap((id) => {
        const def = columnsById.get(id);
        return def ? [{ id, label: def.header, visible: columnState.visibility[id] !== false }] : [];
      }),
    [columnState.order, columnState.visibility, columnsById],
  );
  const onMenuToggle = useCallback((columnId: string, visible: boolean) => {
    tableRef.current.getColumn(columnId)?.toggleVisibility(visible);
  }, []);
  const onMenuMove = useCallback((columnId: string, delta: -1 | 1) => {
    tableRef.current.setColumnOrder((order) => {
      const from = order.indexOf(columnId);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= order.length) return order;
      const next = order.slice();
      [next[from], next[to]] = [next[to], next[from]];
      return next;
    });
  }, []);

  /** Selected ids in view order, then the ones the filter hides. */
  const orderedSelection = (): string[] => {
    const current = selectionRef.current.selection;
    const ids: string[] = [];
    for (const row of viewRows) if (current.has(row.id)) ids.push(row.id);
    if (ids.length < current.size) {
      for (const id of current) if (!filteredModel.rowsById[id]) ids.push(id);
    }
    return ids;
  };

  const copyIds = async () => {
    const ids = orderedSelection();
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(ids.join('\n'));
      setNotice({ kind: 'copied', count: ids.length });
    } catch {
      setNotice({ kind: 'copyFailed', count: ids.length });
    }
  };

  const exportCsv = () => {
    const exported = visibleColumns.flatMap((column) => {
      const def = columnsById.get(column.id);
      return def ? [def] : [];
    }) as DataColumn<Row>[];
    const csv = toCsv(
      viewRows.map((row: ModelRow) => row.original as Row),
      exported,
    );
    downloadCsv(csvFileName(props.exportFileName ?? viewId), csv);
  };

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
  } else if (viewRows.length === 0) {
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

  const resetKey = `${JSON.stringify(sorting)}|${deferredSearch}|${JSON.stringify(deferredFilters)}|${pageIndex}`;

  return (
    <div className="tessera-dt" data-view-id={viewId} style={{ height }}>
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
            setPageIndex(0);
          }}
          rightElement={
            search ? (
              <Button
                variant="minimal"
                icon={<CrossIcon />}
                aria-label={t('table.clearSearch')}
                onClick={() => setSearch('')}
              />
            ) : undefined
          }
        />
        {toolbar}
        <div className="tessera-dt__spacer" />
        {loading && rows.length > 0 ? <Spinner size={16} aria-label={t('table.loading')} /> : null}
        {notice ? (
          <Tag
            role="status"
            minimal
            intent={notice.kind === 'copied' ? Intent.SUCCESS : Intent.DANGER}
            className="tessera-dt__notice"
          >
            {t(`table.${notice.kind}`, { count: notice.count })}
          </Tag>
        ) : null}
        {selection.size > 0 ? (
          <span className="tessera-dt__selection" data-testid="table-selection">
            <span>{t('table.selected', { count: selection.size })}</span>
            {hiddenSelected > 0 ? (
              <span className="tessera-dt__hidden-selected">{t('table.selectedHidden', { count: hiddenSelected })}</span>
            ) : null}
            <Button variant="minimal" size="small" icon={<CrossIcon />} onClick={clearSelection}>
              {t('table.clearSelection')}
            </Button>
          </span>
        ) : null}
        <Button variant="minimal" icon={<DuplicateIcon />} disabled={selection.size === 0} onClick={copyIds}>
          {t('table.copyIds')}
        </Button>
        <Button
          variant="minimal"
          icon={<ExportIcon />}
          disabled={viewRows.length === 0}
          title={t('table.exportTitle')}
          onClick={exportCsv}
        >
          {t('table.exportCsv')}
        </Button>
        <ColumnMenu
          columns={menuItems}
          onToggle={onMenuToggle}
          onMove={onMenuMove}
          onReset={columnState.reset}
          t={t}
        />
      </div>
      <DataGrid
        rows={shownRows}
        header={
          <GridHeader
            columns={headerSpecs}
            selectAll={selectAll}
            onToggleAll={onToggleAll}
            onSort={onSort}
            onFilter={onFilter}
            t={t}
          />
        }
        overlay={overlay}
        layout={layout}
        totalWidth={totalWidth}
        columnCount={headerSpecs.length}
        selection={selection}
        activeId={activeId}
        busy={loading}
        resetKey={resetKey}
        t={t}
        onToggle={onToggle}
        onActivate={setActiveId}
        onOpen={onOpen}
      />
      <div className="tessera-dt__footer">
        <span className="tessera-dt__count" data-testid="table-count">
          {viewRows.length === rows.length
            ? t('table.rowCount', { count: rows.length })
            : t('table.filteredCount', { shown: viewRows.length, count: rows.length })}
        </span>
        {paged ? (
          <TablePager
            pageIndex={Math.min(pageIndex, pageCount - 1)}
            pageCount={pageCount}
            pageSize={pageSize}
            onPageSize={(size) => table.setPageSize(size)}
            onPrevious={() => table.previousPage()}
            onNext={() => table.nextPage()}
            t={t}
          />
        ) : null}
      </div>
    </div>
  );
}
DataTable.displayName = 'DataTable';
