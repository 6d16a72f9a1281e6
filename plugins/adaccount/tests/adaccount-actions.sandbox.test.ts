// The ad-account bulk actions (plugins/adaccount/actions) run one item at a time against the sandbox
// over HTTP, through the demo transport, as the runner would call them; the sandbox's object state
// shows what changed. Also: every action has a compiled schema that refuses bad parameters, and
// every string it needs in both locales.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../tests/sandbox/harness';
import { noWait, refusal, sandboxArea } from '../../../tests/sandbox/area-harness';
import { createSandboxState, sandboxDocIds } from '../../../sandbox/index';
import { missingOperations, setDocCatalogue } from '../../../src/kernel/graph/doc-catalogue';
import { GraphError, type Bridge } from '../../../src/kernel/bridge/bridge';
import { runBatch, type BatchRequest } from '../../../src/kernel/graph/batch';
import { liftGraphqlCodes } from '../../../src/kernel/graph/graphql';
import { createKernelStore } from '../../../src/kernel/store/store';
import { Runner, type ActionEntry } from '../../../src/kernel/runner/runner';
import { realClock } from '../../../src/kernel/runner/lanes';
import { RunnerRefusal } from '../../../src/kernel/runner/types';
import { validators, schemas } from '../../../src/generated/validators.js';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';

/**
 * The plugin imports '@kernel', which only tsconfig.app.json maps (and type-checks); this node-side
 * test loads it at run time through vite's alias, and names the little of its api it uses.
 */
interface AdAccountApi {
  ACCESS_REQUEST_ROLES: readonly string[];
  billingTransactions(bridge: Bridge, accountId: string, o?: { cursor?: string; now?: number }): Promise<{
    currency: string; transactions: { id: string; time: number; amount: string; currency: string }[]; hasNextPage: boolean; endCursor: string | null;
  }>;
  listAgencies(bridge: Bridge, accountId: string): Promise<{ id: string; name: string; permitted_tasks: string[]; access_status: string; access_type: string }[]>;
  listUsers(bridge: Bridge, accountId: string): Promise<{ id: string; role: number }[]>;
  parseRolesPage(html: string): { id: string; name: string; role: number | null; roleLabel: string }[] | null;
  rolesPage(bridge: Bridge, accountId: string): Promise<unknown>;
  scanHiddenAdmins(bridge: Bridge, accountId: string): Promise<{
    pageUsers: { id: string }[]; listedUsers: { id: string }[]; hidden: { id: string; name: string; role: number | null; roleLabel: string }[];
  }>;
}
const area = sandboxArea('adaccount', { extensionVersion: '1.0.0' });
const { action, ctx, sent } = area;
let api: AdAccountApi;
let sb: Sandbox;
let bridge: Bridge;
let fx: Sandbox['state']['data']['fixtures'];

beforeAll(async () => {
  ({ sb, bridge } = area);
  api = await area.module<AdAccountApi>('api.ts');
});
beforeEach(() => { fx = sb.state.data.fixtures; });

const run = (id: string, accountId: string, params: unknown = {}) => action(id).run({ id: accountId }, params, ctx()) as Promise<unknown>;
const verify = (id: string, accountId: string, params: unknown = {}) => action(id).verify!({ id: accountId }, params, ctx());
const account = async (id: string) => (await sb.getJson(`/__sandbox/objects/adaccount/${id}`)).body;
async function batch(id: string, accountIds: string[], params: unknown) {
  const requests = accountIds.map((a) => action(id).toBatch!({ id: a }, params) as BatchRequest);
  return runBatch(bridge, requests, { sleep: noWait });
}
/** The variables of the GraphQL posts sent so far. */
/** the variables of the GraphQL posts of one operation, which must carry the catalogue's doc id */
function graphqlVariables(operation: string): Record<string, any>[] {
  const posts = sent.filter((p) => p.url.endsWith('/api/graphql/')).map((p) => new URLSearchParams(p.options.body)).filter((b) => b.get('fb_api_req_friendly_name') === operation);
  for (const b of posts) expect(b.get('doc_id')).toBe(sandboxDocIds()[operation]);
  return posts.map((b) => JSON.parse(b.get('variables')!));
}

const AGENCY_ADMIN = ['ADVERTISE', 'ANALYZE', 'DRAFT', 'MANAGE'];
const AGENCY_ADVERTISER = ['ADVERTISE', 'ANALYZE', 'DRAFT'];

// ---------------------------------------------------------------------------------------------

describe('sandbox fixtures', () => {
  it('the accounts after the status fixtures are ACTIVE whatever the seed (they are written to)', () => {
    for (const seed of ['test', 'tessera', 'a', 'b', 7]) {
      const { data } = createSandboxState({ seed, scale: 'small' });
      const f = data.fixtures.adaccounts;
      for (const k of ['jpy', 'eur', 'cny', 'advertiserRole', 'noBusiness', 'hiddenAdmin', 'withAgency', 'prepay', 'spendCap', 'outOfReach']) {
        expect(data.accounts.get(f[k]!)!.account_status, `${seed} ${k}`).toBe(1);
      }
      expect(data.accounts.get(f.closed!)!.account_status).toBe(101);
    }
  });
});

describe('the action list', () => {
  it('has every action of issue 6 item 3 once, each `adaccount.<verb>` on a known lane', () => {
    const ids = area.actions.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([
      'adaccount.rename', 'adaccount.addUser', 'adaccount.removeUser', 'adaccount.shareAgency', 'adaccount.listAgencies', 'adaccount.removeAgency',
      'adaccount.setSpendCap', 'adaccount.deleteSpendCap', 'adaccount.changeCurrency', 'adaccount.changeTimezone', 'adaccount.updateBusinessInfo',
      'adaccount.billing', 'adaccount.detectHiddenAdmins', 'adaccount.removeHiddenAdmins', 'adaccount.appealStatus', 'adaccount.appealSubmit',
      'adaccount.assignToBusiness', 'adaccount.requestAccess', 'adaccount.countryCode',
    ]));
    for (const a of area.actions) {
      expect(a.id).toMatch(/^adaccount\.[a-z][A-Za-z]+$/);
      expect(a.target).toBe('adaccount');
      expect(['graph', 'graph-write', 'adaccount-batch']).toContain(a.lane);
      if (a.schema) expect(validators[a.schema], a.schema).toBeTypeOf('function');
      if (a.lane === 'adaccount-batch') expect(a.toBatch, a.id).toBeTypeOf('function');
      if (!a.idempotent) expect(a.verify, `${a.id} settles with verify`).toBeTypeOf('function');
    }
  });

  it('has a title, field labels and enum labels in both locales', () => {
    const get = (tree: unknown, key: string) => key.split('.').reduce<any>((n, k) => (n && typeof n === 'object' ? n[k] : undefined), tree);
    for (const a of area.actions.filter((x) => x.id !== 'adaccount.rename' && x.id !== 'adaccount.addUser')) {
      const verb = a.id.split('.')[1];
      const keys = [a.titleKey];
      const props = ((a.schema ? schemas[a.schema].properties : undefined) ?? {}) as Record<string, { enum?: unknown[] }>;
      for (const [field, prop] of Object.entries(props)) {
        keys.push(`actions.${verb}.fields.${field}`);
        for (const v of prop.enum ?? []) keys.push(`actions.${verb}.enum.${field}.${String(v)}`);
      }
      for (const k of keys) {
        expect(get(enUS, k), `en-US ${k}`).toMatch(/\S/);
        expect(get(zhCN, k), `zh-CN ${k}`).toMatch(/\S/);
      }
    }
  });
});

describe('parameter schemas', () => {
  const cases: [string, unknown[], unknown[]][] = [
    ['adaccount.removeUser', [{ uid: '61550000000002' }], [{}, { uid: 'abc' }, { uid: '' }, { uid: '1', role: 1001 }]],
    ['adaccount.shareAgency', [{ business: '100200000000002', role: 'admin' }, { business: '100200000000002', role: 'advertiser' }],
      [{ business: '100200000000002' }, { business: 'x1', role: 'admin' }, { business: '100200000000002', role: 'analyst' }]],
    ['adaccount.removeAgency', [{ business: '100200000000002' }], [{}, { business: '12' }, { business: '1002 0000' }]],
    ['adaccount.setSpendCap', [{ amount: 5000 }, { amount: 0.5 }, { amount: 120000 }], [{}, { amount: 0 }, { amount: -5 }, { amount: '5000' }, { amount: 1e11 }]],
    ['adaccount.changeCurrency', [{ currency: 'EUR' }, { currency: 'JPY' }], [{}, { currency: 'eur' }, { currency: 'XXX' }]],
    ['adaccount.changeTimezone', [{ timezone: 'Asia/Tokyo' }, { timezone: 'America/Los_Angeles' }], [{}, { timezone: 'Mars/Olympus' }, { timezone: 5 }]],
    ['adaccount.updateBusinessInfo', [{ business_city: 'Lyon' }, { business_name: 'Acme', business_zip: '69001', business_country_code: 'fr' }],
      [{}, { business_city: ' ' }, { business_country_code: 'FRA' }, { business_zip: '<script>' }, { business_phone: '1' }]],
    ['adaccount.appealSubmit', [{ appeal_comment: 'We fixed the payment method.' }], [{}, { appeal_comment: '' }, { appeal_comment: '   ' }, { appeal_comment: 'x'.repeat(2001) }]],
    ['adaccount.assignToBusiness', [{ business_id: '100200000000002', role: 'admin' }], [{ business_id: '100200000000002' }, { business_id: 'act_1', role: 'admin' }]],
    ['adaccount.requestAccess', [{ business_id: '100200000000002' }], [{}, { business_id: '' }, { business_id: '100200000000002', roles: [] }]],
  ];
  for (const [key, good, bad] of cases) {
    it(`${key} accepts good and refuses bad parameters`, () => {
      const validate = validators[key];
      for (const g of good) expect(validate(g), `${key} ${JSON.stringify(g)} ${JSON.stringify(validate.errors)}`).toBe(true);
      for (const b of bad) expect(validate(b), `${key} ${JSON.stringify(b)}`).toBe(false);
    });
  }
});

// ---------------------------------------------------------------------------------------------

describe('users', () => {
  it('removeUser removes a role; verify sees it gone; a second removal is refused', async () => {
    const act = fx.adaccounts.active!;
    const uid = (await account(act)).users.map((u: { uid: string }) => u.uid).find((u: string) => u !== fx.sessionUser);
    expect(uid).toBeTruthy();
    expect(await verify('adaccount.removeUser', act, { uid })).toBe(false);
    await run('adaccount.removeUser', act, { uid });
    expect((await account(act)).users.map((u: { uid: string }) => u.uid)).not.toContain(uid);
    expect(await verify('adaccount.removeUser', act, { uid })).toBe(true);
    expect((await api.listUsers(bridge, act)).map((u) => u.id)).not.toContain(uid);
    expect((await refusal(run('adaccount.removeUser', act, { uid }))).code).toBe(100);
  });

  it('removeUser on an account where the session is only an advertiser is refused with code 200', async () => {
    const act = fx.adaccounts.advertiserRole!;
    const before = (await account(act)).users;
    expect((await refusal(run('adaccount.removeUser', act, { uid: fx.users.other }))).code).toBe(200);
    expect((await account(act)).users).toEqual(before);
  });
});

describe('agencies', () => {
  it('shareAgency as admin grants the four tasks; again as advertiser sets three (idempotent upsert)', async () => {
    const act = fx.adaccounts.active!;
    const agency = fx.businesses.agency!;
    await run('adaccount.shareAgency', act, { business: agency, role: 'admin' });
    expect((await account(act)).agencies).toContainEqual({ business: agency, tasks: AGENCY_ADMIN });
    await run('adaccount.shareAgency', act, { business: agency, role: 'advertiser' });
    expect((await account(act)).agencies.filter((l: { business: string }) => l.business === agency)).toEqual([{ business: agency, tasks: AGENCY_ADVERTISER }]);
    const client = (await sb.getJson(`/__sandbox/objects/business/${agency}`)).body.client_accounts;
    expect(client.filter((id: string) => id === act)).toHaveLength(1);
  });

  it('shareAgency as a batch entry per account', async () => {
    const agency = fx.businesses.agency!;
    const accounts = [fx.adaccounts.active!, fx.adaccounts.eur!, fx.adaccounts.analystRole!];
    const results = await batch('adaccount.shareAgency', accounts, { business: agency, role: 'admin' });
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(results[2].error?.code).toBe(200);
    expect((await account(accounts[1])).agencies).toContainEqual({ business: agency, tasks: AGENCY_ADMIN });
  });

  it('api.listAgencies summarises the agencies; the api gives their tasks', async () => {
    const act = fx.adaccounts.withAgency!;
    const agencies = await api.listAgencies(bridge, act);
    expect(agencies).toEqual([expect.objectContaining({ id: fx.businesses.agency, access_type: 'AGENCY', access_status: 'CONFIRMED' })]);
    expect(await run('adaccount.listAgencies', act)).toEqual([{ name: agencies[0].name, id: fx.businesses.agency, status: 'CONFIRMED', tasks: agencies[0].permitted_tasks.join(', ') }]);
    expect(await run('adaccount.listAgencies', fx.adaccounts.noBusiness!)).toEqual([]);
  });

  it('removeAgency unshares; verify sees it gone; a second removal is refused', async () => {
    const act = fx.adaccounts.withAgency!;
    const agency = fx.businesses.agency!;
    expect(await verify('adaccount.removeAgency', act, { business: agency })).toBe(false);
    await run('adaccount.removeAgency', act, { business: agency });
    expect((await account(act)).agencies).toEqual([]);
    expect((await sb.getJson(`/__sandbox/objects/business/${agency}`)).body.client_accounts).not.toContain(act);
    expect(await verify('adaccount.removeAgency', act, { business: agency })).toBe(true);
    expect((await refusal(run('adaccount.removeAgency', act, { business: agency }))).code).toBe(100);
  });
});

describe('spend cap, currency, timezone, business info', () => {
  it('setSpendCap takes the main unit: 2,000.50 USD is stored as 200050 cents', async () => {
    const act = fx.adaccounts.active!;
    await run('adaccount.setSpendCap', act, { amount: 2000.5 });
    expect((await account(act)).spend_cap).toBe(200050);
  });

  it('setSpendCap in a no-decimal currency as a batch entry: 120,000 JPY stays 120000', async () => {
    const act = fx.adaccounts.jpy!;
    await sb.post(`/v19.0/${act}`, { spend_cap_action: 'reset' });
    const [r] = await batch('adaccount.setSpendCap', [act], { amount: 120000 });
    expect(r.ok).toBe(true);
    expect((await account(act)).spend_cap).toBe(120000);
  });

  it('setSpendCap below the amount spent is refused with subcode 1885650', async () => {
    const act = fx.adaccounts.active!;
    const before = (await account(act)).spend_cap;
    const e = await refusal(run('adaccount.setSpendCap', act, { amount: 1000 }));
    expect(e).toMatchObject({ code: 100, subcode: 1885650 });
    expect((await account(act)).spend_cap).toBe(before);
  });

  it('deleteSpendCap removes the cap (spend_cap_action=delete), directly and batched', async () => {
    const act = fx.adaccounts.spendCap!;
    expect((await account(act)).spend_cap).toBe(500000);
    await run('adaccount.deleteSpendCap', act);
    expect((await account(act)).spend_cap).toBe(0);
    await run('adaccount.setSpendCap', fx.adaccounts.noBusiness!, { amount: 1_000_000 });
    const [r] = await batch('adaccount.deleteSpendCap', [fx.adaccounts.noBusiness!], {});
    expect(r.ok).toBe(true);
    expect((await account(fx.adaccounts.noBusiness!)).spend_cap).toBe(0);
  });

  it('changeCurrency and changeTimezone, directly and batched', async () => {
    const act = fx.adaccounts.active!;
    await run('adaccount.changeCurrency', act, { currency: 'EUR' });
    await run('adaccount.changeTimezone', act, { timezone: 'Asia/Tokyo' });
    expect(await account(act)).toMatchObject({ currency: 'EUR', timezone_name: 'Asia/Tokyo' });
    const other = fx.adaccounts.noBusiness!;
    expect((await batch('adaccount.changeCurrency', [other], { currency: 'JPY' }))[0].ok).toBe(true);
    expect((await batch('adaccount.changeTimezone', [other], { timezone: 'Europe/Berlin' }))[0].ok).toBe(true);
    expect(await account(other)).toMatchObject({ currency: 'JPY', timezone_name: 'Europe/Berlin' });
  });

  it('updateBusinessInfo changes the fields given and keeps the others', async () => {
    const act = fx.adaccounts.active!;
    const before = await account(act);
    await run('adaccount.updateBusinessInfo', act, { business_city: 'Lyon', business_zip: '69001', business_country_code: 'fr' });
    const after = await account(act);
    expect(after.business_info).toEqual({ ...before.business_info, city: 'Lyon', zip: '69001' });
    expect(after.business_country_code).toBe('FR');
    expect((await batch('adaccount.updateBusinessInfo', [act], { business_name: 'Acme SARL' }))[0].ok).toBe(true);
    expect((await account(act)).business_info).toMatchObject({ name: 'Acme SARL', city: 'Lyon' });
  });

  it('countryCode reads the country code the business info holds', async () => {
    const act = fx.adaccounts.noBusiness!;
    const before = String((await account(act)).business_country_code ?? '');
    expect(await run('adaccount.countryCode', act)).toEqual({ country: before.toUpperCase() });
    await run('adaccount.updateBusinessInfo', act, { business_country_code: 'de' });
    expect(await run('adaccount.countryCode', act)).toEqual({ country: 'DE' });
  });

  it('writes to a closed account are refused (code 100) and writes without the admin role (code 200)', async () => {
    expect((await refusal(run('adaccount.changeCurrency', fx.adaccounts.closed!, { currency: 'EUR' }))).code).toBe(100);
    expect((await refusal(run('adaccount.setSpendCap', fx.adaccounts.analystRole!, { amount: 100 }))).code).toBe(200);
  });
});

describe('billing', () => {
  it('an operation without a doc id fails before anything is sent, with a message for the operator', async () => {
    const docs = sandboxDocIds();
    delete docs.AdAccountBillingTransactionsQuery;
    setDocCatalogue(docs);
    try {
      expect(missingOperations(['AdAccountBillingTransactionsQuery', 'AdAccountAppealStatusQuery'])).toEqual(['AdAccountBillingTransactionsQuery']);
      const e = await api.billingTransactions(bridge, fx.adaccounts.active!).then(() => null, (x: unknown) => x as Error);
      expect(e?.message).toBe('This function is unavailable: the platform operation AdAccountBillingTransactionsQuery has no document id; ask your administrator');
      expect(sent.filter((p) => p.url.endsWith('/api/graphql/'))).toEqual([]);
    } finally {
      setDocCatalogue(sandboxDocIds());
    }
  });

  it('asks for the last 10 years, 10 at a time, and summarises them newest first', async () => {
    const act = fx.adaccounts.active!;
    const now = Date.UTC(2025, 5, 1);
    const page = await api.billingTransactions(bridge, act, { now });
    const [vars] = graphqlVariables('AdAccountBillingTransactionsQuery');
    expect(vars).toMatchObject({ paymentAccountID: act.slice(4), count: 10, end_time: now / 1000, start_time: Date.UTC(2015, 5, 1) / 1000 });
    expect(page.currency).toBe('USD');
    expect(page.transactions.length).toBeGreaterThan(0);
    expect(page.transactions.length).toBeLessThanOrEqual(10);
    const times = page.transactions.map((t) => t.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.transactions[0]).toMatchObject({ currency: 'USD', amount: expect.stringMatching(/^\d+\.\d{2}$/) });

    const rows = (await run('adaccount.billing', act)) as { date: string; amount: number; currency: string; status: string }[];
    expect(rows).toHaveLength(page.transactions.length);
    expect(rows[0]).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), amount: Number(page.transactions[0].amount), currency: 'USD' });
  });

  it('pages on with the end cursor when there are more than 10', async () => {
    const act = sb.state.data.accountList.find((a) => a.amount_spent > 0 && a.account_status === 1 && sb.state.data.accounts.get(a.id)!.users.some((u) => u.uid === fx.sessionUser))!;
    let page = await api.billingTransactions(bridge, act.id);
    const seen = page.transactions.map((t) => t.id);
    for (let i = 0; page.hasNextPage && i < 5; i++) {
      page = await api.billingTransactions(bridge, act.id, { cursor: page.endCursor! });
      seen.push(...page.transactions.map((t) => t.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('an account out of reach is an error', async () => {
    await refusal(run('adaccount.billing', fx.adaccounts.outOfReach!));
  });
});

describe('hidden administrators', () => {
  it('the settings page scan finds the admin act_X/users does not list', async () => {
    const act = fx.adaccounts.hiddenAdmin!;
    const hiddenUid = (await account(act)).hidden[0].uid;
    const scan = await api.scanHiddenAdmins(bridge, act);
    expect(scan.hidden.map((u) => u.id)).toEqual([hiddenUid]);
    expect(scan.hidden[0]).toMatchObject({ role: 1001, roleLabel: 'Admin' });
    expect(scan.listedUsers.map((u) => u.id)).not.toContain(hiddenUid);
    expect(scan.pageUsers.length).toBe(scan.listedUsers.length + 1);
    expect(sent.some((p) => p.url.startsWith('https://adsmanager.facebook.com/ads/manager/account_settings/account_roles/?act='))).toBe(true);
    expect(await run('adaccount.detectHiddenAdmins', act)).toEqual([{ name: scan.hidden[0].name, id: hiddenUid, role: 1001 }]);
    expect(await run('adaccount.detectHiddenAdmins', fx.adaccounts.active!)).toEqual([]);
  });

  it('removeHiddenAdmins removes them; verify scans clean; running again is harmless', async () => {
    const act = fx.adaccounts.hiddenAdmin!;
    const hiddenUid = (await account(act)).hidden[0].uid;
    const usersBefore = (await account(act)).users;
    expect(await verify('adaccount.removeHiddenAdmins', act)).toBe(false);
    expect(await run('adaccount.removeHiddenAdmins', act)).toEqual([expect.objectContaining({ id: hiddenUid })]);
    const after = await account(act);
    expect(after.hidden).toEqual([]);
    expect(after.users).toEqual(usersBefore);
    expect(await verify('adaccount.removeHiddenAdmins', act)).toBe(true);
    expect(await run('adaccount.removeHiddenAdmins', act)).toEqual([]);
  });

  it('a page that lists nobody is an error carrying the page title; the row markup alone is enough to parse', async () => {
    const e = await refusal(api.rolesPage(bridge, fx.adaccounts.outOfReach!));
    expect(e.message).toBe("This content isn't available right now.");
    expect(api.parseRolesPage('<table><tr data-user-id="42"><td>A &amp; B</td><td>Admin</td></tr></table>')).toEqual([{ id: '42', name: 'A & B', role: null, roleLabel: 'Admin' }]);
    expect(api.parseRolesPage('<p>nothing</p>')).toBeNull();
  });
});

describe('hidden administrators under the per-user limit', () => {
  it('a throttled roles page is a rate limit (code 17), so the runner pauses rather than fails', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perUser: { points: 3, decayS: 300, blockS: 60 } } });
    let error: unknown = null;
    for (let i = 0; i < 5 && !error; i++) error = await api.rolesPage(bridge, fx.adaccounts.active!).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ code: 17 });
  });
});

describe('appeals', () => {
  it('status, then submit, then status again; a second submit is refused', async () => {
    const act = fx.adaccounts.disabled!;
    expect(await run('adaccount.appealStatus', act)).toEqual({ accountStatus: 2, disableReason: 1, status: 'NONE', canAppeal: true, submitted: '' });
    expect(await verify('adaccount.appealSubmit', act)).toBe(false);
    expect(await run('adaccount.appealSubmit', act, { appeal_comment: 'Payment fixed' })).toEqual({ status: 'PENDING' });
    expect((await account(act)).appeal).toMatchObject({ status: 'PENDING', comment: 'Payment fixed' });
    expect(await verify('adaccount.appealSubmit', act)).toBe(true);
    expect(await run('adaccount.appealStatus', act)).toMatchObject({ accountStatus: 2, disableReason: 1, status: 'PENDING', canAppeal: false, submitted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const again = await refusal(run('adaccount.appealSubmit', act, { appeal_comment: 'again' }));
    expect(again.code).toBe(100);
    expect(again.message).toContain('already');
  });

  it('an active account cannot be appealed', async () => {
    const e = await refusal(run('adaccount.appealSubmit', fx.adaccounts.active!, { appeal_comment: 'x' }));
    expect(e.code).toBe(100);
    expect((await account(fx.adaccounts.active!)).appeal.status).toBe('NONE');
  });

  it('GraphQL error codes reach the runner (errors[0].code)', () => {
    const e = liftGraphqlCodes(new GraphError('User request limit reached', 200, undefined, undefined, undefined, {}, { errors: [{ code: 17, is_transient: true }], data: null }));
    expect(e).toMatchObject({ code: 17, isTransient: true, message: 'User request limit reached' });
  });
});

describe('businesses', () => {
  it('assignToBusiness posts client_ad_accounts with act_, AGENCY and the tasks; verify finds the account', async () => {
    const act = fx.adaccounts.noBusiness!;
    const bm = fx.businesses.agency!;
    expect(await verify('adaccount.assignToBusiness', act, { business_id: bm, role: 'admin' })).toBe(false);
    expect(await run('adaccount.assignToBusiness', act, { business_id: bm, role: 'admin' })).toEqual({ status: 'CONFIRMED' });
    const post = sent.find((p) => p.options.method === 'POST' && p.url.includes(`/${bm}/client_ad_accounts`))!;
    const body = new URLSearchParams(post.options.body);
    expect(body.get('adaccount_id')).toBe(act);
    expect(body.get('access_type')).toBe('AGENCY');
    expect(JSON.parse(body.get('permitted_tasks')!)).toEqual(AGENCY_ADMIN);
    expect((await account(act)).agencies).toContainEqual({ business: bm, tasks: AGENCY_ADMIN });
    expect(await verify('adaccount.assignToBusiness', act, { business_id: bm, role: 'admin' })).toBe(true);
  });

  it('assignToBusiness into a business where the session is an employee is refused with code 200', async () => {
    expect((await refusal(run('adaccount.assignToBusiness', fx.adaccounts.noBusiness!, { business_id: fx.businesses.employeeOnly, role: 'advertiser' }))).code).toBe(200);
  });

  it('requestAccess sends actor, account, the four roles and the business; APPROVED when the session may grant it', async () => {
    const act = fx.adaccounts.noBusiness!;
    const bm = fx.businesses.agency!;
    expect(await run('adaccount.requestAccess', act, { business_id: bm })).toEqual({ status: 'APPROVED' });
    const [vars] = graphqlVariables('AdAccountAccessRequestMutation');
    expect(vars.input).toMatchObject({ actor_id: fx.sessionUser, ad_account_id: act.slice(4), requesting_business_id: bm, permitted_roles: [...api.ACCESS_REQUEST_ROLES] });
    expect(vars.input.permitted_roles).toHaveLength(4);
    expect((await account(act)).agencies.map((l: { business: string }) => l.business)).toContain(bm);
    expect(await verify('adaccount.requestAccess', act, { business_id: bm })).toBe(true);
  });

  it('requestAccess for an account the session cannot manage stays PENDING', async () => {
    const act = fx.adaccounts.advertiserRole!;
    const bm = fx.businesses.agency!;
    expect(await run('adaccount.requestAccess', act, { business_id: bm })).toEqual({ status: 'PENDING' });
    expect((await account(act)).pending_requests.map((r: { business: string }) => r.business)).toContain(bm);
    expect(await verify('adaccount.requestAccess', act, { business_id: bm })).toBe(false);
  });

  it('requestAccess from a restricted business is refused with code 200', async () => {
    expect((await refusal(run('adaccount.requestAccess', fx.adaccounts.noBusiness!, { business_id: fx.businesses.restricted }))).code).toBe(200);
  });
});

describe('through the runner', () => {
  const makeRunner = () => {
    const plugin = area.plugin;
    const actions = new Map<string, ActionEntry>(plugin.actions.map((a) => [a.id, { plugin, action: a }]));
    return new Runner({
      store: createKernelStore(), bridge, actions: () => actions, usablePluginIds: () => new Set(['adaccount']), lanes: () => plugin.lanes,
      user: () => ({ role: 'user' }) as never, clock: realClock, paceFactor: () => 0.01, flush: async () => {}, sleep: noWait,
    });
  };
  const finished = async (runner: Runner, jobId: string) => {
    await expect.poll(() => runner.job(jobId)?.status, { timeout: 10_000, interval: 20 }).toBe('done');
    return runner.items(jobId);
  };

  it('refuses bad parameters before anything is sent', async () => {
    const runner = makeRunner();
    // a page that has loaded the validators' code refuses at the start (before: see tests/unit/runner.test.ts)
    await runner.loadParamValidators();
    expect(() => runner.start('adaccount.setSpendCap', { amount: -1 }, [{ id: fx.adaccounts.active! }])).toThrow(RunnerRefusal);
    expect(() => runner.start('adaccount.shareAgency', { business: fx.businesses.agency, role: 'owner' }, [{ id: fx.adaccounts.active! }])).toThrow(RunnerRefusal);
    expect(sent).toEqual([]);
  });

  it('a batched write: one batch request (after one batched read of the before-states), one failed item with the platform message', async () => {
    const runner = makeRunner();
    const ids = [fx.adaccounts.active!, fx.adaccounts.eur!, fx.adaccounts.analystRole!];
    const items = await finished(runner, runner.start('adaccount.setSpendCap', { amount: 99_999 }, ids.map((id) => ({ id }))));
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'failed']);
    expect(items[2].message).toMatch(/\S/);
    // the writes in one batch request; the before-states the undo keeps were read in one batch of their own (GET entries)
    const batches = sent.filter((p) => p.options.method === 'POST').map((p) => JSON.parse(new URLSearchParams(p.options.body).get('batch')!) as { method: string }[]);
    expect(batches.map((b) => b.map((e) => e.method))).toEqual([['GET', 'GET', 'GET'], ['POST', 'POST', 'POST']]);
    expect((await account(ids[0])).spend_cap).toBe(9_999_900);
  });

  it('a read: the rows it returns become the item\'s output (columns of the jobs panel), not a message', async () => {
    const runner = makeRunner();
    const items = await finished(runner, runner.start('adaccount.detectHiddenAdmins', {}, [{ id: fx.adaccounts.hiddenAdmin! }, { id: fx.adaccounts.active! }]));
    expect(items.map((i) => i.state)).toEqual(['done', 'done']);
    const hidden = JSON.parse(items[0].output) as { id: string; role: unknown }[];
    expect(hidden).toEqual([expect.objectContaining({ id: (await account(fx.adaccounts.hiddenAdmin!)).hidden[0].uid, role: 1001 })]);
    expect(JSON.parse(items[1].output)).toEqual([]);
    expect(items[0].message).toBe('');
  });
});
