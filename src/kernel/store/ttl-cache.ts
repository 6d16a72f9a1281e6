import type { KernelStore } from './store';
import { bigList, bigListSaved, dropBigList, isBigList, keepBigList, loadBigLists, unloadBigList } from './big-lists';

export const LIST_TTL_MS = 12 * 60 * 60 * 1000;
const TABLE = 'cache';

export interface CachedOptions {
  ttlMs?: number;
  /** A forced reload: the cached entry is cleared and the loader runs. */
  force?: boolean;
  now?: () => number;
  /**
   * The caller's abort signal. A call that finds the same key already loading waits for that load
   * instead of starting its own; if that load's caller gives up (its signal aborts), the waiting
   * call loads for itself.
   */
  signal?: AbortSignal;
}

interface Load {
  promise: Promise<unknown>;
  signal?: AbortSignal;
}

/** Loads in flight per store and key: two views opening the same list make one set of calls. */
const loading = new WeakMap<KernelStore, Map<string, Load>>();

/** Who wants to know when a load starts or ends (the dashboard's widgets show "loading" meanwhile). */
const loadListeners = new WeakMap<KernelStore, Set<() => void>>();

/** Calls `listener` whenever a load of any key starts or ends in `store`; returns the unsubscribe. */
export function onCacheLoads(store: KernelStore, listener: () => void): () => void {
  let set = loadListeners.get(store);
  if (!set) { set = new Set(); loadListeners.set(store, set); }
  set.add(listener);
  return () => { set.delete(listener); };
}

/** Whether a load of `key` is in flight in this page (an area's list view is loading it). */
export function isCacheLoading(store: KernelStore, key: string): boolean {
  return loading.get(store)?.has(key) ?? false;
}

/** The error of the last load of each key that failed in this page (not one its caller gave up on), until the next load starts. */
const failures = new WeakMap<KernelStore, Map<string, string>>();

/** Why the last load of `key` in this page failed, or null when it did not (or another load has started since). */
export function cacheLoadFailure(store: KernelStore, key: string): string | null {
  return failures.get(store)?.get(key) ?? null;
}

function noteFailure(store: KernelStore, key: string, error: unknown | null): void {
  let map = failures.get(store);
  if (!map) { map = new Map(); failures.set(store, map); }
  if (error === null) map.delete(key);
  else map.set(key, error instanceof Error ? error.message : String(error));
}

function announceLoads(store: KernelStore): void {
  loadListeners.get(store)?.forEach((listener) => listener());
}

function loadsOf(store: KernelStore): Map<string, Load> {
  let loads = loading.get(store);
  if (!loads) {
    loads = new Map();
    loading.set(store, loads);
  }
  return loads;
}

/**
 * Returns the cached value of `key` while it is younger than the TTL (12 h for lists), else runs the
 * loader and caches its result. An entry that cannot be parsed counts as missing: back to the network.
 * A key already loading is not loaded twice (see `signal`), unless the call is forced.
 */
export async function cached<T>(store: KernelStore, key: string, loader: () => Promise<T>, options: CachedOptions = {}): Promise<T> {
  const { ttlMs = LIST_TTL_MS, force = false, now = Date.now, signal } = options;
  if (force) clearCached(store, key);
  const loads = loadsOf(store);
  // A big list another tab cached (its row came over the tab sync): read it from its own database —
  // also when this page holds an older copy than the row says (another tab changed it since).
  if (store.getCell(TABLE, key, 'big')) {
    const saved = store.getCell(TABLE, key, 'saved');
    const held = bigListSaved(store, key);
    if (bigList(store, key) && typeof saved === 'number' && held !== undefined && held < saved) unloadBigList(store, key);
    if (!bigList(store, key)) await loadBigLists(store, [key]);
  }
  for (;;) {
    const hit = readCached<T>(store, key, now());
    if (hit.found) return hit.value;
    const pending = loads.get(key);
    if (!pending || force) break;
    try {
      return (await pending.promise) as T;
    } catch (error) {
      // Its caller gave up on that load, not this one: load again.
      if (!pending.signal?.aborted || signal?.aborted) throw error;
    }
  }
  const load: Load = { promise: loader(), signal };
  loads.set(key, load);
  noteFailure(store, key, null);
  announceLoads(store);
  try {
    const value = (await load.promise) as T;
    // A forced reload started since then has the newer value.
    if (loads.get(key) === load) writeCached(store, key, value, now() + ttlMs);
    return value;
  } catch (error) {
    if (loads.get(key) === load && !signal?.aborted) noteFailure(store, key, error);
    throw error;
  } finally {
    if (loads.get(key) === load) {
      loads.delete(key);
      announceLoads(store);
    }
  }
}

/** Replaces a cached value (rows a job changed, re-read), keeping the entry's expiry; nothing when the key is not cached. */
export function updateCached<T>(store: KernelStore, key: string, value: T): void {
  const row = store.getRow(TABLE, key);
  if (typeof row.expires !== 'number') return;
  const at = stamp();
  markChanged(key, at);
  writeCached(store, key, value, row.expires, at);
}

/** A big list is kept as is beside the store (big-lists.ts), its row holding the expiry; anything else as JSON in the row. */
function writeCached(store: KernelStore, key: string, value: unknown, expires: number, saved = stamp()): void {
  if (isBigList(value)) {
    keepBigList(store, key, value, saved);
    store.setRow(TABLE, key, { big: value.length, expires, saved });
  } else {
    dropBigList(store, key);
    store.setRow(TABLE, key, { json: JSON.stringify(value), expires, saved });
  }
}

/**
 * When each cached entry was last changed by anything but a load (cleared after a job, rows a job
 * re-read), kept in localStorage: written at once, unlike the store, whose IndexedDB save trails
 * the change. A page reloaded right after a job could otherwise read back the entry as it was saved
 * before the job (a comment shown visible that the job had hidden) and trust it for 12 hours. An
 * entry saved before its key's mark is stale. '*' marks every key (the whole cache cleared).
 */
const MARKS_KEY = 'tessera-cache-marks';
let marks: Record<string, number> | null = null;

/** The time of a save or a mark: the clock, made strictly increasing within the page (two in one ms stay ordered). */
let lastStamp = 0;
function stamp(): number {
  const t = Date.now();
  lastStamp = t > lastStamp ? t : lastStamp + 0.001;
  return lastStamp;
}

function readMarks(): Record<string, number> {
  if (marks) return marks;
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(MARKS_KEY) ?? '{}');
    marks = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    marks = {};
  }
  return marks;
}

function markChanged(key: string, at: number): void {
  const all = readMarks();
  all[key] = at;
  // marks older than any entry can live say nothing any more
  for (const [k, t] of Object.entries(all)) if (typeof t !== 'number' || t < at - LIST_TTL_MS) delete all[k];
  try {
    globalThis.localStorage?.setItem(MARKS_KEY, JSON.stringify(all));
  } catch {
    // storage full or refused: the store's own save still removes the entry, a moment later
  }
}

function changedSince(key: string, saved: unknown): boolean {
  const all = readMarks();
  const mark = Math.max(all[key] ?? 0, all['*'] ?? 0);
  return mark > 0 && (typeof saved !== 'number' || saved < mark);
}

/** The keys of the big lists the store's cache table names (to read them when the store opens). */
export function bigCachedKeys(store: KernelStore): string[] {
  return store.getRowIds(TABLE).filter((key) => store.getCell(TABLE, key, 'big'));
}

export function readCached<T>(store: KernelStore, key: string, at = Date.now()): { found: true; value: T } | { found: false } {
  const row = store.getRow(TABLE, key);
  if (typeof row.expires !== 'number' || row.expires <= at) return { found: false };
  if (changedSince(key, row.saved)) return { found: false };
  if (row.big) {
    const value = bigList(store, key);
    // the list's own save trails its row's: a list older than its row is the one before the change
    const listSaved = bigListSaved(store, key);
    if (listSaved !== undefined && typeof row.saved === 'number' && listSaved < row.saved) return { found: false };
    return value ? { found: true, value: value as T } : { found: false };
  }
  if (typeof row.json !== 'string') return { found: false };
  try {
    return { found: true, value: JSON.parse(row.json) as T };
  } catch {
    store.delRow(TABLE, key);
    return { found: false };
  }
}

export function clearCached(store: KernelStore, key?: string): void {
  markChanged(key ?? '*', stamp());
  dropBigList(store, key);
  if (key === undefined) store.delTable(TABLE);
  else store.delRow(TABLE, key);
}

/**
 * A list's key in the cache for one platform identity (the social account the extension or the demo
 * executor acts as): `adaccount:list@61550000000001`. The rows of a list depend on who reads them (the
 * operator's role on each ad account, admin in a business, page tasks), so another social account in
 * the same browser never reuses them (docs/DECISIONS.md, "Lists are read as a known platform identity").
 * `null`: the identity was checked and none was given (no platform session); such a load's roles stay unknown.
 */
export function identityKey(key: string, platformUserId: string | null): string {
  return `${key}@${platformUserId ?? '-'}`;
}

/** The cache table's format marker: a row, so the tab sync and the persister carry it like the entries. */
const FORMAT_ROW = '~format';
/** 2: keys carry the platform identity (`identityKey`). Entries without the marker were written by earlier code. */
export const CACHE_FORMAT = 2;

/**
 * Drops, once, the cache entries written before lists were keyed by the platform identity: they hold
 * roles computed without knowing who read them. Nothing is reported; the lists load again on first
 * view. Returns whether anything was dropped. Run when a user's store opens (user-store.tsx).
 */
export function dropCachesOfEarlierFormat(store: KernelStore): boolean {
  if (store.getCell(TABLE, FORMAT_ROW, 'version') === CACHE_FORMAT) return false;
  const earlier = store.getRowIds(TABLE).filter((key) => key !== FORMAT_ROW);
  if (earlier.length) {
    dropBigList(store);
    store.transaction(() => { for (const key of earlier) store.delRow(TABLE, key); });
  }
  store.setRow(TABLE, FORMAT_ROW, { version: CACHE_FORMAT });
  return earlier.length > 0;
}
