import { memo, type ChangeEvent, type CSSProperties, type JSX, type MouseEvent } from 'react';
import { HEADER_ROWS, ROW_HEIGHT } from './table-model';
import type { DataColumn } from './types';

export interface GridRowHandlers {
  /** `row` is the position in the table's `rows` array. */
  onToggle: (row: number, checked: boolean, range: boolean) => void;
  onActivate: (row: number) => void;
  onOpen: (row: number) => void;
}

/**
 * The columns a row renders: the columns pinned to the start (always), the unpinned columns
 * [start, end) — all of them, or (in a wide table) those near the horizontal viewport — and the
 * columns pinned to the end, from `centerEnd` on (always).
 */
export interface ColumnWindow {
  /** How many columns are pinned to the start (they come first in the visible columns). */
  pinnedStart: number;
  start: number;
  end: number;
  /** First column pinned to the end (= the number of visible columns when none is). */
  centerEnd: number;
  /** Width of the unpinned columns before `start` (an empty cell keeps the others in place). */
  offset: number;
  /** Width of the unpinned columns after `end`, when columns are pinned to the end (they stay at the far edge). */
  trailing: number;
  /** Whether columns are left out (then cells carry aria-colindex). */
  partial: boolean;
}

/** The visible column a row's child element shows (its index among the row's children), or -1 (checkbox, spacer). */
export function columnAtChild(child: number, win: ColumnWindow): number {
  let k = child - 1;
  if (k < 0) return -1;
  if (k < win.pinnedStart) return k;
  k -= win.pinnedStart;
  if (win.offset > 0) {
    if (k === 0) return -1;
    k--;
  }
  if (k < win.end - win.start) return win.start + k;
  k -= win.end - win.start;
  if (win.trailing > 0) {
    if (k === 0) return -1;
    k--;
  }
  return win.centerEnd + k;
}

interface GridRowProps<Row> extends GridRowHandlers {
  data: Row;
  /** Position in the `rows` array. */
  row: number;
  rowId: string;
  /** Position in the current view (0-based). */
  position: number;
  /** Only the active row has an id (for aria-activedescendant). */
  domId: string | undefined;
  columns: readonly DataColumn<Row>[];
  columnWindow: ColumnWindow;
  /** One style object per visible column, stable while the layout is. */
  cellStyles: readonly CSSProperties[];
  /** Whether a text fits the visible column `i` without clipping (see text-fit.ts). */
  fits: (text: string, i: number) => boolean;
  /** The display text of a cell (from the table's index once built: no value function call). */
  textOf: (row: number, column: DataColumn<Row>) => string;
  selected: boolean;
  active: boolean;
  /**
   * Left over from an earlier view, waiting to be unmounted off screen (DataGrid's slots): hidden from
   * assistive technology and from queries by row id, so the grid never holds one row twice.
   */
  stale: boolean;
  /** The checkbox's accessible name for a row id. */
  selectLabel: (rowId: string) => string;
  /** The open button's accessible name for a row (its position in `rows`, its id); absent when rows do not open. */
  openLabel?: (row: number, rowId: string) => string;
}

interface CustomCellProps<Row> {
  data: Row;
  column: DataColumn<Row>;
  style: CSSProperties;
  colIndex: number | undefined;
}

/** A cell with the column's own renderer; memoised so a selection change does not re-render it. */
const CustomCell = memo(function CustomCell<Row>({ data, column, style, colIndex }: CustomCellProps<Row>) {
  return (
    <div role="gridcell" aria-colindex={colIndex} className="tessera-dt__cell" style={style}>
      {column.cell!(data)}
    </div>
  );
}) as <Row>(props: CustomCellProps<Row>) => JSX.Element;

const CLIPPING_CELL = 'tessera-dt__cell';
const FITTING_CELL = 'tessera-dt__cell tessera-dt__cell--fits';

const stopDoubleClick = (event: MouseEvent) => event.stopPropagation();
// Shift+click would otherwise extend a text selection.
/** A double click opens the row: it must not also select the word under the pointer. */
const keepWordsUnselected = (event: MouseEvent) => {
  if (event.detail > 1) event.preventDefault();
};

const keepTextSelection = (event: MouseEvent) => {
  if (event.shiftKey) event.preventDefault();
};

/**
 * One body row. Rows are keyed by a recycled slot, not by row id: while scrolling, a slot that
 * leaves the viewport is handed the row that enters it, so React updates text in place instead of
 * creating and destroying elements. Only rows whose props changed render. The row checkbox is a
 * single styled input (Blueprint's look, none of its positioned wrappers): the browser paints a
 * row that streams past with as few layers as possible.
 */
function GridRowImpl<Row>({
  data, row, rowId, position, domId, columns, columnWindow, cellStyles, fits, textOf, selected, active, stale, selectLabel, openLabel, onToggle, onActivate, onOpen,
}: GridRowProps<Row>) {

  const className =
    'tessera-dt__row tessera-dt__row--body' +
    (position % 2 ? ' tessera-dt__row--odd' : '') +
    (selected ? ' tessera-dt__row--selected' : '') +
    (active ? ' tessera-dt__row--active' : '') +
    (stale ? ' tessera-dt__row--stale' : '');
  return (
    <div
      id={domId}
      role="row"
      aria-rowindex={position + HEADER_ROWS + 1}
      aria-selected={selected}
      aria-hidden={stale || undefined}
      data-row-id={stale ? undefined : rowId}
      className={className}
      style={{ top: position * ROW_HEIGHT }}
      onClick={() => onActivate(row)}
      onDoubleClick={() => onOpen(row)}
      onMouseDown={keepWordsUnselected}
    >
      <div
        role="gridcell"
        aria-colindex={columnWindow.partial ? 1 : undefined}
        className="tessera-dt__cell tessera-dt__cell--select"
        onDoubleClick={stopDoubleClick}
        onMouseDown={keepTextSelection}
      >
        <input
          className="tessera-dt__check"
          type="checkbox"
          aria-label={selectLabel(rowId)}
          checked={selected}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            onToggle(row, event.currentTarget.checked, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
          }
        />
        {openLabel ? (
          <button type="button" className="tessera-dt__open" aria-label={openLabel(row, rowId)} title={openLabel(row, rowId)}
            onClick={(event: MouseEvent) => { event.stopPropagation(); onOpen(row); }} />
        ) : null}
      </div>
      <RowCells data={data} row={row} columns={columns} columnWindow={columnWindow} cellStyles={cellStyles} fits={fits} textOf={textOf} />
    </div>
  );
}

interface RowCellsProps<Row> {
  data: Row;
  row: number;
  columns: readonly DataColumn<Row>[];
  columnWindow: ColumnWindow;
  cellStyles: readonly CSSProperties[];
  fits: (text: string, i: number) => boolean;
  textOf: (row: number, column: DataColumn<Row>) => string;
}

/** A row's data cells; memoised apart from the row, so selecting rows does not re-render them. */
const RowCells = memo(function RowCells<Row>({ data, row, columns, columnWindow, cellStyles, fits, textOf }: RowCellsProps<Row>) {
  const cells: JSX.Element[] = [];
  const cell = (i: number) => {
    const column = columns[i];
    const colIndex = columnWindow.partial ? i + 2 : undefined;
    if (column.cell) {
      cells.push(<CustomCell key={column.id} data={data} column={column} style={cellStyles[i]} colIndex={colIndex} />);
      return;
    }
    const text = textOf(row, column);
    cells.push(
      // Text stays text (never HTML). The tooltip is set when the pointer enters (DataGrid).
      <div key={column.id} role="gridcell" aria-colindex={colIndex} className={fits(text, i) ? FITTING_CELL : CLIPPING_CELL} style={cellStyles[i]}>
        {text}
      </div>,
    );
  };
  const { pinnedStart, start, end, centerEnd, offset, trailing } = columnWindow;
  for (let i = 0; i < pinnedStart; i++) cell(i);
  if (offset > 0) cells.push(<div key="\u0000offset" className="tessera-dt__cell-offset" style={{ width: offset }} />);
  for (let i = start; i < end; i++) cell(i);
  if (trailing > 0) cells.push(<div key="\u0000trailing" className="tessera-dt__cell-offset" style={{ width: trailing }} />);
  for (let i = centerEnd; i < columns.length; i++) cell(i);
  return <>{cells}</>;
}) as <Row>(props: RowCellsProps<Row>) => JSX.Element;

export const GridRow = memo(GridRowImpl) as typeof GridRowImpl & { displayName?: string };
GridRow.displayName = 'GridRow';
