// The business-manager area against the sandbox over HTTP, through the demo transport: the list
// loader (bmtype, isRestricted), the bulk actions as the runner calls them one item at a time, and the
// refusals the platform gives; /__sandbox/objects shows what changed.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../tests/sandbox/harness';
import { noWait, refusal, sandboxArea } from '../../../tests/sandbox/area-harness';
import { GraphError, graphVersion, type Bridge } from '../../../src/kernel/bridge/bridge';

interface BmLoad {
  loadBusinesses(bridge: Bridge, o?: { sleep?: (ms: number) => Promise<void>; cache?: unknown }): Promise<{ id: string; name: string; bmtype: string; isRestricted: string; owned_ad_accounts?: { summary?: { total_count?: number } } }[]>;
}
interface BmApi {
  listUsers(bridge: Bridge, id: string): Promise<{ id: string; email: string; role: string }[]>;
  listPending(bridge: Bridge, id: string): Promise<{ id: string; email: string; role: string }[]>;
  businessInfo(bridge: Bridge, id: string): Promise<{ id: string; name: string; ad_account_limit?: number }>;
  scanHiddenAdmins(bridge: Bridge, id: string): Promise<{ hidden: { id: string }[]; listed: unknown[]; people: unknown[] }>;
}
const area = sandboxArea('bm');
const { action, ctx, run, sent } = area;
let load: BmLoad;
let api: BmApi;
let sb: Sandbox;
let bridge: Bridge;
let fx: Sandbox['state']['data']['fixtures'];

beforeAll(async () => {
  ({ sb, bridge } = area);
  load = await area.module<BmLoad>('load.ts');
  api = await area.module<BmApi>('api.ts');
});
beforeEach(() => { fx = sb.state.data.fixtures; });

const business = async (id: string) => (await sb.getJson(`/__sandbox/objects/business/${id}`)).body;

describe('the business list loader', () => {
  it('reads me/businesses 50 a page and fills bmtype from the limit form and isRestricted as "true"/"false"', async () => {
    const rows = await load.loadBusinesses(bridge, { sleep: noWait });
    const data = sb.state.data;
    expect(rows.length).toBe(data.businessList.length);
    for (const r of rows) {
      const b = data.businesses.get(r.id)!;
      expect(r.bmtype).toBe(`BM${b.ad_account_limit}`);
      expect(r.isRestricted).toBe(b.is_disabled_for_integrity_reasons ? 'true' : 'false');
      expect(r.owned_ad_accounts?.summary?.total_count).toBe(b.owned_accounts.length);
    }
    expect(rows.find((r) => r.id === fx.businesses.restricted)!.isRestricted).toBe('true');
    const list = sent.find((p) => p.url.includes('/me/businesses'))!;
    expect(new URL(list.url).searchParams.get('limit')).toBe('50');
    // one limit form per business, on the business web host
    expect(sent.filter((p) => p.url.endsWith('/business/adaccount/limits/')).length).toBe(rows.length);
  });

  it('fails with the platform\'s message when the list fails, and uses the caches it is given', async () => {
    await sb.putJson('/__sandbox/faults', { errorRate: 1 });
    const failing = await load.loadBusinesses(bridge, { sleep: noWait }).then(() => null, (e: Error) => e);
    // the list itself fails: the loader's error is the platform's message
    expect(failing?.message).toBeTruthy();
    await sb.putJson('/__sandbox/faults', { errorRate: 0 });
    const asked: string[] = [];
    const cache = {
      bmtype: async (id: string) => { asked.push(`type:${id}`); return 'BM7'; },
      isRestricted: async (id: string) => { asked.push(`restricted:${id}`); return 'false' as const; },
    };
    const before = sent.length;
    const rows = await load.loadBusinesses(bridge, { sleep: noWait, cache });
    expect(rows.every((r) => r.bmtype === 'BM7' && r.isRestricted === 'false')).toBe(true);
    expect(asked.length).toBe(rows.length * 2);
    expect(sent.slice(before).some((p) => p.url.endsWith('/business/adaccount/limits/'))).toBe(false);
  });

  it('waits 500 ms between pages and 200 ms after each business', async () => {
    const waits: number[] = [];
    const rows = await load.loadBusinesses(bridge, { sleep: async (ms: number) => { waits.push(ms); } });
    expect(waits.filter((w) => w === 200).length).toBe(rows.length);
    expect(waits.filter((w) => w === 500).length).toBe(Math.ceil(rows.length / 50) - 1);
  });
});

describe('people and invitations', () => {
  it('invites an e-mail as EMPLOYEE (the pair of a business × address), visible as a pending invitation; verify settles it', async () => {
    const main = fx.businesses.main;
    const item = { id: main, name: 'Main', pair: 'new.hire@example.test' };
    const params = { emails: ['new.hire@example.test'], role: 'EMPLOYEE' };
    expect(await action('bm.inviteUser').verify!(item, params, ctx())).toBe(false);
    const out = await run('bm.inviteUser', item, params);
    expect(out.invitation).toMatch(/^\d+$/);
    const obj = await business(main);
    expect(obj.pending_users.map((p: { email: string; role: string }) => `${p.email} ${p.role}`)).toContain('new.hire@example.test EMPLOYEE');
    expect((await sb.getJson(`/__sandbox/objects/invite/${out.invitation}`)).body.email).toBe('new.hire@example.test');
    expect(await action('bm.inviteUser').verify!(item, params, ctx())).toBe(true);
    // a second invitation to the same address is refused by the platform
    expect((await refusal(run('bm.inviteUser', item, params))).code).toBe(100);
    expect(action('bm.inviteUser').describe!(item, params)).toMatchObject({ key: 'effects.inviteUser', values: { email: 'new.hire@example.test', business: `Main (${main})` } });
  });

  it('the platform refuses: inviting an existing member, an employee-only business, a restricted business', async () => {
    const [member] = await api.listUsers(bridge, fx.businesses.main);
    expect((await refusal(run('bm.inviteUser', { id: fx.businesses.main, pair: member.email }, { emails: [member.email], role: 'EMPLOYEE' }))).code).toBe(100);
    expect((await refusal(run('bm.inviteUser', { id: fx.businesses.employeeOnly, pair: 'x@example.test' }, { emails: ['x@example.test'], role: 'EMPLOYEE' }))).code).toBe(200);
    expect((await refusal(run('bm.inviteUser', { id: fx.businesses.restricted, pair: 'x@example.test' }, { emails: ['x@example.test'], role: 'EMPLOYEE' }))).code).toBe(200);
  });

  it('preflight flags what the list already shows: not an admin, restricted; an ad account id never reaches the platform', async () => {
    const invite = action('bm.inviteUser');
    const params = { emails: ['a@b.c'], role: 'EMPLOYEE' };
    expect(invite.preflight!({ id: '1', roles: ['EMPLOYEE'], pair: 'a@b.c' }, params)?.key).toBe('preflight.notAdmin');
    expect(invite.preflight!({ id: '1', roles: ['ADMIN'], isRestricted: 'true', pair: 'a@b.c' }, params)?.key).toBe('preflight.restricted');
    expect(invite.preflight!({ id: '1', roles: ['ADMIN'], isRestricted: 'false', pair: 'a@b.c' }, params)).toBeNull();
    const before = sent.length;
    await expect(run('bm.inviteUser', { id: 'act_120200000000001', pair: 'a@b.c' }, params)).rejects.toThrow(/not a business id/);
    expect(sent.length).toBe(before);
  });

  it('changes a role, removes a person by id (POST method=delete, on the configured version), and refuses removing the last admin', async () => {
    const main = fx.businesses.main;
    const users = await api.listUsers(bridge, main);
    const employee = users.find((u) => u.role !== 'ADMIN')!;
    await run('bm.updateUserRole', { id: main, pair: employee.id }, { users: [employee.id], role: 'FINANCE_EDITOR' });
    expect((await sb.getJson(`/__sandbox/objects/businessUser/${employee.id}`)).body.role).toBe('FINANCE_EDITOR');
    expect(await action('bm.updateUserRole').verify!({ id: main, pair: employee.id }, { users: [employee.id], role: 'FINANCE_EDITOR' }, ctx())).toBe(true);

    await run('bm.removeUser', { id: main, pair: employee.id }, { users: [employee.id] });
    const removal = sent.at(-1)!;
    expect(removal.url).toMatch(new RegExp(`/${graphVersion().replace('.', '\\.')}/${employee.id}\\?`));
    expect(graphVersion()).toBe('v24.0');
    expect(new URLSearchParams(removal.options.body).get('method')).toBe('delete');
    expect((await business(main)).business_users.map((u: { id: string }) => u.id)).not.toContain(employee.id);
    expect(await action('bm.removeUser').verify!({ id: main, pair: employee.id }, { users: [employee.id] }, ctx())).toBe(true);

    // the agency business: remove admins until one is left, then the platform refuses
    const agency = fx.businesses.agency;
    const admins = (await api.listUsers(bridge, agency)).filter((u) => u.role === 'ADMIN');
    const session = sb.state.data.fixtures.users.session;
    const others = admins.filter((u) => sb.state.data.businessUsers.get(u.id)!.uid !== session);
    for (const u of others) await run('bm.removeUser', { id: agency, pair: u.id }, { users: [u.id] });
    const me = admins.find((u) => sb.state.data.businessUsers.get(u.id)!.uid === session)!;
    expect((await refusal(run('bm.removeUser', { id: agency, pair: me.id }, { users: [me.id] }))).code).toBe(100);
  });
});

describe('BM hidden administrators', () => {
  it('finds the admin the people list shows and business_users does not, removes it, and a second run finds none', async () => {
    const main = fx.businesses.main;
    const hiddenId = sb.state.data.businesses.get(main)!.hidden[0]!;
    expect((await api.listUsers(bridge, main)).map((u) => u.id)).not.toContain(hiddenId);
    const found = await run('bm.detectHiddenAdmins', { id: main });
    expect(found.map((p: { id: string }) => p.id)).toEqual([hiddenId]);
    expect(await action('bm.removeHiddenAdmins').verify!({ id: main }, {}, ctx())).toBe(false);
    const removed = await run('bm.removeHiddenAdmins', { id: main });
    expect(removed.map((p: { id: string }) => p.id)).toEqual([hiddenId]);
    expect((await sb.get(`/__sandbox/objects/businessUser/${hiddenId}`)).status).toBe(404);
    expect(await action('bm.removeHiddenAdmins').verify!({ id: main }, {}, ctx())).toBe(true);
    expect(await run('bm.detectHiddenAdmins', { id: main })).toEqual([]);
  });
});

describe('partners, assets, groups, pages and info', () => {
  it('lists partners and the ad-account assets (200 a page) of a business', async () => {
    const partners = await run('bm.listPartners', { id: fx.businesses.main });
    expect(partners.map((p: { id: string }) => p.id)).toContain(fx.businesses.agency);
    const assets = await run('bm.adAccountAssets', { id: fx.businesses.main });
    const b = sb.state.data.businesses.get(fx.businesses.main)!;
    expect(assets.length).toBe(b.owned_accounts.length + b.client_accounts.length);
    const posts = sent.filter((p) => p.url.endsWith('/api/graphql/')).map((p) => new URLSearchParams(p.options.body)).filter((f) => f.get('fb_api_req_friendly_name') === 'BusinessAdAccountAssetsQuery');
    expect(JSON.parse(posts[0]!.get('variables')!).pageSize).toBe(200);
  });

  it('shares an ad account with a partner, validates and removes the share', async () => {
    const main = fx.businesses.main;
    const partner = fx.businesses.agency;
    const account = fx.adaccounts.jpy!;
    const params = { partner_business_id: partner, asset_id: account, tasks: ['ADVERTISE', 'ANALYZE'] };
    expect((await run('bm.partnerAssetValidate', { id: main }, params)).valid).toBe(true);
    await run('bm.partnerAssetAdd', { id: main }, params);
    expect(sb.state.data.accounts.get(account)!.agencies.some((l) => l.business === partner)).toBe(true);
    await run('bm.partnerAssetRemove', { id: main }, params);
    expect(await action('bm.partnerAssetRemove').verify!({ id: main }, params, ctx())).toBe(true);
  });

  it('creates an asset group, shares an ad account into it, creates a page and updates the basic info', async () => {
    const main = fx.businesses.main;
    const created = await run('bm.createAssetGroup', { id: main }, { name: 'Team A' });
    expect(await action('bm.createAssetGroup').verify!({ id: main }, { name: 'Team A' }, ctx())).toBe(true);
    const account = fx.adaccounts.active!;
    await run('bm.shareToAssetGroup', { id: main }, { asset_group_id: created.id, ad_account_ids: [account.replace('act_', '')] });
    const groups = await run('bm.listAssetGroups', { id: main });
    expect(groups.find((g: { id: string }) => g.id === created.id).ad_accounts).toContain(account);

    const page = await run('bm.createPage', { id: main }, { name: 'Fresh page' });
    expect(page.id).toMatch(/^\d+$/);
    expect(await action('bm.createPage').verify!({ id: main }, { name: 'Fresh page' }, ctx())).toBe(true);
    await run('bm.updateBasicInfo', { id: main }, { name: 'Renamed BM', primary_page_id: page.id });
    expect((await business(main)).name).toBe('Renamed BM');
    const info = await api.businessInfo(bridge, main);
    expect(info).toMatchObject({ id: main, name: 'Renamed BM', ad_account_limit: 5000 });
  });

  it('removes an ad account from a business (verify by the asset list) and refuses a second removal', async () => {
    const main = fx.businesses.main;
    const account = fx.adaccounts.eur!.replace('act_', '');
    const item = { id: main, pair: account };
    await run('bm.removeAdAccount', item, { ad_account_ids: [account] });
    expect(await action('bm.removeAdAccount').verify!(item, { ad_account_ids: [account] }, ctx())).toBe(true);
    await expect(run('bm.removeAdAccount', item, { ad_account_ids: [account] })).rejects.toBeInstanceOf(GraphError);
  });

  it('connects a pixel to ad accounts and disconnects it', async () => {
    const main = fx.businesses.main;
    const pixel = fx.pixels.main!;
    const to = fx.adaccounts.cny!.replace('act_', '');
    const params = { from_id: pixel, from_asset_type: 'pixel', to_ids: [to], to_asset_type: 'ad-account' };
    expect((await run('bm.addConnections', { id: main }, params))[0].status).toBe('CONNECTED');
    expect((await run('bm.listConnections', { id: main })).some((c: { to_id: string }) => c.to_id === to)).toBe(true);
    expect((await run('bm.removeConnections', { id: main }, params))[0].status).toBe('DISCONNECTED');
  });

  it('every write of the area is on its own lane and settles with verify when it is not idempotent', () => {
    for (const a of area.actions) {
      const writes = !['graph'].includes(a.lane);
      if (writes) expect(a.lane, a.id).toBe('bm-write');
      if (!a.idempotent) expect(a.verify, `${a.id} verify`).toBeTypeOf('function');
      if (writes) expect(a.describe, `${a.id} describe`).toBeTypeOf('function');
    }
  });
});
