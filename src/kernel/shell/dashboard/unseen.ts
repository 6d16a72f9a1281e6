import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useApi } from '../../KernelProvider';
import type { ApiClient } from '../../api/client';
import { API, apiGet, apiPost } from '../../api/endpoints';
import type { AnnouncementView } from '../../../../protocol/api';
import { getItem } from '../../storage';

/**
 * An unseen message of the server (docs/SPEC.md section 7): an admin's announcement to everyone
 * (`targetUserId` null), or a notification to this user; `AnnouncementView` of protocol/api/messages.ts.
 */
export type Announcement = Omit<AnnouncementView, 'fbid' | 'targetUserId'> & Partial<Pick<AnnouncementView, 'fbid' | 'targetUserId'>>;

export interface UnseenState { list: Announcement[]; failed: boolean; loaded: boolean }

interface Feed { state: UnseenState; listeners: Set<() => void>; inflight: Promise<void> | null }

/**
 * One list of unseen messages per API client, shared by the bell and the dashboard: marking one seen
 * in either place updates both at once.
 */
const feeds = new WeakMap<ApiClient, Feed>();

function feedOf(api: ApiClient): Feed {
  let feed = feeds.get(api);
  if (!feed) {
    feed = { state: { list: [], failed: false, loaded: false }, listeners: new Set(), inflight: null };
    feeds.set(api, feed);
  }
  return feed;
}

function publish(feed: Feed, patch: Partial<UnseenState>) {
  feed.state = { ...feed.state, ...patch };
  for (const l of feed.listeners) l();
}

/** Reads the unseen list again (a read already under way is shared). */
export function loadUnseen(api: ApiClient): Promise<void> {
  const feed = feedOf(api);
  feed.inflight ??= (async () => {
    try {
      const data = await apiGet(api, API.messages.unseen, { query: { fbid: getItem('fbid') } });
      publish(feed, { list: Array.isArray(data.list) ? data.list : [], failed: false, loaded: true });
    } catch (e) {
      console.warn('[tessera] notifications unavailable', e);
      publish(feed, { failed: true, loaded: true });
    } finally {
      feed.inflight = null;
    }
  })();
  return feed.inflight;
}

/** Marks one message (or, without an id, all of them) seen: gone from every view at once, then re-read. */
export async function markUnseenSeen(api: ApiClient, id?: number): Promise<void> {
  const feed = feedOf(api);
  publish(feed, { list: id === undefined ? [] : feed.state.list.filter((m) => m.id !== id) });
  await apiPost(api, API.messages.markSeen, undefined, { query: { fbid: getItem('fbid'), identity: id } }).catch(() => undefined);
  await loadUnseen(api);
}

/** The shared unseen list; `load` reads it again. Reads it once when `loadNow` is set. */
export function useUnseen(loadNow = true) {
  const api = useApi();
  const feed = feedOf(api);
  const subscribe = useCallback((l: () => void) => { feed.listeners.add(l); return () => { feed.listeners.delete(l); }; }, [feed]);
  const state = useSyncExternalStore(subscribe, () => feed.state, () => feed.state);
  useEffect(() => { if (loadNow) void loadUnseen(api); }, [api, loadNow]);
  return {
    ...state,
    load: useCallback(() => loadUnseen(api), [api]),
    markSeen: useCallback((id?: number) => markUnseenSeen(api, id), [api]),
  };
}

/** An announcement goes to every user; a notification to this user alone. */
export function isAnnouncement(m: Announcement): boolean {
  return m.targetUserId === null;
}
