// Ad accounts: status, currency, money, payment methods, roles, agencies, appeals; billing
// transactions are derived per account on demand. The first accounts are fixtures with fixed
// properties whatever the seed (README "Fixtures").
import type { Dataset } from '../../dataset';
import { ADJ, NOUN, REGIONS, defineIdFamilies, hostileName, makeId, nextId, stripHostile } from '../../dataset';
import {
  CURRENCIES, CURRENCY_CODES, DATA_EPOCH_S, FUNDING_TYPES, ROLE_TASKS, TIMEZONES, type AdAccountRole,
} from '../../constants';
import { Rng } from '../../prng';
import type { GenContext } from '../../area';
import { otherUsers } from '../core/data';
import '../bm/data';

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
  /** system users given tasks through `act_…/assigned_users` (business users keep theirs in `assigned`) */
  assigned_system_users?: { uid: string; tasks: string[] }[];
}

declare module '../../dataset' {
  interface Dataset {
    accounts: Map<string, AdAccount>;
    accountList: AdAccount[];
  }
  interface Fixtures {
    /** accounts with fixed properties, by what they are good for */
    adaccounts: Record<string, string>;
  }
  interface IdFamilies {
    account: true;
    fundingSource: true;
  }
}

defineIdFamilies({ account: 120200000000000, fundingSource: 126000000000000 });

export const ACCOUNT_COUNTS = { small: { accounts: 300 }, large: { accounts: 20_000 } };

const CITIES: [string, string, string][] = [['San Francisco', 'CA', '94107'], ['Berlin', 'BE', '10115'], ['Tokyo', '13', '100-0001'],
  ['Seoul', '11', '04524'], ['Ho Chi Minh City', 'SG', '700000'], ['Jakarta', 'JK', '10110'], ['Taipei', 'TPE', '100'],
  ['Shenzhen', 'GD', '518000'], ['London', 'LND', 'EC1A 1BB'], ['São Paulo', 'SP', '01000-000']];

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

export function generateAccounts(data: Dataset, g: GenContext): void {
  const { rng, hostile } = g;
  data.accounts = new Map();
  data.accountList = [];
  data.serial.account = g.size.accounts!;
  const session = data.sessionUserId;
  const others = otherUsers(data);
  const bms = data.businessList;
  const F = ACCOUNT_FIXTURES;
  for (let i = 0; i < g.size.accounts!; i++) {
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
