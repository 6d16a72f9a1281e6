import { describe, expect, it } from 'vitest';
import { createExecutor, inSandbox, REQUEST_ID_HEADER, type ExecutorDeps } from '../../extension/src/lib/executor';
import { parseDocCatalogue, type DocCatalogue } from '../../protocol';
import { fakeFetch, fakeJournal, fakeSession, page, request } from './fakes';

const catalogueOf = (map: Record<string, string>): DocCatalogue => {
  const c = parseDocCatalogue(map);
  if (!c.ok) throw new Error(c.reason);
  return c.value;
};

const SANDBOX = 'http://127.0.0.1:8123/__graph';

function setup(over: Partial<ExecutorDeps> & { respond?: Parameters<typeof fakeFetch>[0] } = {}) {
  const f = fakeFetch(over.respond);
  const s = fakeSession();
  const j = fakeJournal();
  const ex = createExecutor({ flavour: 'development', version: '1.2.3', fetch: f.fetch, session: s.session, journal: j.journal, sandboxBase: async () => SANDBOX, ...over });
  return { ex, ...f, ...s, ...j };
}

describe('message routing and validation', () => {
  it('drops anything that is not a valid page message', async () => {
    const { ex, calls } = setup();
    for (const bad of [null, 'x', 42, [], {}, { type: 'callGetVersionMethod' }, { source: 'tessera-extension', type: 'callGetVersionMethod' },
      page({ type: 'nope' }), page({ type: 'tessera:request', requestId: 1, payload: { url: 'https://graph.facebook.com/', options: { method: 'GET' } } }),
      page({ type: 'tessera:request', requestId: 'a', payload: { url: 'https://graph.facebook.com/', options: { method: 'GET', headers: { a: 1 } } } }),
      page({ type: 'tessera:request', requestId: 'a', payload: { url: 'https://graph.facebook.com/', options: { method: 'POST', body: { a: 1 } } } }),
      page({ type: 'tessera:cookie', requestId: 'a' }), page({ type: 'tessera:outcome' })]) {
      expect(await ex.handle(bad)).toBeNull();
    }
    expect(calls).toEqual([]);
  });

  it('answers the version message with the manifest version', async () => {
    const { ex } = setup();
    expect(await ex.handle(page({ type: 'callGetVersionMethod' }))).toEqual({ source: 'tessera-extension', type: 'contentgetVersionReply', version: '1.2.3' });
  });

  it('answers the identity message with the session user, or null', async () => {
    expect(await setup().ex.handle(page({ type: 'callRefreshTokenMethod', uid: '9' }))).toEqual({ source: 'tessera-extension', type: 'contentRefreshTokenReply', data: { id: '100001', name: 'Ada' } });
    const failing = createExecutor({ flavour: 'production', version: '1', fetch: fakeFetch().fetch, journal: fakeJournal().journal, session: fakeSession({ identity: async () => { throw new Error('down'); } }).session });
    expect(await failing.handle(page({ type: 'callRefreshTokenMethod' }))).toMatchObject({ data: null });
  });
});

describe('refusal of non-platform hosts', () => {
  const refused = [
    'https://example.com/steal',
    'http://graph.facebook.com/v19.0/me',
    'https://graph.facebook.com.evil.example/v19.0/me',
    'https://graph.facebook.com@evil.example/v19.0/me',
    'https://evil.example/https://graph.facebook.com/',
    'https://graph.facebook.com:8443/v19.0/me',
    'https://m.facebook.com/',
    'https://facebook.com/',
    `${SANDBOX}/__sandbox/session`,
    'javascript:alert(1)',
    'not a url',
    '//graph.facebook.com/v19.0/me',
  ];
  for (const flavour of ['development', 'production'] as const) {
    it(`${flavour}: refuses ${refused.length} lookalikes with an error reply and never fetches them`, async () => {
      const { ex, calls, asked, events } = setup({ flavour });
      for (const url of refused) {
        const reply = await ex.handle(request(`r-${url}`, url, { method: 'POST', body: 'a={{access_token}}' }));
        expect(reply).toMatchObject({ type: 'tessera:response', requestId: `r-${url}`, ok: false, status: 0, body: null, headers: {} });
        expect((reply as { error: string }).error).toMatch(/^refused: (.+ is not an allowed platform host|the platform host must be written exactly as [a-z.]+ .*)$/);
      }
      expect(calls).toEqual([]);
      expect(asked).toEqual([]); // no placeholder was filled for a refused URL
      expect(events).toEqual([]); // nothing journaled
    });
  }

  it('names the refused host', async () => {
    const { ex } = setup();
    expect(await ex.handle(request('e', 'https://example.com/x'))).toMatchObject({ error: 'refused: example.com is not an allowed platform host' });
  });

  it('refuses a redirect off the allow-list without following it', async () => {
    const { ex, events, calls } = setup({ flavour: 'production', respond: () => new Response(null, { status: 302, headers: { location: 'https://evil.example/landing' } }) });
    const reply = await ex.handle(request('w', 'https://graph.facebook.com/v19.0/act_1', { method: 'POST', body: 'name=a' }));
    expect(reply).toMatchObject({ ok: false, status: 0, body: null, error: 'refused: redirected to evil.example, which is not on the allow-list' });
    expect(calls.map((c) => [c.url, c.init.redirect])).toEqual([['https://graph.facebook.com/v19.0/act_1', 'manual']]);
    expect(events).toEqual(['pending w', 'settle w 302']);
  });

  it('refuses cookies for a non-platform URL with an empty list', async () => {
    const { ex } = setup();
    expect(await ex.handle(page({ type: 'tessera:cookie', requestId: 'c1', url: 'https://example.com/' }))).toEqual({ source: 'tessera-extension', type: 'tessera:cookieReply', requestId: 'c1', cookies: [] });
    expect(await ex.handle(page({ type: 'tessera:cookie', requestId: 'c2', url: 'https://www.facebook.com/' }))).toMatchObject({ cookies: [{ name: 'c_user', value: '100001', domain: '.facebook.com', path: '/' }] });
  });

  it('refuses a bad method', async () => {
    const { ex, calls } = setup();
    expect(await ex.handle(request('m', 'https://graph.facebook.com/v19.0/act_1', { method: 'GET\r\nX: y' }))).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: method .* is not allowed$/) });
    expect(calls).toEqual([]);
  });
});

describe('execution', () => {
  it('development: maps to the sandbox, fills placeholders, returns status, all headers and parsed JSON', async () => {
    const { ex, calls, asked } = setup({ respond: () => Response.json({ id: '1' }, { headers: { 'x-app-usage': '{"call_count":3}', 'x-custom': 'a' } }) });
    const reply = await ex.handle(request('g1', 'https://graph.facebook.com/v19.0/act_1?fields=id&access_token={{access_token}}'));
    expect(calls[0]!.url).toBe(`${SANDBOX}/v19.0/act_1?fields=id&access_token=TOKEN`);
    expect(calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect([...asked[0]!]).toEqual(['access_token']);
    expect(reply).toMatchObject({ type: 'tessera:response', requestId: 'g1', ok: true, status: 200, body: { id: '1' } });
    expect((reply as { headers: Record<string, string> }).headers).toMatchObject({ 'x-app-usage': '{"call_count":3}', 'x-custom': 'a', 'content-type': 'application/json' });
  });

  it('development: other platform hosts go to S/__web/<host>; text stays text', async () => {
    const { ex, calls } = setup({ respond: () => new Response('{"not":"parsed"}') });
    const reply = await ex.handle(request('t', 'https://adsmanager.facebook.com/ads/manager/account_settings/account_roles/?u={{user_id}}', { method: 'GET' }, 'text'));
    expect(calls[0]!.url).toBe(`${SANDBOX}/__web/adsmanager.facebook.com/ads/manager/account_settings/account_roles/?u=100001`);
    expect(reply).toMatchObject({ ok: true, body: '{"not":"parsed"}' });
  });

  it('json that does not parse comes back as text', async () => {
    const { ex } = setup({ respond: () => new Response('<html>oops', { status: 500 }) });
    expect(await ex.handle(request('x', 'https://graph.facebook.com/v19.0/act_1'))).toMatchObject({ ok: false, status: 500, body: '<html>oops' });
  });

  it('fills page tokens, fb_dtsg, lsd and user_id in headers and body', async () => {
    const { ex, calls } = setup({ catalogue: async () => catalogueOf({ AdAccountAppealStatusQuery: '1' }) });
    await ex.handle(request('p', 'https://graph.facebook.com/v19.0/act_1', { method: 'POST', headers: { authorization: 'OAuth {{page_token:777}}' }, body: 'access_token={{access_token}}&__user={{user_id}}' }));
    expect(calls[0]!.init.headers).toMatchObject({ authorization: 'OAuth PAGE777' });
    expect(calls[0]!.init.body).toBe('access_token=TOKEN&__user=100001');
    await ex.handle(request('w', 'https://business.facebook.com/api/graphql/', { method: 'POST', headers: { 'x-fb-lsd': '{{lsd}}' }, body: 'doc_id=1&variables=%7B%22ad_account_id%22%3A%221%22%7D&fb_api_req_friendly_name=AdAccountAppealStatusQuery&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&av={{user_id}}' }), 'http://127.0.0.1:8080');
    expect(calls[1]!.init.headers).toMatchObject({ 'x-fb-lsd': 'LSD' });
    expect(calls[1]!.init.body).toBe('doc_id=1&variables=%7B%22ad_account_id%22%3A%221%22%7D&fb_api_req_friendly_name=AdAccountAppealStatusQuery&fb_dtsg=DTSG&lsd=LSD&av=100001');
  });

  it('tells the session the Graph version the request names (its own page-token reads go there), and nothing for web posts', async () => {
    const contexts: unknown[] = [];
    const { ex } = setup({
      catalogue: async () => catalogueOf({ AdAccountAppealStatusQuery: '1' }),
      session: fakeSession({ placeholders: async (_needs, context) => { contexts.push(context); return { access_token: 'T', fb_dtsg: 'D', lsd: 'L', user_id: '1', pageToken: () => 'P' }; } }).session,
    });
    await ex.handle(request('a', 'https://graph.facebook.com/v26.0/act_1?access_token={{access_token}}'));
    await ex.handle(request('b', 'https://graph.facebook.com/v24.0/act_1', { method: 'POST', headers: { authorization: 'OAuth {{page_token:777}}' }, body: 'access_token={{access_token}}' }));
    await ex.handle(request('c', 'https://business.facebook.com/api/graphql/', { method: 'POST', body: 'doc_id=1&variables=%7B%22ad_account_id%22%3A%221%22%7D&fb_api_req_friendly_name=AdAccountAppealStatusQuery&fb_dtsg={{fb_dtsg}}' }), 'http://127.0.0.1:8080');
    expect(contexts).toEqual([{ graphVersion: 'v26.0' }, { graphVersion: 'v24.0' }, {}]);
  });

  it('asks the session nothing when the request has no placeholder', async () => {
    const { ex, asked, calls } = setup({ flavour: 'production' });
    await ex.handle(request('n', 'https://graph.facebook.com/v19.0/act_1?access_token=given'));
    expect(asked).toEqual([]);
    expect(calls[0]!.url).toBe('https://graph.facebook.com/v19.0/act_1?access_token=given');
  });

  it('a placeholder that cannot be filled is an error reply and nothing is sent', async () => {
    const { ex, calls, events } = setup();
    expect(await ex.handle(request('p', 'https://graph.facebook.com/v19.0/act_1/users', { method: 'POST', body: 'access_token={{page_token:1}}' }))).toMatchObject({ ok: false, status: 0, error: 'placeholders: no page token for page 1' });
    const noSession = createExecutor({ flavour: 'production', version: '1', fetch: fakeFetch().fetch, journal: fakeJournal().journal, session: fakeSession({ placeholders: async () => { throw new Error('not logged in to Facebook'); } }).session });
    expect(await noSession.handle(request('q', 'https://graph.facebook.com/v19.0/act_1?access_token={{access_token}}'))).toMatchObject({ ok: false, error: 'placeholders: not logged in to Facebook' });
    expect(calls).toEqual([]);
    expect(events).toEqual([]);
  });

  it('production: sends to the platform itself, without the sandbox header', async () => {
    const { ex, calls } = setup({ flavour: 'production', sandboxBase: undefined });
    await ex.handle(request('w', 'https://graph.facebook.com/v19.0/act_1/users', { method: 'POST', body: 'access_token={{access_token}}' }));
    expect(calls[0]!.url).toBe('https://graph.facebook.com/v19.0/act_1/users');
    expect(calls[0]!.init.headers).not.toHaveProperty(REQUEST_ID_HEADER);
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('development: writes carry x-tessera-request-id, reads do not; a GET with a body is refused, not trimmed', async () => {
    const { ex, calls } = setup();
    await ex.handle(request('w1', 'https://graph.facebook.com/v19.0/act_1', { method: 'post', body: 'x=1' }));
    await ex.handle(request('r1', 'https://graph.facebook.com/v19.0/act_1', { method: 'GET' }));
    expect(await ex.handle(request('r2', 'https://graph.facebook.com/v19.0/act_1', { method: 'GET', body: 'ignored' }))).toMatchObject({ ok: false, error: 'refused: a GET request with a body' });
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: 'x=1', headers: { [REQUEST_ID_HEADER]: 'w1', 'content-type': 'application/x-www-form-urlencoded' } });
    expect(calls[1]!.init.headers).not.toHaveProperty(REQUEST_ID_HEADER);
    expect(calls[1]!.init.body).toBeUndefined();
    expect(calls).toHaveLength(2);
  });

  it('production: an invalid-token error (code 190) drops the cached session', async () => {
    const s = fakeSession();
    const ex = createExecutor({ flavour: 'production', version: '1', journal: fakeJournal().journal, session: s.session, fetch: fakeFetch(() => Response.json({ error: { code: 190, message: 'expired' } }, { status: 400 })).fetch });
    await ex.handle(request('x', 'https://graph.facebook.com/v19.0/act_1?access_token={{access_token}}'));
    expect(s.invalidations()).toBe(1);
  });

  it('a network failure is an error reply with status 0', async () => {
    const { ex } = setup({ respond: () => { throw new TypeError('Failed to fetch'); } });
    expect(await ex.handle(request('x', 'https://graph.facebook.com/v19.0/act_1'))).toMatchObject({ ok: false, status: 0, body: null, error: 'Failed to fetch' });
  });

  it('a request that cannot finish before the deadline gets an error reply and is aborted', async () => {
    let signal: AbortSignal | undefined;
    const { ex, events } = setup({ deadlineMs: 30, respond: (_u, init) => { signal = init.signal ?? undefined; return new Promise<Response>(() => undefined); } });
    const reply = await ex.handle(request('slow', 'https://graph.facebook.com/v19.0/act_1', { method: 'POST' }));
    expect(reply).toMatchObject({ ok: false, status: 0, error: 'no reply within 30 ms' });
    expect(signal?.aborted).toBe(true);
    expect(events).toEqual(['pending slow', 'settle slow 0']);
  });

  it('the deadline also covers a session that never answers', async () => {
    const ex = createExecutor({ flavour: 'production', version: '1', deadlineMs: 20, fetch: fakeFetch().fetch, journal: fakeJournal().journal, session: fakeSession({ placeholders: () => new Promise(() => undefined) }).session });
    expect(await ex.handle(request('s', 'https://graph.facebook.com/v19.0/act_1?access_token={{access_token}}'))).toMatchObject({ ok: false, error: 'no reply within 20 ms' });
  });

  it('handles many requests concurrently, each answered under its own id', async () => {
    const { ex } = setup({ respond: async (url) => { await new Promise((r) => setTimeout(r, Math.random() * 5)); return Response.json({ n: Number(url.split('act_').pop()) }); } });
    const replies = await Promise.all(Array.from({ length: 2000 }, (_, i) => ex.handle(request(`id-${i}`, `https://graph.facebook.com/v19.0/act_${i}`))));
    replies.forEach((r, i) => expect(r).toMatchObject({ requestId: `id-${i}`, ok: true, body: { n: i } }));
  });
});

describe('outcome journal wiring', () => {
  it('records pending BEFORE the write leaves, then done or failed with the status; reads are not journaled', async () => {
    const j = fakeJournal();
    let stateAtFetch: unknown;
    const f = fakeFetch(async (url) => {
      stateAtFetch = await j.journal.lookup('w-ok');
      return url.includes('act_2') ? Response.json({ error: {} }, { status: 400 }) : Response.json({ id: 'c' });
    });
    const ex = createExecutor({ flavour: 'development', version: '1', fetch: f.fetch, journal: j.journal, session: fakeSession().session, sandboxBase: async () => SANDBOX });
    await ex.handle(request('w-ok', 'https://graph.facebook.com/v19.0/act_1/users', { method: 'POST' }));
    expect(stateAtFetch).toEqual({ state: 'pending' });
    await ex.handle(request('w-bad', 'https://graph.facebook.com/v19.0/act_2/users', { method: 'DELETE' }));
    await ex.handle(request('r', 'https://graph.facebook.com/v19.0/act_1', { method: 'GET' }));
    await ex.handle(request('h', 'https://graph.facebook.com/v19.0/act_1', { method: 'HEAD' }));
    expect(j.events).toEqual(['pending w-ok', 'settle w-ok 200', 'pending w-bad', 'settle w-bad 400']);
    expect(await ex.handle(page({ type: 'tessera:outcome', requestId: 'w-ok' }))).toEqual({ source: 'tessera-extension', type: 'tessera:outcomeReply', requestId: 'w-ok', state: 'done', status: 200 });
    expect(await ex.handle(page({ type: 'tessera:outcome', requestId: 'w-bad' }))).toMatchObject({ state: 'failed', status: 400 });
  });

  it('a write the journal cannot record is not sent', async () => {
    const f = fakeFetch();
    const j = fakeJournal();
    j.journal.pending = async () => { throw new Error('quota'); };
    const ex = createExecutor({ flavour: 'production', version: '1', fetch: f.fetch, journal: j.journal, session: fakeSession().session });
    expect(await ex.handle(request('w', 'https://graph.facebook.com/v19.0/act_1', { method: 'POST' }))).toMatchObject({ ok: false, error: expect.stringContaining('not sent') });
    expect(f.calls).toEqual([]);
  });

  it('unknown ids: production says unknown; development asks the sandbox', async () => {
    const prod = setup({ flavour: 'production', sandboxBase: undefined });
    expect(await prod.ex.handle(page({ type: 'tessera:outcome', requestId: 'zz' }))).toEqual({ source: 'tessera-extension', type: 'tessera:outcomeReply', requestId: 'zz', state: 'unknown' });
    expect(prod.calls).toEqual([]);
    const dev = setup({ respond: (url) => (url.endsWith('/__sandbox/outcome/zz') ? Response.json({ state: 'done', status: 201 }) : new Response('', { status: 404 })) });
    expect(await dev.ex.handle(page({ type: 'tessera:outcome', requestId: 'zz' }))).toMatchObject({ state: 'done', status: 201 });
    expect(await dev.ex.handle(page({ type: 'tessera:outcome', requestId: 'yy' }))).toMatchObject({ state: 'unknown' });
  });
});

describe('inSandbox', () => {
  it('accepts only the sandbox origin under its path', () => {
    expect(inSandbox(`${SANDBOX}/v19.0/me`, SANDBOX)).toBe(true);
    expect(inSandbox(`${SANDBOX}`, SANDBOX)).toBe(true);
    expect(inSandbox('http://127.0.0.1:8123/__graphx/v19.0/me', SANDBOX)).toBe(false);
    expect(inSandbox('http://127.0.0.1:8124/__graph/v19.0/me', SANDBOX)).toBe(false);
    expect(inSandbox('http://localhost:8123/__graph/v19.0/me', SANDBOX)).toBe(false);
    expect(inSandbox('http://127.0.0.1:9/anything', 'http://127.0.0.1:9')).toBe(true);
  });
});
