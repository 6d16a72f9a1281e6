import type { KernelStore } from './store';

/**
 * Big cached lists live beside the TinyBase store, not in it (docs/DECISIONS.md, "Big cached lists
 * live beside the store"). A list of 20,000 ad accounts as one JSON string in the store's `cache` table
 * held 44 MB of heap on top of the rows themselves, was re-saved whole to IndexedDB on every change of
 * any table, and was sent whole to the other tabs. Here the page keeps the list it loaded as is (the
 * same objects the list view shows, no copy) and saves it to its own IndexedDB database in slices,
 * one small task per slice, after the load; the `cache` row keeps only the expiry (ttl-cache.ts).
 */
export const BIG_LIST_MIN_ROWS = 1000;
const SLICE_ROWS = 500;
const SAVE_DELAY_MS = 1000;
const META = 'meta';
const SLICES = 'slices';

interface Lists {
  values: Map<string, unknown[]>;
  /** When each list in `values` was kept (its cache row's `saved`), as far as known. */
  savedAt: Map<string, number>;
  dbName: string | null;
  db: Promise<IDBDatabase | null> | null;
  saves: Map<string, ReturnType<typeof setTimeout>>;
}

const byStore = new WeakMap<KernelStore, Lists>();

function listsOf(store: KernelStore): Lists {
  let lists = byStore.get(store);
  if (!lists) {
    lists = { values: new Map(), savedAt: new Map(), dbName: null, db: null, saves: new Map() };
    byStore.set(store, lists);
  }
  return lists;
}

export function isBigList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length >= BIG_LIST_MIN_ROWS;
}

/** The IndexedDB database of one user's big lists (each user's data is theirs, like the store's). */
export function bigListsDbName(storeDbName: string): string {
  return `${storeDbName}-lists`;
}

/** Saves `store`'s big lists in `dbName` from now on (without it they are kept in memory only). */
export function attachBigLists(store: KernelStore, dbName: string): void {
  const lists = listsOf(store);
  lists.dbName = typeof indexedDB === 'undefined' ? null : dbName;
  lists.db = null;
}

function open(lists: Lists): Promise<IDBDatabase | null> {
  if (!lists.dbName) return Promise.resolve(null);
  lists.db ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(lists.dbName!, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(META);
        request.result.createObjectStore(SLICES);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return lists.db;
}

const done = (tx: IDBTransaction) => new Promise<void>((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error);
  tx.onabort = () => reject(tx.error);
});
const result = <T>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const sliceKey = (key: string, generation: string, i: number) => `${key}\u0000${generation}\u0000${String(i).padStart(6, '0')}`;
const slicesOf = (key: string, generation?: string) => {
  const prefix = generation === undefined ? `${key}\u0000` : `${key}\u0000${generation}\u0000`;
  return IDBKeyRange.bound(prefix, `${prefix}\uffff`);
};

/** `saved`: the cache row's `saved` of the list these slices hold (absent in lists saved before it was kept). */
interface Meta { generation: string; slices: number; rows: number; saved?: number }

/** The big list held in memory under `key`, if any. */
export function bigList(store: KernelStore, key: string): unknown[] | undefined {
  return byStore.get(store)?.values.get(key);
}

/**
 * When the big list held under `key` was kept (the `saved` of its cache row then), if known. A list
 * is saved to its database a second after it changed: a page reloaded in between reads the list
 * before the change beside a cache row that may already say after it (ttl-cache.ts compares them).
 */
export function bigListSaved(store: KernelStore, key: string): number | undefined {
  return byStore.get(store)?.savedAt.get(key);
}

/** Forgets the copy in memory of the big list under `key` (the saved one stays), to read the saved one again. */
export function unloadBigList(store: KernelStore, key: string): void {
  const lists = byStore.get(store);
  if (!lists || lists.saves.has(key)) return; // this page's newer list is still to be saved: keep it
  lists.values.delete(key);
  lists.savedAt.delete(key);
}

/** Keeps `value` under `key` and saves it a moment later, slice by slice (a newer value replaces a pending save). */
export function keepBigList(store: KernelStore, key: string, value: unknown[], saved?: number): void {
  const lists = listsOf(store);
  lists.values.set(key, value);
  if (saved === undefined) lists.savedAt.delete(key);
  else lists.savedAt.set(key, saved);
  const pending = lists.saves.get(key);
  if (pending) clearTimeout(pending);
  if (!lists.dbName) return;
  lists.saves.set(key, setTimeout(() => {
    lists.saves.delete(key);
    void save(lists, key, value, saved).catch((e) => console.warn('[tessera] cached list not saved', e));
  }, SAVE_DELAY_MS));
}

async function save(lists: Lists, key: string, value: unknown[], saved?: number): Promise<void> {
  const db = await open(lists);
  if (!db) return;
  const generation = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let slices = 0;
  for (let start = 0; start < value.length; start += SLICE_ROWS) {
    if (lists.values.get(key) !== value) return; // replaced or dropped meanwhile: that one saves
    const tx = db.transaction(SLICES, 'readwrite');
    tx.objectStore(SLICES).put(value.slice(start, start + SLICE_ROWS), sliceKey(key, generation, slices++));
    await done(tx);
    await yieldToPage();
  }
  if (lists.values.get(key) !== value) {
    const drop = db.transaction(SLICES, 'readwrite');
    drop.objectStore(SLICES).delete(slicesOf(key, generation));
    await done(drop);
    return;
  }
  // The new slices become the list in one step; the old generation's slices go with it.
  const tx = db.transaction([META, SLICES], 'readwrite');
  const old = await result(tx.objectStore(META).get(key)) as Meta | undefined;
  tx.objectStore(META).put({ generation, slices, rows: value.length, ...(saved === undefined ? {} : { saved }) } satisfies Meta, key);
  if (old && old.generation !== generation) tx.objectStore(SLICES).delete(slicesOf(key, old.generation));
  await done(tx);
}

/** Reads the saved big lists of `keys` into memory (those not saved, or unreadable, stay missing). */
export async function loadBigLists(store: KernelStore, keys: readonly string[]): Promise<void> {
  const lists = listsOf(store);
  const db = await open(lists);
  if (!db) return;
  for (const key of keys) {
    if (lists.values.has(key)) continue;
    try {
      const tx = db.transaction([META, SLICES], 'readonly');
      const meta = await result(tx.objectStore(META).get(key)) as Meta | undefined;
      if (!meta) continue;
      const parts = await Promise.all(Array.from({ length: meta.slices }, (_, i) => result(tx.objectStore(SLICES).get(sliceKey(key, meta.generation, i))) as Promise<unknown[] | undefined>));
      if (parts.some((p) => !Array.isArray(p)) || lists.values.has(key)) continue;
      lists.values.set(key, parts.flat() as unknown[]);
      if (typeof meta.saved === 'number') lists.savedAt.set(key, meta.saved);
    } catch (e) {
      console.warn('[tessera] cached list unreadable', e);
    }
  }
}

/** Drops the big list under `key` (every one when undefined), in memory and saved. */
export function dropBigList(store: KernelStore, key?: string): void {
  const lists = byStore.get(store);
  if (!lists) return;
  for (const k of key === undefined ? [...lists.saves.keys()] : [key]) {
    clearTimeout(lists.saves.get(k));
    lists.saves.delete(k);
  }
  if (key === undefined) { lists.values.clear(); lists.savedAt.clear(); } else { lists.values.delete(key); lists.savedAt.delete(key); }
  if (!lists.dbName) return;
  void open(lists).then((db) => {
    if (!db) return;
    const tx = db.transaction([META, SLICES], 'readwrite');
    if (key === undefined) {
      tx.objectStore(META).clear();
      tx.objectStore(SLICES).clear();
    } else {
      tx.objectStore(META).delete(key);
      tx.objectStore(SLICES).delete(slicesOf(key));
    }
    return done(tx);
  }).catch((e) => console.warn('[tessera] cached list not dropped', e));
}
