/**
 * Saved interest lists, kept in the kernel store (table `target-lists`, persisted with the user's
 * store like the jobs): `{ id, name, items: JSON of Interest[], updatedAt }`. Adding an interest that
 * is already in the list changes nothing.
 */
import { useSyncExternalStore } from 'react';
import type { KernelStore } from '@kernel';
import type { Interest } from './interest';

export const LISTS_TABLE = 'target-lists';

export interface SavedList { id: string; name: string; items: Interest[]; updatedAt: number }

function parseItems(json: unknown): Interest[] {
  if (typeof json !== 'string') return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((i): i is Interest => !!i && typeof i === 'object' && typeof (i as Interest).id === 'string') : [];
  } catch {
    return [];
  }
}

export function readLists(store: KernelStore): SavedList[] {
  const table = store.getTable(LISTS_TABLE);
  return Object.entries(table).map(([id, row]) => ({
    id, name: String(row.name ?? ''), items: parseItems(row.items), updatedAt: Number(row.updatedAt ?? 0),
  })).sort((a, b) => a.name.localeCompare(b.name));
}

function write(store: KernelStore, list: SavedList): void {
  store.setRow(LISTS_TABLE, list.id, { name: list.name, items: JSON.stringify(list.items), updatedAt: Date.now() });
}

/** A new empty list; its id is returned. */
export function createList(store: KernelStore, name: string): string {
  const id = `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  write(store, { id, name: name.trim(), items: [], updatedAt: 0 });
  return id;
}

/** Adds interests not yet in the list; answers how many were new. */
export function addToList(store: KernelStore, listId: string, interests: readonly Interest[]): number {
  const list = readLists(store).find((l) => l.id === listId);
  if (!list) return 0;
  const have = new Set(list.items.map((i) => i.id));
  const added = interests.filter((i) => !have.has(i.id) && (have.add(i.id), true));
  write(store, { ...list, items: [...list.items, ...added] });
  return added.length;
}

export function removeFromList(store: KernelStore, listId: string, ids: readonly string[]): void {
  const list = readLists(store).find((l) => l.id === listId);
  if (!list) return;
  const drop = new Set(ids);
  write(store, { ...list, items: list.items.filter((i) => !drop.has(i.id)) });
}

export function deleteList(store: KernelStore, listId: string): void {
  store.delRow(LISTS_TABLE, listId);
}

/** The saved lists as React state (re-renders when any list changes, in this tab or a synced one). */
export function useSavedLists(store: KernelStore): SavedList[] {
  const version = useSyncExternalStore(
    (cb) => { const id = store.addTableListener(LISTS_TABLE, cb); return () => { store.delListener(id); }; },
    () => JSON.stringify(store.getTable(LISTS_TABLE)),
  );
  return cacheLists(store, version);
}

let last: { store: KernelStore; version: string; lists: SavedList[] } | null = null;
function cacheLists(store: KernelStore, version: string): SavedList[] {
  if (last && last.store === store && last.version === version) return last.lists;
  last = { store, version, lists: readLists(store) };
  return last.lists;
}
