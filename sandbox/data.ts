// The sandbox's data set: generated from (seed, scale, hostile) alone, so the same inputs give the
// same objects on every machine. Ids depend only on an object's index (see README "Stable ids"),
// everything else on the seed; the first objects of each kind are fixtures with fixed properties.
import { Rng, hashSeed } from './prng';
import {
  CURRENCIES, CURRENCY_CODES, DATA_EPOCH_S, FUNDING_TYPES, ROLE_TASKS, TIMEZONES, PAGE_TASKS,
  type AdAccountRole,
} from './constants';

export type Scale = 'small' | 'large';

export interface User {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface AccountUser {
  uid: string;
  role: AdAccountRole;
}

export interface AgencyLink {
  business: string;
  tasks: string[];
}

export interface PaymentMethods {
  card: { display_string: string; exp_month: number; exp_year: number } | null;
  direct_debit: { display_string: string } | null;
  paypal: { email_address: string } | null;
  token: { display_string: string } | null;
}

export interface AdAccount {
  index: number;
  id: string;
  account_id: string;
  name: string;
  account_status: number;
  disable_reason: number;
  currency: string;
  /** index into TIMEZONES */
  tz: number;
  created_time: number;
  next_bill_date: number;
  /** money in minor units (cents; whole units for the currencies without decimals) */
  spend_cap: number;
  amount_spent: number;
  balance: number;
  threshold_amount: number;
  prepay_balance: number;
  owner: string;
  owner_business: string | null;
  business_country_code: string;
  business_info: { name: string; street: string; city: string; state: string; zip: string };
  adtrust_dsl: number;
  is_prepay_account: boolean;
  funding: { id: string; type: number; display_string: string } | null;
  payment: PaymentMethods;
  users: AccountUser[];
  /** users with a role who do not appear in act_X/users: only the settings page shows them */
  hidden: AccountUser[];
  agencies: AgencyLink[];
  /** client access requested by businesses that the account's admins have not confirmed */
  pending_requests: AgencyLink[];
  appeal: { status: 'NONE' | 'PENDING' | 'APPROVED' | 'REJECTED'; comment: string | null; time: number | null };
  pixels: string[];
}

export interface Business {
  index: number;
  id: string;
  name: string;
  created_by: string;
  created_time: number;
  is_disabled_for_integrity_reasons: boolean;
  can_use_extended_credit: boolean;
  verification_status: string;
  sharing_eligibility_status: string;
  allow_page_management_in_www: boolean;
  can_add_or_create_page: boolean;
  primary_page: string | null;
  ad_account_limit: number;
  vertical: string;
  timezone_id: number;
  two_factor_type: string;
  users: string[];
  pending: string[];
  owned_accounts: string[];
  client_accounts: string[];
  owned_pages: string[];
  client_pages: string[];
  owned_pixels: string[];
  client_pixels: string[];
  /** businesses acting as agencies (partners) for this one */
  agencies: string[];
  /** businesses this one is an agency for */
  clients: string[];
  asset_groups: string[];
  system_users: { id: string; name: string; role: string }[];
}

export interface BusinessUser {
  id: string;
  business: string;
  uid: string;
  role: string;
  title: string;
  email: string;
  pending_email: string;
  two_fac_status: string;
  is_two_fac_blocked: boolean;
  was_integrity_demoted: boolean;
  /** asset id → tasks */
  assigned: Record<string, string[]>;
}

export interface Invite {
  id: string;
  business: string;
  email: string;
  role: string;
  status: string;
  created_time: number;
  expiration_time: number;
}

export interface Page {
  index: number;
  id: string;
  name: string;
  category: string;
  fan_count: number;
  verification_status: string;
  is_published: boolean;
  created_time: number;
  promotion_eligible: boolean;
  owner_business: string | null;
  client_businesses: string[];
  roles: { uid: string; tasks: string[] }[];
  website: string;
  phone: string;
  emails: string[];
  country: string;
}

export interface Pixel {
  index: number;
  id: string;
  name: string;
  owner_business: string | null;
  creation_time: number;
  last_fired_time: number | null;
  is_unavailable: boolean;
  shared_accounts: string[];
  agencies: AgencyLink[];
  assigned_users: { uid: string; tasks: string[] }[];
}

export interface AssetGroup {
  id: string;
  business: string;
  name: string;
  assets: string[];
}

export interface Connection {
  business: string;
  from_id: string;
  from_type: string;
  to_id: string;
  to_type: string;
}

export interface Fixtures {
  sessionUser: string;
  /** accounts with fixed properties, by what they are good for */
  adaccounts: Record<string, string>;
  businesses: Record<string, string>;
  pages: Record<string, string>;
  pixels: Record<string, string>;
  users: Record<string, string>;
}

export interface Dataset {
  seed: string;
  scale: Scale;
  hostile: boolean;
  sessionUserId: string;
  users: Map<string, User>;
  accounts: Map<string, AdAccount>;
  accountList: AdAccount[];
  businesses: Map<string, Business>;
  businessList: Business[];
  businessUsers: Map<string, BusinessUser>;
  invites: Map<string, Invite>;
  pages: Map<string, Page>;
  pageList: Page[];
  pixels: Map<string, Pixel>;
  pixelList: Pixel[];
  assetGroups: Map<string, AssetGroup>;
  connections: Connection[];
  /** next serial per id family, for objects created by writes */
  serial: Record<IdFamily, number>;
  fixtures: Fixtures;
}

export const SCALES: Record<Scale, { accounts: number; businesses: number; pages: number; pixels: number; users: number }> = {
  small: { accounts: 300, businesses: 10, pages: 50, pixels: 30, users: 60 },
  large: { accounts: 20_000, businesses: 300, pages: 2_000, pixels: 1_000, users: 1_500 },
};

// Ids are a base plus a serial, one base per family so no two families collide and every id is
// a plain decimal string like the platform's (all below 2^53).
const ID_BASE = {
  user: 61550000000000,
  business: 100200000000000,
  account: 120200000000000,
  page: 104000000000000,
  pixel: 1400000000000000,
  businessUser: 122000000000000,
  invite: 123000000000000,
  systemUser: 61560000000000,
  assetGroup: 125000000000000,
  fundingSource: 126000000000000,
} as const;
export type IdFamily = keyof typeof ID_BASE;

export function makeId(family: IdFamily, serial: number): string {
  return String(ID_BASE[family] + serial + 1);
}

export function nextId(data: Dataset, family: IdFamily): string {
  return makeId(family, data.serial[family]++);
}

// ---------------------------------------------------------------------------------------------
// names

const FIRST = ['Alice', 'Bruno', 'Chen', 'Dana', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Julia', 'Kenji', 'Lena',
  'Marco', 'Nadia', 'Oscar', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tomoko', 'Uma', 'Victor', 'Wei', 'Ximena', 'Yusuf', 'Zoe',
  '伟', '芳', '娜', '敏', '静', '强', 'Minh', 'Linh', 'Budi', 'Siti', 'Ji-woo', 'Seo-yeon'];
const LAST = ['Andersen', 'Becker', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Hoffmann', 'Ito', 'Jensen', 'Kim',
  'Lopez', 'Müller', 'Nguyen', 'Okafor', 'Petrov', 'Rossi', 'Santos', 'Tanaka', 'Usman', 'Varga', 'Wang', 'Yilmaz', 'Zhang',
  '王', '李', '张', '刘', 'Tran', 'Pratama', 'Park', 'Lee'];
const ADJ = ['Blue', 'Northern', 'Bright', 'Silver', 'Golden', 'Rapid', 'Quiet', 'Crimson', 'Urban', 'Coastal', 'Prime',
  'Lucky', 'Nimble', 'Solar', 'Green', 'Iron', 'Velvet', 'Summit', '星辰', '东方', '极光', '云端'];
const NOUN = ['Harbor', 'Peak', 'Orchard', 'Falcon', 'Lantern', 'Meadow', 'Forge', 'Compass', 'Atlas', 'Beacon', 'Cedar',
  'Delta', 'Ember', 'Fjord', 'Grove', 'Horizon', '传媒', '科技', '贸易', '数码'];
const SUFFIX = ['Media', 'Digital', 'Commerce', 'Labs', 'Group', 'Trading Co.', 'Ventures', 'Studio', 'Ads', 'Holdings'];
const REGIONS = ['US', 'EU', 'JP', 'KR', 'VN', 'ID', 'TW', 'HU', 'LATAM', 'CN', 'UK', 'BR', 'IN', 'SEA', 'MENA'];
const PAGE_CATEGORIES = ['Shopping & retail', 'Clothing (Brand)', 'Health/beauty', 'Electronics', 'Games/toys',
  'Restaurant', 'Travel company', 'Media/news company', 'Education', 'Fitness trainer', 'Jewelry/watches', 'Home decor'];
const VERTICALS = ['ECOMMERCE', 'ADVERTISING', 'RETAIL', 'GAMING', 'TECHNOLOGY', 'TRAVEL', 'ENTERTAINMENT', 'OTHER'];
const CITIES: [string, string, string][] = [['San Francisco', 'CA', '94107'], ['Berlin', 'BE', '10115'], ['Tokyo', '13', '100-0001'],
  ['Seoul', '11', '04524'], ['Ho Chi Minh City', 'SG', '700000'], ['Jakarta', 'JK', '10110'], ['Taipei', 'TPE', '100'],
  ['Shenzhen', 'GD', '518000'], ['London', 'LND', 'EC1A 1BB'], ['São Paulo', 'SP', '01000-000']];

/**
 * Hostile variants: markup and script, right-to-left text, emoji, a 500-character name, and the
 * executor's own placeholder syntax (which the extension must never expand inside a name).
 */
const HOSTILE: ((base: string, i: number) => string)[] = [
  (b) => `<script>alert('xss')</script>${b}`,
  (b) => `<img src=x onerror="alert(document.cookie)">${b}`,
  (b) => `\u202E${b} gnp.exe`,
  (b) => `حساب إعلاني ${b} مرحبا`,
  (b) => `חשבון פרסום ${b}\u200F`,
  (b) => `🚀🔥 ${b} 👩‍👩‍👧‍👦🏳️‍🌈`,
  (b, i) => longName(b, i),
  (b) => `"quoted" & 'apos' <b>bold</b> ${b}`,
  (b) => `{{access_token}} ${b} {{fb_dtsg}}`,
  (b) => `javascript:alert(1)// ${b}`,
  (b) => `${b}\u200B\u200D\u2028 ../../etc/passwd %s %n`,
  (b) => `</td></tr><tr><td>${b}<!--`,
];
export const HOSTILE_PATTERN_COUNT = HOSTILE.length;

function longName(base: string, i: number): string {
  let s = `${base} #${i} `;
  const filler = '長い名前-long-name-très-long ';
  while (s.length < 500) s += filler;
  return s.slice(0, 500);
}

function hostileName(hostile: boolean, base: string, index: number): string {
  if (!hostile || index % 2 === 0) return base;
  return HOSTILE[(index >> 1) % HOSTILE.length]!(base, index);
}

// ---------------------------------------------------------------------------------------------
// fixtures: the first accounts have fixed status, disable reason, currency and roles whatever the seed

/** [account_status, disable_reason] of accounts 0–23: every status, then DISABLED with every reason 0–15 */
const FIXED_STATUS: [number, number][] = [
  [1, 0], [2, 1], [3, 0], [7, 0], [8, 0], [9, 0], [100, 0], [101, 0],
  ...Array.from({ length: 16 }, (_, r) => [2, r] as [number, number]),
];
/** currencies of accounts 24–33 */
const FIXED_CURRENCY = ['JPY', 'KRW', 'VND', 'IDR', 'TWD', 'HUF', 'CLP', 'COP', 'EUR', 'CNY'];

export const ACCOUNT_FIXTURES = {
  active: 0, disabled: 1, unsettled: 2, pendingRiskReview: 3, pendingSettlement: 4, inGracePeriod: 5,
  pendingClosure: 6, closed: 7, jpy: 24, krw: 25, vnd: 26, idr: 27, twd: 28, huf: 29, clp: 30, cop: 31, eur: 32, cny: 33,
  advertiserRole: 34, analystRole: 35, noBusiness: 36, hiddenAdmin: 37, withAgency: 38, prepay: 39, viaBusinessOnly: 40,
  spendCap: 41, outOfReach: 42,
} as const;
/** accounts up to this index have fixed properties */
const LAST_FIXTURE = ACCOUNT_FIXTURES.outOfReach;

// ---------------------------------------------------------------------------------------------

export function generate(seedIn: string | number, scale: Scale, hostile: boolean): Dataset {
  const seed = String(seedIn);
  const size = SCALES[scale];
  const rng = new Rng(hashSeed('tessera-sandbox', seed, scale));
  const data: Dataset = {
    seed, scale, hostile,
    sessionUserId: makeId('user', 0),
    users: new Map(), accounts: new Map(), accountList: [], businesses: new Map(), businessList: [],
    businessUsers: new Map(), invites: new Map(), pages: new Map(), pageList: [], pixels: new Map(), pixelList: [],
    assetGroups: new Map(), connections: [],
    serial: {
      user: size.users, business: size.businesses, account: size.accounts, page: size.pages, pixel: size.pixels,
      businessUser: 0, invite: 0, systemUser: 0, assetGroup: 0, fundingSource: 0,
    },
    fixtures: { sessionUser: makeId('user', 0), adaccounts: {}, businesses: {}, pages: {}, pixels: {}, users: {} },
  };

  // users ---------------------------------------------------------------------------------------
  const userIds: string[] = [];
  for (let i = 0; i < size.users; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const id = makeId('user', i);
    const base = `${first} ${last}`;
    data.users.set(id, {
      id, first_name: first, last_name: last,
      name: hostileName(hostile, base, i),
      email: `${ascii(first)}.${ascii(last)}.${i}@example.test`,
    });
    userIds.push(id);
  }
  const session = data.sessionUserId;
  // the last user has no role anywhere: tests add them to accounts and businesses
  const others = userIds.slice(1, -1);
  data.fixtures.users = { session, other: userIds[1]!, notOnAnyAccount: userIds[userIds.length - 1]! };

  // businesses ----------------------------------------------------------------------------------
  for (let i = 0; i < size.businesses; i++) {
    const id = makeId('business', i);
    const base = `${rng.pick(ADJ)} ${rng.pick(NOUN)} ${rng.pick(SUFFIX)}`;
    const b: Business = {
      index: i, id,
      name: hostileName(hostile, i < 4 ? `${base} ${['(main)', '(agency)', '(employee)', '(restricted)'][i]}` : base, i),
      created_by: i < 4 ? session : rng.pick(userIds),
      created_time: DATA_EPOCH_S - rng.int(30, 3650) * 86400 - rng.int(0, 86399),
      is_disabled_for_integrity_reasons: i === 3 || (i > 3 && rng.chance(0.08)),
      can_use_extended_credit: i === 0 || rng.chance(0.2),
      verification_status: i === 0 ? 'verified' : rng.weighted([['verified', 3], ['not_verified', 6], ['pending_submission', 1], ['failed', 1]] as const),
      sharing_eligibility_status: i === 3 ? 'disabled_due_to_trust_tier' : 'enabled',
      allow_page_management_in_www: rng.chance(0.7),
      can_add_or_create_page: i !== 3,
      primary_page: null,
      ad_account_limit: i === 0 ? 5000 : rng.weighted([[1, 4], [2, 2], [3, 1], [5, 2], [10, 1], [50, 1], [100, 1], [250, 1], [5000, 1]] as const),
      vertical: rng.pick(VERTICALS),
      timezone_id: rng.pick(TIMEZONES).id,
      two_factor_type: rng.pick(['none', 'admin_required', 'all_required']),
      users: [], pending: [], owned_accounts: [], client_accounts: [], owned_pages: [], client_pages: [],
      owned_pixels: [], client_pixels: [], agencies: [], clients: [], asset_groups: [], system_users: [],
    };
    data.businesses.set(id, b);
    data.businessList.push(b);

    // the session user is in every business: ADMIN except in the "employee" fixture and a few others
    const sessionRole = i === 2 ? 'EMPLOYEE' : i < 4 ? 'ADMIN' : rng.weighted([['ADMIN', 85], ['EMPLOYEE', 15]] as const);
    addBusinessUser(data, rng, b, session, sessionRole);
    const memberCount = scale === 'large' ? rng.int(2, 8) : rng.int(3, 12);
    for (const uid of rng.sample(others, memberCount)) {
      addBusinessUser(data, rng, b, uid, rng.weighted([['ADMIN', 3], ['EMPLOYEE', 6], ['FINANCE_EDITOR', 1], ['DEVELOPER', 1]] as const));
    }
    const invites = i === 0 ? 2 : rng.int(0, 4);
    for (let k = 0; k < invites; k++) {
      const inv: Invite = {
        id: nextId(data, 'invite'), business: id,
        email: `invitee.${i}.${k}.${rng.token(4)}@example.test`,
        role: rng.weighted([['EMPLOYEE', 3], ['ADMIN', 1]] as const),
        status: 'PENDING',
        created_time: DATA_EPOCH_S - rng.int(0, 20) * 86400,
        expiration_time: 0,
      };
      inv.expiration_time = inv.created_time + 30 * 86400;
      data.invites.set(inv.id, inv);
      b.pending.push(inv.id);
    }
    const systemUsers = rng.int(0, 2);
    for (let k = 0; k < systemUsers; k++) {
      b.system_users.push({ id: nextId(data, 'systemUser'), name: `System user ${k + 1}`, role: k === 0 ? 'ADMIN' : 'EMPLOYEE' });
    }
  }
  const bms = data.businessList;
  const bmId = (i: number) => bms[i]!.id;
  data.fixtures.businesses = { main: bmId(0), agency: bmId(1), employeeOnly: bmId(2), restricted: bmId(3) };

  // partners: business 1 is an agency of business 0; others at random
  link(bms[1]!, bms[0]!);
  for (const b of bms.slice(2)) {
    if (!rng.chance(0.4)) continue;
    for (const agency of rng.sample(bms, rng.int(1, 2))) if (agency !== b) link(agency, b);
  }

  // ad accounts ---------------------------------------------------------------------------------
  const F = ACCOUNT_FIXTURES;
  for (let i = 0; i < size.accounts; i++) {
    const accountId = makeId('account', i);
    const id = `act_${accountId}`;
    const fixed = i < FIXED_STATUS.length ? FIXED_STATUS[i] : undefined;
    // the fixtures after the status ones are ACTIVE (they exist to be written to); the draw still
    // happens so every later account keeps the data it had for its seed
    const drawn = fixed ? undefined : randomStatus(rng);
    const [status, reason] = fixed ?? (i <= LAST_FIXTURE ? [1, 0] : drawn!);
    const currency = i >= 24 && i < 24 + FIXED_CURRENCY.length ? FIXED_CURRENCY[i - 24]!
      : i < 24 || i <= LAST_FIXTURE ? 'USD'
        : rng.weighted(CURRENCY_CODES.map((c, k) => [c, k < 2 ? 12 : k < 11 ? 4 : 2] as const));
    const cur = CURRENCIES[currency]!;
    const tz = currency === 'USD' ? rng.pick([0, 1]) : Math.max(0, TIMEZONES.findIndex((t) => t.name.includes(tzHint(cur.country))));
    // the advertiser and analyst fixtures sit in the business where the session user is only an
    // employee, so nothing but their own role decides what they may do
    const ownerBm = i <= LAST_FIXTURE
      ? (i === F.noBusiness || i === F.outOfReach ? null : i === F.advertiserRole || i === F.analystRole ? bms[2]! : bms[0]!)
      : rng.chance(0.1) ? null : bms[rng.int(0, bms.length - 1)]!;
    const spentUsd = Math.floor(rng.float() ** 3 * 50_000 * 100) / 100;
    const money = (usd: number) => Math.round(usd * cur.perUsd * cur.offset);
    const amountSpent = i === F.active ? money(1234.56) : money(spentUsd);
    const city = rng.pick(CITIES);
    const prepay = i === F.prepay || (i > LAST_FIXTURE && rng.chance(0.15));
    const a: AdAccount = {
      index: i, id, account_id: accountId,
      name: hostileName(hostile, `${rng.pick(ADJ)} ${rng.pick(NOUN)} ${rng.pick(REGIONS)} ${String(i + 1).padStart(3, '0')}`, i),
      account_status: status, disable_reason: reason, currency, tz,
      created_time: DATA_EPOCH_S - rng.int(1, 3650) * 86400 - rng.int(0, 86399),
      next_bill_date: DATA_EPOCH_S + rng.int(1, 30) * 86400,
      spend_cap: i === F.spendCap ? money(5000) : i <= LAST_FIXTURE ? 0 : rng.chance(0.4) ? 0 : amountSpent + money(rng.int(50, 5000)),
      amount_spent: amountSpent,
      balance: i === F.active ? money(12.34) : Math.round(amountSpent * rng.float() * 0.05),
      threshold_amount: money(rng.pick([25, 50, 250, 500, 750, 1000])),
      prepay_balance: prepay ? money(rng.int(0, 2000)) : 0,
      owner: session,
      owner_business: ownerBm?.id ?? null,
      business_country_code: cur.country,
      business_info: { name: ownerBm ? stripHostile(ownerBm.name) : '', street: `${rng.int(1, 999)} ${rng.pick(NOUN)} Street`, city: city[0], state: city[1], zip: city[2] },
      adtrust_dsl: rng.pick([50, 250, 1000, 1500, 5000, 25000, -1]),
      is_prepay_account: prepay,
      funding: null,
      payment: { card: null, direct_debit: null, paypal: null, token: null },
      users: [], hidden: [], agencies: [], pending_requests: [],
      appeal: { status: 'NONE', comment: null, time: null },
      pixels: [],
    };
    fillPayment(data, rng, a, i === F.active ? 'card' : undefined);

    // the session user's role
    const sessionRole: AdAccountRole | null = i === F.advertiserRole ? 1002 : i === F.analystRole ? 1003
      : i === F.viaBusinessOnly || i === F.outOfReach ? null
        : i <= LAST_FIXTURE ? 1001
          : rng.weighted([[1001, 78], [1002, 12], [1003, 6], [null, 4]] as const);
    if (sessionRole) a.users.push({ uid: session, role: sessionRole });
    else a.owner = rng.pick(others);
    const extra = i === F.active ? 2 : rng.int(0, 3);
    for (const uid of rng.sample(others, extra)) {
      a.users.push({ uid, role: rng.weighted([[1001, 3], [1002, 4], [1003, 2]] as const) });
    }
    if (i === F.hiddenAdmin || (i > LAST_FIXTURE && rng.chance(0.05))) {
      const candidates = others.filter((u) => !a.users.some((x) => x.uid === u));
      a.hidden.push({ uid: rng.pick(candidates), role: 1001 });
    }
    data.accounts.set(id, a);
    data.accountList.push(a);
    if (ownerBm) ownerBm.owned_accounts.push(id);

    // shared to one of the owner's agencies
    if (ownerBm && ownerBm.agencies.length && (i === F.withAgency || (i > LAST_FIXTURE && rng.chance(0.25)))) {
      const agency = i === F.withAgency ? bms[1]! : data.businesses.get(rng.pick(ownerBm.agencies))!;
      const tasks = rng.chance(0.6) ? ROLE_TASKS[1001] : ROLE_TASKS[1002];
      a.agencies.push({ business: agency.id, tasks: [...tasks] });
      agency.client_accounts.push(id);
    }
  }
  const acc = (i: number) => data.accountList[Math.min(i, data.accountList.length - 1)]!.id;
  data.fixtures.adaccounts = Object.fromEntries(Object.entries(F).map(([k, i]) => [k, acc(i)]));
  for (let r = 0; r < 16; r++) data.fixtures.adaccounts[`disableReason${r}`] = acc(8 + r);

  // pages ---------------------------------------------------------------------------------------
  for (let i = 0; i < size.pages; i++) {
    const id = makeId('page', i);
    const owner = i === 0 ? bms[0]! : rng.chance(0.85) ? bms[rng.int(0, bms.length - 1)]! : null;
    const category = rng.pick(PAGE_CATEGORIES);
    const p: Page = {
      index: i, id,
      name: hostileName(hostile, `${rng.pick(ADJ)} ${rng.pick(NOUN)} ${category.split(/[ /(]/)[0]}`, i),
      category,
      fan_count: Math.floor(rng.float() ** 4 * 2_000_000),
      verification_status: rng.weighted([['not_verified', 8], ['blue_verified', 1], ['gray_verified', 1]] as const),
      is_published: i === 0 || rng.chance(0.9),
      created_time: DATA_EPOCH_S - rng.int(1, 4000) * 86400,
      promotion_eligible: rng.chance(0.8),
      owner_business: owner?.id ?? null,
      client_businesses: [],
      roles: [],
      website: `https://shop-${i}.example.test`,
      phone: `+1 555 01${String(i % 100).padStart(2, '0')}`,
      emails: [`page${i}@example.test`],
      country: rng.pick(REGIONS),
    };
    if (i === 0 || rng.chance(0.8)) p.roles.push({ uid: session, tasks: [...PAGE_TASKS] });
    for (const uid of rng.sample(others, rng.int(0, 2))) p.roles.push({ uid, tasks: rng.chance(0.5) ? [...PAGE_TASKS] : ['ADVERTISE', 'ANALYZE'] });
    data.pages.set(id, p);
    data.pageList.push(p);
    if (owner) {
      owner.owned_pages.push(id);
      if (!owner.primary_page) owner.primary_page = id;
      if (owner.agencies.length && rng.chance(0.3)) {
        const agency = data.businesses.get(rng.pick(owner.agencies))!;
        p.client_businesses.push(agency.id);
        agency.client_pages.push(id);
      }
    }
  }
  data.fixtures.pages = { main: makeId('page', 0) };

  // pixels --------------------------------------------------------------------------------------
  for (let i = 0; i < size.pixels; i++) {
    const id = makeId('pixel', i);
    const owner = i < bms.length ? bms[i]! : bms[rng.int(0, bms.length - 1)]!;
    const px: Pixel = {
      index: i, id,
      name: hostileName(hostile, `${stripHostile(owner.name).split(' ').slice(0, 2).join(' ')} ${rng.pick(['Pixel', 'Dataset', 'Web events'])} ${i + 1}`, i),
      owner_business: owner.id,
      creation_time: DATA_EPOCH_S - rng.int(1, 2000) * 86400,
      last_fired_time: rng.chance(0.7) ? DATA_EPOCH_S - rng.int(0, 90) * 3600 : null,
      is_unavailable: rng.chance(0.05),
      shared_accounts: [], agencies: [], assigned_users: [],
    };
    const pool = owner.owned_accounts;
    for (const actId of rng.sample(pool, i === 0 ? Math.min(3, pool.length) : rng.int(0, 4))) {
      px.shared_accounts.push(actId);
      data.accounts.get(actId)!.pixels.push(id);
    }
    if (owner.agencies.length && rng.chance(0.3)) {
      const agency = data.businesses.get(rng.pick(owner.agencies))!;
      px.agencies.push({ business: agency.id, tasks: ['ANALYZE', 'ADVERTISE'] });
      agency.client_pixels.push(id);
    }
    const admins = owner.users.map((u) => data.businessUsers.get(u)!).filter((u) => u.role === 'ADMIN');
    for (const u of admins.slice(0, 2)) px.assigned_users.push({ uid: u.uid, tasks: ['EDIT', 'ANALYZE', 'ADVERTISE', 'UPLOAD'] });
    data.pixels.set(id, px);
    data.pixelList.push(px);
    owner.owned_pixels.push(id);
  }
  data.fixtures.pixels = { main: makeId('pixel', 0) };
  return data;
}

function addBusinessUser(data: Dataset, rng: Rng, b: Business, uid: string, role: string) {
  const person = data.users.get(uid)!;
  const bu: BusinessUser = {
    id: nextId(data, 'businessUser'), business: b.id, uid, role,
    title: rng.pick(['', 'Media buyer', 'Account manager', 'Designer', 'Analyst', 'Owner']),
    email: person.email,
    pending_email: rng.chance(0.05) ? `new.${person.email}` : '',
    two_fac_status: rng.weighted([['enabled', 7], ['not_enabled', 3]] as const),
    is_two_fac_blocked: rng.chance(0.03),
    was_integrity_demoted: rng.chance(0.02),
    assigned: {},
  };
  data.businessUsers.set(bu.id, bu);
  b.users.push(bu.id);
}

function link(agency: Business, client: Business) {
  if (agency.clients.includes(client.id)) return;
  agency.clients.push(client.id);
  client.agencies.push(agency.id);
}

function randomStatus(rng: Rng): [number, number] {
  const status = rng.weighted([[1, 70], [2, 14], [3, 5], [7, 2], [8, 2], [9, 3], [100, 2], [101, 2]] as const);
  if (status !== 2) return [status, 0];
  return [2, rng.int(0, 15)];
}

function fillPayment(data: Dataset, rng: Rng, a: AdAccount, force?: 'card') {
  const kind = force ?? (a.is_prepay_account ? 'balance'
    : rng.weighted([['card', 60], ['paypal', 10], ['direct_debit', 8], ['credit', 5], ['none', 17]] as const));
  const last4 = String(rng.int(0, 9999)).padStart(4, '0');
  const id = nextId(data, 'fundingSource');
  switch (kind) {
    case 'card': {
      const brand = rng.pick(['Visa', 'Mastercard', 'American Express', 'UnionPay']);
      a.funding = { id, type: FUNDING_TYPES.CREDIT_CARD, display_string: `${brand} *${last4}` };
      a.payment.card = { display_string: `${brand} *${last4}`, exp_month: rng.int(1, 12), exp_year: rng.int(2025, 2031) };
      break;
    }
    case 'paypal':
      a.funding = { id, type: FUNDING_TYPES.PAYPAL, display_string: `PayPal (buyer${last4}@example.test)` };
      a.payment.paypal = { email_address: `buyer${last4}@example.test` };
      break;
    case 'direct_debit':
      a.funding = { id, type: FUNDING_TYPES.DIRECT_DEBIT, display_string: `SEPA Direct Debit *${last4}` };
      a.payment.direct_debit = { display_string: `SEPA Direct Debit *${last4}` };
      break;
    case 'credit':
      a.funding = { id, type: FUNDING_TYPES.EXTENDED_CREDIT, display_string: 'Monthly invoicing' };
      break;
    case 'balance':
      a.funding = { id, type: FUNDING_TYPES.STORED_BALANCE, display_string: 'Available balance' };
      a.payment.token = { display_string: `Prepaid balance (${a.currency})` };
      break;
    default:
      break;
  }
}

function ascii(s: string): string {
  const t = s.normalize('NFKD').replace(/[^a-zA-Z0-9]/g, '').toLowerCase();
  return t || 'user';
}

function stripHostile(name: string): string {
  return name.replace(/<[^>]*>/g, '').slice(0, 60).trim() || 'Business';
}

function tzHint(country: string): string {
  const map: Record<string, string> = {
    JP: 'Tokyo', KR: 'Seoul', VN: 'Ho_Chi_Minh', ID: 'Jakarta', TW: 'Taipei', HU: 'Budapest', CL: 'Santiago',
    CO: 'Bogota', CN: 'Shanghai', GB: 'London', DE: 'Berlin', BR: 'Sao_Paulo', IN: 'Kolkata', TH: 'Bangkok',
    PH: 'Manila', MX: 'Mexico_City', AU: 'Sydney', HK: 'Hong_Kong', SG: 'Singapore',
  };
  return map[country] ?? 'GMT';
}

/** deterministic billing transactions of one account, generated when first asked for */
export interface Transaction {
  id: string;
  time: number;
  amount: number;
  status: string;
  billing_reason: string;
  charge_type: string;
  payment_option: string;
}

export function transactionsOf(data: Dataset, a: AdAccount): Transaction[] {
  const rng = Rng.of('transactions', data.seed, a.id);
  const count = a.amount_spent === 0 ? 0 : rng.int(1, 30);
  const out: Transaction[] = [];
  let t = a.created_time;
  const span = Math.max(86400, DATA_EPOCH_S - a.created_time);
  const share = count ? Math.floor(a.amount_spent / count) : 0;
  for (let k = 0; k < count; k++) {
    t += Math.floor(span / (count + 1));
    out.push({
      id: `${a.account_id}:${1000000 + k}`,
      time: t,
      amount: share,
      status: rng.weighted([['COMPLETED', 9], ['FAILED', 1]] as const),
      billing_reason: rng.pick(['THRESHOLD', 'MONTHLY', 'PREPAY']),
      charge_type: 'payment',
      payment_option: a.funding?.display_string ?? 'None',
    });
  }
  return out.reverse();
}
