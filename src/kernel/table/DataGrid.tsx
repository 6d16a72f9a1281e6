import { useCallback, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { GridRow, type GridRowHandlers } from './GridRow';
import { HEADER_HEIGHT, HEADER_ROWS, ROW_HEIGHT, type ModelRow } from './table-model';

interface DataGridProps extends GridRowHandlers {
  rows: readonly ModelRow[];
  header: ReactNode;
  /** Shown instead of rows (loading, empty, no match). */
  overlay: ReactNode;
  layout: readonly { width: number; grow: boolean }[];
  totalWidth: number;
  columnCount: number;
  selection: ReadonlySet<string>;
  activeId: string | null;
  busy: boolean;
  /** Scroll back to the top whenever this changes (sort, filter, page). */
  resetKey: string;
  t: TFunction;
}

const OVERSCAN = 8;

function isEditable(target: EventTarget) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName));
}

/**
 * The one scroll container: sticky header rows on top, then a spacer as tall as all rows in
 * which only the rows in (or near) the viewport exist. It re-renders on scroll, its parent does not.
 */
export function DataGrid(props: DataGridProps) {
  const { rows, header, overlay, layout, totalWidth, columnCount, selection, activeId, busy, resetKey, t } = props;
  const { onToggle, onActivate, onOpen } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  const activate = useCallback(
    (rowId: string) => {
      onActivate(rowId);
      // Keyboard navigation needs the grid focused, but never steal focus from a control in a cell.
      const scroller = scrollRef.current;
      if (scroller && !scroller.contains(document.activeElement)) scroller.focus({ preventScroll: true });
    },
    [onActivate],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget && isEditable(event.target)) return;
    if (rows.length === 0) return;
    const current = activeId === null ? -1 : rows.findIndex((row) => row.id === activeId);
    const page = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 0) - HEADER_HEIGHT) / ROW_HEIGHT));
    let next = current;
    switch (event.key) {
      case 'ArrowDown': next = Math.min(rows.length - 1, current + 1); break;
      case 'ArrowUp': next = Math.max(0, current - 1); break;
      case 'PageDown': next = Math.min(rows.length - 1, current + page); break;
      case 'PageUp': next = Math.max(0, current - page); break;
      case 'Home': next = 0; break;
      case 'End': next = rows.length - 1; break;
      case 'Enter':
        if (current >= 0) onOpen(rows[current].id);
        event.preventDefault();
        return;
      case ' ':
        if (current >= 0) onToggle(rows[current].id, !selection.has(rows[current].id), event.shiftKey);
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    if (next < 0) next = 0;
    onActivate(rows[next].id);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const items = overlay ? [] : virtualizer.getVirtualItems();
  const activeIndex = activeId === null ? -1 : items.findIndex((item) => rows[item.index]?.id === activeId);

  return (
    <div
      ref={scrollRef}
      className="tessera-dt__scroll"
      role="grid"
      aria-label={t('table.grid')}
      aria-rowcount={rows.length + HEADER_ROWS}
      aria-colcount={columnCount + 1}
      aria-multiselectable
      aria-busy={busy}
      aria-activedescendant={activeIndex >= 0 ? `${idPrefix}-r${items[activeIndex].index}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="tessera-dt__canvas" style={{ minWidth: totalWidth }}>
        {header}
        {overlay ? (
          <div className="tessera-dt__overlay">{overlay}</div>
        ) : (
          <div role="rowgroup" className="tessera-dt__body" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <GridRow
                  key={row.id}
                  row={row}
                  index={item.index}
                  top={item.start - HEADER_HEIGHT}
                  domId={`${idPrefix}-r${item.index}`}
                  layout={layout}
                  selected={selection.has(row.id)}
                  active={row.id === activeId}
                  t={t}
                  onToggle={onToggle}
                  onActivate={activate}
                  onOpen={onOpen}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
DataGrid.displayName = 'DataGrid';
