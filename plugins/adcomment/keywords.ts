/**
 * Keyword lists, read from the shared store table `keyword-lists` (docs/INTERFACES.md section 5),
 * which the page area's keyword management writes: rows `{ name, words: string[], updatedAt }`. This
 * area never imports the page plugin; it may add a list when there is none.
 */
import { useSyncExternalStore } from 'react';
import type { KernelStore } from '@kernel';

export const KEYWORD_TABLE = 'keyword-lists';

export interface KeywordList { id: string; name: string; words: string[]; updatedAt: number }

/** words as an array cell, or (tolerated) a JSON array or one word a line */
export function wordsOf(cell: unknown): string[] {
  let v: unknown = cell;
  if (typeof cell === 'string') {
    try { v = JSON.parse(cell); } catch { v = cell.split(/\r?\n/); }
  }
  return Array.isArray(v) ? v.map(String).map((w) => w.trim()).filter(Boolean) : [];
}

export function readKeywordLists(store: KernelStore): KeywordList[] {
  return Object.entries(store.getTable(KEYWORD_TABLE)).map(([id, row]) => ({
    id, name: String(row.name ?? id), words: wordsOf(row.words), updatedAt: Number(row.updatedAt ?? 0),
  })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Adds a list (one word a line, blanks and repeats dropped); its id. */
export function addKeywordList(store: KernelStore, name: string, text: string): string {
  const words = [...new Set(text.split(/\r?\n/).map((w) => w.trim()).filter(Boolean))];
  const id = `kw${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  store.setRow(KEYWORD_TABLE, id, { name: name.trim() || id, words, updatedAt: Date.now() });
  return id;
}

let last: { store: KernelStore; version: string; lists: KeywordList[] } | null = null;

export function useKeywordLists(store: KernelStore): KeywordList[] {
  const version = useSyncExternalStore(
    (cb) => { const id = store.addTableListener(KEYWORD_TABLE, cb); return () => { store.delListener(id); }; },
    () => JSON.stringify(store.getTable(KEYWORD_TABLE)),
  );
  if (!last || last.store !== store || last.version !== version) last = { store, version, lists: readKeywordLists(store) };
  return last.lists;
}
