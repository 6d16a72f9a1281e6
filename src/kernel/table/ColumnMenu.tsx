import { memo } from 'react';
import { Button, Checkbox, Classes, PopoverNext } from '@blueprintjs/core';
import { ArrowDownIcon, ArrowUpIcon, ColumnLayoutIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';

export interface ColumnMenuItem {
  id: string;
  label: string;
  visible: boolean;
}

interface ColumnMenuProps {
  /** All columns, in display order. */
  columns: readonly ColumnMenuItem[];
  onToggle: (columnId: string, visible: boolean) => void;
  onMove: (columnId: string, delta: -1 | 1) => void;
  onReset: () => void;
  t: TFunction;
}

const noEscape = { interpolation: { escapeValue: false } } as const;

/** Show/hide and reorder columns; the table persists the result per view. Memoised: it has nothing to do with selection or filtering. */
export const ColumnMenu = memo(function ColumnMenu({ columns, onToggle, onMove, onReset, t }: ColumnMenuProps) {
  const visibleCount = columns.reduce((n, column) => n + (column.visible ? 1 : 0), 0);
  const content = (
    <div className="tessera-dt__column-menu" role="group" aria-label={t('table.columnSettings')}>
      <ul className="tessera-dt__column-list">
        {columns.map((column, index) => (
          <li key={column.id} className="tessera-dt__column-item" data-column-id={column.id}>
            <Checkbox
              className="tessera-dt__column-toggle"
              checked={column.visible}
              // The last visible column cannot be hidden: an empty grid helps nobody.
              disabled={column.visible && visibleCount === 1}
              onChange={(event) => onToggle(column.id, event.currentTarget.checked)}
              labelElement={<span className="tessera-dt__column-label">{column.label}</span>}
            />
            <Button
              variant="minimal"
              size="small"
              icon={<ArrowUpIcon />}
              aria-label={t('table.moveUp', { column: column.label, ...noEscape })}
              disabled={index === 0}
              onClick={() => onMove(column.id, -1)}
            />
            <Button
              variant="minimal"
              size="small"
              icon={<ArrowDownIcon />}
              aria-label={t('table.moveDown', { column: column.label, ...noEscape })}
              disabled={index === columns.length - 1}
              onClick={() => onMove(column.id, 1)}
            />
          </li>
        ))}
      </ul>
      <div className={`tessera-dt__column-footer ${Classes.TEXT_MUTED}`}>
        <Button variant="minimal" size="small" onClick={onReset}>
          {t('table.resetColumns')}
        </Button>
      </div>
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-end" arrow={false}>
      <Button variant="minimal" icon={<ColumnLayoutIcon />} title={t('table.columnSettings')}>
        {t('table.columns')}
      </Button>
    </PopoverNext>
  );
});
ColumnMenu.displayName = 'ColumnMenu';
