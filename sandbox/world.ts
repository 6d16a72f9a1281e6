// The world outside Tessera (docs/INTERFACES.md section 5, sandbox/README.md "World events"):
// `POST S/__sandbox/world { events }` makes the changes someone else — the platform, a partner, a
// hijacker — would make (an account disabled, a payment failing, an admin nobody on the team added, …),
// and each lands in the affected ad accounts' `act_…/activities` edge with its actor and old and new
// values. An optional drift (`SandboxOptions.drift`) makes such events happen by themselves on the
// sandbox clock, deterministically from a seed.
//
// Like graph/access.ts, this core file knows the entities of the first areas (accounts, businesses,
// pages, pixels): the events are about them.
import type { Dataset } from './dataset';
import { dropId, makeId, nextId } from './dataset';
import type { AdAccount } from './areas/adaccount/data';
import type { Business, BusinessUser } from './areas/bm/data';
import type { User } from './areas/core/data';
import { Rng, hashSeed } from './prng';
import type { SandboxState } from './state';

// ---------------------------------------------------------------------------------------------
// the activity log (read through act_…/activities, sandbox/areas/adaccount/graph.ts)

export interface Activity {
  /** serial within the data set: the paging cursor's key, never shown */
  seq: number;
  /** epoch seconds on the sandbox clock */
  time: number;
  event_type: string;
  translated_event_type: string;
  actor_id: string;
  actor_name: string;
  object_id: string;
  object_name: string;
  object_type: string;
  /** shown as a JSON string, like the platform's `extra_data` */
  extra_data: Record<string, unknown>;
}

declare module './dataset' {
  interface Dataset {
    /** ad account id → its activities, oldest first (world events; a reset empties it) */
    activities?: Map<string, Activity[]>;
    activitySerial?: number;
  }
}

export function activitiesOf(data: Dataset, accountId: string): readonly Activity[] {
  return data.activities?.get(accountId) ?? [];
}

function record(data: Dataset, u: Undo, accountId: string, entry: Omit<Activity, 'seq'>): Activity {
  u.field(data, 'activities');
  u.field(data, 'activitySerial');
  const log = (data.activities ??= new Map());
  u.mapKey(log, accountId);
  const list = log.get(accountId) ?? [];
  u.array(list);
  const a: Activity = { seq: (data.activitySerial = (data.activitySerial ?? 0) + 1), ...entry };
  list.push(a);
  log.set(accountId, list);
  return a;
}

/** What a batch changed, in order, so a failing event can put everything back (cheaper than copying the data set). */
class Undo {
  private readonly steps: (() => void)[] = [];
  field<T extends object, K extends keyof T>(o: T, k: K): void {
    const had = Object.hasOwn(o, k);
    const v = o[k];
    this.steps.push(() => {
      if (had) o[k] = v;
      else delete o[k];
    });
  }
  array<T>(a: T[]): void {
    const copy = [...a];
    this.steps.push(() => { a.splice(0, a.length, ...copy); });
  }
  mapKey<K, V>(m: Map<K, V>, k: K): void {
    const had = m.has(k);
    const v = m.get(k);
    this.steps.push(() => {
      if (had) m.set(k, v as V);
      else m.delete(k);
    });
  }
  rollback(): void {
    for (let i = this.steps.length - 1; i >= 0; i--) this.steps[i]!();
  }
}

/** who an activity names when nobody in the data set acted: the platform itself */
export const PLATFORM_ACTOR = { id: '0', name: 'Meta' } as const;

// ---------------------------------------------------------------------------------------------
// events

/** The event kinds of docs/INTERFACES.md section 5 ("World events"), then the sandbox's additions (sandbox/README.md). */
export const WORLD_EVENT_KINDS = [
  'disableAccount', 'enableAccount', 'fillCap', 'addAdmin', 'removeUser', 'unpublishPage', 'unsharePixel', 'restrictBusiness',
  'needsPayment', 'addPartner',
] as const;
export type WorldEventKind = (typeof WORLD_EVENT_KINDS)[number];

export type WorldEvent = { kind: WorldEventKind; actor?: string | { id: string; name: string } } & Record<string, unknown>;

export class WorldEventError extends Error {}

export interface Applied {
  kind: WorldEventKind;
  /** the ad accounts whose activities edge got an entry */
  accounts: string[];
  /** the person an addAdmin made (user id) */
  user?: string;
}

const MAX_EVENTS = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Applies a batch: every event is checked first, then applied in order; when one fails on the state the
 * earlier ones left (a person removed twice, say), what the batch changed is undone. Throws
 * WorldEventError (a 400) naming the event; nothing is applied then.
 */
export function applyWorldEvents(state: SandboxState, body: unknown): Applied[] {
  const events = (body && typeof body === 'object' ? (body as { events?: unknown }).events : undefined);
  if (!Array.isArray(events) || events.length === 0) throw new WorldEventError('events must be a non-empty array of { kind, … }');
  if (events.length > MAX_EVENTS) throw new WorldEventError(`at most ${MAX_EVENTS} events at once`);
  events.forEach((e, i) => checkShape(e, i));
  const undo = new Undo();
  const out: Applied[] = [];
  try {
    events.forEach((e, i) => out.push(applyOne(state, undo, e as WorldEvent, i)));
  } catch (e) {
    undo.rollback();
    state.version++;
    throw e;
  }
  state.version++;
  return out;
}

const fail = (i: number, message: string): never => {
  throw new WorldEventError(`events[${i}]: ${message}`);
};

function str(e: Record<string, unknown>, key: string, i: number, kind: string): string {
  const v = e[key];
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v !== 'string' || !v.trim()) return fail(i, `${kind} needs "${key}" (text)`);
  return v.trim();
}

/** The checks that need no data: kinds, required keys, ranges. */
function checkShape(raw: unknown, i: number): void {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail(i, 'an event is an object { kind, … }');
  const e = raw as Record<string, unknown>;
  const kind = e.kind;
  if (typeof kind !== 'string' || !(WORLD_EVENT_KINDS as readonly string[]).includes(kind)) {
    fail(i, `kind must be one of ${WORLD_EVENT_KINDS.join(', ')}${typeof kind === 'string' ? `, got ${JSON.stringify(kind.slice(0, 60))}` : ''}`);
  }
  const k = kind as WorldEventKind;
  if (e.actor !== undefined) {
    const a = e.actor;
    const ok = (typeof a === 'string' && a.trim() !== '')
      || (!!a && typeof a === 'object' && typeof (a as { id?: unknown }).id === 'string' && typeof (a as { name?: unknown }).name === 'string'
        && (a as { name: string }).name.trim() !== '');
    if (!ok) fail(i, 'actor must be a user id, or { id, name }');
  }
  switch (k) {
    case 'disableAccount':
      str(e, 'id', i, k);
      if (e.reason !== undefined && !(Number.isInteger(e.reason) && (e.reason as number) >= 0 && (e.reason as number) <= 15)) {
        fail(i, 'reason must be a disable reason from 0 to 15');
      }
      break;
    case 'enableAccount':
    case 'needsPayment':
    case 'restrictBusiness':
    case 'unpublishPage':
      str(e, 'id', i, k);
      break;
    case 'fillCap':
      str(e, 'id', i, k);
      if (e.pct !== undefined && !(typeof e.pct === 'number' && Number.isFinite(e.pct) && e.pct > 0 && e.pct <= 100)) {
        fail(i, 'pct must be a number above 0, at most 100');
      }
      break;
    case 'addAdmin': {
      if ((e.business === undefined) === (e.id === undefined)) fail(i, 'addAdmin needs "business" (a business id) or "id" (an ad account), not both');
      if (e.business !== undefined) str(e, 'business', i, k);
      else str(e, 'id', i, k);
      const name = str(e, 'name', i, k);
      if (name.length > 200) fail(i, 'name is longer than 200 characters');
      if (!EMAIL.test(str(e, 'email', i, k))) fail(i, 'email must be an e-mail address');
      break;
    }
    case 'removeUser':
      if ((e.business === undefined) === (e.id === undefined)) fail(i, 'removeUser needs "business" (a business id) or "id" (an ad account), not both');
      if (e.business !== undefined) str(e, 'business', i, k);
      else str(e, 'id', i, k);
      str(e, 'user', i, k);
      break;
    case 'unsharePixel':
      str(e, 'pixel', i, k);
      if (!str(e, 'account', i, k).startsWith('act_')) fail(i, 'account must be an ad account id (act_…)');
      break;
    case 'addPartner':
      str(e, 'business', i, k);
      str(e, 'partner', i, k);
      break;
  }
}

interface Actor { id: string; name: string }

function actorOf(data: Dataset, e: WorldEvent, i: number, fallback: () => Actor): Actor {
  if (e.actor === undefined) return fallback();
  if (typeof e.actor === 'object') return { id: e.actor.id, name: e.actor.name };
  const u = data.users.get(e.actor.trim());
  if (!u) return fail(i, `actor ${e.actor} is not a user of the sandbox (give { id, name } for someone else)`);
  return { id: u.id, name: u.name };
}

/** someone other than the session user who could have acted: an admin of the business, else the platform */
function outsiderOf(data: Dataset, b: Business | null, a: AdAccount | null): Actor {
  const session = data.sessionUserId;
  const uids = [
    ...(b ? b.users.map((id) => data.businessUsers.get(id)).filter((bu) => bu?.role === 'ADMIN').map((bu) => bu!.uid) : []),
    ...(a ? a.users.filter((u) => u.role === 1001).map((u) => u.uid) : []),
  ];
  const uid = uids.find((u) => u !== session);
  const u = uid ? data.users.get(uid) : undefined;
  return u ? { id: u.id, name: u.name } : { ...PLATFORM_ACTOR };
}

function accountOf(data: Dataset, raw: string, i: number): AdAccount {
  const a = data.accounts.get(raw.startsWith('act_') ? raw : `act_${raw}`);
  return a ?? fail(i, `no ad account ${raw}`);
}

function businessOf(data: Dataset, raw: string, i: number): Business {
  return data.businesses.get(raw) ?? fail(i, `no business ${raw}`);
}

type Entry = Omit<Activity, 'seq' | 'time' | 'actor_id' | 'actor_name' | 'object_id' | 'object_name' | 'object_type'>;

function applyOne(state: SandboxState, u: Undo, e: WorldEvent, i: number): Applied {
  const data = state.data;
  const time = Math.floor(state.now() / 1000);
  const note = (a: AdAccount, actor: Actor, entry: Entry) => {
    record(data, u, a.id, { time, actor_id: actor.id, actor_name: actor.name, object_id: a.id.slice(4), object_name: a.name, object_type: 'ACCOUNT', ...entry });
    return a.id;
  };
  const platform = () => ({ ...PLATFORM_ACTOR });
  const statusChange = (a: AdAccount, status: number, reason: number, eventType: string, translated: string, actor: Actor) => {
    const old = { account_status: a.account_status, disable_reason: a.disable_reason };
    u.field(a, 'account_status');
    u.field(a, 'disable_reason');
    a.account_status = status;
    a.disable_reason = reason;
    return note(a, actor, { event_type: eventType, translated_event_type: translated, extra_data: { old_value: old, new_value: { account_status: status, disable_reason: reason } } });
  };
  /** business events land in every ad account the business owns */
  const ownedBy = (b: Business) => b.owned_accounts.map((id) => data.accounts.get(id)).filter((a): a is AdAccount => !!a);

  switch (e.kind) {
    case 'disableAccount': {
      const a = accountOf(data, String(e.id), i);
      if (a.account_status === 101) fail(i, `${a.id} is closed`);
      const actor = actorOf(data, e, i, platform);
      return { kind: e.kind, accounts: [statusChange(a, 2, (e.reason as number | undefined) ?? 1, 'ad_account_update_status', 'Account status updated', actor)] };
    }
    case 'enableAccount': {
      const a = accountOf(data, String(e.id), i);
      if (a.account_status === 101) fail(i, `${a.id} is closed`);
      const actor = actorOf(data, e, i, platform);
      return { kind: e.kind, accounts: [statusChange(a, 1, 0, 'ad_account_update_status', 'Account status updated', actor)] };
    }
    case 'needsPayment': {
      const a = accountOf(data, String(e.id), i);
      if (a.account_status === 101) fail(i, `${a.id} is closed`);
      const actor = actorOf(data, e, i, platform);
      return { kind: e.kind, accounts: [statusChange(a, 3, 0, 'ad_account_billing_charge_failed', 'Payment failed', actor)] };
    }
    case 'fillCap': {
      const a = accountOf(data, String(e.id), i);
      if (a.spend_cap <= 0) fail(i, `${a.id} has no spend cap (spend_cap 0): set one before filling it`);
      const pct = (e.pct as number | undefined) ?? 100;
      const actor = actorOf(data, e, i, platform);
      const old = a.amount_spent;
      u.field(a, 'amount_spent');
      a.amount_spent = Math.min(a.spend_cap, Math.round((a.spend_cap * pct) / 100));
      const reached = a.amount_spent >= a.spend_cap;
      return {
        kind: e.kind,
        accounts: [note(a, actor, {
          event_type: reached ? 'account_spending_limit_reached' : 'ad_account_billing_charge',
          translated_event_type: reached ? 'Account spending limit reached' : 'Ad account billed',
          extra_data: { old_value: { amount_spent: old }, new_value: { amount_spent: a.amount_spent }, spend_cap: a.spend_cap, currency: a.currency, pct },
        })],
      };
    }
    case 'addAdmin': {
      const name = String(e.name).trim();
      const email = String(e.email).trim();
      if (e.business !== undefined) {
        const b = businessOf(data, String(e.business), i);
        const actor = actorOf(data, e, i, () => outsiderOf(data, b, null));
        const person = personFor(data, u, name, email);
        if (b.users.concat(b.hidden).some((id) => data.businessUsers.get(id)?.uid === person.id)) fail(i, `${email} is already in business ${b.id}`);
        u.field(data.serial, 'businessUser');
        const bu: BusinessUser = {
          id: nextId(data, 'businessUser'), business: b.id, uid: person.id, role: 'ADMIN', title: '', email: person.email,
          pending_email: '', two_fac_status: 'not_enabled', is_two_fac_blocked: false, was_integrity_demoted: false, assigned: {},
        };
        u.mapKey(data.businessUsers, bu.id);
        u.array(b.users);
        data.businessUsers.set(bu.id, bu);
        b.users.push(bu.id);
        const accounts = ownedBy(b).map((a) => note(a, actor, {
          event_type: 'ad_account_add_user_to_role', translated_event_type: 'Added user to business',
          extra_data: { old_value: null, new_value: { user_id: person.id, user_name: person.name, role: 'ADMIN' }, business_id: b.id, business_name: b.name },
        }));
        return { kind: e.kind, accounts, user: person.id };
      }
      const a = accountOf(data, String(e.id), i);
      const actor = actorOf(data, e, i, () => outsiderOf(data, null, a));
      const person = personFor(data, u, name, email);
      if (a.users.concat(a.hidden).some((x) => x.uid === person.id)) fail(i, `${email} already has a role on ${a.id}`);
      u.array(a.users);
      a.users.push({ uid: person.id, role: 1001 });
      return {
        kind: e.kind,
        accounts: [note(a, actor, {
          event_type: 'ad_account_add_user_to_role', translated_event_type: 'Added user to ad account role',
          extra_data: { old_value: null, new_value: { user_id: person.id, user_name: person.name, role: 1001 } },
        })],
        user: person.id,
      };
    }
    case 'removeUser': {
      const who = String(e.user).trim();
      if (e.business !== undefined) {
        const b = businessOf(data, String(e.business), i);
        const bu = [...b.users, ...b.hidden].map((id) => data.businessUsers.get(id)).find((x) => x && (x.id === who || x.uid === who));
        if (!bu) return fail(i, `${who} is not in business ${b.id}`);
        const actor = actorOf(data, e, i, () => outsiderOf(data, b, null));
        u.array(b.users);
        u.array(b.hidden);
        u.mapKey(data.businessUsers, bu.id);
        dropId(b.users, bu.id);
        dropId(b.hidden, bu.id);
        data.businessUsers.delete(bu.id);
        const person = data.users.get(bu.uid);
        const accounts = ownedBy(b).map((a) => note(a, actor, {
          event_type: 'ad_account_remove_user_from_role', translated_event_type: 'Removed user from business',
          extra_data: { old_value: { user_id: bu.uid, user_name: person?.name ?? '', role: bu.role }, new_value: null, business_id: b.id, business_name: b.name },
        }));
        return { kind: e.kind, accounts };
      }
      const a = accountOf(data, String(e.id), i);
      const bu = data.businessUsers.get(who);
      const uid = bu ? bu.uid : who;
      const list = a.users.some((x) => x.uid === uid) ? a.users : a.hidden;
      const at = list.findIndex((x) => x.uid === uid);
      if (at < 0) return fail(i, `${who} has no role on ${a.id}`);
      const actor = actorOf(data, e, i, () => outsiderOf(data, null, a));
      u.array(list);
      const [removed] = list.splice(at, 1);
      const person = data.users.get(uid);
      return {
        kind: e.kind,
        accounts: [note(a, actor, {
          event_type: 'ad_account_remove_user_from_role', translated_event_type: 'Removed user from ad account role',
          extra_data: { old_value: { user_id: uid, user_name: person?.name ?? '', role: removed!.role }, new_value: null },
        })],
      };
    }
    case 'addPartner': {
      const b = businessOf(data, String(e.business), i);
      const partner = businessOf(data, String(e.partner), i);
      if (partner.id === b.id) fail(i, 'a business cannot be its own partner');
      if (b.agencies.includes(partner.id)) fail(i, `${partner.id} is already a partner of ${b.id}`);
      const actor = actorOf(data, e, i, () => outsiderOf(data, b, null));
      u.array(b.agencies);
      u.array(partner.clients);
      b.agencies.push(partner.id);
      partner.clients.push(b.id);
      const accounts = ownedBy(b).map((a) => note(a, actor, {
        event_type: 'unknown', translated_event_type: 'Partner added to business',
        extra_data: { old_value: null, new_value: { partner_id: partner.id, partner_name: partner.name }, business_id: b.id, business_name: b.name },
      }));
      return { kind: e.kind, accounts };
    }
    case 'restrictBusiness': {
      const b = businessOf(data, String(e.id), i);
      const actor = actorOf(data, e, i, platform);
      const old = b.is_disabled_for_integrity_reasons;
      u.field(b, 'is_disabled_for_integrity_reasons');
      b.is_disabled_for_integrity_reasons = true;
      const accounts = ownedBy(b).map((a) => note(a, actor, {
        event_type: 'unknown', translated_event_type: 'Business restricted from advertising',
        extra_data: { old_value: { is_disabled_for_integrity_reasons: old }, new_value: { is_disabled_for_integrity_reasons: true }, business_id: b.id, business_name: b.name },
      }));
      return { kind: e.kind, accounts };
    }
    case 'unpublishPage': {
      const pg = data.pages.get(String(e.id));
      if (!pg || pg.deleted) return fail(i, `no page ${String(e.id)}`);
      actorOf(data, e, i, platform);
      // a page has no activities edge: nothing is logged (the platform keeps no public log for it)
      u.field(pg, 'is_published');
      pg.is_published = false;
      return { kind: e.kind, accounts: [] };
    }
    case 'unsharePixel': {
      const px = data.pixels.get(String(e.pixel));
      if (!px) return fail(i, `no pixel ${String(e.pixel)}`);
      const a = accountOf(data, String(e.account), i);
      if (!px.shared_accounts.includes(a.id)) fail(i, `pixel ${px.id} is not shared with ${a.id}`);
      const owner = px.owner_business ? data.businesses.get(px.owner_business) ?? null : null;
      const actor = actorOf(data, e, i, () => outsiderOf(data, owner, null));
      u.array(px.shared_accounts);
      u.array(a.pixels);
      dropId(px.shared_accounts, a.id);
      dropId(a.pixels, px.id);
      return {
        kind: e.kind,
        accounts: [note(a, actor, {
          event_type: 'unknown', translated_event_type: 'Pixel unshared from ad account',
          extra_data: { old_value: { pixel_id: px.id, pixel_name: px.name, shared: true }, new_value: { pixel_id: px.id, pixel_name: px.name, shared: false } },
        })],
      };
    }
  }
}

/** the person an e-mail names: an existing user, else a new one (a stranger to the data set) */
function personFor(data: Dataset, undo: Undo, name: string, email: string): User {
  const lower = email.toLowerCase();
  for (const u of data.users.values()) if (u.email.toLowerCase() === lower) return u;
  undo.field(data.serial, 'user');
  const id = makeId('user', data.serial.user++);
  const [first, ...rest] = name.split(/\s+/);
  const u: User = { id, name, first_name: first ?? name, last_name: rest.join(' '), email, username: lower.replace(/@.*$/, '').replace(/[^a-z0-9.]/g, '') || `user${id}` };
  undo.mapKey(data.users, id);
  data.users.set(id, u);
  return u;
}

// ---------------------------------------------------------------------------------------------
// drift: the world changing by itself on the sandbox clock

export interface DriftOptions {
  /** one event every this many seconds of the sandbox clock; 0 or absent: no drift */
  everyS: number;
  /** the events' seed (default "drift"): the same seed, data set and clock give the same events */
  seed?: string | number;
}

export interface DriftState {
  everyS: number;
  seed: string;
  /** sandbox-clock ms the drift counts from (set again by a reset) */
  originMs: number;
  /** ticks applied so far */
  ticks: number;
}

/** at most this many ticks are caught up in one go (a clock moved by a year does not stall the sandbox) */
export const DRIFT_CATCH_UP = 200;

export function checkDrift(raw: unknown): DriftOptions {
  const p = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const everyS = Number(p.everyS ?? 0);
  if (!Number.isFinite(everyS) || everyS < 0 || everyS > 30 * 86400) throw new RangeError('everyS must be a number of seconds from 0 (off) to 30 days');
  if (everyS > 0 && everyS < 1) throw new RangeError('everyS must be at least 1 second');
  if (p.seed !== undefined && typeof p.seed !== 'string' && typeof p.seed !== 'number') throw new RangeError('seed must be text or a number');
  return { everyS, seed: p.seed as string | number | undefined };
}

/** the events due by the sandbox clock's now, applied in order; answers what was applied */
export function tickDrift(state: SandboxState): Applied[] {
  const d = state.drift;
  if (!d || d.everyS <= 0) return [];
  const due = Math.floor((state.now() - d.originMs) / (d.everyS * 1000));
  const out: Applied[] = [];
  let guard = 0;
  while (d.ticks < due && guard++ < DRIFT_CATCH_UP) {
    d.ticks++;
    const event = driftEvent(state.data, new Rng(hashSeed('drift', d.seed, state.data.seed, d.ticks)), d.ticks);
    if (!event) continue;
    try {
      out.push(...applyWorldEvents(state, { events: [event] }));
    } catch { /* a drawn event that no longer fits is skipped */ }
  }
  if (d.ticks < due) d.ticks = due;
  return out;
}

/**
 * One drawn event: mostly about ad accounts the session user sees (disabled, payment failing, cap
 * filling, re-enabled), sometimes a foreign admin, an unpublished page or an unshared pixel.
 */
export function driftEvent(data: Dataset, rng: Rng, tick: number): WorldEvent | null {
  const session = data.sessionUserId;
  const mine = data.accountList.filter((a) => a.users.some((u) => u.uid === session) && a.account_status !== 101);
  const kind = rng.weighted([
    ['disableAccount', 30], ['enableAccount', 20], ['needsPayment', 12], ['fillCap', 14],
    ['addAdmin', 10], ['unpublishPage', 6], ['unsharePixel', 6], ['restrictBusiness', 2],
  ] as const);
  switch (kind) {
    case 'disableAccount': {
      const pool = mine.filter((a) => a.account_status === 1);
      return pool.length ? { kind, id: rng.pick(pool).id, reason: rng.int(1, 15) } : null;
    }
    case 'enableAccount': {
      const pool = mine.filter((a) => a.account_status === 2 || a.account_status === 3);
      return pool.length ? { kind, id: rng.pick(pool).id } : null;
    }
    case 'needsPayment': {
      const pool = mine.filter((a) => a.account_status === 1 && !a.is_prepay_account);
      return pool.length ? { kind, id: rng.pick(pool).id } : null;
    }
    case 'fillCap': {
      const pool = mine.filter((a) => a.spend_cap > 0 && a.amount_spent < a.spend_cap);
      return pool.length ? { kind, id: rng.pick(pool).id, pct: rng.int(90, 100) } : null;
    }
    case 'addAdmin': {
      const pool = data.businessList.filter((b) => b.users.some((id) => data.businessUsers.get(id)?.uid === session));
      if (!pool.length) return null;
      const b = rng.pick(pool);
      const n = `${tick}${rng.token(3)}`;
      return { kind, business: b.id, name: `Outside Person ${n}`, email: `outside.${n}@example.test` };
    }
    case 'unpublishPage': {
      const pool = data.pageList.filter((p) => p.is_published && !p.deleted && p.roles.some((r) => r.uid === session));
      return pool.length ? { kind, id: rng.pick(pool).id } : null;
    }
    case 'unsharePixel': {
      const pool = data.pixelList.filter((p) => p.shared_accounts.length > 0);
      if (!pool.length) return null;
      const px = rng.pick(pool);
      return { kind, pixel: px.id, account: rng.pick(px.shared_accounts) };
    }
    case 'restrictBusiness': {
      const pool = data.businessList.filter((b) => !b.is_disabled_for_integrity_reasons);
      return pool.length ? { kind, id: rng.pick(pool).id } : null;
    }
  }
}
