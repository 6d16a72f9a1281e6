import { memo } from 'react';
import { Button, Checkbox, Classes, PopoverNext } from '@blueprintjs/core';
import { AlignLeftIcon, AlignRightIcon, ArrowDownIcon, ArrowUpIcon, ColumnLayoutIcon, ResetIcon, UnpinIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';

export interface ColumnMenuItem {
  id: string;
  label: string;
  visible: boolean;
  /** Pinned to the left (start) or right (end) edge, or not. */
  pinned: false | 'start' | 'end';
  /** The operator changed its width. */
  resized: boolean;
}

interface ColumnMenuProps {
  /** All columns, in display order. */
  columns: readonly ColumnMenuItem[];
  onToggle: (columnId: string, visible: boolean) => void;
  onMove: (columnId: string, delta: -1 | 1) => void;
  onPin: (columnId: string, side: false | 'start' | 'end') => void;
  onResetWidth: (columnId: string) => void;
  onReset: () => void;
  t: TFunction;
}

const noEscape = { interpolation: { escapeValue: false } } as const;

/**
 * Show/hide, reorder, pin and reset the width of columns; the tile or tab keeps the result.
 * Memoised: it has nothing to do with selection or filtering.
 */
export const ColumnMenu = memo(function ColumnMenu({ columns, onToggle, onMove, onPin, onResetWidth, onReset, t }: ColumnMenuProps) {
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
            {column.pinned ? (
              <Button
                variant="minimal"
                size="small"
                icon={<UnpinIcon />}
                aria-label={t('table.unpin', { column: column.label, ...noEscape })}
                title={t(column.pinned === 'start' ? 'table.pinnedLeft' : 'table.pinnedRight')}
                data-pinned={column.pinned}
                onClick={() => onPin(column.id, false)}
              />
            ) : (
              <>
                <Button
                  variant="minimal"
                  size="small"
                  icon={<AlignLeftIcon />}
                  aria-label={t('table.pinLeft', { column: column.label, ...noEscape })}
                  title={t('table.pinLeftHint')}
                  disabled={!column.visible}
                  onClick={() => onPin(column.id, 'start')}
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon={<AlignRightIcon />}
                  aria-label={t('table.pinRight', { column: column.label, ...noEscape })}
                  title={t('table.pinRightHint')}
                  disabled={!column.visible}
                  onClick={() => onPin(column.id, 'end')}
                />
              </>
            )}
            <Button
              variant="minimal"
              size="small"
              icon={<ResetIcon />}
              aria-label={t('table.resetWidth', { column: column.label, ...noEscape })}
              title={t('table.resetWidthHint')}
              disabled={!column.resized}
              onClick={() => onResetWidth(column.id)}
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
