import { useCallback } from 'react';
import { useKernel } from '../KernelProvider';
import { sessionUserId } from '../store/user-store';
import type { LoadedPlugin, PluginWatch } from '../plugin/types';
import type { KernelBus } from '../bus';
import { API, type WatchRow } from '../../../protocol/api';
import { createWatchSender, userPrintStore, type WatchSender } from './watch-send';

// Lists hand their loaded rows to the watch here (docs/DECISIONS.md, "The watch: the client (issue 34)"):
// the plugin that declares `watch` for the list's row type maps each row (its watch module's
// `toSnapshot`), and the sender sends what changed. Nothing here blocks the screen or shows a failure.

interface PostClient { post: <T>(path: string, body?: unknown) => Promise<T> }

/** One sender per API client and signed-in user: another user of the page starts from their own record. */
const senders = new WeakMap<PostClient, { uid: string; sender: WatchSender }>();

export function watchSender(api: PostClient, uid: string, bus?: KernelBus): WatchSender {
  const known = senders.get(api);
  if (known?.uid === uid) return known.sender;
  known?.sender.stop();
  const sender = createWatchSender({
    post: (body) => api.post(API.watch.snapshots.path, body),
    prints: userPrintStore(uid),
    sent: (rows) => bus?.emit('snapshots:sent', { rows }),
  });
  senders.set(api, { uid, sender });
  return sender;
}

/** The watch declaration for lists of `rowType` (null: the watch keeps nothing of them). */
export function watchOf(plugins: readonly LoadedPlugin[], rowType: string): PluginWatch | null {
  return plugins.find((p) => p.watch?.rowType === rowType)?.watch ?? null;
}

/** Rows mapped this many at a time, the page yielding between: a list of 20,000 never holds a frame. */
const MAP_SLICE = 500;
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Maps a loaded list's rows with the plugin's `toSnapshot` (in slices, yielding between them) and offers
 * them to the sender. A mapping that throws drops that row (logged); a module that fails to load drops the
 * offer (the next load offers again).
 */
export async function offerToWatch(watch: PluginWatch, sender: WatchSender, rows: readonly unknown[]): Promise<void> {
  try {
    const { toSnapshot } = await watch.load();
    const fields = new Set(['id', 'name', ...watch.fields]);
    for (let i = 0; i < rows.length; i += MAP_SLICE) {
      if (i > 0) await yieldToPage();
      const mapped: WatchRow[] = [];
      for (const row of rows.slice(i, i + MAP_SLICE)) {
        let snap: WatchRow | null;
        try {
          snap = toSnapshot(row as never);
        } catch (e) {
          console.warn(`[tessera] the watch: a ${watch.type} row could not be mapped`, e);
          continue;
        }
        if (!snap || typeof snap.id !== 'string' || !snap.id) continue;
        // only the declared fields: a mapping never sends what its manifest does not say it keeps
        const kept: WatchRow = { id: snap.id };
        for (const [k, v] of Object.entries(snap)) if (fields.has(k) && v !== undefined) kept[k] = v;
        mapped.push(kept);
      }
      // offered slice by slice: fingerprinting 20,000 rows at once would hold a frame too
      sender.offer(watch.type, mapped);
    }
  } catch (e) {
    console.warn(`[tessera] the watch: the ${watch.type} mapping could not be loaded`, e);
  }
}

/**
 * What a list calls with its rows once loaded (or re-read after a job): a no-op for a row type the
 * watch keeps nothing of, or while nobody is signed in.
 */
export function useWatchOffer(rowType: string): (rows: readonly unknown[]) => void {
  const { allPlugins, api, bus } = useKernel();
  return useCallback((rows: readonly unknown[]) => {
    const watch = watchOf(allPlugins, rowType);
    const uid = sessionUserId();
    // a list that reads none of the type's fields has nothing the server would compare
    if (!watch || !watch.fields.length || uid === undefined || !rows.length) return;
    void offerToWatch(watch, watchSender(api, uid, bus), rows);
  }, [allPlugins, api, bus, rowType]);
}
