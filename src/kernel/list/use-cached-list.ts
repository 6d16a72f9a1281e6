import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useKernel } from '../KernelProvider';
import type { KernelStore } from '../store/store';
import { bigList, loadBigLists } from '../store/big-lists';
import { cacheLoadFailure, identityKey, isCacheLoading, onCacheLoads } from '../store/ttl-cache';
import { usePlatformUserId } from '../bridge/extension-status';

const CACHE_TABLE = 'cache';

/**
 * The last parse of each cached entry: several widgets reading one large list (20,000 ad accounts)
 * parse its JSON once, not once each. Keyed by the entry's text, so a new load is parsed again.
 */
const parsed = new WeakMap<KernelStore, Map<string, { json: string; value: unknown }>>();

/**
 * The cached list under `key` while it has not expired (as readCached, sharing the parse); null otherwise.
 * A big list (1,000 rows or more) is the array kept beside the store (store/big-lists.ts), not JSON.
 */
function readList<T>(store: KernelStore, key: string, at = Date.now()): T[] | null {
  const row = store.getRow(CACHE_TABLE, key);
  if (typeof row.expires !== 'number' || row.expires <= at) return null;
  if (row.big) return (bigList(store, key) as T[] | undefined) ?? null;
  if (typeof row.json !== 'string') return null;
  let memo = parsed.get(store);
  if (!memo) { memo = new Map(); parsed.set(store, memo); }
  const hit = memo.get(key);
  if (hit && hit.json === row.json) return hit.value as T[] | null;
  let value: T[] | null = null;
  try {
    const data = JSON.parse(row.json) as unknown;
    value = Array.isArray(data) ? (data as T[]) : null;
  } catch { /* a damaged entry counts as not cached */ }
  memo.set(key, { json: row.json, value });
  return value;
}

/** How many mounted readers each store has: the shared parses are dropped with the last one (no list kept in memory for nobody). */
const readers = new WeakMap<KernelStore, number>();

/** Re-renders when a row of the list cache changes (`key`, or any row when null). */
function useCacheVersion(key: string | null): number {
  const { store } = useKernel();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const id = store.addRowListener(CACHE_TABLE, key, () => setVersion((v) => v + 1));
    readers.set(store, (readers.get(store) ?? 0) + 1);
    return () => {
      store.delListener(id);
      const left = (readers.get(store) ?? 1) - 1;
      readers.set(store, left);
      if (left === 0) parsed.delete(store);
    };
  }, [store, key]);
  return version;
}

/**
 * The cached list under `key` (null while it is not cached or has expired), read again whenever the
 * area's own load writes it. A dashboard widget reads lists this way and never loads one itself.
 */
export function useCachedList<T>(listKey: string): T[] | null {
  const { store } = useKernel();
  const key = useIdentityKey(listKey);
  const version = useCacheVersion(key);
  const [read, setRead] = useState(0);
  const list = useMemo(() => (key === null ? null : readList<T>(store, key)), [store, key, version, read]); // eslint-disable-line react-hooks/exhaustive-deps
  // A big list another tab cached (its row came over the tab sync) is read from its own database.
  const saved = !list && key !== null && Boolean(store.getCell(CACHE_TABLE, key, 'big'));
  useEffect(() => {
    if (!saved || key === null) return;
    let live = true;
    void loadBigLists(store, [key]).then(() => { if (live && bigList(store, key)) setRead((n) => n + 1); });
    return () => { live = false; };
  }, [store, key, saved]);
  return list;
}

/**
 * Whether one of `keys` is being loaded in this page right now (an area's list view on screen is
 * loading it): a widget then says so instead of offering a load that is already under way.
 */
export function useCacheLoading(...keys: string[]): boolean {
  return useCacheLoadState(...keys) === 'loading';
}

/**
 * How the area's own loads of `keys` stand in this page: 'loading' while one is in flight, the error
 * text of the last one that failed, else null. A widget shows it in place of its not-loaded offer.
 */
export function useCacheLoadState(...listKeys: string[]): 'loading' | { failed: string } | null {
  const { store } = useKernel();
  const platformUserId = usePlatformUserId();
  // Until the identity is known the area's list waits for it: that counts as loading.
  const keys = platformUserId === undefined ? [] : listKeys.map((k) => identityKey(k, platformUserId));
  const waiting = platformUserId === undefined;
  const state = useSyncExternalStore(
    (changed) => onCacheLoads(store, changed),
    () => {
      if (waiting || keys.some((key) => isCacheLoading(store, key))) return 'loading';
      for (const key of keys) {
        const failure = cacheLoadFailure(store, key);
        if (failure !== null) return `failed:${failure}`;
      }
      return '';
    },
  );
  if (state === 'loading') return 'loading';
  return state ? { failed: state.slice('failed:'.length) } : null;
}

/** Every cached list whose key starts with `prefix` (lists cached per selection, such as comments per set of posts), by key. */
export function useCachedLists<T>(prefix: string): ReadonlyMap<string, T[]> {
  const { store } = useKernel();
  const version = useCacheVersion(null);
  const platformUserId = usePlatformUserId();
  return useMemo(() => {
    const out = new Map<string, T[]>();
    if (platformUserId === undefined) return out;
    const suffix = identityKey('', platformUserId);
    for (const key of store.getRowIds(CACHE_TABLE)) {
      if (!key.startsWith(prefix) || !key.endsWith(suffix)) continue;
      const list = readList<T>(store, key);
      if (list) out.set(key, list);
    }
    return out;
  }, [store, prefix, version, platformUserId]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** A list's cache key for the platform identity of this page; null until the identity is known. */
function useIdentityKey(listKey: string): string | null {
  const platformUserId = usePlatformUserId();
  return platformUserId === undefined ? null : identityKey(listKey, platformUserId);
}
