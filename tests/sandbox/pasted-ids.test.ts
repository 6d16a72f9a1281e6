// The parameter layer's id formats against the sandbox over HTTP, through the demo transport (so the
// extension's allow-list): what an operator pastes for people, pages, ad accounts, businesses and
// pixels becomes ids, links and user names through the platform's router (batches of 10, a pause
// between), and every id gets the platform's name — the list shown before Start.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, demoCatalogue } from './harness';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createBridge, type Bridge } from '../../src/kernel/bridge/bridge';
import { resolveRoutes, ROUTE_BATCH } from '../../src/kernel/graph/resolve-ids';
import { idsOf, readPasted, recognise } from '../../src/kernel/platform/pasted';

let sb: Sandbox;
let bridge: Bridge;
let refusals: string[];

beforeAll(async () => {
  sb = await startSandbox({ scale: 'small' });
  const transport = createDemoTransport({ graphBase: sb.base, latestVersion: async () => '1.0.0', catalogue: demoCatalogue });
  bridge = createBridge({
    ...transport,
    request: async (payload, o) => {
      const reply = await transport.request(payload, o);
      if (reply.error) refusals.push(reply.error);
      return reply;
    },
  });
});
afterAll(async () => sb?.close());
beforeEach(async () => {
  refusals = [];
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/faults', { errorRate: 0, budget: { perUser: { points: 9000 } } });
  await sb.del('/__sandbox/calls');
});

const users = () => [...sb.state.data.users.values()];
const calls = async (part: string) => Object.entries((await sb.getJson<{ byPath: Record<string, number> }>('/__sandbox/calls')).body.byPath)
  .filter(([k]) => k.includes(part)).reduce((n, [, c]) => n + c, 0);
const mine = async <T>(path: string): Promise<T[]> => (await sb.getJson<{ data: T[] }>(`/v19.0/me/${path}`)).body.data;

describe('people', () => {
  it('ids, profile links on every main host, /people/ links and user names; an unknown name is not found, never an id', async () => {
    const [a, b, c] = users().slice(2, 5);
    const text = [
      a!.id,
      `https://www.facebook.com/${a!.username}`,
      `https://m.facebook.com/profile.php?id=${b!.id}`,
      `https://web.facebook.com/people/Someone/${c!.id}/`,
      c!.username,
      'nobody.here.999',
      'https://evil.example/x',
    ].join('\n');
    const out = await recognise(bridge, 'person', readPasted('person', text));
    expect(out.map((r) => [r.state, r.id])).toEqual([
      ['id', a!.id], ['found', a!.id], ['id', b!.id], ['id', c!.id], ['found', c!.id], ['notFound', undefined], ['refused', undefined],
    ]);
    // every id carries the platform's name
    expect(out.filter((r) => r.id).map((r) => r.name)).toEqual([a!.name, a!.name, b!.name, c!.name, c!.name]);
    expect(idsOf(out)).toEqual([a!.id, b!.id, c!.id]);
    // two user names in one router request; the names in one batch
    expect(await calls('bulk-route-definitions')).toBe(1);
    expect(refusals).toEqual([]);
  });

  it('asks the router in batches of 10: 25 names are three requests with the pause between them', async () => {
    const names = users().slice(1, 26).map((u) => `/${u.username}`);
    const waits: number[] = [];
    const chunks: number[] = [];
    const out = await resolveRoutes(bridge, names, { sleep: async (ms) => { waits.push(ms); }, onChunk: (done) => chunks.push(done) });
    expect([...out.values()].every((id) => /^\d+$/.test(id ?? ''))).toBe(true);
    expect(chunks).toEqual([ROUTE_BATCH, 2 * ROUTE_BATCH, 25]);
    expect(waits).toEqual([300, 300]);
    expect(await calls('bulk-route-definitions')).toBe(3);
  });

  it('the sandbox refuses more than 10 routes in one request', async () => {
    const s = (await sb.getJson('/__sandbox/session')).body;
    const form = new URLSearchParams({ fb_dtsg: s.fb_dtsg, __a: '1' });
    for (let i = 0; i < 11; i++) form.set(`route_urls[${i}]`, `/x${i}`);
    const r = await fetch(`${sb.base}/__web/www.facebook.com/ajax/bulk-route-definitions/`, { method: 'POST', body: form });
    expect(await r.text()).toMatch(/at most 10 routes/);
  });

  it('a preview then a start asks once: what was answered is remembered', async () => {
    const [a] = users().slice(3, 4);
    const memo = new Map<string, string | undefined>();
    const lines = readPasted('person', `${a!.username}\n${a!.id}`);
    await recognise(bridge, 'person', lines, { memo });
    const before = await calls('');
    const again = await recognise(bridge, 'person', lines, { memo });
    expect(await calls('')).toBe(before);
    expect(again.map((r) => r.name)).toEqual([a!.name, a!.name]);
  });
});

describe('pages', () => {
  it('"Pages by link": every link form, Business Suite links and user names, each with the page name', async () => {
    const pages = await mine<{ id: string; name: string; username?: string }>('accounts?fields=id,name,username&limit=20');
    const named = pages.filter((p) => p.username).slice(0, 2);
    const [p1, p2, p3, p4] = pages;
    const text = [
      `https://www.facebook.com/pages/${encodeURIComponent(p1!.name.replace(/\s+/g, '-'))}/${p1!.id}`,
      `https://www.facebook.com/${p2!.id}/about`,
      `https://www.facebook.com/profile.php?id=${p3!.id}`,
      `https://business.facebook.com/latest/home?asset_id=${p4!.id}`,
      `https://www.facebook.com/${named[0]!.username}/about`,
      named[1]!.username!,
    ].join('\n');
    const out = await recognise(bridge, 'page', readPasted('page', text));
    expect(out.map((r) => r.id)).toEqual([p1!.id, p2!.id, p3!.id, p4!.id, named[0]!.id, named[1]!.id]);
    expect(out.map((r) => r.name)).toEqual([p1!.name, p2!.name, p3!.name, p4!.name, named[0]!.name, named[1]!.name]);
    expect(refusals).toEqual([]);
  });
});

describe('ad accounts, businesses and pixels', () => {
  it('act_ ids, bare ids and Ads Manager links are one account, named; pixel sharing takes them', async () => {
    const [acct] = await mine<{ id: string; name: string }>('adaccounts?fields=id,name&limit=1');
    const digits = acct!.id.replace(/^act_/, '');
    const text = `${acct!.id}\n${digits}\nhttps://adsmanager.facebook.com/adsmanager/manage/campaigns?act=${digits}`;
    const out = await recognise(bridge, 'account', readPasted('account', text));
    expect(out.map((r) => [r.state, r.id, r.name])).toEqual([['id', digits, acct!.name], ['id', digits, acct!.name], ['id', digits, acct!.name]]);
    expect(idsOf(out)).toEqual([digits]);
    // read once: three lines, one id, one name read
    expect(await calls('bulk-route-definitions')).toBe(0);
    expect(refusals).toEqual([]);
  });

  it('a business from a Business Suite link and a pixel from an Events Manager link, named', async () => {
    const businesses = await mine<{ id: string; name: string }>('businesses?fields=id,name&limit=100');
    const pixel = sb.state.data.pixels.get(sb.state.data.fixtures.pixels.main!)!;
    // the link names a pixel of a business the session sees, and that business
    expect(businesses.map((b) => b.id)).toContain(pixel.owner_business);
    const biz = businesses.find((b) => b.id === pixel.owner_business);
    const business = await recognise(bridge, 'business', readPasted('business', `https://business.facebook.com/settings/people?business_id=${biz!.id}`));
    expect(business.map((r) => [r.id, r.name])).toEqual([[biz!.id, biz!.name]]);
    const px = await recognise(bridge, 'pixel', readPasted('pixel', `https://business.facebook.com/events_manager2/list/pixel/${pixel.id}/overview?business_id=${biz!.id}`));
    expect(px.map((r) => [r.id, r.name])).toEqual([[pixel.id, pixel.name]]);
    expect(refusals).toEqual([]);
  });

  it('an id the session cannot see keeps no name and is still listed: no name is no refusal', async () => {
    const out = await recognise(bridge, 'business', readPasted('business', '99999999999999'));
    expect(out).toEqual([{ line: 1, text: '99999999999999', state: 'id', id: '99999999999999', name: undefined }]);
  });
});
