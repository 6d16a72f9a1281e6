import type { WatchSnapshotRow } from '@kernel';
import type { Pixel } from './types';

/**
 * A pixel of the list as the watch keeps it (plugin.json `watch`). The list reads neither the ad accounts
 * a pixel is shared with nor its admins (one read per pixel, left to the scheduled checks), so a list
 * row has no watched field and nothing is sent from it; the declaration words and links pixel changes
 * found by other reads.
 */
export function toSnapshot(p: Pixel): WatchSnapshotRow | null {
  return p.id ? { id: p.id, name: p.name } : null;
}
