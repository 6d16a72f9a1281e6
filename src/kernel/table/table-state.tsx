import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import type { PageSize } from './types';

/**
 * What an operator chose for one table, in TanStack Table's state shapes: saved with the tile
 * (workspace file) or the tab that shows it, keyed by the table's view id. Column filters and
 * the search box are not kept: a filter nobody remembers setting hides rows without saying why.
 */
export interface TableViewState {
  sorting?: { id: string; desc: boolean }[];
  columnVisibility?: Record<string, boolean>;
  columnOrder?: string[];
  columnSizing?: Record<string, number>;
  columnPinning?: { start: string[]; end: string[] };
  pageSize?: PageSize;
}

/** Where a DataTable keeps its state: one per tile and one per route tab. */
export interface TableStateStore {
  get(viewId: string): TableViewState | undefined;
  set(viewId: string, state: TableViewState): void;
}

const TableStateContext = createContext<TableStateStore | null>(null);

/** The nearest tile's or tab's store; null outside both (the table then keeps its state while mounted). */
export function useTableStateStore(): TableStateStore | null {
  return useContext(TableStateContext);
}

export interface TableStateScopeProps {
  /** The saved states of this tile or tab, by view id. */
  states: Readonly<Record<string, TableViewState>> | undefined;
  onChange: (viewId: string, state: TableViewState) => void;
  children: ReactNode;
}

/**
 * Gives every DataTable below it its saved state by view id, so plugin views need nothing to
 * get per-tile or per-tab state. The store is stable: a table reads it when it mounts, and a
 * change of `states` does not re-render the tables below (they wrote it).
 */
export function TableStateScope({ states, onChange, children }: TableStateScopeProps) {
  const latest = useRef({ states, onChange });
  latest.current = { states, onChange };
  const store = useMemo<TableStateStore>(
    () => ({
      get: (viewId) => latest.current.states?.[viewId],
      set: (viewId, state) => latest.current.onChange(viewId, state),
    }),
    [],
  );
  return <TableStateContext.Provider value={store}>{children}</TableStateContext.Provider>;
}

const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((id): id is string => typeof id === 'string'))] : [];
}

/** A saved state as read from storage or a file: what is well-formed is kept, the rest dropped. */
export function readTableViewState(raw: unknown): TableViewState | undefined {
  if (!isRecord(raw)) return undefined;
  const state: TableViewState = {};
  if (Array.isArray(raw.sorting)) {
    state.sorting = raw.sorting.flatMap((entry) =>
      isRecord(entry) && typeof entry.id === 'string' && typeof entry.desc === 'boolean' ? [{ id: entry.id, desc: entry.desc }] : [],
    );
  }
  if (isRecord(raw.columnVisibility)) {
    state.columnVisibility = {};
    for (const [id, visible] of Object.entries(raw.columnVisibility)) if (typeof visible === 'boolean') state.columnVisibility[id] = visible;
  }
  if (Array.isArray(raw.columnOrder)) state.columnOrder = stringList(raw.columnOrder);
  if (isRecord(raw.columnSizing)) {
    state.columnSizing = {};
    for (const [id, width] of Object.entries(raw.columnSizing)) {
      if (typeof width === 'number' && Number.isFinite(width) && width > 0) state.columnSizing[id] = width;
    }
  }
  if (isRecord(raw.columnPinning)) {
    state.columnPinning = { start: stringList(raw.columnPinning.start), end: stringList(raw.columnPinning.end) };
  }
  if (typeof raw.pageSize === 'number' && PAGE_SIZES.includes(raw.pageSize)) state.pageSize = raw.pageSize as PageSize;
  return state;
}

/** The saved states of a tile or tab (by view id); undefined when there are none. */
export function readTableStates(raw: unknown): Record<string, TableViewState> | undefined {
  if (!isRecord(raw)) return undefined;
  const out: Record<string, TableViewState> = {};
  for (const [viewId, value] of Object.entries(raw)) {
    const state = readTableViewState(value);
    if (state) out[viewId] = state;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
