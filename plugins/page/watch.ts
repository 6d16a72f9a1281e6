import type { WatchCheck, WatchSnapshotRow } from '@kernel';
import { loadPages } from './load';
import type { Page } from './types';

/**
 * A page of the list as the watch keeps it (plugin.json `watch`): whether it is published. Its
 * deactivation and its people's roles are not read by the list (an action's finding, the detail panel),
 * so they are left out: the server keeps their last value.
 */
export function toSnapshot(p: Page): WatchSnapshotRow | null {
  if (!p.id) return null;
  const row: WatchSnapshotRow = { id: p.id, name: p.name };
  if (typeof p.is_published === 'boolean') row.published = p.is_published;
  return row;
}

/**
 * The scheduled checks (plugin.json `watch.checks`): `status` reads the pages as the list does. A list
 * that stopped at a failed page sends the pages before it; with none read, the check failed.
 */
export const checks: Record<string, WatchCheck> = {
  status: async ({ bridge, signal }) => {
    const { rows, stoppedBy } = await loadPages(bridge, { signal });
    if (stoppedBy && !rows.length) throw stoppedBy;
    return rows;
  },
};
