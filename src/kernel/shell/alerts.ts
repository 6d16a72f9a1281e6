import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useApi } from '../KernelProvider';
import type { ApiClient } from '../api/client';
import { API, apiGet } from '../api/endpoints';
import { WATCH_ALERTS_MAX, type WatchAlertView } from '../../../protocol/api/watch';

// The watch's alerts in the app (issue 34 item 3; docs/DECISIONS.md, "The watch: alerts in the app"):
// `GET /api/watch/alerts` is the in-app channel. One list per API client, shared by the bell (its count)
// and the dashboard's "What needs you now". This module is on the first screen: it holds the list only;
// the words and links are in the lazily loaded parts (AlertList.tsx).

/** How many firing alerts are read: as many as the server answers at once (the badge says "99+" long before). */
export const ALERTS_FIRING_MAX = WATCH_ALERTS_MAX;
/** How many of the latest resolved alerts the bell's popover shows under the firing ones. */
export const ALERTS_RESOLVED_SHOWN = 5;

export interface AlertsState {
  firing: readonly WatchAlertView[];
  resolved: readonly WatchAlertView[];
  /** Read at least once (a failed read leaves the last known lists, and this, as they were). */
  loaded: boolean;
}

interface Feed { state: AlertsState; listeners: Set<() => void>; inflight: Promise<void> | null }

const feeds = new WeakMap<ApiClient, Feed>();

function feedOf(api: ApiClient): Feed {
  let feed = feeds.get(api);
  if (!feed) {
    feed = { state: { firing: [], resolved: [], loaded: false }, listeners: new Set(), inflight: null };
    feeds.set(api, feed);
  }
  return feed;
}

/**
 * Reads the firing alerts and the latest resolved ones again (a read under way is shared). A failed
 * read keeps the last known lists: the operator is not told "no alerts" because the server did not answer.
 */
export function loadAlerts(api: ApiClient): Promise<void> {
  const feed = feedOf(api);
  feed.inflight ??= (async () => {
    try {
      const [firing, resolved] = await Promise.all([
        apiGet(api, API.watch.alerts, { query: { state: 'firing', limit: ALERTS_FIRING_MAX } }),
        apiGet(api, API.watch.alerts, { query: { state: 'resolved', limit: ALERTS_RESOLVED_SHOWN } }),
      ]);
      if (!Array.isArray(firing) || !Array.isArray(resolved)) return;
      feed.state = { firing, resolved, loaded: true };
      for (const l of feed.listeners) l();
    } catch {
      // kept as it was; the next poll, a visible tab or a snapshot sent reads again
    } finally {
      feed.inflight = null;
    }
  })();
  return feed.inflight;
}

/** Forgets the lists (the user signed out: the next user must not see them). */
export function clearAlerts(api: ApiClient): void {
  const feed = feedOf(api);
  if (!feed.state.loaded && !feed.state.firing.length) return;
  feed.state = { firing: [], resolved: [], loaded: false };
  for (const l of feed.listeners) l();
}

/** The shared alert lists; `load` reads them again. Reads them once when `loadNow` is set. */
export function useAlerts(loadNow = true) {
  const api = useApi();
  const feed = feedOf(api);
  const subscribe = useCallback((l: () => void) => { feed.listeners.add(l); return () => { feed.listeners.delete(l); }; }, [feed]);
  const state = useSyncExternalStore(subscribe, () => feed.state, () => feed.state);
  useEffect(() => { if (loadNow) void loadAlerts(api); }, [api, loadNow]);
  return { ...state, load: useCallback(() => loadAlerts(api), [api]) };
}
