import type { CSSProperties } from 'react';

/** Where a column's cells sit: width, growth and pinning (the same for the header and the body). */
export interface CellPlacement {
  width: number;
  grow?: boolean;
  pin?: 'start' | 'end' | false | null;
  inset?: number;
  edge?: boolean;
}

/**
 * A body cell's style, shared by that column's cells in every row. A pinned cell sticks to its
 * edge while the others scroll under it, over an opaque background of its row's tint.
 */
export function bodyCellStyle(layout: CellPlacement, background = 'var(--tessera-dt-pinned-bg)'): CSSProperties {
  const { width, grow, pin, inset, edge } = layout;
  if (!pin) return { width, flexGrow: grow ? 1 : 0 };
  return {
    width,
    flexGrow: grow ? 1 : 0,
    position: 'sticky',
    [pin === 'start' ? 'left' : 'right']: inset,
    zIndex: 1,
    background,
    boxShadow: edge ? `${pin === 'start' ? 'inset -1px' : 'inset 1px'} 0 0 var(--tessera-dt-border)` : undefined,
  };
}
