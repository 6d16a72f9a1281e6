import type { KernelStore } from './store';

export const LIST_TTL_MS = 12 * 60 * 60 * 1000;
const TABLE = 'cache';

export interface CachedOptions {
  ttlMs?: number;
  /** A forced reload: the cached entry is cleared and the loader runs. */
  force?: boolean;
  now?: () => number;
}

/**
 * Returns the cached value of `key` while it is younger than the TTL (12 h for lists), else runs the
 * loader and caches its result. An entry that cannot be parsed counts as missing: back to the network.
 */
export async function cached<T>(store: KernelStore, key: string, loader: () => Promise<T>, options: CachedOptions = {}): Promise<T> {
  const { ttlMs = LIST_TTL_MS, force = false, now = Date.now } = options;
  if (force) store.delRow(TABLE, key);
  const hit = readCached<T>(store, key, now());
  if (hit.found) return hit.value;
  const value = await loader();
  store.setRow(TABLE, key, { json: JSON.stringify(value), expires: now() + ttlMs });
  return value;
}

export function readCached<T>(store: KernelStore, key: string, at = Date.now()): { found: true; value: T } | { found: false } {
  const row = store.getRow(TABLE, key);
  if (typeof row.json !== 'string' || typeof row.expires !== 'number' || row.expires <= at) return { found: false };
  try {
    return { found: true, value: JSON.parse(row.json) as T };
  } catch {
    store.delRow(TABLE, key);
    return { found: false };
  }
}

export function clearCached(store: KernelStore, key?: string): void {
  if (key === undefined) store.delTable(TABLE);
  else store.delRow(TABLE, key);
}
