import { describe, expect, it, vi } from 'vitest';
import { ADS_MANAGER_URL, createPlatformSession, KNOWN_PLATFORM_COOKIES, parseAdsManagerPage, readCookies, TOKENS_KEY, TOKENS_TTL_MS } from '../../extension/src/lib/platform-session';
import { createSandboxSession } from '../../extension/src/lib/sandbox-session';
import { TtlCache } from '../../extension/src/lib/session';
import { DEFAULT_SANDBOX_BASE, normalizeSandboxBase } from '../../extension/src/lib/sandbox-base';
import { createKeepAlive } from '../../extension/src/lib/keepalive';
import { fillRequest, parseRequest, placeholdersNeeded } from '../../protocol';
import { fakeFetch, fakeStorage } from './fakes';

const ADS_HTML = `<html><script>requireLazy(["ServerJS"],[["DTSGInitialData",[],{"token":"NAcN:dtsg_1"},258],["LSD",[],{"token":"lsd_1"},323]]);
  var c={"accessToken":"EAABsbCS1iHgBAuserTOKEN123456789","userID":"555"};</script></html>`;

describe('Ads Manager page parsing', () => {
  it('finds the user token, fb_dtsg and lsd', () => {
    expect(parseAdsManagerPage(ADS_HTML)).toEqual({ access_token: 'EAABsbCS1iHgBAuserTOKEN123456789', fb_dtsg: 'NAcN:dtsg_1', lsd: 'lsd_1' });
  });
  it('falls back to form inputs and bare EAA tokens; null when absent', () => {
    expect(parseAdsManagerPage('<input type="hidden" name="fb_dtsg" value="F1" /><input name="lsd" value="L1">x=EAAGabcdefghijklmnopqrstuvwxyz0123;')).toEqual({ access_token: 'EAAGabcdefghijklmnopqrstuvwxyz0123', fb_dtsg: 'F1', lsd: 'L1' });
    expect(parseAdsManagerPage('<html>login</html>')).toEqual({ access_token: null, fb_dtsg: null, lsd: null });
  });
});

function platform(opts: { cUser?: string | null; html?: string; me?: Record<string, unknown>; accounts?: Record<string, unknown>[]; now?: () => number } = {}) {
  const f = fakeFetch((url) => {
    const u = new URL(url);
    if (url === ADS_MANAGER_URL) return new Response(opts.html ?? ADS_HTML, { status: 200 });
    const path = u.pathname.replace(/^\/v\d+\.0\//, '/V/');
    if (path === '/V/me') return Response.json(opts.me ?? { id: '555', name: 'Real User' });
    if (path === '/V/me/accounts') {
      const after = u.searchParams.get('after');
      return after
        ? Response.json({ data: [{ id: '2', access_token: 'P2' }] })
        : Response.json({ data: opts.accounts ?? [{ id: '1', access_token: 'P1' }], paging: { next: `https://graph.facebook.com${u.pathname}?after=x&access_token=T` } });
    }
    if (path === '/V/3') return Response.json({ id: '3', access_token: 'P3' });
    return Response.json({ error: { message: 'nope' } }, { status: 400 });
  });
  const st = fakeStorage();
  const s = createPlatformSession({
    fetch: f.fetch,
    storage: st.storage,
    cookie: async (_url, name) => (name === 'c_user' ? (opts.cUser === undefined ? '555' : opts.cUser) : null),
    allCookies: async () => [{ name: 'c_user', value: '555', domain: '.facebook.com', path: '/' }],
    now: opts.now,
  });
  return { s, ...f, ...st };
}

describe('production session (the user\'s own platform session)', () => {
  it('no c_user cookie: no identity, placeholders refused, nothing fetched', async () => {
    const { s, calls } = platform({ cUser: null });
    expect(await s.identity()).toBeNull();
    await expect(s.placeholders(new Set(['access_token']))).rejects.toThrow(/not logged in/);
    expect(calls).toEqual([]);
  });

  it('identity: c_user and the name from graph me, with the scraped token', async () => {
    const { s, calls } = platform();
    expect(await s.identity()).toEqual({ id: '555', name: 'Real User' });
    // no request has named a version yet: the product's default
    expect(calls.map((c) => c.url)).toEqual([ADS_MANAGER_URL, 'https://graph.facebook.com/v24.0/me?fields=id,name&access_token=EAABsbCS1iHgBAuserTOKEN123456789']);
    expect(calls.every((c) => c.init.credentials === 'include')).toBe(true);
  });

  it('identity still has the id when the name cannot be read', async () => {
    expect(await platform({ html: '<html>login</html>' }).s.identity()).toEqual({ id: '555', name: '' });
  });

  it('user_id alone needs no page fetch; tokens are scraped once, cached in session storage with an expiry', async () => {
    let t = 1_000;
    const { s, calls, data } = platform({ now: () => t });
    expect((await s.placeholders(new Set(['user_id']))).user_id).toBe('555');
    expect(calls).toEqual([]);
    const [a, b] = await Promise.all([s.placeholders(new Set(['access_token'])), s.placeholders(new Set(['fb_dtsg', 'lsd']))]);
    expect(a).toMatchObject({ access_token: 'EAABsbCS1iHgBAuserTOKEN123456789', fb_dtsg: 'NAcN:dtsg_1', lsd: 'lsd_1', user_id: '555' });
    expect(b.fb_dtsg).toBe('NAcN:dtsg_1');
    expect(calls.filter((c) => c.url === ADS_MANAGER_URL)).toHaveLength(1);
    expect(data.get(TOKENS_KEY)).toMatchObject({ userId: '555', access_token: 'EAABsbCS1iHgBAuserTOKEN123456789', expires: 1_000 + TOKENS_TTL_MS });
    t += TOKENS_TTL_MS + 1;
    await s.placeholders(new Set(['access_token']));
    expect(calls.filter((c) => c.url === ADS_MANAGER_URL)).toHaveLength(2);
    s.invalidate();
    await Promise.resolve();
    expect(data.has(TOKENS_KEY)).toBe(false);
  });

  it('a cached token of another user is not used', async () => {
    const { s, calls, storage } = platform();
    await storage.set({ [TOKENS_KEY]: { userId: '999', access_token: 'EAAOTHER', fb_dtsg: 'x', lsd: 'y', expires: Date.now() + 60_000 } });
    expect((await s.placeholders(new Set(['access_token']))).access_token).toBe('EAABsbCS1iHgBAuserTOKEN123456789');
    expect(calls[0]!.url).toBe(ADS_MANAGER_URL);
  });

  it('a logged-out Ads Manager page is a clear error', async () => {
    await expect(platform({ html: '<html>log in</html>' }).s.placeholders(new Set(['access_token']))).rejects.toThrow(/no access token in the Ads Manager page/);
    await expect(platform({ html: '"accessToken":"EAABaaaaaaaaaaaaaaaaaaaaaaaaaa"' }).s.placeholders(new Set(['fb_dtsg']))).rejects.toThrow(/no fb_dtsg/);
  });

  it('page tokens: /me/accounts (all pages of it), then the page itself; filled by fillRequest', async () => {
    const { s, calls } = platform();
    const values = await s.placeholders(new Set(['page_token']));
    const filled = await Promise.all(['1', '2', '3'].map((id) => fillRequest({ url: `https://graph.facebook.com/v19.0/${id}/feed`, options: { body: `access_token={{page_token:${id}}}` } }, values)));
    expect(filled.map((f) => f.options.body)).toEqual(['access_token=P1', 'access_token=P2', 'access_token=P3']);
    expect(calls.filter((c) => c.url.includes('/me/accounts'))).toHaveLength(2);
    await expect(fillRequest({ url: 'https://graph.facebook.com/v19.0/4', options: { body: 'access_token={{page_token:4}}' } }, values)).rejects.toThrow('no page token for page 4');
  });

  it('its own reads go on the version of the request being executed, never a constant; anything but a version is ignored', async () => {
    const { s, calls } = platform();
    const values = await s.placeholders(new Set(['page_token']), { graphVersion: 'v26.0' });
    await fillRequest({ url: 'https://graph.facebook.com/v26.0/3/feed', options: { body: 'access_token={{page_token:3}}' } }, values);
    const reads = calls.filter((c) => c.url.startsWith('https://graph.facebook.com/')).map((c) => new URL(c.url).pathname);
    expect(reads).toEqual(['/v26.0/me/accounts', '/v26.0/me/accounts', '/v26.0/3']);
    // the identity's name is read on the version the last request named
    await s.identity();
    expect(calls.at(-1)!.url).toMatch(/^https:\/\/graph\.facebook\.com\/v26\.0\/me\?fields=id,name&/);
    // a hostile page naming something else than a version changes nothing
    s.invalidate();
    for (const graphVersion of ['v26.0/../../evil', 'v26.0?x=1', 'x', '', 'v26.1']) {
      const before = calls.length;
      const v = await s.placeholders(new Set(['page_token']), { graphVersion });
      await v.pageToken!('3');
      for (const c of calls.slice(before)) if (c.url !== ADS_MANAGER_URL) expect(new URL(c.url).pathname.split('/')[1], graphVersion).toBe('v26.0');
      s.invalidate();
    }
  });

  it('cookies: only platform URLs', async () => {
    const { s } = platform();
    expect(await s.cookies('https://www.facebook.com/')).toEqual([{ name: 'c_user', value: '555', domain: '.facebook.com', path: '/' }]);
    expect(await s.cookies('https://example.com/')).toEqual([]);
  });
});

describe('readCookies', () => {
  const c = (name: string) => ({ name, value: `v-${name}`, domain: '.facebook.com', path: '/', secure: true });
  it('uses getAll and keeps four fields', async () => {
    expect(await readCookies('https://www.facebook.com/', async () => [c('xs')], async () => null)).toEqual([{ name: 'xs', value: 'v-xs', domain: '.facebook.com', path: '/' }]);
  });
  it('an empty getAll is checked name by name (Chromium 156 answers [] from getAll)', async () => {
    const get = vi.fn(async (_u: string, name: string) => (name === 'c_user' || name === 'xs' ? c(name) : null));
    expect(await readCookies('https://www.facebook.com/', async () => [], get)).toEqual([
      { name: 'c_user', value: 'v-c_user', domain: '.facebook.com', path: '/' },
      { name: 'xs', value: 'v-xs', domain: '.facebook.com', path: '/' },
    ]);
    expect(get).toHaveBeenCalledTimes(KNOWN_PLATFORM_COOKIES.length);
  });
});

describe('development session (the sandbox)', () => {
  const BASE = 'http://127.0.0.1:9000/__graph';
  const session = { userId: '100001', name: 'Sandbox User', access_token: 'SBX', fb_dtsg: 'D', lsd: 'L' };
  function sandbox(status = 200) {
    const f = fakeFetch((url) => {
      if (url === `${BASE}/__sandbox/session`) return Response.json(session, { status });
      const m = new RegExp(`^${BASE}/(v\\d+\\.0)/777\\?fields=access_token&access_token=SBX$`).exec(url);
      if (m) return Response.json({ id: '777', access_token: 'PAGE777', version: m[1] });
      return Response.json({ error: {} }, { status: 404 });
    });
    let t = 0;
    const s = createSandboxSession({ base: async () => `${BASE}/`, fetch: f.fetch, now: () => t, ttlMs: 100 });
    return { s, ...f, tick: (ms: number) => { t += ms; } };
  }

  it('identity and placeholder values from /__sandbox/session, page tokens from the sandbox', async () => {
    const { s, calls } = sandbox();
    expect(await s.identity()).toEqual({ id: '100001', name: 'Sandbox User' });
    const v = await s.placeholders(new Set(['access_token']));
    expect(v).toMatchObject({ access_token: 'SBX', fb_dtsg: 'D', lsd: 'L', user_id: '100001' });
    expect(await v.pageToken!('777')).toBe('PAGE777');
    expect(await v.pageToken!('778')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/__sandbox/session'))).toHaveLength(1);
    expect(calls.every((c) => c.init === undefined || c.init.credentials === 'omit')).toBe(true);
    expect(calls.find((c) => c.url.includes('/777?'))!.url).toBe(`${BASE}/v24.0/777?fields=access_token&access_token=SBX`);
  });

  it('page tokens are read on the version of the request they are for', async () => {
    const { s, calls } = sandbox();
    const v = await s.placeholders(new Set(['page_token']), { graphVersion: 'v21.0' });
    expect(await v.pageToken!('777')).toBe('PAGE777');
    expect(calls.at(-1)!.url).toBe(`${BASE}/v21.0/777?fields=access_token&access_token=SBX`);
  });

  it('re-reads the session after its short ttl (a sandbox reset may change it) and after invalidate', async () => {
    const { s, calls, tick } = sandbox();
    await s.identity();
    await s.identity();
    tick(101);
    await s.identity();
    s.invalidate();
    await s.identity();
    expect(calls.filter((c) => c.url.endsWith('/__sandbox/session'))).toHaveLength(3);
  });

  it('no sandbox: identity null, placeholders fail with the base in the message', async () => {
    const { s } = sandbox(503);
    expect(await s.identity()).toBeNull();
    await expect(s.placeholders(new Set(['access_token']))).rejects.toThrow(`sandbox session unavailable at ${BASE} (HTTP 503)`);
  });

  it('cookies are the sandbox session user\'s', async () => {
    const { s } = sandbox();
    expect(await s.cookies('https://www.facebook.com/')).toContainEqual({ name: 'c_user', value: '100001', domain: '.facebook.com', path: '/' });
  });
});

describe('small parts', () => {
  it('placeholdersNeeded lists what a request will have filled, by the contract', () => {
    const parsed = (url: string, body?: string, headers?: Record<string, string>) => {
      const r = parseRequest({ url, method: body ? 'POST' : 'GET', body, headers });
      if (!r.ok) throw new Error(r.reason);
      return r.value;
    };
    const graph = parsed('https://graph.facebook.com/v19.0/1?access_token={{access_token}}', 'b={{user_id}}&c={{lsd}}&d=x{{user_id}}');
    expect([...placeholdersNeeded(graph)].sort()).toEqual(['access_token', 'user_id']);
    expect([...placeholdersNeeded(parsed('https://graph.facebook.com/v19.0/1', 'access_token={{page_token:12}}'))]).toEqual(['page_token']);
    const web = parsed('https://www.facebook.com/api/graphql/?t={{access_token}}', 'fb_dtsg={{fb_dtsg}}&message={{access_token}}', { 'x-fb-lsd': '{{lsd}}' });
    expect([...placeholdersNeeded(web)].sort()).toEqual(['fb_dtsg', 'lsd']);
    expect(placeholdersNeeded(parsed('https://graph.facebook.com/v19.0/me')).size).toBe(0);
  });

  it('TtlCache shares one computation and forgets failures', async () => {
    const c = new TtlCache<number>(1000, () => 0);
    let n = 0;
    const make = async () => ++n;
    expect(await Promise.all([c.get('k', make), c.get('k', make)])).toEqual([1, 1]);
    await expect(c.get('bad', async () => { throw new Error('x'); })).rejects.toThrow('x');
    await Promise.resolve();
    expect(await c.get('bad', async () => 7)).toBe(7);
  });

  it('normalizeSandboxBase accepts only http on 127.0.0.1 or localhost', () => {
    expect(DEFAULT_SANDBOX_BASE).toBe('http://127.0.0.1:8080/__graph');
    expect(normalizeSandboxBase('http://127.0.0.1:8080/__graph/')).toBe('http://127.0.0.1:8080/__graph');
    expect(normalizeSandboxBase('http://localhost:3000')).toBe('http://localhost:3000');
    for (const bad of ['https://127.0.0.1:8080', 'http://example.com/__graph', 'http://127.0.0.1:8080/?a=1', 'http://u:p@127.0.0.1/', 'file:///x', '', null, 42]) expect(normalizeSandboxBase(bad), String(bad)).toBeNull();
  });

  it('keep-alive pings only while requests are in flight', () => {
    vi.useFakeTimers();
    try {
      const ping = vi.fn();
      const k = createKeepAlive(ping, 1000);
      k.begin();
      k.begin();
      vi.advanceTimersByTime(2500);
      expect(ping).toHaveBeenCalledTimes(2);
      k.end();
      vi.advanceTimersByTime(1000);
      expect(ping).toHaveBeenCalledTimes(3);
      k.end();
      vi.advanceTimersByTime(5000);
      expect(ping).toHaveBeenCalledTimes(3);
      expect(k.inFlight).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
