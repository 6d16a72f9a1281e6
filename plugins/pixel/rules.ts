/**
 * The pixel list's derived fields (docs/SPEC.md section 10): `bmrole` and `can_share`, as pure
 * functions of one `me/signals` data source and the operator's businesses.
 */
import type { Pixel } from './types';

/** A data source as `me/signals` answers it (docs/PLATFORM.md section 10.1). */
export interface DataSource {
  id?: unknown;
  name?: unknown;
  type?: unknown;
  creation_time?: unknown;
  last_fired_time?: unknown;
  is_unavailable?: unknown;
  business?: { id?: unknown; name?: unknown; business_users?: { id?: unknown; role?: unknown }[] | { data?: { role?: unknown }[] } | null } | null;
  relation_business?: { id?: unknown; name?: unknown } | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The lower-cased role of the first business user, else "unknown". */
export function bmRole(source: DataSource): string {
  const users = source.business?.business_users;
  const list = Array.isArray(users) ? users : Array.isArray(users?.data) ? users.data : [];
  const role = text(list[0]?.role).trim();
  return role ? role.toLowerCase() : 'unknown';
}

/** Only when the owning business is one of the operator's and the role is admin. */
export function canShare(businessId: string, role: string, myBusinesses: ReadonlySet<string>): boolean {
  return businessId !== '' && myBusinesses.has(businessId) && role === 'admin';
}

/** One data source as a row; the business it was asked for is the relation business unless the platform names one. */
export function toPixel(source: DataSource, asked: { id: string; name: string }, myBusinesses: ReadonlySet<string>): Pixel {
  const owner = source.business && text(source.business.id) ? { id: text(source.business.id), name: text(source.business.name) } : null;
  const relation = source.relation_business && text(source.relation_business.id)
    ? { id: text(source.relation_business.id), name: text(source.relation_business.name) } : asked;
  const bmrole = bmRole(source);
  const businessId = owner?.id ?? '';
  return {
    id: text(source.id),
    name: text(source.name),
    type: text(source.type) || 'PIXEL',
    business_id: businessId,
    business: owner,
    relation_business: relation,
    via: [...new Set([asked.id, relation.id])],
    bmrole,
    can_share: canShare(businessId, bmrole, myBusinesses),
    ...(text(source.creation_time) ? { creation_time: text(source.creation_time) } : {}),
    ...(text(source.last_fired_time) ? { last_fired_time: text(source.last_fired_time) } : {}),
    is_unavailable: source.is_unavailable === true,
  };
}

/** A pixel reached through two businesses is one row: the one listed through its owner wins. */
export function preferOwner(a: Pixel, b: Pixel): Pixel {
  const owns = (p: Pixel) => p.business_id !== '' && p.relation_business.id === p.business_id;
  const kept = owns(b) && !owns(a) ? b : a;
  return { ...kept, via: [...new Set([...a.via, ...b.via])] };
}
