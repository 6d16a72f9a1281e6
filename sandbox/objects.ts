// GET S/__sandbox/objects/{type}/{id}: an object's current state as the sandbox holds it (money in
// minor units as numbers, times in epoch seconds), with its relations spelled out for tests.
import { TIMEZONES } from './constants';
import type { Dataset } from './data';

export function objectState(data: Dataset, type: string, id: string): Record<string, unknown> | null {
  switch (type) {
    case 'adaccount': {
      const a = data.accounts.get(id.startsWith('act_') ? id : `act_${id}`);
      if (!a) return null;
      const tz = TIMEZONES[a.tz]!;
      return { type, ...a, timezone_id: tz.id, timezone_name: tz.name, timezone_offset_hours_utc: tz.offset };
    }
    case 'business': {
      const b = data.businesses.get(id);
      if (!b) return null;
      return {
        type, ...b,
        business_users: b.users.map((bu) => data.businessUsers.get(bu)).filter(Boolean).map((bu) => ({
          ...bu!, name: data.users.get(bu!.uid)?.name ?? null,
        })),
        pending_users: b.pending.map((inv) => data.invites.get(inv)).filter(Boolean),
        asset_groups: b.asset_groups.map((g) => data.assetGroups.get(g)).filter(Boolean),
        connections: data.connections.filter((c) => c.business === b.id),
      };
    }
    case 'page': {
      const p = data.pages.get(id);
      return p ? { type, ...p } : null;
    }
    case 'pixel': {
      const p = data.pixels.get(id);
      return p ? { type, ...p } : null;
    }
    case 'user': {
      const u = data.users.get(id === 'me' ? data.sessionUserId : id);
      return u ? { type, ...u, is_session_user: u.id === data.sessionUserId } : null;
    }
    case 'business_user': {
      const bu = data.businessUsers.get(id);
      return bu ? { type, ...bu, name: data.users.get(bu.uid)?.name ?? null } : null;
    }
    case 'invite': {
      const inv = data.invites.get(id);
      return inv ? { type, ...inv } : null;
    }
    default:
      return null;
  }
}
