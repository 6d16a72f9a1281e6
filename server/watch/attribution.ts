// Which job record explains which change (docs/DECISIONS.md, "The watch: rules, alerts and delivery
// (issue 34)", the attribution rule). Pure.
//
// A record of the same operator and object, in the time window (store.ts), explains a change only if
// it says it wrote that field:
// - a list member (an admin, user, partner, role, shared account) added, removed or changed: when the
//   record's before/after names that member (its id anywhere in them); or, when they name no member at
//   all, when the record's action is a write of that list (`adaccount.addUser` → `users`, …);
// - a value field: when the record's before/after carry that field (`spend_cap` and `spendCap` alike);
//   a record whose states carry no field at all explains the object's value fields (the older, per-object
//   rule: nothing better is known), unless its action is a list write.
import type { WatchMember, WatchValue } from '../../protocol/api';
import { idVariants } from './diff';

export interface RecordFacts { action: string; before: unknown; after: unknown }

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9.]/g, '');

/** The list fields each kind of list write changes (actions normalised: lower case, no `_`). */
const LIST_WRITES: Record<string, readonly string[]> = {
  'adaccount.adduser': ['users'], 'adaccount.removeuser': ['users'], 'adaccount.removehiddenadmins': ['users'],
  'bm.inviteuser': ['admins', 'people'], 'bm.removeuser': ['admins', 'people'], 'bm.updateuserrole': ['admins', 'people'],
  'bm.removehiddenadmins': ['admins', 'people'],
  'page.addrole': ['roles'], 'page.removerole': ['roles'], 'page.inviteadmin': ['roles'], 'page.removeadmin': ['roles'], 'page.adminpermissions': ['roles'],
  'pixel.sharetoaccounts': ['sharedAccounts'], 'pixel.addconnections': ['sharedAccounts'], 'pixel.removeconnections': ['sharedAccounts'],
  'pixel.assignusers': ['admins'], 'pixel.removeusers': ['admins'],
};

/** Other names a record may give a watched field. */
const ALIASES: Record<string, readonly string[]> = {
  status: ['status', 'accountstatus'],
  disableReason: ['disablereason'],
  amountSpent: ['amountspent'],
  spendCap: ['spendcap', 'spendcapaction'],
  balance: ['balance'],
  currency: ['currency'],
  myRole: ['myrole'],
  restriction: ['restriction', 'restrictions', 'restricted'],
  verification: ['verification', 'verificationstatus'],
  type: ['type', 'businesstype'],
  published: ['published', 'ispublished'],
  deactivation: ['deactivation', 'deactivated'],
};

/** Keys that say a state names a member. */
const MEMBER_KEYS = new Set(['id', 'ids', 'user', 'users', 'userid', 'userids', 'uid', 'member', 'members', 'admin', 'admins', 'partner', 'partners',
  'account', 'accounts', 'accountid', 'accountids', 'business', 'businessid', 'email', 'emails']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function keysOf(states: Record<string, unknown>[]): Set<string> {
  return new Set(states.flatMap((s) => Object.keys(s)).map(norm));
}

/** Whether any value in `value` (depth ≤ 4) is one of `ids`. */
function mentions(value: unknown, ids: Set<string>, depth = 0): boolean {
  if (typeof value === 'string' || typeof value === 'number') return ids.has(String(value));
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  return Object.values(value as Record<string, unknown>).some((v) => mentions(v, ids, depth + 1));
}

export function listWrites(action: string): readonly string[] {
  return LIST_WRITES[norm(action)] ?? [];
}

/** Whether the record explains a change of `field` (a list field when `list`). */
export function explains(r: RecordFacts, field: string, from: WatchValue | WatchMember, to: WatchValue | WatchMember, list: boolean): boolean {
  const states = [r.before, r.after].filter(isObject);
  const keys = keysOf(states);
  if (list) {
    const member = (to ?? from) as WatchMember | null;
    if (member && typeof member === 'object' && mentions(states, new Set(idVariants(member.id)))) return true;
    const namesMembers = [...keys].some((k) => MEMBER_KEYS.has(k));
    return !namesMembers && listWrites(r.action).includes(field);
  }
  if (!keys.size) return listWrites(r.action).length === 0;
  return (ALIASES[field] ?? [norm(field)]).some((k) => keys.has(k));
}
