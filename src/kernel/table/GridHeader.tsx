import { memo, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { DoubleCaretVerticalIcon, SortAscIcon, SortDescIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import type { DataColumnFilterOptions } from './types';

/** Plain data for one header cell, so the memoised header re-renders exactly when it changes. */
export interface HeaderSpec {
  id: string;
  label: string;
  width: number;
  grow: boolean;
  sortable: boolean;
  sorted: false | 'asc' | 'desc';
  filter: 'text' | DataColumnFilterOptions | false;
  filterValue: string;
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
  t: TFunction;
}

const noEscape = { interpolation: { escapeValue: false } } as const;

function ariaSort(sorted: HeaderSpec['sorted']) {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

function SortIcon({ sorted }: { sorted: HeaderSpec['sorted'] }) {
  if (sorted === 'asc') return <SortAscIcon className="tessera-dt__sort-icon" size={12} />;
  if (sorted === 'desc') return <SortDescIcon className="tessera-dt__sort-icon" size={12} />;
  return <DoubleCaretVerticalIcon className="tessera-dt__sort-icon tessera-dt__sort-icon--idle" size={12} />;
}

function cellStyle(spec: Pick<HeaderSpec, 'width' | 'grow'>) {
  return { width: spec.width, flexGrow: spec.grow ? 1 : 0 };
}

export const GridHeader = memo(function GridHeader({ columns, selectAll, onToggleAll, onSort, onFilter, t }: GridHeaderProps) {
  return (
    <div role="rowgroup" className="tessera-dt__head">
      <div role="row" aria-rowindex={1} className="tessera-dt__row tessera-dt__row--titles">
        <SelectAllCell selectAll={selectAll} onToggleAll={onToggleAll} t={t} />
        <ColumnTitles columns={columns} onSort={onSort} t={t} />
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

const ColumnTitles = memo(function ColumnTitles({ columns, onSort, t }: Pick<GridHeaderProps, 'columns' | 'onSort' | 't'>) {
  return (
    <>
      {columns.map((spec) => (
        <TitleCell
          key={spec.id}
          id={spec.id}
          label={spec.label}
          width={spec.width}
          grow={spec.grow}
          sortable={spec.sortable}
          sorted={spec.sorted}
          onSort={onSort}
          t={t}
        />
      ))}
    </>
  );
});

type TitleCellProps = Pick<HeaderSpec, 'id' | 'label' | 'width' | 'grow' | 'sortable' | 'sorted'> & Pick<GridHeaderProps, 'onSort' | 't'>;

/** One column title; plain props, so sorting by one column re-renders that title (and the previous one) only. */
const TitleCell = memo(function TitleCell({ id, label, width, grow, sortable, sorted, onSort, t }: TitleCellProps) {
  return (
    <div
      role="columnheader"
      aria-sort={sortable ? ariaSort(sorted) : undefined}
      data-column-id={id}
      className="tessera-dt__cell tessera-dt__cell--title"
      style={cellStyle({ width, grow })}
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
    </div>
  );
});

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
          filter={spec.filter}
          filterValue={spec.filterValue}
          onFilter={onFilter}
          t={t}
        />
      ))}
    </div>
  );
});

type FilterCellProps = Pick<HeaderSpec, 'id' | 'label' | 'width' | 'grow' | 'filter' | 'filterValue'> & Pick<GridHeaderProps, 'onFilter' | 't'>;

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
        placeholder={t('table.filterPlaceholder')}
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
