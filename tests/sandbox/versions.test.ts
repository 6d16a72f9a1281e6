// The Graph versions the sandbox serves (v16.0–v24.0 by default, configurable) and its switches:
// a retired document id, a reply that drops or retypes a field, versions expired at runtime.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { sandboxDocIds } from '../../sandbox/index';
import { demoCatalogue, startSandbox, toSandbox, type Sandbox } from './harness';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createBridge, graphVersion } from '../../src/kernel/bridge/bridge';
import { graphWith } from '../../src/kernel/platform/client';

const DEPRECATED = (latest: string) => ({
  error: {
    message: `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${latest}.`,
    type: 'OAuthException',
    code: 2635,
    fbtrace_id: expect.any(String),
  },
});

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox(); });
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.post('/__sandbox/reset', { seed: 'test' });
});

describe('versions served', () => {
  test('v16.0 to v24.0 by default; others answer HTTP 400 #2635 naming v24.0, with nothing else in the error', async () => {
    for (const v of ['v16.0', 'v19.0', 'v20.0', 'v24.0']) {
      const r = await sb.getJson(`/${v}/me`);
      expect(r.status, v).toBe(200);
      expect(r.headers.get('facebook-api-version')).toBe(v);
    }
    for (const v of ['v15.0', 'v25.0', 'v99.0', 'v24.1']) {
      const r = await sb.getJson(`/${v}/me`);
      expect(r.status, v).toBe(400);
      expect(r.body, v).toEqual(DEPRECATED('v24.0'));
    }
  });

  test('unversioned paths keep working, as the newest version served', async () => {
    const r = await sb.getJson('/me/adaccounts?limit=2');
    expect(r.status).toBe(200);
    expect(r.headers.get('facebook-api-version')).toBe('v24.0');
    expect(r.body.paging.next).toMatch(/^https:\/\/graph\.facebook\.com\/v24\.0\//);
  });

  test('paging.next keeps the version of the request, on every page and in nested edges', async () => {
    for (const v of ['v17.0', 'v24.0']) {
      const first = (await sb.getJson(`/${v}/me/adaccounts?fields=name&limit=3`)).body;
      expect(first.paging.next).toMatch(new RegExp(`^https://graph\\.facebook\\.com/${v.replace('.', '\\.')}/`));
      const second = await (await fetch(toSandbox(sb, first.paging.next))).json() as any;
      expect(second.paging.next).toMatch(new RegExp(`/${v.replace('.', '\\.')}/`));
      expect(second.paging.previous).toMatch(new RegExp(`/${v.replace('.', '\\.')}/`));
    }
    const nested = (await sb.getJson('/v21.0/me/businesses?fields=owned_ad_accounts.limit(1){name}&limit=50')).body;
    const withMore = nested.data.find((b: any) => b.owned_ad_accounts?.paging?.next);
    expect(withMore.owned_ad_accounts.paging.next).toMatch(/^https:\/\/graph\.facebook\.com\/v21\.0\//);
  });

  test('a batch sent to an expired version fails whole; an entry naming one fails alone', async () => {
    const expired = await sb.post('/v15.0/', { batch: JSON.stringify([{ method: 'GET', relative_url: 'me' }]) });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(DEPRECATED('v24.0'));
    const mixed = await sb.post('/v24.0/', { batch: JSON.stringify([{ method: 'GET', relative_url: 'v14.0/me' }, { method: 'GET', relative_url: 'v23.0/me' }, { method: 'GET', relative_url: 'me' }]) });
    expect(mixed.status).toBe(200);
    expect(mixed.body.map((e: any) => e.code)).toEqual([400, 200, 200]);
    expect(JSON.parse(mixed.body[0].body)).toEqual(DEPRECATED('v24.0'));
  });

  test('the factory option chooses the range: the top of it is the latest the error names', async () => {
    const narrow = await startSandbox({ versions: 'v18.0-v20.0' });
    try {
      expect((await narrow.getJson('/v18.0/me')).status).toBe(200);
      expect((await narrow.getJson('/v20.0/me')).status).toBe(200);
      expect((await narrow.getJson('/v21.0/me')).body).toEqual(DEPRECATED('v20.0'));
      expect((await narrow.getJson('/v17.0/me')).body).toEqual(DEPRECATED('v20.0'));
      expect((await narrow.getJson('/me')).headers.get('facebook-api-version')).toBe('v20.0');
      expect((await narrow.getJson('/__sandbox/switches')).body.versions).toBe('v18.0-v20.0');
    } finally {
      await narrow.close();
    }
    await expect(startSandbox({ versions: 'v20.0-v18.0' })).rejects.toThrow(/lower to a higher/);
    await expect(startSandbox({ versions: 'latest' })).rejects.toThrow(/v16\.0-v24\.0/);
  });
});

describe('switches', () => {
  const DOCS = sandboxDocIds();
  const gql = async (operation: string, variables: unknown) => {
    const s = (await sb.getJson('/__sandbox/session')).body;
    const r = await fetch(`${sb.base}/__web/business.facebook.com/api/graphql/`, {
      method: 'POST',
      body: new URLSearchParams({ doc_id: DOCS[operation]!, variables: JSON.stringify(variables), fb_dtsg: s.fb_dtsg, lsd: s.lsd }),
    });
    return JSON.parse(await r.text());
  };

  test('GET answers the current switches; reset restores the start-up ones', async () => {
    expect((await sb.getJson('/__sandbox/switches')).body).toEqual({ retiredDocs: [], replyShapes: [], versions: 'v16.0-v24.0' });
    const set = await sb.putJson('/__sandbox/switches', { retiredDocs: ['BusinessPartnersQuery'], versions: 'v22-v24' });
    expect(set).toMatchObject({ status: 200, body: { retiredDocs: ['BusinessPartnersQuery'], replyShapes: [], versions: 'v22.0-v24.0' } });
    // a key left out stays as it was
    await sb.putJson('/__sandbox/switches', { replyShapes: [{ type: 'page', field: 'name', change: 'drop' }] });
    expect((await sb.getJson('/__sandbox/switches')).body).toEqual({
      retiredDocs: ['BusinessPartnersQuery'], replyShapes: [{ type: 'page', field: 'name', change: 'drop' }], versions: 'v22.0-v24.0',
    });
    await sb.post('/__sandbox/reset', {});
    expect((await sb.getJson('/__sandbox/switches')).body).toEqual({ retiredDocs: [], replyShapes: [], versions: 'v16.0-v24.0' });
  });

  test('a retired document id is answered as an unknown doc id; other documents keep working', async () => {
    const business = sb.state.data.fixtures.businesses.main;
    expect((await gql('BusinessPartnersQuery', { business_id: business })).errors).toBeUndefined();
    await sb.putJson('/__sandbox/switches', { retiredDocs: ['BusinessPartnersQuery'] });
    const retired = await gql('BusinessPartnersQuery', { business_id: business });
    expect(retired.data).toBeNull();
    expect(retired.errors[0].message).toBe(`(#100) Unknown doc_id: ${DOCS.BusinessPartnersQuery}`);
    const other = Object.keys(DOCS).find((op) => op === 'AdAccountAppealStatusQuery')!;
    expect((await gql(other, { ad_account_id: sb.state.data.fixtures.adaccounts.active })).errors).toBeUndefined();
  });

  test('expiring versions at runtime: the expired ones answer #2635 naming the new top', async () => {
    await sb.putJson('/__sandbox/switches', { versions: 'v16.0-v23.0' });
    expect((await sb.getJson('/v24.0/me')).body).toEqual(DEPRECATED('v23.0'));
    expect((await sb.getJson('/v23.0/me')).status).toBe(200);
  });

  test('reply shapes: drop and retype a field in lists, single reads and batch entries; other types untouched', async () => {
    const act = sb.state.data.fixtures.adaccounts.active!;
    const before = (await sb.getJson(`/v24.0/${act}?fields=name,account_status,currency`)).body;
    expect(typeof before.account_status).toBe('number');
    await sb.putJson('/__sandbox/switches', {
      replyShapes: [
        { type: 'adaccount', field: 'account_status', change: 'retype' },
        { type: 'adaccount', field: 'name', change: 'retype' },
        { type: 'adaccount', field: 'currency', change: 'drop' },
      ],
    });
    const single = (await sb.getJson(`/v24.0/${act}?fields=name,account_status,currency`)).body;
    expect(single).toEqual({ id: before.id, account_status: String(before.account_status), name: { value: before.name } });
    const list = (await sb.getJson('/v24.0/me/adaccounts?fields=name,account_status,currency&limit=5')).body.data;
    for (const row of list) {
      expect(typeof row.account_status).toBe('string');
      expect(row.name).toEqual({ value: expect.any(String) });
      expect(row).not.toHaveProperty('currency');
    }
    const batch = await sb.post('/v24.0/', { batch: JSON.stringify([{ method: 'GET', relative_url: `${act}?fields=currency,account_status` }]) });
    expect(JSON.parse(batch.body[0].body)).toEqual({ id: before.id, account_status: String(before.account_status) });
    const me = (await sb.getJson('/v24.0/me?fields=id,name')).body;
    expect(typeof me.name).toBe('string');
    const pages = (await sb.getJson('/v24.0/me/accounts?fields=name&limit=2')).body.data;
    expect(typeof pages[0].name).toBe('string');
  });

  test('bad switches are refused with a reason and change nothing', async () => {
    const bad: unknown[] = [
      [], 'x', { unknown: 1 }, { retiredDocs: 'BusinessPartnersQuery' }, { retiredDocs: ['bad-name'] },
      { replyShapes: [{ type: 'nosuchtype', field: 'name', change: 'drop' }] }, { replyShapes: [{ type: 'page', field: 'name', change: 'rename' }] },
      { replyShapes: [{ type: 'page', field: '', change: 'drop' }] }, { versions: 'v24' + '.0-v16.0' }, { versions: 24 },
    ];
    for (const body of bad) {
      const r = await sb.putJson('/__sandbox/switches', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.error, JSON.stringify(body)).toBe('string');
    }
    expect((await sb.getJson('/__sandbox/switches')).body).toEqual({ retiredDocs: [], replyShapes: [], versions: 'v16.0-v24.0' });
  });
});

describe('the demo executor', () => {
  test('reads a page token on the version of the request it fills, and the product calls name the configured version', async () => {
    const bridge = createBridge(createDemoTransport({ graphBase: sb.base, latestVersion: async () => '1.0.0', catalogue: demoCatalogue }));
    const d = sb.state.data;
    const page = d.pageList.find((p) => p.roles.some((r) => r.uid === d.sessionUserId))!.id;
    await sb.del('/__sandbox/calls');
    await graphWith(bridge, { path: page, params: { fields: 'id' }, token: { page }, version: 'v21.0' });
    expect((await sb.getJson('/__sandbox/calls')).body.recent.map((c: { path: string }) => c.path)).toEqual([`/v21.0/${page}`, `/v21.0/${page}`]);
    await sb.del('/__sandbox/calls');
    await graphWith(bridge, { path: page, params: { fields: 'id' }, token: 'access_token' });
    expect(graphVersion()).toBe('v24.0');
    expect((await sb.getJson('/__sandbox/calls')).body.recent.map((c: { path: string }) => c.path)).toEqual([`/v24.0/${page}`]);
  });
});

