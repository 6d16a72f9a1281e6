import type { PageSize } from './types';

/** What a user chose for one table view; persisted as versioned JSON. */
export interface ColumnState {
  /** Explicit visibility per column id; a missing id falls back to the column's default. */
  visibility: Record<string, boolean>;
  /** Column ids in display order; unknown ids are ignored, new columns are slotted in. */
  order: string[];
  /** Set only once the user picked a page size. */
  pageSize?: PageSize;
}

const VERSION = 1;
const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export function columnStateKey(viewId: string): string {
  return `tessera:table:${viewId}`;
}

export function defaultColumnState(): ColumnState {
  return { visibility: {}, order: [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the stored state; anything missing, corrupt or from another version gives the defaults. */
export function loadColumnState(viewId: string): ColumnState {
  let raw: string | null;
  try {
    raw = globalThis.localStorage?.getItem(columnStateKey(viewId)) ?? null;
  } catch {
    return defaultColumnState(); // storage disabled (privacy mode, sandboxed frame)
  }
  if (!raw) return defaultColumnState();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaultColumnState();
  }
  if (!isRecord(parsed) || parsed.version !== VERSION) return defaultColumnState();

  const state = defaultColumnState();
  if (isRecord(parsed.visibility)) {
    for (const [id, visible] of Object.entries(parsed.visibility)) {
      if (typeof visible === 'boolean') state.visibility[id] = visible;
    }
  }
  if (Array.isArray(parsed.order)) {
    state.order = [...new Set(parsed.order.filter((id): id is string => typeof id === 'string'))];
  }
  if (typeof parsed.pageSize === 'number' && PAGE_SIZES.includes(parsed.pageSize)) {
    state.pageSize = parsed.pageSize as PageSize;
  }
  return state;
}

export function saveColumnState(viewId: string, state: ColumnState): void {
  const payload = { version: VERSION, visibility: state.visibility, order: state.order, pageSize: state.pageSize };
  try {
    globalThis.localStorage?.setItem(columnStateKey(viewId), JSON.stringify(payload));
  } catch {
    // quota exceeded or storage disabled: the choice still holds for this session
  }
}

export interface ResolvedColumnState {
  visibility: Record<string, boolean>;
  order: string[];
}

/** Merges stored choices with the current column definitions (columns added or removed since). */
export function resolveColumnState(
  stored: ColumnState,
  columns: readonly { id: string; hiddenByDefault?: boolean }[],
): ResolvedColumnState {
  const known = new Set(columns.map((c) => c.id));
  const order = stored.order.filter((id) => known.has(id));
  const placed = new Set(order);
  // A column new to this user goes right after its predecessor in the definition order.
  columns.forEach((column, index) => {
    if (placed.has(column.id)) return;
    const before = index > 0 ? order.indexOf(columns[index - 1].id) : -1;
    order.splice(before + 1, 0, column.id);
    placed.add(column.id);
  });
  const visibility: Record<string, boolean> = {};
  for (const column of columns) {
    visibility[column.id] = stored.visibility[column.id] ?? !column.hiddenByDefault;
  }
  return { visibility, order };
}
