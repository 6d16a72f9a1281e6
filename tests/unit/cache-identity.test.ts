// Cached lists are kept per platform identity (src/kernel/store/ttl-cache.ts `identityKey`): a list
// read as one social account is never served to another. Caches written before the key named the
// identity hold roles read without it; a user's store drops them once when it opens, with no error.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createKernelStore, persistStore, userStoreDbName } from '../../src/kernel/store/store';
import { cached, CACHE_FORMAT, dropCachesOfEarlierFormat, identityKey, readCached } from '../../src/kernel/store/ttl-cache';
import { attachBigLists, bigListsDbName, BIG_LIST_MIN_ROWS, loadBigLists } from '../../src/kernel/store/big-lists';
import { closeUserStore, openUserStore } from '../../src/kernel/store/user-store';
import { getExtensionState, patchExtensionState, platformUserId, refreshIdentity } from '../../src/kernel/bridge/extension-status';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';

const accounts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `act_${i}`, name: `Account ${i}`, ownerrole: 1001 }));
const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};
const noTables = async () => [] as string[];

describe('lists cached per platform identity', () => {
  it('another social account does not reuse a list: each identity has its own entry', async () => {
    const store = createKernelStore();
    const load = vi.fn(async (who: string) => [{ id: 'act_1', ownerrole: who === 'A' ? 1001 : 1003 }]);
    expect(await cached(store, identityKey('adaccount:list', '61550000000001'), () => load('A'))).toEqual([{ id: 'act_1', ownerrole: 1001 }]);
    expect(await cached(store, identityKey('adaccount:list', '61550000000002'), () => load('B'))).toEqual([{ id: 'act_1', ownerrole: 1003 }]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(identityKey('adaccount:list', null)).not.toBe(identityKey('adaccount:list', '61550000000001'));
  });

  it('a store written before lists named the identity: its cached lists, small and big, are dropped once when it opens, without an error', async () => {
    const user = `u${Math.random().toString(36).slice(2, 8)}`;
    const db = userStoreDbName(user);
    // The store as today's code leaves it: the list rows under their bare keys (a small list as JSON,
    // a big one as a row beside its slices), a per-business field, and a row of another table.
    const today = createKernelStore();
    const persister = (await persistStore(today, db, { autoSave: false }))!;
    attachBigLists(today, bigListsDbName(db));
    const expires = Date.now() + 60 * 60 * 1000;
    today.setRow('cache', 'bmuser_list', { json: JSON.stringify([{ id: '100', name: 'Shop BM', permitted_roles: ['ADMIN'] }]), expires, saved: Date.now() });
    today.setRow('cache', 'bm_type:100', { json: JSON.stringify('BM1'), expires, saved: Date.now() });
    await cached(today, 'adaccount:list', async () => accounts(BIG_LIST_MIN_ROWS + 10));
    today.setRow('workspaces', 'w1', { name: 'Mine' });
    await until(async () => {
      const probe = createKernelStore();
      attachBigLists(probe, bigListsDbName(db));
      probe.setRow('cache', 'adaccount:list', today.getRow('cache', 'adaccount:list'));
      await loadBigLists(probe, ['adaccount:list']);
      return readCached(probe, 'adaccount:list').found; // the big list's slices are saved
    });
    await persister.save();
    await persister.destroy();

    const warn = vi.spyOn(console, 'warn');
    const opened = await openUserStore(user, noTables);
    try {
      const { store } = opened;
      // Nothing from before is served, under the old keys or any other.
      for (const key of ['bmuser_list', 'bm_type:100', 'adaccount:list']) expect(readCached(store, key).found, key).toBe(false);
      expect(store.getRowIds('cache')).toEqual(['~format']);
      expect(store.getCell('cache', '~format', 'version')).toBe(CACHE_FORMAT);
      expect(store.getRow('workspaces', 'w1')).toEqual({ name: 'Mine' }); // only the cache goes
      expect(warn).not.toHaveBeenCalled();
      // The list loads again, under its identity's key, and stays.
      const key = identityKey('adaccount:list', '61550000000001');
      await cached(store, key, async () => accounts(3));
      expect(dropCachesOfEarlierFormat(store)).toBe(false); // once: what the new code cached is kept
      expect(readCached(store, key).found).toBe(true);
    } finally {
      warn.mockRestore();
      await closeUserStore(opened);
    }
  });
});

describe('the platform identity lists wait for', () => {
  it('is unknown until checked; a check that fails still ends it (lists then load with no identity, every role unknown)', async () => {
    patchExtensionState({ identity: null, identityChecked: false });
    expect(platformUserId()).toBeUndefined();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const failing = { identity: () => Promise.reject(new Error('sandbox session unavailable')) } as unknown as BridgeTransport;
      await refreshIdentity(failing, undefined);
      expect(getExtensionState().identityChecked).toBe(true);
      expect(platformUserId()).toBeNull();
      const known = { identity: async () => ({ id: '61550000000001', name: 'Goran' }) } as unknown as BridgeTransport;
      await refreshIdentity(known, undefined);
      expect(platformUserId()).toBe('61550000000001');
      await refreshIdentity(failing, undefined); // a later failed check keeps the identity known
      expect(platformUserId()).toBe('61550000000001');
    } finally {
      warn.mockRestore();
      patchExtensionState({ identity: null, identityChecked: false });
    }
  });
});
