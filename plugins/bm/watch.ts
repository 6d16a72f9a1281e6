import type { WatchCheck, WatchSnapshotRow } from '@kernel';
import { listUsers, USERS_LIMIT } from './api';
import { loadBusinesses } from './load';
import type { Business } from './types';

/**
 * A business of the list as the watch keeps it (plugin.json `watch`): restriction, verification, type,
 * partners, and the admins and other people when the list has every one of them with their role (the
 * list reads only a count of people, so it usually leaves them out: the server keeps their last value).
 * A check not read yet ('' restriction or type) is left out.
 */
export function toSnapshot(b: Business): WatchSnapshotRow | null {
  if (!b.id) return null;
  const row: WatchSnapshotRow = { id: b.id, name: b.name };
  if (b.isRestricted !== '') row.restriction = b.isRestricted === 'true';
  if (b.verification_status !== undefined) row.verification = b.verification_status;
  if (b.bmtype) row.type = b.bmtype;
  const partners = b.partner_relationships?.data;
  if (partners) row.partners = partners.map((p) => ({ id: String(p.id), ...(p.name && { name: p.name }), ...(p.relationship && { role: p.relationship }) }));
  const people = b.business_users?.data;
  const total = b.business_users?.summary?.total_count;
  if (people && (total === undefined || people.length >= total) && people.every((p) => typeof p.role === 'string')) {
    const member = (p: (typeof people)[number]) => ({ id: String(p.id), ...(p.name && { name: p.name }), role: p.role! });
    row.admins = people.filter((p) => p.role === 'ADMIN').map(member);
    row.people = people.filter((p) => p.role !== 'ADMIN').map(member);
  }
  return row;
}

/**
 * The scheduled checks (plugin.json `watch.checks`): `people` reads the businesses as the list does, then
 * each business's people with their roles (`{bm}/business_users`, up to USERS_LIMIT), which the list
 * only counts: so an admin nobody on the team added shows up. A business whose people cannot be read
 * (the operator's role) keeps its people out of the snapshot (the server keeps their last value).
 */
export const checks: Record<string, WatchCheck> = {
  people: async ({ bridge, signal }) => {
    const businesses = await loadBusinesses(bridge, { signal });
    for (const b of businesses) {
      signal.throwIfAborted();
      try {
        const users = await listUsers(bridge, b.id, { signal });
        // all of them with their roles, or none: a partial list would read as people removed
        if (users.length < USERS_LIMIT) b.business_users = { data: users.map((u) => ({ id: u.id, name: u.name, role: u.role })), summary: { total_count: users.length } };
      } catch (e) {
        if (signal.aborted) throw e;
      }
    }
    return businesses;
  },
};
