import { useCallback, useMemo, useState } from 'react';
import { loadColumnState, resolveColumnState, saveColumnState, type ColumnState } from './column-state';
import type { DataColumn, PageSize } from './types';

/** Column visibility, order and page size for one view id, loaded once and saved on every change. */
export function useColumnState<Row>(viewId: string, columns: readonly DataColumn<Row>[]) {
  const [stored, setStored] = useState(() => ({ viewId, state: loadColumnState(viewId) }));
  let current = stored;
  if (stored.viewId !== viewId) {
    current = { viewId, state: loadColumnState(viewId) };
    setStored(current); // derived-state reset while rendering: React re-renders right away
  }

  const resolved = useMemo(() => resolveColumnState(current.state, columns), [current.state, columns]);

  const commit = useCallback(
    (patch: Partial<ColumnState>) => {
      const state: ColumnState = { ...current.state, visibility: resolved.visibility, order: resolved.order, ...patch };
      saveColumnState(viewId, state);
      setStored({ viewId, state });
    },
    [current.state, resolved, viewId],
  );

  const setVisibility = useCallback((visibility: Record<string, boolean>) => commit({ visibility }), [commit]);
  const setOrder = useCallback((order: string[]) => commit({ order }), [commit]);
  const setPageSize = useCallback((pageSize: PageSize) => commit({ pageSize }), [commit]);
  const reset = useCallback(() => {
    const state: ColumnState = { visibility: {}, order: [], pageSize: current.state.pageSize };
    saveColumnState(viewId, state);
    setStored({ viewId, state });
  }, [current.state.pageSize, viewId]);

  return {
    visibility: resolved.visibility,
    order: resolved.order,
    storedPageSize: current.state.pageSize,
    setVisibility,
    setOrder,
    setPageSize,
    reset,
  };
}
