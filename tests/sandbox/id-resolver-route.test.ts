// The kernel's id resolver (src/kernel/graph/resolve-ids.ts) over the demo transport against the
// sandbox's bulk-route-definitions over HTTP: ids, links on every main host, codes, batches of 10.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, demoCatalogue } from './harness';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createBridge, type Bridge } from '../../src/kernel/bridge/bridge';
import { resolveIds, routeOf, ROUTE_BATCH } from '../../src/kernel/graph/resolve-ids';
import { resolvePageIds } from '../../src/kernel/graph/resolve-pages';
import { classifyEntries, resolveEntries } from '../../src/kernel/runner/params';

let sb: Sandbox;
let bridge: Bridge;
const noWait = async () => {};

beforeAll(async () => {
  sb = await startSandbox({ scale: 'small' });
  bridge = createBridge(createDemoTransport({ graphBase: sb.base, latestVersion: async () => '1.0.0' , catalogue: demoCatalogue }));
});
afterAll(async () => sb?.close());
beforeEach(async () => {
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/faults', { errorRate: 0, budget: { perUser: { points: 9000 } } });
  await sb.del('/__sandbox/calls');
});

const users = () => [...sb.state.data.users.values()];
const routeCalls = async () => (await sb.getJson<{ byPath: Record<string, number> }>('/__sandbox/calls')).body.byPath;

describe('routeOf', () => {
  it('an id needs no route; a code and a link on any main host become the path the router takes', () => {
    expect(routeOf('61550000000001')).toBeNull();
    expect(routeOf('alice.b.3')).toBe('/alice.b.3');
    for (const host of ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com']) {
      expect(routeOf(`https://${host}/alice.b.3/`)).toBe('/alice.b.3');
      expect(routeOf(`https://${host}/profile.php?id=42&sk=about`)).toBe('/profile.php?id=42');
    }
    expect(routeOf('https://evil.example/alice')).toBeNull();
    expect(routeOf('http://www.facebook.com/alice')).toBeNull();
  });
});

describe('bulk-route-definitions through the kernel resolver', () => {
  it('resolves ids, profile links on every host and codes; an unknown name stays unresolved', async () => {
    const [a, b, c] = users().slice(2, 5);
    const page = [...sb.state.data.pages.keys()][0]!;
    const entries = [
      a.id, // digits: an id already, never asked
      `https://www.facebook.com/${a.username}`,
      `https://m.facebook.com/profile.php?id=${b.id}`,
      `https://web.facebook.com/people/Someone/${c.id}/`,
      `https://facebook.com/${page}`,
      c.username,
      'nobody.here.999',
      'https://www.facebook.com/99999999999999999',
    ];
    const out = await resolveIds(bridge, entries, { sleep: noWait });
    expect(Object.fromEntries(out)).toEqual({
      [a.id]: a.id,
      [`https://www.facebook.com/${a.username}`]: a.id,
      [`https://m.facebook.com/profile.php?id=${b.id}`]: b.id,
      [`https://web.facebook.com/people/Someone/${c.id}/`]: c.id,
      [`https://facebook.com/${page}`]: page,
      [c.username]: c.id,
      'nobody.here.999': undefined,
      'https://www.facebook.com/99999999999999999': undefined,
    });
    // seven routes to ask: one request (a batch of at most 10)
    const calls = Object.entries(await routeCalls()).filter(([k]) => k.includes('bulk-route-definitions'));
    expect(calls.map(([, n]) => n)).toEqual([1]);
  });

  it('asks in batches of 10: 25 codes are three requests, with the pause between them', async () => {
    const names = users().slice(1, 26).map((u) => u.username);
    const waits: number[] = [];
    const chunks: number[] = [];
    const out = await resolveIds(bridge, names, { sleep: async (ms) => { waits.push(ms); }, onChunk: (done) => chunks.push(done) });
    expect([...out.values()].every((id) => /^\d+$/.test(id ?? ''))).toBe(true);
    expect(chunks).toEqual([ROUTE_BATCH, 2 * ROUTE_BATCH, 25]);
    expect(waits).toEqual([300, 300]);
    const calls = Object.entries(await routeCalls()).filter(([k]) => k.includes('bulk-route-definitions'));
    expect(calls.map(([, n]) => n)).toEqual([3]);
  });

  it('the sandbox refuses more than 10 routes in one request', async () => {
    const s = (await sb.getJson('/__sandbox/session')).body;
    const form = new URLSearchParams({ fb_dtsg: s.fb_dtsg, __a: '1' });
    for (let i = 0; i < 11; i++) form.set(`route_urls[${i}]`, `/x${i}`);
    const r = await fetch(`${sb.base}/__web/www.facebook.com/ajax/bulk-route-definitions/`, { method: 'POST', body: form });
    expect(await r.text()).toMatch(/at most 10 routes/);
  });

  it('a pasted list: refused lines are never asked, unresolved entries are listed with their line', async () => {
    const [a] = users().slice(3, 4);
    const text = `${a.username}\nhttps://evil.example/${a.username}\n\nghost.profile.1\n${a.id}`;
    const out = await resolveEntries((texts) => resolveIds(bridge, texts, { sleep: noWait }), classifyEntries(text));
    expect(out).toEqual([
      { text: a.username, line: 1, id: a.id },
      { text: 'ghost.profile.1', line: 4, id: undefined },
      { text: a.id, line: 5, id: a.id },
    ]);
  });

  it('page links resolve through the same router (resolvePageIds)', async () => {
    const page = [...sb.state.data.pages.keys()][1]!;
    const out = await resolvePageIds(bridge, [`https://www.facebook.com/${page}`, 'no.such.page'], { sleep: noWait });
    expect(out.get(`https://www.facebook.com/${page}`)).toBe(page);
    expect(out.get('no.such.page')).toBeUndefined();
  });
});
