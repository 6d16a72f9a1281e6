// The watch's comparison of a snapshot row with the object's last known state (docs/DECISIONS.md, "The
// watch: snapshots and changes (issue 34)"). Pure: no database, no clock.
//
// - Only the fields of the row's type (WATCH_FIELDS, protocol/api/watch.ts) count; others are dropped.
// - A field the row leaves out was not read this time: the previous value stands, nothing changes.
// - A value field changes when its new value differs (`from`, `to`: the values).
// - A list field is compared member by member (by `id`): an added member is one change
//   (`from: null, to: member`), a removed one too (`from: member, to: null`), a member whose role changed
//   one change with both; the order of a list and a member's changed name alone are no change.
import { WATCH_FIELDS, type WatchMember, type WatchType, type WatchValue } from '../../protocol/api';

export type WatchState = Record<string, WatchValue | WatchMember[]>;
export type FieldChange = { field: string; from: WatchValue | WatchMember; to: WatchValue | WatchMember };

function member(m: WatchMember): WatchMember {
  const out: WatchMember = { id: m.id };
  if (typeof m.name === 'string') out.name = m.name;
  if (typeof m.role === 'string') out.role = m.role;
  return out;
}

/** A list as stored: one entry per id (the last one sent wins), in id order. */
function members(list: readonly WatchMember[]): WatchMember[] {
  const byId = new Map<string, WatchMember>();
  for (const m of list) byId.set(m.id, member(m));
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The type's fields the row carries, normalised as the state keeps them. */
export function rowState(type: WatchType, row: Record<string, unknown>): WatchState {
  const fields = WATCH_FIELDS[type] as Record<string, 'value' | 'list'>;
  const state: WatchState = {};
  for (const [field, kind] of Object.entries(fields)) {
    if (!(field in row) || row[field] === undefined) continue;
    const value = row[field];
    if (kind === 'list') state[field] = Array.isArray(value) ? members(value as WatchMember[]) : [];
    else state[field] = Array.isArray(value) || (typeof value === 'object' && value !== null) ? null : (value as WatchValue);
  }
  return state;
}

/**
 * The changes from `before` (the stored state) to the fields `now` carries, and the state to store:
 * `before` with the fields of `now` over it.
 */
export function diffState(type: WatchType, before: WatchState, now: WatchState): { state: WatchState; changes: FieldChange[] } {
  const fields = WATCH_FIELDS[type] as Record<string, 'value' | 'list'>;
  const changes: FieldChange[] = [];
  for (const [field, kind] of Object.entries(fields)) {
    if (!(field in now)) continue;
    const next = now[field]!;
    // A field never read before has no old value to differ from: it is recorded, not a change.
    if (!(field in before)) continue;
    const prev = before[field]!;
    if (kind === 'list') {
      const old = new Map((Array.isArray(prev) ? prev : []).map((m) => [m.id, m]));
      const cur = new Map((next as WatchMember[]).map((m) => [m.id, m]));
      for (const [id, m] of cur) {
        const was = old.get(id);
        if (!was) changes.push({ field, from: null, to: m });
        else if ((was.role ?? null) !== (m.role ?? null)) changes.push({ field, from: was, to: m });
      }
      for (const [id, m] of old) if (!cur.has(id)) changes.push({ field, from: m, to: null });
    } else if (prev !== next) {
      changes.push({ field, from: prev as WatchValue, to: next as WatchValue });
    }
  }
  return { state: { ...before, ...now }, changes };
}

/** Whether storing `now` over `before` would change the stored state (names of members included). */
export function stateDiffers(before: WatchState, now: WatchState): boolean {
  for (const [field, value] of Object.entries(now)) {
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) return true;
  }
  return false;
}

/**
 * The ids one platform object goes by: an ad account is `act_<n>` in the Graph API and `<n>` in some
 * answers and in job items; both name the same account.
 */
export function idVariants(id: string): string[] {
  if (id.startsWith('act_')) return [id, id.slice(4)];
  return /^\d+$/.test(id) ? [id, `act_${id}`] : [id];
}
