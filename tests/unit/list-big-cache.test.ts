// Big cached lists live beside the TinyBase store (src/kernel/store/big-lists.ts): the list the page
// loaded is kept as is (no JSON copy in the store), saved to its own IndexedDB database in slices,
// read back when the user's store opens, and dropped with the cache.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { cached, clearCached, readCached, bigCachedKeys, updateCached } from '../../src/kernel/store/ttl-cache';
import { attachBigLists, BIG_LIST_MIN_ROWS, loadBigLists } from '../../src/kernel/store/big-lists';

const accounts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `act_${i}`, name: `Account ${i}`, currency: 'USD' }));
const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};

describe('big cached lists', () => {
  it('keeps a big list as the same array, with only its expiry in the store', async () => {
    const store = createKernelStore();
    const list = accounts(BIG_LIST_MIN_ROWS + 500);
    expect(await cached(store, 'adaccount:list', async () => list)).toBe(list);
    const row = store.getRow('cache', 'adaccount:list');
    expect(row.json).toBeUndefined(); // no 20,000-row JSON string in the heap
    expect(row.big).toBe(list.length);
    expect(typeof row.expires).toBe('number');
    const hit = readCached<typeof list>(store, 'adaccount:list');
    expect(hit.found && hit.value).toBe(list); // every reader shares the rows the list view shows
    // a second cached() call is served from memory, not loaded again
    expect(await cached(store, 'adaccount:list', async () => { throw new Error('loaded twice'); })).toBe(list);
  });

  it('keeps a small list as JSON in the store, as before', async () => {
    const store = createKernelStore();
    await cached(store, 'small', async () => accounts(3));
    expect(JSON.parse(String(store.getCell('cache', 'small', 'json')))).toHaveLength(3);
  });

  it('a page reloaded after a job re-read a big list, before the list itself was saved again, does not serve the list before the job', async () => {
    const db = `list-test-${Math.random().toString(36).slice(2)}`;
    const first = createKernelStore();
    attachBigLists(first, db);
    const before = accounts(1_500);
    await cached(first, 'adaccount:list', async () => before);
    const reopen = async () => {
      const page = createKernelStore();
      attachBigLists(page, db);
      page.setRow('cache', 'adaccount:list', first.getRow('cache', 'adaccount:list')); // the store's save did land
      await loadBigLists(page, bigCachedKeys(page));
      return page;
    };
    await until(async () => readCached(await reopen(), 'adaccount:list').found); // the first list's slices are saved
    // the job renamed rows: the row says "after the job" at once, the list's slices follow a second later
    const after = before.map((a, i) => (i < 3 ? { ...a, name: `${a.name} - reviewed` } : a));
    updateCached(first, 'adaccount:list', after);
    const early = await reopen();
    expect(readCached(early, 'adaccount:list').found).toBe(false); // back to the network, not the names before the job
    // once the new slices are saved, a reopened page reads them
    await until(async () => readCached(await reopen(), 'adaccount:list').found);
    const late = readCached<typeof after>(await reopen(), 'adaccount:list');
    expect(late.found && late.value[0].name).toMatch(/ - reviewed$/);
  });

  it('saves a big list to its own database and reads it back into a new store of the same user', async () => {
    const db = `list-test-${Math.random().toString(36).slice(2)}`;
    const first = createKernelStore();
    attachBigLists(first, db);
    const list = accounts(2_345);
    await cached(first, 'adaccount:list', async () => list);

    const second = createKernelStore();
    attachBigLists(second, db);
    second.setRow('cache', 'adaccount:list', first.getRow('cache', 'adaccount:list')); // the persisted cache row
    expect(bigCachedKeys(second)).toEqual(['adaccount:list']);
    await until(async () => {
      await loadBigLists(second, bigCachedKeys(second));
      return readCached(second, 'adaccount:list').found;
    });
    const hit = readCached<typeof list>(second, 'adaccount:list');
    expect(hit.found && hit.value).toEqual(list);

    // Dropping the cache (a logout) drops the saved list too.
    clearCached(first);
    expect(readCached(first, 'adaccount:list').found).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    const third = createKernelStore();
    attachBigLists(third, db);
    third.setRow('cache', 'adaccount:list', second.getRow('cache', 'adaccount:list'));
    await loadBigLists(third, ['adaccount:list']);
    expect(readCached(third, 'adaccount:list').found).toBe(false);
  });

  it('a forced reload replaces the kept list', async () => {
    const store = createKernelStore();
    await cached(store, 'k', async () => accounts(BIG_LIST_MIN_ROWS));
    const fresh = accounts(BIG_LIST_MIN_ROWS + 1);
    expect(await cached(store, 'k', async () => fresh, { force: true })).toBe(fresh);
    const hit = readCached<unknown[]>(store, 'k');
    expect(hit.found && hit.value).toBe(fresh);
  });
});
