import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useKernel } from '../KernelProvider';
import type { KernelBus } from '../bus';
import type { KernelStore } from '../store/store';
import { identityKey, readCached } from '../store/ttl-cache';
import { usePlatformUserId } from '../bridge/extension-status';
import type { PastedFormat } from '../platform/pasted';
import type { JobItem } from './types';

/**
 * Where the object picker (ObjectPicker.tsx) finds the objects an operator may pick for a field that
 * names them (its schema's `format`): the plugins declare which of their row types are objects of
 * which id format (`objects` in plugin.json), and the kernel reads, for those row types, what the
 * product already has: the lists cached by the areas' list views, and the selections of the open
 * workspace tiles. The kernel names no area: it knows row types only as the declarations give them.
 */

/**
 * The list cache's keys (bare, without the platform identity) by the row type of their rows: written by
 * the list hook (src/kernel/list/use-area-list.ts) for a row type some plugin declares as objects,
 * kept in the store with the cache itself.
 */
export const LIST_ROW_TYPES_TABLE = 'listRowTypes';

/** Notes that the list cached under `cacheKey` holds rows of `rowType`. */
export function recordListRowType(store: KernelStore, cacheKey: string, rowType: string): void {
  if (store.getCell(LIST_ROW_TYPES_TABLE, cacheKey, 'rowType') !== rowType) store.setCell(LIST_ROW_TYPES_TABLE, cacheKey, 'rowType', rowType);
}

/** One object the picker offers: its id as the product shows it, its name when known, its row type. */
export interface PickableObject { id: string; name: string; rowType: string }

/** The row types whose rows are objects of `format`, as the usable plugins declare them. */
export function useObjectRowTypes(format: PastedFormat | null): readonly string[] {
  const { plugins } = useKernel();
  return useMemo(() => (format ? plugins.flatMap((p) => (p.objects ?? []).filter((o) => o.format === format).map((o) => o.rowType)) : []), [plugins, format]);
}

/** The row types some usable plugin declares as objects (the list hook records where their lists are cached). */
export function useDeclaredObjectRowTypes(): ReadonlySet<string> {
  const { plugins } = useKernel();
  return useMemo(() => new Set(plugins.flatMap((p) => (p.objects ?? []).map((o) => o.rowType))), [plugins]);
}

/** The rows of every unexpired cached list of these row types (for this platform identity), each id once. */
export function cachedObjects(store: KernelStore, platformUserId: string | null, rowTypes: readonly string[]): PickableObject[] {
  const out = new Map<string, PickableObject>();
  for (const key of store.getRowIds(LIST_ROW_TYPES_TABLE)) {
    const rowType = store.getCell(LIST_ROW_TYPES_TABLE, key, 'rowType');
    if (typeof rowType !== 'string' || !rowTypes.includes(rowType)) continue;
    const hit = readCached<unknown>(store, identityKey(key, platformUserId));
    if (!hit.found || !Array.isArray(hit.value)) continue;
    for (const row of hit.value as unknown[]) {
      const o = asObject(row, rowType);
      if (o && !out.has(o.id)) out.set(o.id, o);
    }
  }
  return [...out.values()];
}

/** A list row or a selection's item as an object: its `id` and `name` (a row without an id is none). */
export function asObject(row: unknown, rowType: string): PickableObject | null {
  if (!row || typeof row !== 'object') return null;
  const { id, name } = row as { id?: unknown; name?: unknown };
  if (typeof id !== 'string' || !id) return null;
  return { id, name: typeof name === 'string' ? name : '', rowType };
}

/** The loaded objects of these row types, read again when a list is cached or changed. */
export function useCachedObjects(rowTypes: readonly string[]): PickableObject[] {
  const { store } = useKernel();
  const platformUserId = usePlatformUserId();
  const [version, setVersion] = useState(0);
  const active = rowTypes.length > 0;
  useEffect(() => {
    if (!active) return;
    const bump = () => setVersion((v) => v + 1);
    const ids = [store.addTableListener('cache', bump), store.addTableListener(LIST_ROW_TYPES_TABLE, bump)];
    return () => { for (const id of ids) store.delListener(id); };
  }, [store, active]);
  return useMemo(
    () => (!active || platformUserId === undefined ? [] : cachedObjects(store, platformUserId, rowTypes)),
    [store, platformUserId, rowTypes, active, version], // eslint-disable-line react-hooks/exhaustive-deps
  );
}

/** The selection an open workspace tile published, with the tile's title as the workspace shows it. */
export interface TileSelection { tileId: string; title: string; rowType: string; ids: readonly string[]; items?: readonly JobItem[] }

interface TileSelections { tiles: readonly TileSelection[]; listeners: Set<() => void> }
const published = new WeakMap<KernelBus, TileSelections>();
const NONE: readonly TileSelection[] = [];

function selectionsOf(bus: KernelBus): TileSelections {
  let s = published.get(bus);
  if (!s) { s = { tiles: NONE, listeners: new Set() }; published.set(bus, s); }
  return s;
}

/**
 * The workspace says which tiles are open and what each selected (it already keeps each tile's last
 * selection to feed the tiles that follow it); an empty list when it closes.
 */
export function shareTileSelections(bus: KernelBus, tiles: readonly TileSelection[]): void {
  const s = selectionsOf(bus);
  s.tiles = tiles.length ? tiles : NONE;
  s.listeners.forEach((l) => l());
}

/** The selections of the open workspace tiles (none while no workspace is on screen). */
export function useTileSelections(): readonly TileSelection[] {
  const { bus } = useKernel();
  const s = selectionsOf(bus);
  return useSyncExternalStore((l) => { s.listeners.add(l); return () => { s.listeners.delete(l); }; }, () => s.tiles, () => s.tiles);
}
