import type { WatchSnapshotRow } from '@kernel';
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
