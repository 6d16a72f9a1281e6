// A cached list changed by anything but a load (cleared after a job, rows a job re-read) must not come
// back from a save the store had not yet replaced when the page reloaded (src/kernel/store/ttl-cache.ts,
// "marks"): the mark is in localStorage at once, the store's IndexedDB save trails the change.
import { describe, expect, it } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { cached, clearCached, readCached, updateCached } from '../../src/kernel/store/ttl-cache';

/** The store as its last save had it: what a page reloaded before the next save would open. */
function savedCopy(store: ReturnType<typeof createKernelStore>) {
  const copy = createKernelStore();
  copy.setTables(structuredClone(store.getTables()));
  return copy;
}

describe('cached lists changed just before a reload', () => {
  it('an entry cleared after a job is not read back from the save taken before the clear', async () => {
    const store = createKernelStore();
    await cached(store, 'adcomment:comments:1:abc', async () => [{ id: 'c1', is_hidden: false }]);
    const beforeJob = savedCopy(store);
    clearCached(store, 'adcomment:comments:1:abc'); // the job hid c1; the store's save of this has not happened
    expect(readCached(beforeJob, 'adcomment:comments:1:abc').found).toBe(false);
    // loaded again, the fresh entry is trusted, also from a save taken after it
    const fresh = await cached(beforeJob, 'adcomment:comments:1:abc', async () => [{ id: 'c1', is_hidden: true }]);
    expect(fresh).toEqual([{ id: 'c1', is_hidden: true }]);
    expect(readCached(savedCopy(beforeJob), 'adcomment:comments:1:abc')).toEqual({ found: true, value: fresh });
    // other keys are not touched
    await cached(store, 'adcomment:comments:2:def', async () => [{ id: 'c2' }]);
    expect(readCached(savedCopy(store), 'adcomment:comments:2:def').found).toBe(true);
  });

  it('rows a job re-read into an entry are not lost to the save before them', async () => {
    const store = createKernelStore();
    await cached(store, 'adaccount:list', async () => [{ id: 'act_1', name: 'Old' }]);
    const beforeJob = savedCopy(store);
    updateCached(store, 'adaccount:list', [{ id: 'act_1', name: 'New' }]);
    expect(readCached(beforeJob, 'adaccount:list').found).toBe(false); // back to the network, not "Old" for 12 hours
    expect(readCached(savedCopy(store), 'adaccount:list')).toEqual({ found: true, value: [{ id: 'act_1', name: 'New' }] });
  });

  it('clearing the whole cache (logout) leaves nothing of an earlier save', async () => {
    const store = createKernelStore();
    await cached(store, 'pixel:list', async () => [{ id: 'px' }]);
    const before = savedCopy(store);
    clearCached(store);
    expect(readCached(before, 'pixel:list').found).toBe(false);
  });
});
