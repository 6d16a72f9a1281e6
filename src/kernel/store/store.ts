import { createStore, type Store } from 'tinybase/store';
import type { IndexedDbPersister } from 'tinybase/persisters/persister-indexed-db';

export type KernelStore = Store;

export const STORE_DB_NAME = 'tessera';

/**
 * The IndexedDB database of one user's store (docs/DECISIONS.md, "Each user's browser data is
 * theirs"): another user of the same browser opens another database.
 */
export function userStoreDbName(userId: string): string {
  return `${STORE_DB_NAME}-user-${userId}`;
}

/** The page's one TinyBase store. Tables: `cache` (TTL lists), later `jobs` and `items` (runner). */
export function createKernelStore(): KernelStore {
  return createStore();
}

/**
 * Loads the store from IndexedDB and keeps saving it (unless `autoSave` is false). Resolves to null when IndexedDB is not
 * available (private mode, old browsers): the page then works without persistence.
 */
export async function persistStore(store: KernelStore, dbName = STORE_DB_NAME, options: { autoSave?: boolean } = {}): Promise<IndexedDbPersister | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    // Loaded here, with the first signed-in user's store: the login page needs no persistence.
    const { createIndexedDbPersister } = await import('tinybase/persisters/persister-indexed-db');
    const persister = createIndexedDbPersister(store, dbName, 1, (e) => console.warn('[tessera] store persistence', e));
    // TinyBase creates its object stores on the first save; loading a database that does not exist
    // yet would only produce a 'store not found' error, so a first visit starts empty.
    if (await databaseExists(dbName)) await persister.load();
    // A tab that is not the leader only loads: the leader saves for every tab (user-store.tsx).
    if (options.autoSave !== false) await persister.startAutoSave();
    return persister;
  } catch (e) {
    console.warn('[tessera] store persistence unavailable', e);
    return null;
  }
}

async function databaseExists(dbName: string): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === dbName);
  } catch {
    return true;
  }
}
