import type { KernelStore } from '@kernel';
import { KEYWORD_TABLE } from './cache';

/** An operator's keyword list: the shared store table of docs/INTERFACES.md section 5 (the ad-post comments area reads it). */
export interface KeywordList { id: string; name: string; words: string[]; updatedAt: number }

export function readKeywordLists(store: KernelStore): KeywordList[] {
  const table = store.getTable(KEYWORD_TABLE) as Record<string, Partial<KeywordList>>;
  return Object.entries(table).map(([id, r]) => ({
    id, name: String(r.name ?? ''), words: Array.isArray(r.words) ? r.words.map(String) : [], updatedAt: Number(r.updatedAt ?? 0),
  })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Saves a list under its name (a list of that name is replaced); returns its id. */
export function saveKeywordList(store: KernelStore, name: string, words: readonly string[], now = Date.now()): string {
  const trimmed = name.trim();
  const existing = readKeywordLists(store).find((l) => l.name === trimmed);
  const id = existing?.id ?? `kw-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  store.setRow(KEYWORD_TABLE, id, { name: trimmed, words: [...words], updatedAt: now } as never);
  return id;
}

export function deleteKeywordList(store: KernelStore, id: string): void {
  store.delRow(KEYWORD_TABLE, id);
}
