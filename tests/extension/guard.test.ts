// The page gets what it needs, not the session (docs/INTERFACES.md section 4): the allow-list, placeholders
// only where the contract allows them, secrets scrubbed from replies, c_user as the only cookie,
// redirects hop by hop — in the extension's executor and in the demo transport alike.
import { describe, expect, it } from 'vitest';
import { ALLOW_LIST, checkCall, fillRequest, parseDocCatalogue, scrubReply, secretMap, type DocCatalogue } from '../../protocol';
import { createExecutor } from '../../extension/src/lib/executor';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { fakeFetch, fakeJournal, fakeSession, page, request } from './fakes';

const G = 'https://graph.facebook.com/v19.0';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const check = (url: string, method = 'GET', body?: string) => checkCall(ALLOW_LIST, { url, method, body, headers: body ? form : undefined });
const fields = (text: string) => Object.fromEntries(new URLSearchParams(text));
const catalogueOf = (map: Record<string, string>): DocCatalogue => {
  const c = parseDocCatalogue(map);
  if (!c.ok) throw new Error(c.reason);
  return c.value;
};
const VALUES = { access_token: 'EAABsecretUserToken000000', fb_dtsg: 'DTSG:secret', lsd: 'LSDsecret', user_id: '100001', pageToken: (id: string) => `EAAPage${id}xxxxxxxxxxxxxxxxxxxxx` };

describe('the allow-list', () => {
  it('refuses paths, methods and method overrides that no area listed', () => {
    expect(check(`${G}/act_1?fields=name`).ok).toBe(true);
    expect(check(`${G}/act_1/campaigns`)).toEqual({ ok: false, reason: 'GET graph.facebook.com/v19.0/act_1/campaigns is not on the allow-list' });
    expect(check(`${G}/me/friends`).ok).toBe(false);
    expect(check(`${G}/act_1`, 'PUT')).toMatchObject({ ok: false, reason: 'method "PUT" is not allowed' });
    expect(check(`${G}/act_1`, 'HEAD').ok).toBe(false);
    // A Graph `method` parameter is the method the call performs.
    expect(check(`${G}/me/adaccounts?method=post`)).toMatchObject({ ok: false, reason: 'POST graph.facebook.com/v19.0/me/adaccounts is not on the allow-list' });
    expect(check(`${G}/act_1`, 'POST', 'method=delete')).toMatchObject({ ok: false, reason: 'DELETE graph.facebook.com/v19.0/act_1 is not on the allow-list' });
    expect(check(`${G}/act_1/users`, 'POST', 'uid=2&method=delete').ok).toBe(true);
    expect(check(`${G}/act_1/users?method=delete&method=get`).ok).toBe(false);
    // Ids are ids: no traversal, no other object behind an allowed shape.
    expect(check(`${G}/act_1/../me/friends`).ok).toBe(false);
    expect(check(`${G}/act_1%2Fads`).ok).toBe(false);
    expect(check(`${G}/me/adaccounts`.replace('graph', 'www')).ok).toBe(false);
  });

  it('checks the operation of a web GraphQL post and every item of a Graph batch', () => {
    const docs = catalogueOf({ AdAccountAppealStatusQuery: '1' });
    const vars = encodeURIComponent(JSON.stringify({ ad_account_id: '1' }));
    const gql = (op: string, doc = '1') => checkCall(ALLOW_LIST, { url: 'https://business.facebook.com/api/graphql/', method: 'POST', headers: form, body: `doc_id=${doc}&fb_api_req_friendly_name=${op}&variables=${vars}` }, docs);
    expect(gql('AdAccountAppealStatusQuery').ok).toBe(true);
    expect(gql('ProfileDeleteMutation')).toMatchObject({ ok: false, reason: 'GraphQL operation ProfileDeleteMutation is not on the allow-list' });
    expect(gql('AdAccountAppealStatusQuery', '')).toMatchObject({ ok: false });
    expect(check('https://www.facebook.com/api/graphql/', 'POST', 'doc_id=1&fb_api_req_friendly_name=AdAccountAppealStatusQuery').ok).toBe(false);
    const batch = (items: unknown) => check(`${G}/`, 'POST', `access_token={{access_token}}&batch=${encodeURIComponent(JSON.stringify(items))}`);
    expect(batch([{ method: 'GET', relative_url: 'act_1?fields=id' }, { method: 'POST', relative_url: 'act_2', body: 'name=x' }]).ok).toBe(true);
    expect(batch([{ method: 'GET', relative_url: 'act_1?fields=id' }, { method: 'GET', relative_url: 'me/friends' }])).toMatchObject({ ok: false, reason: 'batch item 2: GET graph.facebook.com/v19.0/me/friends is not on the allow-list' });
    expect(batch([{ method: 'POST', relative_url: 'act_2', body: 'method=delete' }]).ok).toBe(false);
    expect(batch([{ method: 'GET', relative_url: 'https://evil.example/' }]).ok).toBe(false);
    expect(batch(Array.from({ length: 51 }, () => ({ method: 'GET', relative_url: 'act_1' }))).ok).toBe(false);
    expect(check(`${G}/`, 'POST', 'access_token={{access_token}}').ok).toBe(false);
  });
});

describe('placeholders only where the contract allows them', () => {
  it('fills tokens only as access_token / Authorization of a graph request; fb_dtsg and lsd only as web form fields and x-fb-lsd', async () => {
    const graph = await fillRequest({ url: `${G}/act_1?note={{access_token}}&access_token={{access_token}}`, options: { method: 'POST', headers: { authorization: 'OAuth {{page_token:7}}', 'x-fb-lsd': '{{lsd}}' }, body: 'name={{access_token}} {{page_token:7}}&message={{fb_dtsg}}&access_token=x{{access_token}}&uid={{user_id}}&u2=x{{user_id}}' } }, VALUES);
    expect(fields(graph.url.split('?')[1]!)).toEqual({ note: '{{access_token}}', access_token: 'EAABsecretUserToken000000' });
    expect(graph.options.headers).toEqual({ authorization: 'OAuth EAAPage7xxxxxxxxxxxxxxxxxxxxx', 'x-fb-lsd': '{{lsd}}', 'content-type': 'application/x-www-form-urlencoded' });
    // {{user_id}} too is filled only as a field's whole value: an operator's text never carries it.
    expect(fields(graph.options.body!)).toEqual({ name: '{{access_token}} {{page_token:7}}', message: '{{fb_dtsg}}', access_token: 'x{{access_token}}', uid: '100001', u2: 'x{{user_id}}' });
    const web = await fillRequest({ url: 'https://business.facebook.com/api/graphql/?access_token={{access_token}}', options: { method: 'POST', headers: { 'x-fb-lsd': '{{lsd}}', authorization: 'OAuth {{access_token}}' }, body: 'fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&variables=%7B%22c%22%3A%22{{fb_dtsg}}%22%7D&comment={{lsd}}&access_token={{access_token}}' } }, VALUES);
    expect(fields(web.url.split('?')[1]!)).toEqual({ access_token: '{{access_token}}' });
    expect(web.options.headers).toEqual({ 'x-fb-lsd': 'LSDsecret', authorization: 'OAuth {{access_token}}', 'content-type': 'application/x-www-form-urlencoded' });
    expect(fields(web.options.body!)).toEqual({ fb_dtsg: 'DTSG:secret', lsd: 'LSDsecret', variables: '{"c":"{{fb_dtsg}}"}', comment: '{{lsd}}', access_token: '{{access_token}}' });
  });

  it('refuses a header no platform call uses', async () => {
    expect(checkCall(ALLOW_LIST, { url: `${G}/act_1`, method: 'POST', headers: { ...form, 'x-http-method-override': 'DELETE' }, body: 'name=a' })).toEqual({ ok: false, reason: 'the header "x-http-method-override" is not allowed' });
  });

});

describe('replies never carry the secrets', () => {
  it('replaces tokens, fb_dtsg and lsd in body and headers, page tokens by id, stray tokens too', () => {
    const secrets = secretMap(new Map([['EAAPage7xxxxxxxxxxxxxxxxxxxxx', '{{page_token:7}}']]), VALUES);
    const text = JSON.stringify({
      data: [{ id: '7', access_token: 'EAAPage7xxxxxxxxxxxxxxxxxxxxx' }, { id: '8', access_token: 'EAAPage8yyyyyyyyyyyyyyyyyyyyy' }],
      paging: { next: `${G}/100001/accounts?access_token=EAABsecretUserToken000000&after=x` },
      dtsg: { token: 'DTSG:secret' }, note: 'lsd LSDsecret, another EAAOtherToken1234567890abcdef',
    });
    const { body, headers } = scrubReply(text, { 'x-echo': 'EAABsecretUserToken000000 DTSG%3Asecret' }, secrets, true);
    expect(body).toEqual({
      data: [{ id: '7', access_token: '{{page_token:7}}' }, { id: '8', access_token: '{{page_token:8}}' }],
      paging: { next: `${G}/100001/accounts?access_token={{access_token}}&after=x` },
      dtsg: { token: '{{fb_dtsg}}' }, note: 'lsd {{lsd}}, another {{token}}',
    });
    expect(headers).toEqual({ 'x-echo': '{{access_token}} {{fb_dtsg}}' });
    expect(scrubReply('for (;;);{"lsd":"LSDsecret"}', {}, secrets, true).body).toBe('for (;;);{"lsd":"{{lsd}}"}');
  });
});

describe('the executor and the demo transport enforce the same rules', () => {
  const session = () => fakeSession({
    values: VALUES,
    cookies: async () => [{ name: 'c_user', value: '100001', domain: '.facebook.com', path: '/' }, { name: 'xs', value: 'session-secret', domain: '.facebook.com', path: '/' }, { name: 'datr', value: 'd', domain: '.facebook.com', path: '/' }],
  });
  const echo = (url: string, init: RequestInit) => Response.json({ url, body: init.body ?? null }, { headers: { 'x-token': 'EAABsecretUserToken000000' } });

  it('extension: unlisted calls are never fetched; the cookie message answers c_user only; replies are scrubbed', async () => {
    const f = fakeFetch(echo);
    const s = session();
    const ex = createExecutor({ flavour: 'production', version: '1', fetch: f.fetch, journal: fakeJournal().journal, session: s.session });
    expect(await ex.handle(request('a', `${G}/me/friends?access_token={{access_token}}`))).toMatchObject({ ok: false, status: 0, error: 'refused: GET graph.facebook.com/v19.0/me/friends is not on the allow-list' });
    expect(await ex.handle(request('b', `${G}/act_1`, { method: 'PATCH' }))).toMatchObject({ ok: false, error: 'refused: method "PATCH" is not allowed' });
    expect(f.calls).toEqual([]);
    expect(s.asked).toEqual([]);
    const reply = await ex.handle(request('c', `${G}/act_1?access_token={{access_token}}`)) as { body: { url: string }; headers: Record<string, string> };
    expect(f.calls[0]!.url).toBe(`${G}/act_1?access_token=EAABsecretUserToken000000`);
    expect(reply.body.url).toBe(`${G}/act_1?access_token={{access_token}}`);
    expect(reply.headers['x-token']).toBe('{{access_token}}');
    expect(await ex.handle(page({ type: 'tessera:cookie', requestId: 'k', url: 'https://www.facebook.com/' }))).toMatchObject({ cookies: [{ name: 'c_user', value: '100001', domain: '.facebook.com', path: '/' }] });
  });

  it('extension: follows a redirect only to an allowed call, at most 5 hops', async () => {
    let n = 0;
    const f = fakeFetch((url) => (url.endsWith('act_9') ? Response.json({ landed: url }) : new Response(null, { status: 302, headers: { location: n++ < 1 ? `${G}/act_9` : `${G}/me/friends` } })));
    const ex = createExecutor({ flavour: 'production', version: '1', fetch: f.fetch, journal: fakeJournal().journal, session: session().session });
    expect(await ex.handle(request('r1', `${G}/act_1`))).toMatchObject({ ok: true, body: { landed: `${G}/act_9` } });
    expect(f.calls.map((c) => c.init.redirect)).toEqual(['manual', 'manual']);
    expect(await ex.handle(request('r2', `${G}/act_2`))).toMatchObject({ ok: false, error: 'refused: redirected to graph.facebook.com/v19.0/me/friends, which is not on the allow-list' });
    const loop = fakeFetch((url) => new Response(null, { status: 302, headers: { location: url } }));
    const ex2 = createExecutor({ flavour: 'production', version: '1', fetch: loop.fetch, journal: fakeJournal().journal, session: session().session });
    expect(await ex2.handle(request('r3', `${G}/act_1`))).toMatchObject({ ok: false, error: 'refused: more than 5 redirects' });
    expect(loop.calls).toHaveLength(6);
    // A browser hides where an opaque redirect points: not followed.
    const opaque = fakeFetch(() => { const r = new Response(null, { status: 200 }); Object.defineProperty(r, 'type', { value: 'opaqueredirect' }); return r; });
    const ex3 = createExecutor({ flavour: 'production', version: '1', fetch: opaque.fetch, journal: fakeJournal().journal, session: session().session });
    expect(await ex3.handle(request('r4', `${G}/act_1`))).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: the platform redirected this request/) });
  });

  it('demo transport: the same refusals, the same filling, the same scrubbing, c_user only', async () => {
    const SESSION = { userId: '100001', name: 'Ada', access_token: 'EAABsecretUserToken000000', fb_dtsg: 'DTSG:secret', lsd: 'LSDsecret' };
    const f = fakeFetch((url, init) => (url.endsWith('/__sandbox/session') ? Response.json(SESSION) : echo(url, init)));
    const t = createDemoTransport({ graphBase: 'http://127.0.0.1:9/__graph', latestVersion: async () => '1', fetch: f.fetch });
    expect(await t.request({ url: `${G}/me/friends?access_token={{access_token}}`, options: { method: 'GET' } })).toMatchObject({ ok: false, error: 'refused: GET graph.facebook.com/v19.0/me/friends is not on the allow-list' });
    expect(f.calls).toEqual([]);
    const reply = await t.request({ url: `${G}/act_1`, options: { method: 'POST', headers: form, body: 'name={{access_token}}&access_token={{access_token}}' } });
    const sent = f.calls.find((c) => c.url.endsWith('/v19.0/act_1'))!;
    expect(fields(String(sent.init.body))).toEqual({ name: '{{access_token}}', access_token: 'EAABsecretUserToken000000' });
    expect(reply).toMatchObject({ ok: true, body: { body: 'name=%7B%7Baccess_token%7D%7D&access_token={{access_token}}' }, headers: { 'x-token': '{{access_token}}' } });
    expect(await t.cookies('https://www.facebook.com/')).toEqual([{ name: 'c_user', value: '100001', domain: '.facebook.com', path: '/' }]);
  });
});

describe('the operator reads a refusal in their language', () => {
  it('toGraphError localizes refused: replies and keeps the reason', async () => {
    const { toGraphError } = await import('../../src/kernel/bridge/bridge');
    const store = new Map<string, string>();
    // node has no window: give the kernel's storage one for this test
    (globalThis as { window?: unknown }).window = { localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) } };
    const reply = { ok: false, status: 0, headers: {}, body: null, error: 'refused: GET graph.facebook.com/v19.0/act_1/ads is not on the allow-list' };
    expect(toGraphError(reply).message).toBe('扩展拒绝了此请求（GET graph.facebook.com/v19.0/act_1/ads is not on the allow-list）。如果此功能本应可用，请更新扩展或联系管理员。');
    const { setItem } = await import('../../src/kernel/storage');
    setItem('arco-locale', 'en-US');
    expect(toGraphError(reply).message).toMatch(/^The extension refused this request \(GET graph\.facebook\.com\/v19\.0\/act_1\/ads is not on the allow-list\)/);
    expect(toGraphError({ ...reply, error: 'no reply within 60000 ms' }).message).toBe('no reply within 60000 ms');
    delete (globalThis as { window?: unknown }).window;
  });
});
