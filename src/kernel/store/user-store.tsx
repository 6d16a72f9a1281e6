import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import type { IndexedDbPersister } from 'tinybase/persisters/persister-indexed-db';
import { createKernelStore, persistStore, userStoreDbName, type KernelStore } from './store';
import type { StoreTabs } from './tabs';
import { bigCachedKeys, clearCached, dropCachesOfEarlierFormat } from './ttl-cache';
import { attachBigLists, bigListsDbName, loadBigLists } from './big-lists';
import { getSession, subscribeSession, type SessionState } from '../core/session';
import { storedUserId } from '../storage';

/**
 * Each user's store is theirs (docs/DECISIONS.md, "Each user's browser data is theirs"): the store
 * of a logged-in user is a TinyBase store persisted in that user's own IndexedDB database; nobody
 * logged in gets an empty store that is not persisted. When the session's user changes, whatever
 * works with the old store is told (`onLeaveStore`, the runner pauses its running jobs), a logout
 * drops the old user's cached platform lists, the old store is saved and left, and the new user's
 * store is opened and loaded before anything renders with it. A session ended elsewhere tells them too.
 *
 * The tabs of one user share the store (tabs.ts, docs/DECISIONS.md "One tab runs the jobs"): they
 * keep it the same in every tab and only the leader tab saves it, so no tab's save overwrites rows
 * another tab wrote.
 */

/** The user whose data the page holds: the profile's id, or the stored uid while the profile loads. */
export function sessionUserId(s: SessionState = getSession()): string | undefined {
  if (!s.token) return undefined;
  const uid = s.info ? (s.info.uid ?? s.info.id) : undefined;
  if (uid !== undefined && String(uid) !== '') return String(uid);
  return storedUserId();
}

const leaveHandlers = new WeakMap<KernelStore, Set<() => void>>();

/** Runs `handler` when the page stops working with `store` (its user logs out or another logs in). */
export function onLeaveStore(store: KernelStore, handler: () => void): () => void {
  let set = leaveHandlers.get(store);
  if (!set) {
    set = new Set();
    leaveHandlers.set(store, set);
  }
  set.add(handler);
  return () => { set.delete(handler); };
}

export interface UserStore {
  userId: string | undefined;
  store: KernelStore;
  /** Saves the store at once (undefined without persistence; nothing while another tab is the leader). */
  flush?: () => Promise<void>;
}

type Opened = UserStore & { persister: IndexedDbPersister | null; tabs: StoreTabs | null };

/**
 * The tables only the leader tab writes (the runner's jobs and items), loaded when a user signs in.
 * The store does not import the runner, which sits above it: whoever renders UserStoreRoot names them
 * (boot.tsx).
 */
export type LeaderTables = () => Promise<readonly string[]>;

/** Opens the store of `userId` (undefined: an empty, unpersisted store). */
export async function openUserStore(userId: string | undefined, leaderTables: LeaderTables): Promise<Opened> {
  const store = createKernelStore();
  if (userId === undefined) return { userId, store, persister: null, tabs: null };
  // The tab sharing and the runner's tables load with a signed-in user, not with the login page.
  const [{ joinTabs }, tables] = await Promise.all([import('./tabs'), leaderTables()]);
  const persister = await persistStore(store, userStoreDbName(userId), { autoSave: false });
  const tabs = await joinTabs(store, userId, persister, tables);
  // The big cached lists are saved beside the store (big-lists.ts): read before anything renders, like the store.
  attachBigLists(store, bigListsDbName(userStoreDbName(userId)));
  // Lists cached before their keys named the platform identity hold roles read without it: dropped once, silently.
  dropCachesOfEarlierFormat(store);
  await loadBigLists(store, bigCachedKeys(store));
  const flush = persister ? async () => { if (tabs.leadership.leader) await persister.save(); } : undefined;
  return { userId, store, persister, tabs, flush };
}

/** Tells whatever works with `store` that the page leaves it; on logout its cached platform lists go too. */
export function leaveUserStore(store: KernelStore, logout: boolean): void {
  leaveHandlers.get(store)?.forEach((h) => {
    try { h(); } catch (e) { console.warn('[tessera] leaving the store', e); }
  });
  if (logout) clearCached(store);
}

/** Saves a left store (unless `save` is false, or another tab is the leader), stops persisting it and leaves the other tabs. */
export async function closeUserStore(opened: { persister: IndexedDbPersister | null; tabs?: StoreTabs | null }, save = true): Promise<void> {
  try {
    if (!opened.persister) return;
    try {
      if (save && (opened.tabs?.leadership.leader ?? true)) await opened.persister.save();
    } catch (e) {
      console.warn('[tessera] store could not be saved', e);
    }
    await opened.persister.destroy();
  } finally {
    opened.tabs?.close();
  }
}

/**
 * Renders `children` with the store of the session's user, and again with another store when the
 * user changes (nothing is rendered while a store loads). Keyed by user, so every screen, the tabs,
 * the workspace and the runner start afresh with the new user's data.
 */
export function UserStoreRoot({ leaderTables, children }: { leaderTables: LeaderTables; children: (store: KernelStore, flush: (() => Promise<void>) | undefined) => ReactNode }) {
  const [userId, setUserId] = useState(() => sessionUserId());
  const [current, setCurrent] = useState<Opened | null>(null);
  const shown = useRef<Opened | null>(null);
  shown.current = current;

  const relogin = useRef(getSession().relogin);
  useEffect(() => subscribeSession(() => {
    const next = sessionUserId();
    const left = shown.current;
    // Session listeners run before React re-renders: the old store is left while its screens are still there.
    if (left && left.userId !== next) leaveUserStore(left.store, !getSession().token);
    // The session ended elsewhere (50012, 50014: the re-login dialog): the store stays, but what works with
    // it stops as on leaving (the leader tab pauses its jobs) until the user is back.
    else if (left && getSession().relogin && !relogin.current) leaveUserStore(left.store, false);
    relogin.current = getSession().relogin;
    setUserId(next);
  }), []);

  useEffect(() => {
    let cancelled = false;
    let opened: Opened | null = null;
    void openUserStore(userId, leaderTables).then((o) => {
      if (cancelled) {
        void closeUserStore(o, false);
        return;
      }
      opened = o;
      setCurrent(o);
    });
    return () => {
      cancelled = true;
      if (opened) void closeUserStore(opened);
    };
  }, [userId]); // eslint-disable-line react-hooks/exhaustive-deps -- leaderTables is read when a user's store opens

  if (!current || current.userId !== userId) return null;
  return <Fragment key={current.userId ?? ''}>{children(current.store, current.flush)}</Fragment>;
}
UserStoreRoot.displayName = 'UserStoreRoot';
