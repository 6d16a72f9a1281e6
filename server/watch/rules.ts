// The watch's rules, evaluated on the server (docs/DECISIONS.md, "The watch: rules, alerts and delivery
// (issue 34)"). Pure: a rule, an object's stored state and the changes just written in, whether the
// problem holds. No database, no clock.
//
// Two kinds of rules:
// - condition rules hold while the object's latest state says so (an account disabled, a cap nearly
//   spent, an operator's `field op value`): an alert fires when the condition starts to hold and resolves
//   when it stops;
// - member rules (`foreignMember`, `pixelUnshared`) are about members a change added or removed from
//   outside: the alert names those members and resolves when none of them is still a problem (the
//   foreign admin removed again, the account shared again).
import type { WatchBy, WatchMember, WatchOp, WatchPreset, WatchType, WatchValue } from '../../protocol/api';
import { WATCH_FIELDS } from '../../protocol/api';
import type { WatchState } from './diff';

export interface RuleDef {
  /** the alert's `rule`: the preset's name or `rule:<n>`; a team's rule `org:<team>:<preset or rule:n>` */
  key: string;
  /** the preset it is (own or a team's) */
  preset?: WatchPreset;
  /** the team whose rule it is (its alerts go to the team's channels); absent: the user's own */
  orgId?: number;
  name: string;
  type: WatchType | 'check';
  /** the field named in the alert's `change` */
  field: string;
  /** a condition rule: whether the state shows the problem */
  holds?: (state: WatchState) => boolean;
  /** a member rule: which list fields, and whether an added (true) or a removed (false) member is the problem */
  members?: { fields: readonly string[]; added: boolean };
  /** operator rules: the objects they look at (null: all of the type) */
  objects?: string[] | null;
}

export const PRESET_NAMES: Record<WatchPreset, [string, string]> = {
  accountDisabled: ['广告账户被停用', 'Ad account disabled'],
  needsPayment: ['广告账户需要付款', 'Ad account needs payment'],
  spendNearCap: ['花费已达上限的 90%', 'Spend at 90 % of the cap or more'],
  businessRestricted: ['商务管理平台受限', 'Business restricted'],
  foreignMember: ['外部添加了管理员或合作伙伴', 'Admin or partner added from outside'],
  pageUnpublished: ['主页已取消发布', 'Page unpublished'],
  pixelUnshared: ['像素被取消共享', 'Pixel unshared'],
  checkFailed: ['定时检查未能运行', 'A scheduled check could not run'],
};

/** Account statuses as the platform gives them (numbers) or as their names. */
const DISABLED = new Set<WatchValue>([2, '2', 'DISABLED', 101, '101', 'CLOSED']);
const NEEDS_PAYMENT = new Set<WatchValue>([3, '3', 'UNSETTLED', 8, '8', 'PENDING_SETTLEMENT', 9, '9', 'IN_GRACE_PERIOD']);

export function numberOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v) as WatchValue;

export const PRESETS: Record<WatchPreset, Omit<RuleDef, 'key' | 'name'>> = {
  accountDisabled: { type: 'adaccount', field: 'status', holds: (s) => DISABLED.has(upper(s.status as WatchValue)) },
  needsPayment: { type: 'adaccount', field: 'status', holds: (s) => NEEDS_PAYMENT.has(upper(s.status as WatchValue)) },
  spendNearCap: {
    type: 'adaccount', field: 'amountSpent',
    holds: (s) => {
      const [spent, cap] = [numberOf(s.amountSpent), numberOf(s.spendCap)];
      return spent !== null && cap !== null && cap > 0 && spent >= 0.9 * cap;
    },
  },
  businessRestricted: {
    type: 'business', field: 'restriction',
    holds: (s) => !isEmpty(s.restriction) && s.restriction !== false && !['NONE', 'NO_RESTRICTION', '0'].includes(String(upper(s.restriction as WatchValue))),
  },
  // people (other than admins) are not counted: an employee joining is routine; admins and partners take over
  foreignMember: { type: 'business', field: 'admins', members: { fields: ['admins', 'partners'], added: true } },
  pageUnpublished: { type: 'page', field: 'published', holds: (s) => s.published === false || s.published === 'false' || s.published === 0 },
  pixelUnshared: { type: 'pixel', field: 'sharedAccounts', members: { fields: ['sharedAccounts'], added: false } },
  // a check's state is `{ ok }` (server/watch/alerts.ts, reportCheck)
  checkFailed: { type: 'check', field: 'ok', holds: (s) => s.ok === false },
};

/** The member presets also watch these fields on the other types (an admin of an ad account, a page, a pixel). */
export const FOREIGN_MEMBER_FIELDS: Record<WatchType, readonly string[]> = {
  adaccount: ['users'],
  business: ['admins', 'partners'],
  page: ['roles'],
  pixel: ['admins'],
};

/** The alert key of a team's rule: `org:<team>:<key>`, apart from a member's own rule of the same key. */
export const teamRuleKey = (orgId: number, key: string) => `org:${orgId}:${key}`;

/** The preset an alert's rule key names, own or a team's (`accountDisabled`, `org:3:accountDisabled`), or null. */
export function presetOf(rule: string): WatchPreset | null {
  const bare = rule.replace(/^org:\d+:/, '');
  return Object.prototype.hasOwnProperty.call(PRESET_NAMES, bare) ? (bare as WatchPreset) : null;
}

/** Whether `state` meets the operator's comparison. */
export function compare(kind: 'value' | 'list', current: unknown, op: WatchOp, value: WatchValue): boolean {
  if (kind === 'list') {
    const list = Array.isArray(current) ? (current as WatchMember[]) : [];
    if (op === 'contains') return list.some((m) => m.id === String(value));
    if (op === 'notContains') return current !== undefined && !list.some((m) => m.id === String(value));
    if (op === 'empty') return current !== undefined && list.length === 0;
    if (op === 'notEmpty') return list.length > 0;
    return false;
  }
  if (current === undefined) return false; // never read: no verdict
  if (op === 'empty') return isEmpty(current);
  if (op === 'notEmpty') return !isEmpty(current);
  const [a, b] = [numberOf(current), numberOf(value)];
  if (op === 'eq') return a !== null && b !== null ? a === b : current === value;
  if (op === 'ne') return a !== null && b !== null ? a !== b : current !== value;
  if (a === null || b === null) return false;
  if (op === 'gt') return a > b;
  if (op === 'gte') return a >= b;
  if (op === 'lt') return a < b;
  if (op === 'lte') return a <= b;
  return false;
}

/** An operator's rule as a RuleDef. */
export function operatorRule(r: { id: number; name: string; type: WatchType; field: string; op: WatchOp; value: WatchValue; objects: string[] | null }): RuleDef {
  const kind = (WATCH_FIELDS[r.type] as Record<string, 'value' | 'list'>)[r.field] ?? 'value';
  return {
    key: `rule:${r.id}`, name: r.name, type: r.type, field: r.field, objects: r.objects,
    holds: (s) => compare(kind, s[r.field], r.op, r.value),
  };
}

/** One change as the member rules read it. */
export interface SeenChange { field: string; from: WatchValue | WatchMember; to: WatchValue | WatchMember; by: WatchBy }

/**
 * The members a change set makes a problem for a member rule: `foreignMember` — members added from
 * outside to the type's admin lists; `pixelUnshared` — shared accounts removed from outside.
 */
export function problemMembers(rule: RuleDef, type: WatchType, changes: SeenChange[]): { field: string; member: WatchMember; by: WatchBy }[] {
  if (!rule.members) return [];
  const fields = rule.preset === 'foreignMember' ? FOREIGN_MEMBER_FIELDS[type] : rule.type === type ? rule.members.fields : [];
  const out: { field: string; member: WatchMember; by: WatchBy }[] = [];
  for (const c of changes) {
    if (!fields.includes(c.field) || c.by !== 'outside') continue;
    const member = (rule.members.added ? (c.from === null ? c.to : null) : (c.to === null ? c.from : null)) as WatchMember | null;
    if (member && typeof member === 'object') out.push({ field: c.field, member, by: c.by });
  }
  return out;
}

/** Whether a member an alert names is still a problem in `state` (still there when added, still gone when removed). */
export function memberStillProblem(rule: RuleDef, state: WatchState, field: string, id: string): boolean {
  const list = Array.isArray(state[field]) ? (state[field] as WatchMember[]) : [];
  const present = list.some((m) => m.id === id);
  return rule.members?.added ? present : !present;
}
