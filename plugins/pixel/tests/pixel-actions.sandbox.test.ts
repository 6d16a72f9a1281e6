// The pixel area against the sandbox over HTTP, through the demo transport: the list by business
// (me/signals with its cursor key, bmrole, can_share), sharing to ad accounts with the platform's
// refusals, connections, datasets, people and partners, the lookups; /__sandbox/objects shows what changed.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../tests/sandbox/harness';
import { noWait, refusal, sandboxArea } from '../../../tests/sandbox/area-harness';
import type { Bridge } from '../../../src/kernel/bridge/bridge';
import { ALLOW_LIST, checkCall } from '../../../protocol/allow-list';

interface PixelRow { id: string; name: string; type: string; business_id: string; bmrole: string; can_share: boolean; relation_business: { id: string; name: string } }
interface PixelLoad {
  loadPixels(bridge: Bridge, o?: { sleep?: (ms: number) => Promise<void>; pageSize?: number }): Promise<PixelRow[]>;
  businessPixels(bridge: Bridge, b: { id: string; name: string }, mine: ReadonlySet<string>, o?: { sleep?: (ms: number) => Promise<void>; pageSize?: number }): Promise<PixelRow[]>;
}
// every call these tests make is on the area's allow-list section (checked by the harness after each
// test; the walk feeds ad-account ids, which this area refuses before sending)
const area = sandboxArea('pixel');
const { action, ctx, run, sent } = area;
let load: PixelLoad;
let sb: Sandbox;
let bridge: Bridge;
let fx: Sandbox['state']['data']['fixtures'];

beforeAll(async () => {
  ({ sb, bridge } = area);
  load = await area.module<PixelLoad>('load.ts');
});
beforeEach(() => { fx = sb.state.data.fixtures; });

const pixel = async (id: string) => (await sb.getJson(`/__sandbox/objects/pixel/${id}`)).body as { shared_accounts: string[]; agencies: { business: string }[]; assigned_users: { uid: string; tasks: string[] }[]; name: string };
/** Pixel rows of the loader, for a business. */
async function rowsOf(businessId: string) {
  return (await load.loadPixels(bridge, { sleep: noWait })).filter((r) => r.business_id === businessId);
}
/** An ACTIVE ad account owned by the business, not yet shared with the pixel. */
function accountOf(businessId: string, pixelId: string, skip = 0): string {
  const d = sb.state.data;
  const px = d.pixels.get(pixelId)!;
  return d.businesses.get(businessId)!.owned_accounts.filter((id) => d.accounts.get(id)!.account_status === 1 && !px.shared_accounts.includes(id))[skip]!.replace(/^act_/, '');
}

describe('the pixel list by business', () => {
  it('asks me/signals for each business with the cursor key until COMPLETED, with bmrole and can_share', async () => {
    const rows = await load.loadPixels(bridge, { sleep: noWait, pageSize: 2 });
    const d = sb.state.data;
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // every pixel of a business the session user is in is listed
    const session = d.sessionUserId;
    const reachable = d.pixelList.filter((px) => d.businessList.some((b) => b.users.some((u) => d.businessUsers.get(u)?.uid === session) && (b.owned_pixels.includes(px.id) || b.client_pixels.includes(px.id))));
    expect(rows.map((r) => r.id).sort()).toEqual(reachable.map((p) => p.id).sort());
    const main = rows.find((r) => r.id === fx.pixels.main)!;
    expect(main).toMatchObject({ business_id: fx.businesses.main, bmrole: 'admin', can_share: true, relation_business: { id: fx.businesses.main } });
    const employee = rows.find((r) => r.business_id === fx.businesses.employeeOnly)!;
    expect(employee).toMatchObject({ bmrole: 'employee', can_share: false });
    // pages of 2: the cursor key goes back until the platform says COMPLETED, never after it
    const signals = sent.filter((p) => p.url.includes('/me/signals'));
    const keys = signals.map((p) => new URL(p.url).searchParams.get('pixel_cursor_key'));
    expect(keys.filter((k) => k !== null).length).toBeGreaterThan(0);
    expect(keys).not.toContain('COMPLETED');
    for (const p of signals) expect(checkCall(ALLOW_LIST, { url: p.url, method: p.options.method }).ok).toBe(true);
  });

  it('stops when the cursor key is missing or COMPLETED, and waits 500 ms between pages', async () => {
    const waits: number[] = [];
    const b = sb.state.data.businesses.get(fx.businesses.main)!;
    const rows = await load.businessPixels(bridge, { id: b.id, name: b.name }, new Set([b.id]), { pageSize: 1, sleep: async (ms) => { waits.push(ms); } });
    expect(rows.length).toBe(new Set([...b.owned_pixels, ...b.client_pixels]).size);
    expect(waits).toEqual(Array(rows.length - 1).fill(500));
  });
});

describe('sharing to ad accounts', () => {
  it('shares a pixel with an account of its business; the account then lists the pixel; verify settles it', async () => {
    const main = fx.businesses.main;
    const px = fx.pixels.main;
    const account = accountOf(main, px);
    const item = { id: px, name: 'Main pixel', business_id: main, bmrole: 'admin', can_share: true, pair: account };
    const params = { account_ids: [account] };
    expect(await action('pixel.shareToAccounts').verify!(item, params, ctx())).toBe(false);
    expect(await run('pixel.shareToAccounts', item, params)).toEqual({ business: main });
    expect((await pixel(px)).shared_accounts).toContain(`act_${account}`);
    expect(await action('pixel.shareToAccounts').verify!(item, params, ctx())).toBe(true);
    // again: nothing changes (idempotent)
    await run('pixel.shareToAccounts', item, params);
    expect((await pixel(px)).shared_accounts.filter((a) => a === `act_${account}`)).toHaveLength(1);
    const shared = await run('pixel.sharedAccounts', item);
    expect(shared.map((a: { account_id: string }) => a.account_id)).toContain(account);
  });

  it('refuses a pixel whose can_share is false before any call (preflight and run)', async () => {
    const [row] = await rowsOf(fx.businesses.employeeOnly);
    expect(row!.can_share).toBe(false);
    const item = { id: row!.id, name: row!.name, business_id: row!.business_id, bmrole: row!.bmrole, can_share: false, pair: '120200000000001' };
    expect(action('pixel.shareToAccounts').preflight!(item, { account_ids: ['120200000000001'] })?.key).toBe('preflight.cannotShare');
    sent.length = 0;
    await expect(run('pixel.shareToAccounts', item, { account_ids: ['120200000000001'] })).rejects.toThrow(/can_share/);
    expect(sent).toEqual([]);
  });

  it('the platform refuses when the business does not reach the account, and a non-admin (code 200)', async () => {
    const main = fx.businesses.main;
    const px = fx.pixels.main;
    const d = sb.state.data;
    const foreign = d.accountList.find((a) => a.owner_business && a.owner_business !== main && !a.agencies.some((l) => l.business === main))!;
    const e = await refusal(run('pixel.shareToAccounts', { id: px, business_id: main, can_share: true, pair: foreign.account_id ?? foreign.id.slice(4) }, { account_ids: [foreign.id.slice(4)] }));
    expect(e.code).toBe(100);
    expect(e.message).toMatch(/Share the pixel with the business that has the ad account first/);
    const [row] = await rowsOf(fx.businesses.employeeOnly);
    const account = d.businesses.get(fx.businesses.employeeOnly)!.owned_accounts[0]!.slice(4);
    // the list's can_share would stop it; straight to the platform, the role is refused
    const denied = await refusal(bridge.graph({ method: 'POST', path: `${row!.id}/shared_accounts`, params: { business: fx.businesses.employeeOnly, account_id: account } }));
    expect(denied.code).toBe(200);
  });

  it('shares the pixel to the account\'s business first when another business shares it (prepare)', async () => {
    const main = fx.businesses.main;
    const px = fx.pixels.main;
    const d = sb.state.data;
    const session = d.sessionUserId;
    // another business of which the session user is an admin, not yet a partner of the pixel, with an active account
    const agency = d.businessList.find((b) => b.id !== main && b.users.some((u) => d.businessUsers.get(u)?.uid === session && d.businessUsers.get(u)?.role === 'ADMIN')
      && !d.pixels.get(px)!.agencies.some((l) => l.business === b.id) && b.owned_accounts.some((id) => d.accounts.get(id)!.account_status === 1))!.id;
    const account = d.businesses.get(agency)!.owned_accounts.find((id) => d.accounts.get(id)!.account_status === 1)!.slice(4);
    const item = { id: px, business_id: main, bmrole: 'admin', can_share: true, pair: account };
    const params = { account_ids: [account], business_id: agency };
    expect((await pixel(px)).agencies.map((l) => l.business)).not.toContain(agency);
    await action('pixel.shareToAccounts').prepare!(params, { signal: new AbortController().signal, bridge, items: [item] });
    expect((await pixel(px)).agencies.map((l) => l.business)).toContain(agency);
    expect(await run('pixel.shareToAccounts', item, params)).toEqual({ business: agency });
    expect((await pixel(px)).shared_accounts).toContain(`act_${account}`);
  });
});

describe('connections, datasets, people and partners', () => {
  it('connects a pixel to an ad account and disconnects it (web forms; a repeat changes nothing)', async () => {
    const main = fx.businesses.main;
    const px = fx.pixels.main;
    const account = accountOf(main, px, 1);
    const item = { id: px, business_id: main, bmrole: 'admin', type: 'PIXEL', pair: account };
    const params = { to_ids: [account], to_asset_type: 'ad-account' };
    expect(await run('pixel.addConnections', item, params)).toMatchObject({ to_id: account, status: 'CONNECTED' });
    expect((await sb.getJson(`/__sandbox/objects/business/${main}`)).body.connections).toContainEqual(expect.objectContaining({ from_id: px, to_id: account }));
    expect((await pixel(px)).shared_accounts).toContain(`act_${account}`);
    expect(await run('pixel.removeConnections', item, params)).toMatchObject({ status: 'DISCONNECTED' });
    expect(await run('pixel.removeConnections', item, params)).toMatchObject({ status: 'NOT_CONNECTED' });
    expect((await pixel(px)).shared_accounts).not.toContain(`act_${account}`);
    const denied = await refusal(run('pixel.addConnections', { ...item, business_id: fx.businesses.employeeOnly }, params));
    expect(denied.code).toBe(200);
  });

  it('creates a dataset in a business; verify finds it by its exact name; an employee is refused', async () => {
    const main = fx.businesses.main;
    const item = { id: main, name: 'Main', roles: ['ADMIN'] };
    const params = { name: 'Checkout events' };
    expect(await action('pixel.createDataset').verify!(item, params, ctx())).toBe(false);
    const out = await run('pixel.createDataset', item, params);
    expect(out.id).toMatch(/^\d+$/);
    expect((await sb.getJson(`/__sandbox/objects/dataset/${out.id}`)).body).toMatchObject({ type: 'dataset', name: 'Checkout events', owner_business: main });
    expect(await action('pixel.createDataset').verify!(item, params, ctx())).toBe(true);
    expect(await run('pixel.findByName', item, { name: 'Checkout events' })).toEqual({ id: out.id });
    expect(await run('pixel.findByName', item, { name: 'Checkout event' })).toEqual({ id: '' });
    const listed = (await rowsOf(main)).find((r) => r.id === out.id);
    expect(listed?.type).toBe('DATASET');
    expect((await refusal(run('pixel.createDataset', { id: fx.businesses.employeeOnly }, params))).code).toBe(200);
  });

  it('assigns a business user with four tasks, lists them, removes them; verify settles the removal', async () => {
    const main = fx.businesses.main;
    const px = fx.pixels.main;
    const d = sb.state.data;
    const b = d.businesses.get(main)!;
    const bu = b.users.map((id) => d.businessUsers.get(id)!).find((u) => u.role === 'EMPLOYEE')!;
    const item = { id: px, business_id: main, bmrole: 'admin', pair: bu.id };
    await run('pixel.assignUsers', item, { user_ids: [bu.id], tasks: ['ANALYZE', 'ADVERTISE', 'EDIT', 'UPLOAD'] });
    expect((await pixel(px)).assigned_users).toContainEqual({ uid: bu.uid, tasks: ['ANALYZE', 'ADVERTISE', 'EDIT', 'UPLOAD'] });
    const admins = await run('pixel.listAdmins', item);
    expect(admins).toContainEqual(expect.objectContaining({ id: bu.id, backing_user_type: 'USER', tasks: 'ANALYZE, ADVERTISE, EDIT, UPLOAD' }));
    expect(await action('pixel.removeUsers').verify!(item, { user_ids: [bu.id] }, ctx())).toBe(false);
    await run('pixel.removeUsers', item, { user_ids: [bu.id] });
    expect(await action('pixel.removeUsers').verify!(item, { user_ids: [bu.id] }, ctx())).toBe(true);
    expect((await refusal(run('pixel.removeUsers', item, { user_ids: [bu.id] }))).code).toBe(100);
    // a system user too
    const withSystem = d.businessList.find((x) => x.system_users.length > 0 && x.owned_pixels.length > 0 && x.users.some((u) => d.businessUsers.get(u)?.uid === d.sessionUserId && d.businessUsers.get(u)?.role === 'ADMIN'))!;
    const su = withSystem.system_users[0]!;
    const other = { id: withSystem.owned_pixels[0]!, business_id: withSystem.id, bmrole: 'admin', pair: su.id };
    await run('pixel.assignUsers', other, { user_ids: [su.id], tasks: ['ANALYZE'] });
    expect(await run('pixel.listAdmins', other)).toContainEqual(expect.objectContaining({ id: su.id, backing_user_type: 'SYSTEM_USER', tasks: 'ANALYZE' }));
  });

  it('adds and removes a partner business; the candidates list business users (100), system users and pending invitees by e-mail (25)', async () => {
    const main = fx.businesses.main;
    const agency = fx.businesses.agency;
    const px = fx.pixels.main;
    const item = { id: px, business_id: main, bmrole: 'admin', pair: agency };
    await run('pixel.addPartners', item, { business_ids: [agency], tasks: ['ANALYZE', 'ADVERTISE'] });
    expect(await run('pixel.listPartners', item)).toContainEqual(expect.objectContaining({ id: agency, permitted_tasks: 'ANALYZE, ADVERTISE' }));
    await run('pixel.removePartners', item, { business_ids: [agency] });
    expect(await action('pixel.removePartners').verify!(item, { business_ids: [agency] }, ctx())).toBe(true);

    const candidates = await run('pixel.adminCandidates', item);
    const d = sb.state.data;
    const b = d.businesses.get(main)!;
    const pending = b.pending.map((id) => d.invites.get(id)!);
    for (const inv of pending) expect(candidates).toContainEqual(expect.objectContaining({ id: inv.id, name: inv.email, backing_user_type: 'PENDING' }));
    const limits = sent.filter((p) => /\/(business_users|system_users|pending_users)\?/.test(p.url)).map((p) => [new URL(p.url).pathname.split('/').pop(), new URL(p.url).searchParams.get('limit')]);
    expect(limits).toEqual([['business_users', '100'], ['system_users', '25'], ['pending_users', '25']]);
    const permissible = await run('pixel.permissibleAccounts', item);
    expect(permissible.length).toBe(Math.min(100, b.owned_accounts.length) + Math.min(100, b.client_accounts.length));
  });

  it('searches a business\'s pixels 20 a page', async () => {
    const main = fx.businesses.main;
    const found = await run('pixel.searchAssets', { id: main }, { query: fx.pixels.main });
    expect(found).toEqual([expect.objectContaining({ id: fx.pixels.main })]);
    const search = sent.find((p) => p.url.includes('/adspixels'))!;
    expect(new URL(search.url).searchParams.get('limit')).toBe('20');
  });
});
