import { memo, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent, type TouchEvent } from 'react';
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { DoubleCaretVerticalIcon, SortAscIcon, SortDescIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import type { DataColumnFilterOptions } from './types';
import { bodyCellStyle } from './cell-style';

/** Plain data for one header cell, so the memoised header re-renders exactly when it changes. */
export interface HeaderSpec {
  id: string;
  label: string;
  width: number;
  grow: boolean;
  sortable: boolean;
  sorted: false | 'asc' | 'desc';
  /** 'number' and 'money' are typed like text and read as comparisons (number-filter.ts); 'money' also takes `USD`. */
  filter: 'text' | 'number' | 'money' | DataColumnFilterOptions | false;
  filterValue: string;
  resizable: boolean;
  /** Being dragged wider or narrower right now. */
  resizing: boolean;
  pin: false | 'start' | 'end';
  /** Distance from the pinned edge, px (see ColumnLayout). */
  inset: number;
  edge: boolean;
}

/** Drags a header edge (TanStack's resize handler), or nudges the width from the keyboard, or resets it. */
export interface ResizeHandlers {
  onResizeStart: (columnId: string, event: MouseEvent | TouchEvent) => void;
  onResizeBy: (columnId: string, delta: number) => void;
  onResizeReset: (columnId: string) => void;
}

export interface SelectAllState {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
}

interface GridHeaderProps {
  columns: readonly HeaderSpec[];
  selectAll: SelectAllState;
  onToggleAll: () => void;
  onSort: (columnId: string, event: MouseEvent) => void;
  onFilter: (columnId: string, value: string) => void;
  resize: ResizeHandlers;
  t: TFunction;
}

/** Keyboard steps of the resize handle, px (shift: larger). */
const RESIZE_STEP = 10;
const RESIZE_STEP_LARGE = 50;

const noEscape = { interpolation: { escapeValue: false } } as const;

function ariaSort(sorted: HeaderSpec['sorted']) {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

function SortIcon({ sorted }: { sorted: HeaderSpec['sorted'] }) {
  if (sorted === 'asc') return <SortAscIcon className="tessera-dt__sort-icon" size={12} />;
  if (sorted === 'desc') return <SortDescIcon className="tessera-dt__sort-icon" size={12} />;
  return <DoubleCaretVerticalIcon className="tessera-dt__sort-icon tessera-dt__sort-icon--idle" size={12} />;
}

type Placement = Pick<HeaderSpec, 'width' | 'grow' | 'pin' | 'inset' | 'edge'>;

/** Same widths and pinning as the body cells below, on the header's background. */
function cellStyle(placement: Placement): CSSProperties {
  return bodyCellStyle(placement, 'var(--tessera-dt-head-bg)');
}

export const GridHeader = memo(function GridHeader({ columns, selectAll, onToggleAll, onSort, onFilter, resize, t }: GridHeaderProps) {
  return (
    <div role="rowgroup" className="tessera-dt__head">
      <div role="row" aria-rowindex={1} className="tessera-dt__row tessera-dt__row--titles">
        <SelectAllCell selectAll={selectAll} onToggleAll={onToggleAll} t={t} />
        <ColumnTitles columns={columns} onSort={onSort} resize={resize} t={t} />
      </div>
      <FilterRow columns={columns} onFilter={onFilter} t={t} />
    </div>
  );
});
GridHeader.displayName = 'GridHeader';

/**
 * Only this re-renders when the selection changes, not the titles and filters next to it. The
 * same light checkbox as the rows (one input, no positioned wrappers, check image loaded with
 * the table): the first select-all does not pay for a new look.
 */
const SelectAllCell = memo(function SelectAllCell({
  selectAll,
  onToggleAll,
  t,
}: Pick<GridHeaderProps, 'selectAll' | 'onToggleAll' | 't'>) {
  const input = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property only (no attribute); assistive technology reads it as "mixed".
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = selectAll.indeterminate;
  }, [selectAll.indeterminate]);
  return (
    <div role="columnheader" className="tessera-dt__cell tessera-dt__cell--select">
      <input
        ref={input}
        type="checkbox"
        className="tessera-dt__check"
        aria-label={t('table.selectAll')}
        checked={selectAll.checked}
        disabled={selectAll.disabled}
        onChange={onToggleAll}
      />
    </div>
  );
});

const ColumnTitles = memo(function ColumnTitles({ columns, onSort, resize, t }: Pick<GridHeaderProps, 'columns' | 'onSort' | 'resize' | 't'>) {
  return (
    <>
      {columns.map((spec) => (
        <TitleCell
          key={spec.id}
          id={spec.id}
          label={spec.label}
          width={spec.width}
          grow={spec.grow}
          pin={spec.pin}
          inset={spec.inset}
          edge={spec.edge}
          sortable={spec.sortable}
          sorted={spec.sorted}
          resizable={spec.resizable}
          resizing={spec.resizing}
          onSort={onSort}
          resize={resize}
          t={t}
        />
      ))}
    </>
  );
});

type TitleCellProps = Pick<HeaderSpec, 'id' | 'label' | 'width' | 'grow' | 'pin' | 'inset' | 'edge' | 'sortable' | 'sorted' | 'resizable' | 'resizing'> &
  Pick<GridHeaderProps, 'onSort' | 'resize' | 't'>;

/** One column title; plain props, so sorting by one column re-renders that title (and the previous one) only. */
const TitleCell = memo(function TitleCell({ id, label, width, grow, pin, inset, edge, sortable, sorted, resizable, resizing, onSort, resize, t }: TitleCellProps) {
  return (
    <div
      role="columnheader"
      aria-sort={sortable ? ariaSort(sorted) : undefined}
      data-column-id={id}
      data-pinned={pin || undefined}
      className="tessera-dt__cell tessera-dt__cell--title"
      style={cellStyle({ width, grow, pin, inset, edge })}
    >
      {sortable ? (
        <button
          type="button"
          className="tessera-dt__sort"
          title={t('table.sortBy', { column: label, ...noEscape })}
          onClick={(event) => onSort(id, event)}
        >
          <span className="tessera-dt__title-text">{label}</span>
          <SortIcon sorted={sorted} />
        </button>
      ) : (
        <span className="tessera-dt__title-text" title={label}>
          {label}
        </span>
      )}
      {resizable ? <ResizeHandle id={id} label={label} width={width} resizing={resizing} resize={resize} t={t} /> : null}
    </div>
  );
});

/**
 * The header's right edge: drag it (TanStack's resize handler follows the pointer), double-click
 * it for the column's own width, or focus it and use the arrow keys.
 */
function ResizeHandle({ id, label, width, resizing, resize, t }: { id: string; label: string; width: number; resizing: boolean; resize: ResizeHandlers; t: TFunction }) {
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? RESIZE_STEP_LARGE : RESIZE_STEP;
    if (event.key === 'ArrowLeft') resize.onResizeBy(id, -step);
    else if (event.key === 'ArrowRight') resize.onResizeBy(id, step);
    else if (event.key === 'Enter' || event.key === 'Home') resize.onResizeReset(id);
    else return;
    event.preventDefault();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('table.resizeColumn', { column: label, ...noEscape })}
      aria-valuenow={Math.round(width)}
      title={t('table.resizeHint')}
      tabIndex={0}
      data-resizing={resizing || undefined}
      className="tessera-dt__resizer"
      onMouseDown={(event) => {
        event.preventDefault(); // no text selection while dragging
        resize.onResizeStart(id, event);
      }}
      onTouchStart={(event) => resize.onResizeStart(id, event)}
      onDoubleClick={() => resize.onResizeReset(id)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
    />
  );
}

const FilterRow = memo(function FilterRow({ columns, onFilter, t }: Pick<GridHeaderProps, 'columns' | 'onFilter' | 't'>) {
  return (
    <div role="row" aria-rowindex={2} className="tessera-dt__row tessera-dt__row--filters">
      <div role="gridcell" className="tessera-dt__cell tessera-dt__cell--select" />
      {columns.map((spec) => (
        <FilterCell
          key={spec.id}
          id={spec.id}
          label={spec.label}
          width={spec.width}
          grow={spec.grow}
          pin={spec.pin}
          inset={spec.inset}
          edge={spec.edge}
          filter={spec.filter}
          filterValue={spec.filterValue}
          onFilter={onFilter}
          t={t}
        />
      ))}
    </div>
  );
});

type FilterCellProps = Pick<HeaderSpec, 'id' | 'label' | 'width' | 'grow' | 'pin' | 'inset' | 'edge' | 'filter' | 'filterValue'> &
  Pick<GridHeaderProps, 'onFilter' | 't'>;

/** One filter cell; plain props, so a sort (or another column's filter) does not re-render it. */
const FilterCell = memo(function FilterCell({ onFilter, t, ...spec }: FilterCellProps) {
  return (
    <div role="gridcell" className="tessera-dt__cell tessera-dt__cell--filter" style={cellStyle(spec)}>
      <ColumnFilter spec={spec} onFilter={onFilter} t={t} />
    </div>
  );
});

function ColumnFilter({ spec, onFilter, t }: { spec: Omit<FilterCellProps, 'onFilter' | 't'>; onFilter: GridHeaderProps['onFilter']; t: TFunction }) {
  if (spec.filter === false) return null;
  const label = t('table.filterColumn', { column: spec.label, ...noEscape });
  if (spec.filter === 'text') {
    return (
      <InputGroup
        size="small"
        fill
        type="search"
        aria-label={label}
        title={t('table.textFilterHint')}
        placeholder={t('table.filterPlaceholder')}
        value={spec.filterValue}
        onChange={(event) => onFilter(spec.id, event.currentTarget.value)}
      />
    );
  }
  if (spec.filter === 'number' || spec.filter === 'money') {
    // what the box accepts, where it is typed: a short example, and the whole grammar as its tooltip
    const hint = t(spec.filter === 'money' ? 'table.moneyFilterHint' : 'table.numberFilterHint');
    return (
      <InputGroup
        size="small"
        fill
        type="search"
        aria-label={label}
        title={hint}
        placeholder={t('table.numberFilterPlaceholder')}
        data-filter-kind={spec.filter}
        value={spec.filterValue}
        onChange={(event) => onFilter(spec.id, event.currentTarget.value)}
      />
    );
  }
  return (
    <HTMLSelect
      minimal
      fill
      aria-label={label}
      value={spec.filterValue}
      onChange={(event) => onFilter(spec.id, event.currentTarget.value)}
    >
      <option value="">{t('table.filterAll')}</option>
      {spec.filter.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </HTMLSelect>
  );
}
