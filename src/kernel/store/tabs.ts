import type { IndexedDbPersister } from 'tinybase/persisters/persister-indexed-db';
import type { KernelStore } from './store';
import { electLeader, runnerLockName, soleLeadership, type Leadership, type Locks } from './leader';
import { storeChannelName, syncTabs, type TabSync } from './tab-sync';

/**
 * One user's store as the tabs of the browser share it (docs/DECISIONS.md, "One tab runs the jobs"):
 * the tabs elect a leader, keep their stores the same, and only the leader saves. `shared` is false
 * without Web Locks or BroadcastChannel: the tab then works alone, leader of itself, as before.
 */
export interface StoreTabs {
  userId: string;
  leadership: Leadership;
  shared: boolean;
  close(): void;
}

export interface TabsEnvironment {
  locks?: Locks;
  Channel?: typeof BroadcastChannel;
}

const tabsByStore = new WeakMap<KernelStore, StoreTabs>();

/** How the tabs share `store` (undefined for a store nobody opened with `joinTabs`: a test's, or nobody logged in). */
export function storeTabs(store: KernelStore): StoreTabs | undefined {
  return tabsByStore.get(store);
}

/**
 * Joins the other tabs of `userId`: syncs `store` with them, queues for the leader's lock, and saves
 * with `persister` only while this tab is the leader. `leaderTables` are the tables only the leader
 * writes (the runner's).
 */
export async function joinTabs(
  store: KernelStore, userId: string, persister: IndexedDbPersister | null, leaderTables: readonly string[], env: TabsEnvironment = defaultEnvironment(),
): Promise<StoreTabs> {
  const { locks, Channel } = env;
  if (!locks || !Channel) {
    await persister?.startAutoSave();
    const tabs: StoreTabs = { userId, leadership: soleLeadership(), shared: false, close: () => {} };
    tabsByStore.set(store, tabs);
    return tabs;
  }
  let leadership: Leadership | null = null;
  const sync: TabSync = syncTabs(store, storeChannelName(userId), { isLeader: () => leadership?.leader ?? false, leaderTables, Channel });
  leadership = await electLeader(runnerLockName(userId), locks);
  // The new leader's store holds every tab's rows (they were synced); it tells the others and saves from now on.
  const lead = async () => {
    sync.announce();
    try {
      await persister?.startAutoSave();
    } catch (e) {
      console.warn('[tessera] store persistence', e);
    }
  };
  if (leadership.leader) await lead();
  const stop = leadership.subscribe((leader) => { if (leader) void lead(); });
  const held = leadership;
  const tabs: StoreTabs = {
    userId,
    leadership: held,
    shared: true,
    close: () => {
      stop();
      sync.close();
      held.release();
    },
  };
  tabsByStore.set(store, tabs);
  return tabs;
}

function defaultEnvironment(): TabsEnvironment {
  const locks = typeof navigator !== 'undefined' && navigator.locks && typeof navigator.locks.request === 'function' ? navigator.locks : undefined;
  const Channel = typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined;
  return { locks, Channel };
}
