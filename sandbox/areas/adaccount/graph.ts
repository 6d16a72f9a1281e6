// The ad-account node (`act_X` and its edges) and what the area adds to others: `me/adaccounts`,
// a business's owned and client ad accounts and its ad review requests, a business user's assigned
// accounts. Shapes follow the platform's public reference; money is in minor units as strings.
import {
  AGENCY_TASKS, CURRENCIES, DATA_EPOCH_S, ROLE_TASKS, TIMEZONES, findTimezone, parseAccountRole, type AdAccountRole,
} from '../../constants';
import { dropId, type Dataset } from '../../dataset';
import { GraphError, errors } from '../../errors';
import {
  byName, isoTime, listParam, param, plain, ref, required, SUCCESS, tasksParam, type Ctx, type EdgeDef, type Ref, type TypeDef,
} from '../../graph/core';
import { accountRole, canManageAccount, canSeeAccount, requireAccountAdmin, requireBusinessAdmin, visibleAccounts } from '../../graph/access';
import type { User } from '../core/data';
import { mine } from '../core/graph';
import type { Business, BusinessUser } from '../bm/data';
import { bizRef, businessParam, requireUsableBusiness, userParam } from '../bm/graph';
import { assignedBusiness, assignedRows, assignee } from '../bm/assigned';
import { transactionsOf, type AdAccount } from './data';
import { activitiesOf, type Activity } from '../../world';
import { hashSeed } from '../../prng';

/** `act_123` or `123` → the account; a wrong id is the platform's "does not exist" error */
export function accountParam(ctx: Ctx, value: string): AdAccount {
  const id = value.startsWith('act_') ? value : `act_${value}`;
  const a = ctx.data.accounts.get(id);
  if (!a) throw errors.unknownObject(value, 'POST');
  return a;
}

export function findAccount(ctx: Ctx, id: string): Ref | null {
  if (!id.startsWith('act_')) return null;
  const a = ctx.data.accounts.get(id);
  return a ? ref('adaccount', a) : null;
}

/** The tasks a business or system user may hold on an ad account (its `assigned_users`). */
export const ACCOUNT_TASKS = ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT', 'AA_ANALYZE'] as const;

function major(minor: number, currency: string): string {
  const c = CURRENCIES[currency]!;
  return c.offset === 1 ? String(minor) : (minor / c.offset).toFixed(2);
}

function currencyAmount(minor: number, currency: string) {
  return { amount: major(minor, currency), amount_in_hundredths: String(Math.round((minor * 100) / CURRENCIES[currency]!.offset)), currency, offsetted_amount: String(minor) };
}

function timeParam(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (Number.isFinite(n)) return n;
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw errors.invalidParam(`Invalid time: ${v}`);
  return t / 1000;
}

export function shareAccount(a: AdAccount, b: Business, tasks: string[]): void {
  const link = a.agencies.find((l) => l.business === b.id);
  if (link) link.tasks = tasks;
  else {
    a.agencies.push({ business: b.id, tasks });
    b.client_accounts.push(a.id);
  }
  a.pending_requests = a.pending_requests.filter((r) => r.business !== b.id);
}

export function unshareAccount(a: AdAccount, b: Business): boolean {
  const i = a.agencies.findIndex((l) => l.business === b.id);
  if (i < 0) return false;
  a.agencies.splice(i, 1);
  dropId(b.client_accounts, a.id);
  return true;
}

export function releaseAccount(data: Dataset, a: AdAccount): void {
  const owner = a.owner_business ? data.businesses.get(a.owner_business) : undefined;
  if (owner) dropId(owner.owned_accounts, a.id);
  a.owner_business = null;
}

const ACCOUNTS_PER_BUSINESS = 5000;

function checkAccountLimit(b: Business) {
  if (b.owned_accounts.length + b.client_accounts.length >= ACCOUNTS_PER_BUSINESS) {
    throw new GraphError(400, 3979, '(#3979) You have exceeded the number of allowed ad accounts for your Business Manager at this time.', {
      userTitle: 'Ad account limit reached', userMsg: `A business can have at most ${ACCOUNTS_PER_BUSINESS} ad accounts.`,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// ad account

export const adAccountType: TypeDef<AdAccount> = {
  label: 'AdAccount',
  defaults: ['account_id', 'id'],
  id: (a) => a.id,
  visible: (a, ctx) => canSeeAccount(ctx, a),
  fields: {
    id: (a) => a.id,
    account_id: (a) => a.account_id,
    name: (a) => a.name,
    account_status: (a) => a.account_status,
    disable_reason: (a) => a.disable_reason,
    currency: (a) => a.currency,
    account_currency_ratio_to_usd: (a) => CURRENCIES[a.currency]!.perUsd,
    timezone_id: (a) => TIMEZONES[a.tz]!.id,
    timezone_name: (a) => TIMEZONES[a.tz]!.name,
    timezone_offset_hours_utc: (a) => TIMEZONES[a.tz]!.offset,
    created_time: (a) => isoTime(a.created_time),
    next_bill_date: (a) => isoTime(a.next_bill_date),
    age: (a) => Math.round(((DATA_EPOCH_S - a.created_time) / 86400) * 100) / 100,
    spend_cap: (a) => String(a.spend_cap),
    amount_spent: (a) => String(a.amount_spent),
    balance: (a) => String(a.balance),
    owner: (a) => a.owner,
    owner_business: (a, ctx) => bizRef(ctx, a.owner_business),
    business: (a, ctx) => bizRef(ctx, a.owner_business),
    is_personal: (a) => (a.owner_business ? 0 : 1),
    business_country_code: (a) => a.business_country_code,
    business_name: (a) => a.business_info.name,
    business_street: (a) => a.business_info.street,
    business_city: (a) => a.business_info.city,
    business_state: (a) => a.business_info.state,
    business_zip: (a) => a.business_info.zip,
    adtrust_dsl: (a) => a.adtrust_dsl,
    is_prepay_account: (a) => a.is_prepay_account,
    total_prepay_balance: (a) => currencyAmount(a.prepay_balance, a.currency),
    funding_source: (a) => a.funding?.id,
    funding_source_details: (a) => a.funding ?? undefined,
    all_payment_methods: (a) => ({
      pm_credit_card: a.payment.card ? { data: [a.payment.card] } : undefined,
      payment_method_direct_debits: a.payment.direct_debit ? { data: [a.payment.direct_debit] } : undefined,
      payment_method_paypal: a.payment.paypal ? { data: [a.payment.paypal] } : undefined,
      payment_method_tokens: a.payment.token ? { data: [a.payment.token] } : undefined,
    }),
    user_tasks: (a, ctx) => {
      const role = accountRole(a, ctx.session);
      return role ? ROLE_TASKS[role as AdAccountRole] : [];
    },
    user_role: (a, ctx) => accountRole(a, ctx.session) ?? undefined,
    capabilities: () => ['CAN_USE_REACH_AND_FREQUENCY'],
  },
  edges: {
    users: {
      list: (a, ctx) => a.users.flatMap((u) => {
        const person = ctx.data.users.get(u.uid);
        return person ? [ref('user', person, { role: u.role, tasks: ROLE_TASKS[u.role] })] : [];
      }),
      create: (a, p, ctx) => {
        requireAccountAdmin(ctx, a);
        const person = userParam(ctx, required(p, 'uid', 'user'));
        const role = parseAccountRole(param(p, 'role'), listParam(p, 'tasks'));
        if (!role) throw errors.invalidParam('Param role must be one of {1001, 1002, 1003}', 'Choose a role for this person.');
        if (accountRole(a, person.id) !== null) {
          throw new GraphError(400, 100, '(#100) The user already has a role on this ad account', {
            userTitle: 'Person already added', userMsg: `${person.name} already has a role on this ad account.`,
          });
        }
        a.users.push({ uid: person.id, role });
        return SUCCESS;
      },
      remove: (a, p, ctx) => {
        requireAccountAdmin(ctx, a);
        const person = userParam(ctx, required(p, 'uid', 'user'));
        const list = a.users.some((u) => u.uid === person.id) ? a.users : a.hidden;
        const i = list.findIndex((u) => u.uid === person.id);
        if (i < 0) throw errors.invalidParam('The user does not have a role on this ad account', `${person.name} has no role on this ad account.`);
        list.splice(i, 1);
        return SUCCESS;
      },
    },
    // business and system users of the business the read names (docs/SDK.md): people with a role on
    // the account, business users the account was assigned to, system users assigned through this edge
    assigned_users: {
      list: (a, ctx, p) => {
        const b = assignedBusiness(ctx, p);
        if (a.owner_business !== b.id && !a.agencies.some((l) => l.business === b.id)) return [];
        const viaBusiness = b.users.flatMap((id) => {
          const bu = ctx.data.businessUsers.get(id);
          const tasks = bu?.assigned[a.id];
          return bu && tasks ? [{ uid: bu.uid, tasks }] : [];
        });
        const roles = [...a.users, ...a.hidden].map((u) => ({ uid: u.uid, tasks: ROLE_TASKS[u.role] }));
        return assignedRows(ctx, b, [...roles, ...viaBusiness, ...(a.assigned_system_users ?? [])], ACCOUNT_TASKS);
      },
      create: (a, p, ctx) => {
        requireAccountAdmin(ctx, a);
        const owner = a.owner_business ? ctx.data.businesses.get(a.owner_business) ?? null : null;
        const who = assignee(ctx, p.business ? businessParam(ctx, p.business) : owner, required(p, 'user'));
        const tasks = tasksParam(p, 'tasks', ACCOUNT_TASKS, null);
        if (who.bu) who.bu.assigned[a.id] = tasks;
        else {
          const list = (a.assigned_system_users ??= []);
          const row = list.find((r) => r.uid === who.uid);
          if (row) row.tasks = tasks;
          else list.push({ uid: who.uid, tasks });
        }
        return SUCCESS;
      },
      // takes the person's access off the account: the assignment and any role they hold on it
      remove: (a, p, ctx) => {
        requireAccountAdmin(ctx, a);
        const owner = a.owner_business ? ctx.data.businesses.get(a.owner_business) ?? null : null;
        const who = assignee(ctx, p.business ? businessParam(ctx, p.business) : owner, required(p, 'user'));
        let had = false;
        if (who.bu && who.bu.assigned[a.id]) { delete who.bu.assigned[a.id]; had = true; }
        for (const list of [a.users, a.hidden]) {
          const i = list.findIndex((u) => u.uid === who.uid);
          if (i >= 0) { list.splice(i, 1); had = true; }
        }
        const sys = a.assigned_system_users?.findIndex((r) => r.uid === who.uid) ?? -1;
        if (sys >= 0) { a.assigned_system_users!.splice(sys, 1); had = true; }
        if (!had) throw errors.invalidParam('The user is not assigned to this ad account');
        return SUCCESS;
      },
    },
    agencies: {
      list: (a, ctx) => a.agencies.flatMap((l) => {
        const b = ctx.data.businesses.get(l.business);
        return b ? [ref('business', b, { permitted_tasks: l.tasks, access_status: 'CONFIRMED', access_type: 'AGENCY' })] : [];
      }),
      create: (a, p, ctx) => {
        requireAccountAdmin(ctx, a);
        const b = businessParam(ctx, required(p, 'business'));
        const tasks = tasksParam(p, 'permitted_tasks', AGENCY_TASKS, [...AGENCY_TASKS]);
        shareAccount(a, b, tasks);
        return SUCCESS;
      },
      remove: (a, p, ctx) => {
        requireAccountAdmin(ctx, a);
        const b = businessParam(ctx, required(p, 'business'));
        if (!unshareAccount(a, b)) throw errors.invalidParam('The business is not an agency of this ad account');
        return SUCCESS;
      },
    },
    transactions: {
      list: (a, ctx, p) => {
        const since = timeParam(param(p, 'time_start', 'since')) ?? 0;
        const until = timeParam(param(p, 'time_stop', 'until')) ?? Infinity;
        return transactionsOf(ctx.data, a).filter((t) => t.time >= since && t.time <= until).map((t) => plain({
          id: t.id, account_id: a.account_id, time: t.time, amount: currencyAmount(t.amount, a.currency),
          status: t.status, billing_reason: t.billing_reason, charge_type: t.charge_type, payment_option: t.payment_option,
          tx_type: 'PAYMENT', product_type: 'facebook_ad',
        }));
      },
    },
    insights: {
      // one row per day (or per N days) with `time_increment`, like the platform: days with no spend left out
      list: (a, ctx, p) => {
        if (p.time_increment !== undefined && p.time_increment !== 'all_days') return spendByDay(a, ctx, p);
        const preset = p.date_preset ?? 'last_30d';
        const lifetime = preset === 'maximum' || preset === 'lifetime';
        const spend = lifetime ? a.amount_spent : Math.floor(a.amount_spent / 10);
        return [plain({
          account_id: a.account_id,
          spend: major(spend, a.currency),
          impressions: String(spend * 7),
          clicks: String(Math.floor(spend / 13)),
          date_start: lifetime ? isoTime(a.created_time).slice(0, 10) : isoTime(DATA_EPOCH_S - 30 * 86400).slice(0, 10),
          date_stop: isoTime(DATA_EPOCH_S).slice(0, 10),
        })];
      },
    },
    // the log of what happened to the account (sandbox/world.ts), newest first; admins and advertisers
    // read it (an analyst, or a business employee without a role, is refused like on the platform's settings)
    activities: {
      maxLimit: 500,
      list: (a, ctx, p) => {
        const role = accountRole(a, ctx.session);
        if (!(role === 1001 || role === 1002 || canManageAccount(ctx, a))) {
          throw errors.permission('User does not have permission to read the activities of this ad account',
            'Only admins and advertisers of an ad account can see its activity history.');
        }
        const since = timeParam(param(p, 'since')) ?? -Infinity;
        const until = timeParam(param(p, 'until')) ?? Infinity;
        const rows = activitiesOf(ctx.data, a.id).filter((x) => x.time >= since && x.time <= until);
        return rows.map((x) => ref('ad_activity', { ...x, tz: a.tz })).reverse();
      },
    },
    adspaymentcycle: {
      list: (a) => [plain({ threshold_amount: a.threshold_amount, requested_threshold_amount: a.threshold_amount, multiplier: 1, created_time: isoTime(a.created_time) })],
    },
  },
  update: (a, p, ctx) => {
    requireAccountAdmin(ctx, a);
    const changes: (() => void)[] = [];
    const name = p.name;
    if (name !== undefined) {
      if (!name.trim()) throw errors.invalidParam('Param name must be a non-empty string', 'Enter a name for the ad account.');
      if (name.length > 1000) throw errors.invalidParam('Param name is too long');
      changes.push(() => { a.name = name; });
    }
    const action = param(p, 'spend_cap_action');
    if (action !== undefined) {
      if (action !== 'delete' && action !== 'reset') throw errors.invalidParam('Param spend_cap_action must be one of {reset, delete}');
      changes.push(action === 'delete' ? () => { a.spend_cap = 0; } : () => { a.amount_spent = 0; });
    }
    const cap = param(p, 'spend_cap');
    if (cap !== undefined && action === undefined) {
      const v = Number(cap);
      if (!Number.isFinite(v) || v < 0) throw errors.invalidParam('Param spend_cap must be a non-negative number', 'Enter a valid spending limit.');
      const minor = Math.round(v * CURRENCIES[a.currency]!.offset);
      if (minor !== 0 && minor < a.amount_spent) {
        throw new GraphError(400, 100, '(#100) The spend cap must be larger than the amount already spent', {
          subcode: 1885650, userTitle: 'Spending limit too low', userMsg: 'The account spending limit must be higher than the amount spent so far.',
        });
      }
      changes.push(() => { a.spend_cap = minor; });
    }
    const currency = param(p, 'currency');
    if (currency !== undefined) {
      const c = CURRENCIES[currency.toUpperCase()];
      if (!c) throw errors.invalidParam(`Param currency must be a supported currency code, got ${currency}`);
      changes.push(() => { a.currency = c.code; });
    }
    const tzValue = param(p, 'timezone_id', 'timezone_name', 'timezone');
    if (tzValue !== undefined) {
      const tz = findTimezone(tzValue);
      if (!tz) throw errors.invalidParam(`Param timezone_id must be a valid timezone, got ${tzValue}`);
      changes.push(() => { a.tz = tz.id - 1; });
    }
    let info: Record<string, string> = {};
    if (p.business_info) {
      try {
        info = JSON.parse(p.business_info) as Record<string, string>;
      } catch {
        throw errors.invalidParam('Param business_info must be a JSON object');
      }
    }
    for (const key of ['business_name', 'business_street', 'business_city', 'business_state', 'business_zip', 'business_country_code'] as const) {
      const v = p[key] ?? info[key] ?? info[key.replace('business_', '')];
      if (v === undefined) continue;
      if (key === 'business_country_code') {
        if (!/^[A-Za-z]{2}$/.test(v)) throw errors.invalidParam('Param business_country_code must be a two-letter country code');
        changes.push(() => { a.business_country_code = v.toUpperCase(); });
      } else {
        const field = key.replace('business_', '') as keyof AdAccount['business_info'];
        changes.push(() => { a.business_info[field] = String(v); });
      }
    }
    if (!changes.length) throw errors.invalidParam('No fields to update were given');
    for (const c of changes) c();
    return SUCCESS;
  },
};

// ---------------------------------------------------------------------------------------------
// insights split by day (`time_increment`): what an appeal's spend section reads

const DAY_S = 86_400;
const DATE = /^\d{4}-\d\d-\d\d$/;
const dayOf = (s: number) => isoTime(s).slice(0, 10);
const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** `time_range={"since","until"}` (dates, both included), else `date_preset=last_<N>d` (N days up to yesterday; default last_30d). */
function insightsRange(ctx: Ctx, p: Record<string, string>): { since: number; until: number } {
  if (p.time_range !== undefined) {
    let range: { since?: unknown; until?: unknown };
    try {
      range = JSON.parse(p.time_range) as typeof range;
    } catch {
      throw errors.invalidParam('Param time_range must be a JSON object with since and until');
    }
    if (typeof range?.since !== 'string' || typeof range.until !== 'string' || !DATE.test(range.since) || !DATE.test(range.until)) {
      throw errors.invalidParam('Param time_range must be a JSON object with since and until as YYYY-MM-DD');
    }
    const since = secondsOf(range.since);
    const until = secondsOf(range.until);
    if (!Number.isFinite(since) || !Number.isFinite(until) || since > until) throw errors.invalidParam('Param time_range: since must not be after until');
    return { since, until };
  }
  const preset = p.date_preset ?? 'last_30d';
  const days = /^last_(\d+)d$/.exec(preset);
  if (!days) throw errors.invalidParam(`Param date_preset must be last_<N>d with time_increment in the sandbox, got ${preset}`);
  const today = secondsOf(dayOf(ctx.nowS));
  return { since: today - Number(days[1]) * DAY_S, until: today - DAY_S };
}

/** A day's spend in minor units: about a thirtieth of the last-30-days spend, varying by day, none before the account existed. */
function daySpend(a: AdAccount, day: number): number {
  if (day + DAY_S <= a.created_time || a.amount_spent <= 0) return 0;
  const base = a.amount_spent / 10 / 30;
  return Math.floor(base * (0.5 + (hashSeed(a.id, day) % 1000) / 1000));
}

function spendByDay(a: AdAccount, ctx: Ctx, p: Record<string, string>): Ref[] {
  const step = Number(p.time_increment);
  if (!Number.isInteger(step) || step < 1 || step > 90) throw errors.invalidParam('Param time_increment must be an integer from 1 to 90, or all_days');
  const { since, until } = insightsRange(ctx, p);
  const rows: Ref[] = [];
  for (let start = since; start <= until; start += step * DAY_S) {
    const stop = Math.min(until, start + (step - 1) * DAY_S);
    let spend = 0;
    for (let d = start; d <= stop; d += DAY_S) spend += daySpend(a, d);
    if (spend > 0) rows.push(ref('ads_insights', { account_id: a.account_id, spend: major(spend, a.currency), date_start: dayOf(start), date_stop: dayOf(stop) }));
  }
  return rows;
}

type InsightsRow = { account_id: string; spend: string; date_start: string; date_stop: string };

/** a row of act_X/insights split by time (the platform's AdsInsights: no id; its dates always answered) */
export const adsInsightsType: TypeDef<InsightsRow> = {
  label: 'AdsInsights',
  defaults: ['account_id', 'spend', 'date_start', 'date_stop'],
  id: (x) => `insights_${x.account_id}_${x.date_start}`,
  hiddenId: true,
  always: ['date_start', 'date_stop'],
  fields: {
    account_id: (x) => x.account_id,
    spend: (x) => x.spend,
    date_start: (x) => x.date_start,
    date_stop: (x) => x.date_stop,
  },
  edges: {},
};

// ---------------------------------------------------------------------------------------------
// an entry of act_X/activities: the platform's AdActivity fields (no id of its own)

type ActivityRow = Activity & { tz: number };

function localTime(s: number, tz: number): string {
  const t = TIMEZONES[tz]!;
  const d = new Date((s + t.offset * 3600) * 1000).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 19)}`;
}

export const adActivityType: TypeDef<ActivityRow> = {
  label: 'AdActivity',
  defaults: ['actor_id', 'actor_name', 'event_time', 'event_type', 'extra_data', 'object_id', 'object_name', 'object_type', 'translated_event_type'],
  id: (x) => `activity_${x.seq}`,
  hiddenId: true,
  fields: {
    actor_id: (x) => x.actor_id,
    actor_name: (x) => x.actor_name,
    application_id: () => undefined,
    application_name: () => undefined,
    date_time_in_timezone: (x) => localTime(x.time, x.tz),
    event_time: (x) => isoTime(x.time),
    event_type: (x) => x.event_type,
    extra_data: (x) => JSON.stringify(x.extra_data),
    object_id: (x) => x.object_id,
    object_name: (x) => x.object_name,
    object_type: (x) => x.object_type,
    translated_event_type: (x) => x.translated_event_type,
  },
  edges: {},
};

// ---------------------------------------------------------------------------------------------
// what the area adds to the user, business and business-user nodes

const userEdges: Record<string, EdgeDef<User>> = {
  adaccounts: {
    maxLimit: 100,
    list: (u, ctx) => {
      mine(ctx, u);
      return visibleAccounts(ctx).map((a) => ref('adaccount', a));
    },
    search: byName,
  },
};

const businessEdges: Record<string, EdgeDef<Business>> = {
  owned_ad_accounts: {
    maxLimit: 500,
    search: byName,
    list: (b, ctx) => b.owned_accounts.flatMap((id) => {
      const a = ctx.data.accounts.get(id);
      return a ? [ref('adaccount', a)] : [];
    }),
    create: (b, p, ctx) => {
      requireBusinessAdmin(ctx, b);
      requireUsableBusiness(b);
      const a = accountParam(ctx, required(p, 'adaccount_id'));
      if (a.owner_business === b.id) return { body: { access_status: 'CONFIRMED' } };
      checkAccountLimit(b);
      if (a.owner_business === null && canManageAccount(ctx, a)) {
        a.owner_business = b.id;
        b.owned_accounts.push(a.id);
        return { body: { access_status: 'CONFIRMED' } };
      }
      if (!a.pending_requests.some((r) => r.business === b.id)) a.pending_requests.push({ business: b.id, tasks: ['MANAGE'] });
      return { body: { access_status: 'PENDING' } };
    },
    remove: (b, p, ctx) => {
      requireBusinessAdmin(ctx, b);
      const a = accountParam(ctx, required(p, 'adaccount_id'));
      if (a.owner_business !== b.id) throw errors.invalidParam('The ad account is not owned by this business');
      releaseAccount(ctx.data, a);
      return SUCCESS;
    },
  },
  client_ad_accounts: {
    maxLimit: 500,
    search: byName,
    list: (b, ctx) => b.client_accounts.flatMap((id) => {
      const a = ctx.data.accounts.get(id);
      const l = a?.agencies.find((x) => x.business === b.id);
      return a && l ? [ref('adaccount', a, { permitted_tasks: l.tasks, access_status: 'CONFIRMED', access_type: 'AGENCY' })] : [];
    }),
    create: (b, p, ctx) => {
      requireBusinessAdmin(ctx, b);
      requireUsableBusiness(b);
      const a = accountParam(ctx, required(p, 'adaccount_id'));
      const tasks = tasksParam(p, 'permitted_tasks', AGENCY_TASKS, [...AGENCY_TASKS]);
      const accessType = (param(p, 'access_type') ?? 'AGENCY').toUpperCase();
      if (accessType !== 'AGENCY' && accessType !== 'OWNER') throw errors.invalidParam('Param access_type must be one of {OWNER, AGENCY}');
      if (a.owner_business === b.id) throw errors.invalidParam('The business already owns this ad account');
      const existing = a.agencies.some((l) => l.business === b.id);
      if (!existing) checkAccountLimit(b);
      if (existing || canManageAccount(ctx, a)) {
        shareAccount(a, b, tasks);
        return { body: { access_status: 'CONFIRMED' } };
      }
      if (!a.pending_requests.some((r) => r.business === b.id)) a.pending_requests.push({ business: b.id, tasks });
      return { body: { access_status: 'PENDING' } };
    },
    remove: (b, p, ctx) => {
      requireBusinessAdmin(ctx, b);
      const a = accountParam(ctx, required(p, 'adaccount_id'));
      if (!unshareAccount(a, b)) throw errors.invalidParam('The ad account is not a client ad account of this business');
      return SUCCESS;
    },
  },
  ad_review_requests: {
    create: (b, p, ctx) => {
      const ids = listParam(p, 'ad_account_ids') ?? listParam(p, 'ad_account_id');
      if (!ids || !ids.length) throw errors.missingParam('ad_account_ids');
      const response: Record<string, string> = {};
      for (const raw of ids) {
        const a = ctx.data.accounts.get(raw.startsWith('act_') ? raw : `act_${raw}`);
        if (!a || (a.owner_business !== b.id && !a.agencies.some((l) => l.business === b.id)) || a.account_status !== 2) {
          response[raw] = 'appeal_entity_invalid';
        } else if (a.appeal.status === 'PENDING') {
          response[raw] = 'appeal_creation_failure';
        } else {
          a.appeal = { status: 'PENDING', comment: param(p, 'appeal_comment') ?? null, time: ctx.nowS };
          response[raw] = 'appeal_creation_success';
        }
      }
      return { body: { response } };
    },
  },
};

const businessUserEdges: Record<string, EdgeDef<BusinessUser>> = {
  assigned_ad_accounts: {
    list: (bu, ctx) => Object.entries(bu.assigned).flatMap(([id, tasks]) => {
      const a = ctx.data.accounts.get(id);
      return a ? [ref('adaccount', a, { tasks })] : [];
    }),
  },
};

export const adAccountExtensions = {
  user: { edges: userEdges },
  business: { edges: businessEdges },
  business_user: { edges: businessUserEdges },
};
