import type { WatchCheck, WatchSnapshotRow } from '@kernel';
import { assignedUsers, sharedAccounts } from './api';
import { loadPixels } from './load';
import type { Pixel } from './types';

/**
 * A pixel as the watch keeps it (plugin.json `watch`): the ad accounts it is shared with and the people
 * assigned to it (`{ id, name, role }`, the role being the tasks, sorted), when they were read. The list
 * reads neither (one read per pixel), so a list row sends nothing but its name; the scheduled check
 * reads them.
 */
export function toSnapshot(p: Pixel): WatchSnapshotRow | null {
  if (!p.id) return null;
  const row: WatchSnapshotRow = { id: p.id, name: p.name };
  if (p.shared_accounts) row.sharedAccounts = p.shared_accounts.map((a) => ({ id: `act_${a.account_id}`, ...(a.name && { name: a.name }) }));
  if (p.admins) row.admins = p.admins.map((u) => ({ id: u.id, ...(u.name && { name: u.name }), ...(u.tasks.length && { role: [...u.tasks].sort().join(',') }) }));
  return row;
}

/**
 * The scheduled checks (plugin.json `watch.checks`): `sharing` reads the pixels as the list does, then,
 * for each pixel the operator may share (its owner is one of their businesses, as an admin), the ad
 * accounts it is shared with through its owner: an account unshared from outside shows up; and for each
 * pixel listed through a business (its owner, else the business it was listed through, as the detail
 * panel reads them) the people assigned to it: a person assigned from outside shows up. A pixel whose
 * shares or people cannot be read keeps them out of the snapshot (the server keeps their last value).
 */
export const checks: Record<string, WatchCheck> = {
  sharing: async ({ bridge, signal }) => {
    const pixels = await loadPixels(bridge, { signal });
    for (const p of pixels) {
      signal.throwIfAborted();
      if (p.can_share && p.business_id) {
        try {
          p.shared_accounts = (await sharedAccounts(bridge, p.id, p.business_id, { signal })).map((a) => ({ account_id: a.account_id, name: a.name }));
        } catch (e) {
          if (signal.aborted) throw e;
        }
      }
      const business = p.business_id || p.relation_business?.id;
      if (!business) continue;
      try {
        p.admins = (await assignedUsers(bridge, p.id, business, { signal })).map((u) => ({ id: u.id, name: u.name, tasks: u.tasks }));
      } catch (e) {
        if (signal.aborted) throw e;
      }
    }
    return pixels;
  },
};
