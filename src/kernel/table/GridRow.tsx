import { memo, type ChangeEvent, type MouseEvent } from 'react';
import { Checkbox } from '@blueprintjs/core';
import { FlexRender } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { cellText, HEADER_ROWS, ROW_HEIGHT, type ModelRow } from './table-model';

export interface GridRowHandlers {
  onToggle: (rowId: string, checked: boolean, range: boolean) => void;
  onActivate: (rowId: string) => void;
  onOpen: (rowId: string) => void;
}

interface GridRowProps extends GridRowHandlers {
  row: ModelRow;
  /** Position in the current view (0-based). */
  index: number;
  top: number;
  domId: string;
  /** Visible column layout; its identity changes when columns are shown, hidden or moved. */
  layout: readonly { width: number; grow: boolean }[];
  selected: boolean;
  active: boolean;
  t: TFunction;
}

const noEscape = { interpolation: { escapeValue: false } } as const;

/** Memoised: while scrolling, only rows entering the window render. */
export const GridRow = memo(function GridRow({
  row, index, top, domId, layout, selected, active, t, onToggle, onActivate, onOpen,
}: GridRowProps) {
  const cells = row.getVisibleCells();
  const className =
    'tessera-dt__row tessera-dt__row--body' +
    (index % 2 ? ' tessera-dt__row--odd' : '') +
    (selected ? ' tessera-dt__row--selected' : '') +
    (active ? ' tessera-dt__row--active' : '');
  return (
    <div
      id={domId}
      role="row"
      aria-rowindex={index + HEADER_ROWS + 1}
      aria-selected={selected}
      data-row-id={row.id}
      className={className}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      onClick={() => onActivate(row.id)}
      onDoubleClick={() => onOpen(row.id)}
    >
      <div
        role="gridcell"
        className="tessera-dt__cell tessera-dt__cell--select"
        onDoubleClick={(event: MouseEvent) => event.stopPropagation()}
        // Shift+click would otherwise extend a text selection, and Chrome then skips the label's click.
        onMouseDown={(event: MouseEvent) => {
          if (event.shiftKey) event.preventDefault();
        }}
      >
        <Checkbox
          className="tessera-dt__checkbox"
          aria-label={t('table.selectRow', { id: row.id, ...noEscape })}
          checked={selected}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            onToggle(row.id, event.currentTarget.checked, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
          }
        />
      </div>
      {cells.map((cell, i) => (
        <div
          key={cell.column.id}
          role="gridcell"
          className="tessera-dt__cell"
          style={{ width: layout[i]?.width, flexGrow: layout[i]?.grow ? 1 : 0 }}
          title={cellText(cell.getValue())}
        >
          <FlexRender cell={cell} />
        </div>
      ))}
    </div>
  );
});
GridRow.displayName = 'GridRow';
