// The node types the sandbox serves, as data: fields, edges and writes per type. A later asset area
// adds a field or an edge here (or registers a new type with defineType) without touching the
// dispatcher. Shapes follow the platform's public reference; money is in minor units as strings.
import {
  AGENCY_TASKS, BUSINESS_ROLES, CURRENCIES, DATA_EPOCH_S, PAGE_TASKS, ROLE_TASKS, TIMEZONES,
  findTimezone, parseAccountRole, type AdAccountRole,
} from '../constants';
import {
  transactionsOf, nextId, type AdAccount, type Business, type BusinessUser, type Dataset, type Invite, type Page, type Pixel, type User,
} from '../data';
import { GraphError, errors } from '../errors';
import {
  defineType, isoTime, listParam, param, plain, ref, required, SUCCESS, type Ctx, type Params, type Ref,
} from './core';
import {
  accountRole, canManageAccount, canSeeAccount, isBusinessAdmin, memberOf, requireAccountAdmin, requireBusinessAdmin, visibleAccounts,
} from './access';

// ---------------------------------------------------------------------------------------------
// lookups

export function findNode(ctx: Ctx, id: string): Ref | null {
  const d = ctx.data;
  if (id === 'me') return ref('user', d.users.get(ctx.session)!);
  if (id.startsWith('act_')) {
    const a = d.accounts.get(id);
    return a ? ref('adaccount', a) : null;
  }
  if (!/^\d+$/.test(id)) return null;
  const u = d.users.get(id);
  if (u) return ref('user', u);
  const b = d.businesses.get(id);
  if (b) return ref('business', b);
  const pg = d.pages.get(id);
  if (pg) return ref('page', pg);
  const px = d.pixels.get(id);
  if (px) return ref('pixel', px);
  const bu = d.businessUsers.get(id);
  if (bu) return ref('business_user', bu);
  const inv = d.invites.get(id);
  if (inv) return ref('invite', inv);
  const g = d.assetGroups.get(id);
  if (g) return ref('asset_group', g);
  return null;
}

/** `act_123` or `123` → the account; a wrong id is the platform's "does not exist" error */
export function accountParam(ctx: Ctx, value: string): AdAccount {
  const id = value.startsWith('act_') ? value : `act_${value}`;
  const a = ctx.data.accounts.get(id);
  if (!a) throw errors.unknownObject(value, 'POST');
  return a;
}

export function businessParam(ctx: Ctx, value: string): Business {
  const b = ctx.data.businesses.get(value);
  if (!b) throw errors.invalidParam(`Param business must be a valid business id: ${value}`);
  return b;
}

function userParam(ctx: Ctx, value: string): User {
  const bu = ctx.data.businessUsers.get(value);
  const u = ctx.data.users.get(bu ? bu.uid : value);
  if (!u) throw errors.invalidParam(`Param user must be a valid user id: ${value}`, 'The person you chose could not be found.');
  return u;
}

function major(minor: number, currency: string): string {
  const c = CURRENCIES[currency]!;
  return c.offset === 1 ? String(minor) : (minor / c.offset).toFixed(2);
}

function currencyAmount(minor: number, currency: string) {
  return { amount: major(minor, currency), amount_in_hundredths: String(Math.round((minor * 100) / CURRENCIES[currency]!.offset)), currency, offsetted_amount: String(minor) };
}

function tasksParam(p: Params, name: string, allowed: readonly string[], fallback: string[] | null): string[] {
  const tasks = listParam(p, name)?.map((t) => t.toUpperCase()) ?? fallback;
  if (!tasks || !tasks.length) throw errors.missingParam(name);
  const bad = tasks.find((t) => !allowed.includes(t));
  if (bad) throw errors.invalidParam(`Param ${name}[0] must be one of {${allowed.join(', ')}}, got ${bad}`);
  return [...new Set(tasks)];
}

const byName = (r: Ref, q: string): boolean => {
  const o = r.o as { id: string; name: string; account_id?: string };
  return o.name.toLowerCase().includes(q) || o.id === q || o.account_id === q || o.id.toLowerCase().includes(q);
};

function dropId(list: string[], id: string): boolean {
  const i = list.indexOf(id);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

// ---------------------------------------------------------------------------------------------
// user

defineType<User>('user', {
  label: 'User',
  defaults: ['id', 'name'],
  id: (u) => u.id,
  fields: {
    id: (u) => u.id,
    name: (u) => u.name,
    first_name: (u) => u.first_name,
    last_name: (u) => u.last_name,
    email: (u) => u.email,
    picture: (u) => ({ data: { height: 50, width: 50, is_silhouette: false, url: `https://scontent.example.test/u/${u.id}.jpg` } }),
  },
  edges: {
    adaccounts: {
      maxLimit: 100,
      list: (u, ctx) => {
        mine(ctx, u);
        return visibleAccounts(ctx).map((a) => ref('adaccount', a));
      },
      search: byName,
    },
    businesses: {
      maxLimit: 300,
      list: (u, ctx) => {
        mine(ctx, u);
        return ctx.data.businessList.filter((b) => memberOf(ctx.data, b, u.id)).map((b) => ref('business', b));
      },
    },
    accounts: {
      maxLimit: 200,
      list: (u, ctx) => {
        mine(ctx, u);
        return ctx.data.pageList.flatMap((pg) => {
          const role = pg.roles.find((r) => r.uid === u.id);
          return role ? [ref('page', pg, { tasks: role.tasks, access_token: pageToken(ctx, pg) })] : [];
        });
      },
    },
  },
});

function mine(ctx: Ctx, u: User) {
  if (u.id !== ctx.session) throw errors.permission('Requires a user access token for this user');
}

function pageToken(ctx: Ctx, pg: Page): string {
  return `EAAP${ctx.data.seed.length}${pg.id}PAGE`;
}

// ---------------------------------------------------------------------------------------------
// ad account

defineType<AdAccount>('adaccount', {
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
      list: (a, _ctx, p) => {
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
    adspaymentcycle: {
      list: (a) => [plain({ threshold_amount: a.threshold_amount, requested_threshold_amount: a.threshold_amount, multiplier: 1, created_time: isoTime(a.created_time) })],
    },
    adspixels: {
      list: (a, ctx) => a.pixels.flatMap((id) => {
        const px = ctx.data.pixels.get(id);
        return px ? [ref('pixel', px)] : [];
      }),
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
});

function timeParam(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (Number.isFinite(n)) return n;
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw errors.invalidParam(`Invalid time: ${v}`);
  return t / 1000;
}

function bizRef(ctx: Ctx, id: string | null): Ref | undefined {
  const b = id ? ctx.data.businesses.get(id) : undefined;
  return b ? ref('business', b) : undefined;
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

export function requireUsableBusiness(b: Business) {
  if (b.is_disabled_for_integrity_reasons) {
    throw errors.permission('This business is restricted from advertising and cannot make this change',
      'Your business account is restricted, so this change could not be made.');
  }
}

// ---------------------------------------------------------------------------------------------
// business

defineType<Business>('business', {
  label: 'Business',
  defaults: ['id', 'name'],
  id: (b) => b.id,
  visible: (b, ctx) => !!memberOf(ctx.data, b, ctx.session) || b.clients.some((c) => {
    const cb = ctx.data.businesses.get(c);
    return !!cb && !!memberOf(ctx.data, cb, ctx.session);
  }),
  fields: {
    id: (b) => b.id,
    name: (b) => b.name,
    created_by: (b, ctx) => {
      const u = ctx.data.users.get(b.created_by);
      return u ? ref('user', u) : undefined;
    },
    created_time: (b) => isoTime(b.created_time),
    updated_time: (b) => isoTime(b.created_time),
    is_disabled_for_integrity_reasons: (b) => b.is_disabled_for_integrity_reasons,
    can_use_extended_credit: (b) => b.can_use_extended_credit,
    verification_status: (b) => b.verification_status,
    sharing_eligibility_status: (b) => b.sharing_eligibility_status,
    permitted_roles: (b, ctx) => {
      const me = memberOf(ctx.data, b, ctx.session);
      return me ? (me.role === 'ADMIN' ? ['ADMIN', 'EMPLOYEE'] : [me.role]) : [];
    },
    allow_page_management_in_www: (b) => b.allow_page_management_in_www,
    can_add_or_create_page: (b) => b.can_add_or_create_page,
    primary_page: (b, ctx) => {
      const pg = b.primary_page ? ctx.data.pages.get(b.primary_page) : undefined;
      return pg ? ref('page', pg) : undefined;
    },
    vertical: (b) => b.vertical,
    timezone_id: (b) => b.timezone_id,
    two_factor_type: (b) => b.two_factor_type,
    link: (b) => `https://business.facebook.com/settings/?business_id=${b.id}`,
    profile_picture_uri: (b) => `https://scontent.example.test/b/${b.id}.jpg`,
    is_hidden: () => false,
    ad_account_limit: (b) => b.ad_account_limit,
  },
  edges: {
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
    business_users: {
      maxLimit: 300,
      search: (r, q) => {
        const bu = r.o as BusinessUser;
        return bu.email.toLowerCase().includes(q) || bu.id === q;
      },
      list: (b, ctx) => b.users.flatMap((id) => {
        const bu = ctx.data.businessUsers.get(id);
        return bu ? [ref('business_user', bu)] : [];
      }),
      create: (b, p, ctx) => {
        requireBusinessAdmin(ctx, b);
        requireUsableBusiness(b);
        const email = required(p, 'email').trim();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw errors.invalidParam('Param email must be a valid email address', 'Enter a valid email address.');
        const role = (param(p, 'role') ?? 'EMPLOYEE').toUpperCase();
        if (!(BUSINESS_ROLES as readonly string[]).includes(role)) throw errors.invalidParam(`Param role must be one of {${BUSINESS_ROLES.join(', ')}}`);
        const lower = email.toLowerCase();
        if (b.users.some((id) => ctx.data.businessUsers.get(id)?.email.toLowerCase() === lower)) {
          throw errors.invalidParam('This person is already in the business', `${email} already has access to this business.`);
        }
        if (b.pending.some((id) => ctx.data.invites.get(id)?.email.toLowerCase() === lower)) {
          throw errors.invalidParam('This person has already been invited', `An invitation to ${email} is already pending.`);
        }
        const inv: Invite = {
          id: nextId(ctx.data, 'invite'), business: b.id, email, role, status: 'PENDING',
          created_time: ctx.nowS, expiration_time: ctx.nowS + 30 * 86400,
        };
        ctx.data.invites.set(inv.id, inv);
        b.pending.push(inv.id);
        return { body: { id: inv.id } };
      },
      remove: (b, p, ctx) => {
        const v = required(p, 'user', 'uid', 'id');
        const bu = ctx.data.businessUsers.get(v) ?? (() => {
          const m = memberOf(ctx.data, b, v);
          return m;
        })();
        if (!bu || bu.business !== b.id) throw errors.invalidParam('The user is not in this business');
        removeBusinessUser(ctx, bu);
        return SUCCESS;
      },
    },
    pending_users: {
      maxLimit: 300,
      list: (b, ctx) => b.pending.flatMap((id) => {
        const inv = ctx.data.invites.get(id);
        return inv ? [ref('invite', inv)] : [];
      }),
    },
    system_users: {
      list: (b) => b.system_users.map((s) => plain({ ...s })),
    },
    owned_pages: { maxLimit: 200, search: byName, list: (b, ctx) => pagesOf(ctx, b.owned_pages) },
    client_pages: { maxLimit: 200, search: byName, list: (b, ctx) => pagesOf(ctx, b.client_pages) },
    owned_pixels: { search: byName, list: (b, ctx) => pixelsOf(ctx, b.owned_pixels) },
    adspixels: { search: byName, list: (b, ctx) => pixelsOf(ctx, b.owned_pixels) },
    client_pixels: { search: byName, list: (b, ctx) => pixelsOf(ctx, b.client_pixels) },
    agencies: { list: (b, ctx) => businessesOf(ctx, b.agencies) },
    clients: { list: (b, ctx) => businessesOf(ctx, b.clients) },
    partner_relationships: {
      list: (b, ctx) => [
        ...businessesOf(ctx, b.agencies).map((r) => ({ ...r, x: { relationship: 'AGENCY' } })),
        ...businessesOf(ctx, b.clients).map((r) => ({ ...r, x: { relationship: 'CLIENT' } })),
      ],
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
  },
  update: (b, p, ctx) => {
    requireBusinessAdmin(ctx, b);
    const changes: (() => void)[] = [];
    if (p.name !== undefined) {
      const name = p.name;
      if (!name.trim()) throw errors.invalidParam('Param name must be a non-empty string');
      changes.push(() => { b.name = name; });
    }
    const page = param(p, 'primary_page');
    if (page !== undefined) {
      if (!ctx.data.pages.has(page)) throw errors.invalidParam('Param primary_page must be a page id');
      changes.push(() => { b.primary_page = page; });
    }
    if (p.vertical !== undefined) {
      const v = p.vertical;
      changes.push(() => { b.vertical = v; });
    }
    const tz = param(p, 'timezone_id');
    if (tz !== undefined) {
      const t = findTimezone(tz);
      if (!t) throw errors.invalidParam('Param timezone_id must be a valid timezone');
      changes.push(() => { b.timezone_id = t.id; });
    }
    if (!changes.length) throw errors.invalidParam('No fields to update were given');
    for (const c of changes) c();
    return SUCCESS;
  },
});

function pagesOf(ctx: Ctx, ids: string[]): Ref[] {
  return ids.flatMap((id) => {
    const pg = ctx.data.pages.get(id);
    return pg ? [ref('page', pg)] : [];
  });
}

function pixelsOf(ctx: Ctx, ids: string[]): Ref[] {
  return ids.flatMap((id) => {
    const px = ctx.data.pixels.get(id);
    return px ? [ref('pixel', px)] : [];
  });
}

function businessesOf(ctx: Ctx, ids: string[]): Ref[] {
  return ids.flatMap((id) => {
    const b = ctx.data.businesses.get(id);
    return b ? [ref('business', b)] : [];
  });
}

export function removeBusinessUser(ctx: Ctx, bu: BusinessUser): void {
  const b = ctx.data.businesses.get(bu.business)!;
  requireBusinessAdmin(ctx, b);
  if (bu.role === 'ADMIN') {
    const admins = b.users.filter((id) => ctx.data.businessUsers.get(id)?.role === 'ADMIN');
    if (admins.length <= 1) {
      throw errors.invalidParam('A business must keep at least one admin', 'You can\'t remove the last admin of a business.');
    }
  }
  dropId(b.users, bu.id);
  ctx.data.businessUsers.delete(bu.id);
}

// ---------------------------------------------------------------------------------------------
// business user and invitation

defineType<BusinessUser>('business_user', {
  label: 'BusinessUser',
  defaults: ['id', 'name', 'role'],
  id: (bu) => bu.id,
  visible: (bu, ctx) => !!memberOf(ctx.data, ctx.data.businesses.get(bu.business)!, ctx.session),
  fields: {
    id: (bu) => bu.id,
    name: (bu, ctx) => ctx.data.users.get(bu.uid)?.name,
    first_name: (bu, ctx) => ctx.data.users.get(bu.uid)?.first_name,
    last_name: (bu, ctx) => ctx.data.users.get(bu.uid)?.last_name,
    email: (bu) => bu.email,
    role: (bu) => bu.role,
    title: (bu) => bu.title,
    pending_email: (bu) => bu.pending_email,
    two_fac_status: (bu) => bu.two_fac_status,
    is_two_fac_blocked: (bu) => bu.is_two_fac_blocked,
    was_integrity_demoted: (bu) => bu.was_integrity_demoted,
    active_status: () => 'ACTIVE',
    business: (bu, ctx) => bizRef(ctx, bu.business),
  },
  edges: {
    assigned_ad_accounts: {
      list: (bu, ctx) => Object.entries(bu.assigned).flatMap(([id, tasks]) => {
        const a = ctx.data.accounts.get(id);
        return a ? [ref('adaccount', a, { tasks })] : [];
      }),
    },
    assigned_pages: { list: (bu, ctx) => Object.entries(bu.assigned).flatMap(([id, tasks]) => pagesOf(ctx, [id]).map((r) => ({ ...r, x: { tasks } }))) },
    assigned_pixels: { list: (bu, ctx) => Object.entries(bu.assigned).flatMap(([id, tasks]) => pixelsOf(ctx, [id]).map((r) => ({ ...r, x: { tasks } }))) },
  },
  update: (bu, p, ctx) => {
    const b = ctx.data.businesses.get(bu.business)!;
    requireBusinessAdmin(ctx, b);
    const changes: (() => void)[] = [];
    const role = param(p, 'role');
    if (role !== undefined) {
      const r = role.toUpperCase();
      if (!(BUSINESS_ROLES as readonly string[]).includes(r)) throw errors.invalidParam(`Param role must be one of {${BUSINESS_ROLES.join(', ')}}`);
      if (bu.role === 'ADMIN' && r !== 'ADMIN' && b.users.filter((id) => ctx.data.businessUsers.get(id)?.role === 'ADMIN').length <= 1) {
        throw errors.invalidParam('A business must keep at least one admin');
      }
      changes.push(() => { bu.role = r; });
    }
    if (p.title !== undefined) {
      const t = p.title;
      changes.push(() => { bu.title = t; });
    }
    if (!changes.length) throw errors.invalidParam('No fields to update were given');
    for (const c of changes) c();
    return SUCCESS;
  },
  remove: (bu, _p, ctx) => {
    removeBusinessUser(ctx, bu);
    return { ...SUCCESS, object: bu.business };
  },
});

defineType<Invite>('invite', {
  label: 'BusinessRoleRequest',
  defaults: ['id', 'email', 'role', 'status'],
  id: (inv) => inv.id,
  visible: (inv, ctx) => !!memberOf(ctx.data, ctx.data.businesses.get(inv.business)!, ctx.session),
  fields: {
    id: (inv) => inv.id,
    email: (inv) => inv.email,
    role: (inv) => inv.role,
    status: (inv) => inv.status,
    created_time: (inv) => isoTime(inv.created_time),
    expiration_time: (inv) => isoTime(inv.expiration_time),
    invited_user_type: () => ['FB'],
    business: (inv, ctx) => bizRef(ctx, inv.business),
  },
  edges: {},
  update: (inv, p, ctx) => {
    requireBusinessAdmin(ctx, ctx.data.businesses.get(inv.business)!);
    const role = required(p, 'role').toUpperCase();
    if (!(BUSINESS_ROLES as readonly string[]).includes(role)) throw errors.invalidParam(`Param role must be one of {${BUSINESS_ROLES.join(', ')}}`);
    inv.role = role;
    return SUCCESS;
  },
  remove: (inv, _p, ctx) => {
    const b = ctx.data.businesses.get(inv.business)!;
    requireBusinessAdmin(ctx, b);
    dropId(b.pending, inv.id);
    ctx.data.invites.delete(inv.id);
    return { ...SUCCESS, object: b.id };
  },
});

// ---------------------------------------------------------------------------------------------
// page and pixel: the reads the ad-account and business areas need; their own areas extend them

defineType<Page>('page', {
  label: 'Page',
  defaults: ['id', 'name'],
  id: (pg) => pg.id,
  fields: {
    id: (pg) => pg.id,
    name: (pg) => pg.name,
    category: (pg) => pg.category,
    category_list: (pg) => [{ id: String(2200 + (pg.index % 50)), name: pg.category }],
    fan_count: (pg) => pg.fan_count,
    likes: (pg) => pg.fan_count,
    followers_count: (pg) => Math.round(pg.fan_count * 1.1),
    verification_status: (pg) => pg.verification_status,
    link: (pg) => `https://www.facebook.com/${pg.id}`,
    picture: (pg) => ({ data: { height: 50, width: 50, is_silhouette: false, url: `https://scontent.example.test/p/${pg.id}.jpg` } }),
    is_published: (pg) => pg.is_published,
    page_created_time: (pg) => isoTime(pg.created_time),
    promotion_eligible: (pg) => pg.promotion_eligible,
    promotion_ineligible_reason: (pg) => (pg.promotion_eligible ? undefined : 'PAGE_NOT_PUBLISHED'),
    access_token: (pg, ctx) => (pg.roles.some((r) => r.uid === ctx.session) ? pageToken(ctx, pg) : undefined),
    tasks: (pg, ctx) => pg.roles.find((r) => r.uid === ctx.session)?.tasks,
    business: (pg, ctx) => bizRef(ctx, pg.owner_business),
    additional_profile_id: (pg) => String(Number(pg.id) + 9_000_000_000_000),
    location: (pg) => ({ country: pg.country }),
    website: (pg) => pg.website,
    phone: (pg) => pg.phone,
    emails: (pg) => pg.emails,
    country_page_likes: (pg) => Math.round(pg.fan_count * 0.6),
  },
  edges: {
    roles: {
      list: (pg, ctx) => pg.roles.flatMap((r) => {
        const u = ctx.data.users.get(r.uid);
        return u ? [ref('user', u, { tasks: r.tasks, role: r.tasks.includes('MANAGE') ? 'Admin' : 'Advertiser' })] : [];
      }),
    },
    assigned_users: {
      list: (pg, ctx) => pg.roles.flatMap((r) => {
        const u = ctx.data.users.get(r.uid);
        return u ? [ref('user', u, { tasks: r.tasks })] : [];
      }),
      create: (pg, p, ctx) => {
        managePage(ctx, pg);
        const u = userParam(ctx, required(p, 'user', 'uid'));
        const tasks = tasksParam(p, 'tasks', PAGE_TASKS, null);
        const existing = pg.roles.find((r) => r.uid === u.id);
        if (existing) existing.tasks = tasks;
        else pg.roles.push({ uid: u.id, tasks });
        return SUCCESS;
      },
      remove: (pg, p, ctx) => {
        managePage(ctx, pg);
        const u = userParam(ctx, required(p, 'user', 'uid'));
        const i = pg.roles.findIndex((r) => r.uid === u.id);
        if (i < 0) throw errors.invalidParam('The user has no role on this page');
        pg.roles.splice(i, 1);
        return SUCCESS;
      },
    },
  },
});

function managePage(ctx: Ctx, pg: Page) {
  const mine = pg.roles.find((r) => r.uid === ctx.session);
  const owner = pg.owner_business ? ctx.data.businesses.get(pg.owner_business) : undefined;
  if (!mine?.tasks.includes('MANAGE') && !(owner && isBusinessAdmin(ctx, owner))) throw errors.permission('User does not have permission to manage this page');
}

defineType<Pixel>('pixel', {
  label: 'AdsPixel',
  defaults: ['id', 'name'],
  id: (px) => px.id,
  fields: {
    id: (px) => px.id,
    name: (px) => px.name,
    owner_business: (px, ctx) => bizRef(ctx, px.owner_business),
    creation_time: (px) => isoTime(px.creation_time),
    last_fired_time: (px) => (px.last_fired_time ? isoTime(px.last_fired_time) : undefined),
    is_unavailable: (px) => px.is_unavailable,
    is_created_by_business: (px) => !!px.owner_business,
    code: (px) => `<!-- Pixel Code ${px.id} -->\n<script>/* the sandbox's stand-in for the platform's pixel snippet */</script>`,
    data_use_setting: () => 'ADVERTISING_AND_ANALYTICS',
  },
  edges: {
    shared_accounts: {
      list: (px, ctx, p) => {
        const business = param(p, 'business');
        return px.shared_accounts.flatMap((id) => {
          const a = ctx.data.accounts.get(id);
          if (!a) return [];
          if (business && a.owner_business !== business && !a.agencies.some((l) => l.business === business)) return [];
          return [ref('adaccount', a)];
        });
      },
      create: (px, p, ctx) => {
        const b = businessParam(ctx, required(p, 'business'));
        const a = accountParam(ctx, required(p, 'account_id'));
        requireBusinessAdmin(ctx, b);
        const pixelAccess = px.owner_business === b.id || px.agencies.some((l) => l.business === b.id);
        const accountAccess = a.owner_business === b.id || a.agencies.some((l) => l.business === b.id);
        if (!pixelAccess || !accountAccess) {
          throw errors.invalidParam('The business must have access to both the pixel and the ad account',
            'Share the pixel with the business that has the ad account first.');
        }
        if (!px.shared_accounts.includes(a.id)) {
          px.shared_accounts.push(a.id);
          a.pixels.push(px.id);
        }
        return SUCCESS;
      },
      remove: (px, p, ctx) => {
        const a = accountParam(ctx, required(p, 'account_id'));
        const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
        if (owner) requireBusinessAdmin(ctx, owner);
        if (!dropId(px.shared_accounts, a.id)) throw errors.invalidParam('The pixel is not shared with this ad account');
        dropId(a.pixels, px.id);
        return SUCCESS;
      },
    },
    agencies: {
      list: (px, ctx) => px.agencies.flatMap((l) => businessesOf(ctx, [l.business]).map((r) => ({ ...r, x: { permitted_tasks: l.tasks } }))),
      create: (px, p, ctx) => {
        const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
        if (!owner) throw errors.permission();
        requireBusinessAdmin(ctx, owner);
        const b = businessParam(ctx, required(p, 'business'));
        const tasks = tasksParam(p, 'permitted_tasks', ['ADVERTISE', 'ANALYZE', 'EDIT', 'UPLOAD'], ['ADVERTISE', 'ANALYZE']);
        const link = px.agencies.find((l) => l.business === b.id);
        if (link) link.tasks = tasks;
        else {
          px.agencies.push({ business: b.id, tasks });
          b.client_pixels.push(px.id);
        }
        return SUCCESS;
      },
      remove: (px, p, ctx) => {
        const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
        if (owner) requireBusinessAdmin(ctx, owner);
        const b = businessParam(ctx, required(p, 'business'));
        const i = px.agencies.findIndex((l) => l.business === b.id);
        if (i < 0) throw errors.invalidParam('The business has no access to this pixel');
        px.agencies.splice(i, 1);
        dropId(b.client_pixels, px.id);
        return SUCCESS;
      },
    },
    assigned_users: {
      list: (px, ctx) => px.assigned_users.flatMap((r) => {
        const u = ctx.data.users.get(r.uid);
        return u ? [ref('user', u, { tasks: r.tasks, backing_user_type: 'USER' })] : [];
      }),
    },
  },
  update: (px, p, ctx) => {
    const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
    if (owner) requireBusinessAdmin(ctx, owner);
    const name = required(p, 'name');
    px.name = name;
    return SUCCESS;
  },
});

defineType<{ id: string; name: string; business: string; assets: string[] }>('asset_group', {
  label: 'BusinessAssetGroup',
  defaults: ['id', 'name'],
  id: (g) => g.id,
  fields: {
    id: (g) => g.id,
    name: (g) => g.name,
    owner_business: (g, ctx) => bizRef(ctx, g.business),
  },
  edges: {},
});

defineType<null>('plain', { label: 'Object', defaults: [], id: () => '', fields: {}, edges: {} });

