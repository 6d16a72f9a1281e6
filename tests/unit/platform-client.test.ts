import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse, RequestPayload } from '../../protocol';
import { createBridge, graphVersion, GraphError, toGraphError, type Bridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { setDocCatalogue } from '../../src/kernel/graph/doc-catalogue';
import { graphqlOn, graphqlPost, graphqlText } from '../../src/kernel/graph/graphql';
import { asAccount, asAccountDigits, asBusiness, asNode, asPage, asPerson, asPixel } from '../../src/kernel/platform/ids';
import { graphWith, loaderError, parseFormReply, readAll, sendForm, webForm } from '../../src/kernel/platform/client';
import { recordRecent } from '../../src/kernel/platform/recent';
import { setItem } from '../../src/kernel/storage';
import * as kernel from '../../src/kernel';
import { deactivate } from '../../plugins/page/api';

/** The configured Graph version's root: where the client's calls go. */
const GRAPH = `https://graph.facebook.com/${graphVersion()}`;

/**
 * The kernel's platform client (src/kernel/platform/, src/kernel/graph/graphql.ts): what each piece
 * sends, to the byte, and what it makes of the replies.
 */
type Reply = Partial<BridgeResponse> | ((p: RequestPayload) => Partial<BridgeResponse>);

function fakeBridge(...replies: Reply[]): { bridge: Bridge; sent: { url: string; method: string; headers?: Record<string, string>; body?: string; responseType?: string }[] } {
  const sent: { url: string; method: string; headers?: Record<string, string>; body?: string; responseType?: string }[] = [];
  const transport = {
    kind: 'demo',
    request: async (p: RequestPayload, o?: { responseType?: string }) => {
      sent.push({ url: p.url, method: p.options.method, headers: p.options.headers, body: p.options.body, responseType: o?.responseType });
      const r = replies.length > 1 ? replies.shift()! : replies[0];
      const partial = typeof r === 'function' ? r(p) : r;
      return { ok: true, status: 200, headers: {}, body: null, ...partial } as BridgeResponse;
    },
  } as unknown as BridgeTransport;
  return { bridge: createBridge(transport), sent };
}

const refusal = (f: () => unknown) => {
  try { f(); } catch (e) { return e as GraphError; }
  throw new Error('not refused');
};

describe('id guards', () => {
  it('take an ad account as an operator pastes it: act_ or not, white space around', () => {
    for (const pasted of ['act_123', '123', ' act_123 ', '\t123\n']) {
      expect(asAccount(pasted)).toBe('act_123');
      expect(asAccountDigits(pasted)).toBe('123');
    }
  });

  it('refuse anything else with a clear error, before any request', () => {
    for (const bad of ['', 'act_', 'act_act_1', 'abc', '123/../me', '1{{access_token}}', 'act_12x', '1'.repeat(21), '12 34']) {
      const e = refusal(() => asAccount(bad));
      expect(e).toBeInstanceOf(GraphError);
      expect(e.status).toBe(0);
      expect(e.message).toBe(`not an ad account id: ${bad}`);
    }
  });

  it('take the digits of businesses, pages, people and pixels, and refuse an ad account id for them', () => {
    expect(asBusiness(' 120 ')).toBe('120');
    expect(asPage('104000000000001')).toBe('104000000000001');
    expect(asPerson('100001')).toBe('100001');
    expect(asPixel('77')).toBe('77');
    expect(refusal(() => asBusiness('act_120')).message).toBe('not a business id: act_120');
    expect(refusal(() => asPage('me')).message).toBe('not a page id: me');
    expect(refusal(() => asPerson('1/friends')).message).toBe('not a profile id: 1/friends');
    expect(refusal(() => asPixel('')).message).toBe('not a pixel or dataset id: ');
    expect(refusal(() => asNode('x', 'asset group')).message).toBe('not an asset group id: x');
  });

  it('are what @kernel exports', () => {
    expect(kernel.asAccount).toBe(asAccount);
    expect(kernel.asPage).toBe(asPage);
    expect(kernel.graphWith).toBe(graphWith);
    expect(kernel.recordRecent).toBe(recordRecent);
  });
});

describe('web GraphQL', () => {
  beforeEach(() => setDocCatalogue({ SomeQuery: '111', PageDeactivateMutation: '222' }));
  afterEach(() => setDocCatalogue(null));

  it('posts by operation name with only the allowed form fields', async () => {
    const { bridge, sent } = fakeBridge({ body: { data: { ok: 1 } } });
    await expect(graphqlOn('business.facebook.com')(bridge, 'SomeQuery', { a: 1 })).resolves.toEqual({ ok: 1 });
    expect(sent[0]).toMatchObject({ url: 'https://business.facebook.com/api/graphql/', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-fb-lsd': '{{lsd}}' } });
    expect(sent[0].body).toBe('doc_id=111&variables=%7B%22a%22%3A1%7D&fb_api_req_friendly_name=SomeQuery&server_timestamps=true&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&av={{user_id}}&__user={{user_id}}');
  });

  it('lifts api_error_code and is_transient from errors[0] (HTTP 200 replies)', async () => {
    const { bridge } = fakeBridge({ body: { errors: [{ message: 'Rate limited', api_error_code: 17, is_transient: true }], data: null } });
    await expect(graphqlPost(bridge, { operation: 'SomeQuery', variables: {} })).rejects.toMatchObject({ message: 'Rate limited', code: 17, isTransient: true });
  });

  it('lifts the codes of a failed HTTP reply too, and keeps a code already there', async () => {
    const { bridge } = fakeBridge({ ok: false, status: 500, body: { errors: [{ message: 'Try again', api_error_code: 2, is_transient: true }] } });
    await expect(graphqlPost(bridge, { operation: 'SomeQuery', variables: {} })).rejects.toMatchObject({ code: 2, isTransient: true });
    const b2 = fakeBridge({ body: { errors: [{ message: 'Session', code: 190, api_error_code: 17 }] } }).bridge;
    await expect(graphqlPost(b2, { operation: 'SomeQuery', variables: {} })).rejects.toMatchObject({ code: 190 });
  });

  it("the page area's GraphQL gains the lift (its copy had none)", async () => {
    const { bridge, sent } = fakeBridge({ body: { errors: [{ message: 'Too many calls', api_error_code: 17, is_transient: true }], data: null } });
    await expect(deactivate(bridge, '104000000000001')).rejects.toMatchObject({ code: 17, isTransient: true });
    expect(sent[0].url).toBe('https://www.facebook.com/api/graphql/');
  });

  it('reads a streamed reply as text, and a failed one as a GraphError', async () => {
    const { bridge, sent } = fakeBridge({ body: '{"data":{}}\n{"label":"x"}' }, { ok: false, status: 500, body: 'for (;;);{"errorSummary":"Down"}' });
    await expect(graphqlText(bridge, { operation: 'SomeQuery', variables: {}, host: 'business.facebook.com' })).resolves.toBe('{"data":{}}\n{"label":"x"}');
    expect(sent[0].responseType).toBe('text');
    await expect(graphqlText(bridge, { operation: 'SomeQuery', variables: {} })).rejects.toMatchObject({ message: 'Down', status: 500, isTransient: true });
  });
});

describe('Graph with a chosen token', () => {
  it('reads with the alternate or a page token in the query', async () => {
    const { bridge, sent } = fakeBridge({ body: { id: '1' } });
    await graphWith(bridge, { path: '104/roles', params: { fields: 'id,name', limit: 100 }, token: 'access_token_alt' });
    await graphWith(bridge, { path: '104', token: { page: '104' } });
    expect(sent.map((s) => s.url)).toEqual([
      `${GRAPH}/104/roles?fields=id%2Cname&limit=100&access_token={{access_token_alt}}`,
      `${GRAPH}/104?access_token={{page_token:104}}`,
    ]);
  });

  it('sends a write with the token in the query (DELETE stays DELETE) or in the body (DELETE as POST method=delete)', async () => {
    const { bridge, sent } = fakeBridge({ body: { success: true } });
    await graphWith(bridge, { method: 'DELETE', path: '1_2', token: { page: '1' } });
    await graphWith(bridge, { method: 'POST', path: '1_2', params: { is_hidden: true }, token: { page: '1' } });
    await graphWith(bridge, { method: 'DELETE', path: '104/assigned_users', params: { user: '9' }, token: 'access_token', tokenIn: 'body' });
    expect(sent).toEqual([
      expect.objectContaining({ method: 'DELETE', url: `${GRAPH}/1_2?access_token={{page_token:1}}`, body: '' }),
      expect.objectContaining({ method: 'POST', url: `${GRAPH}/1_2?access_token={{page_token:1}}`, body: 'is_hidden=true' }),
      expect.objectContaining({ method: 'POST', url: `${GRAPH}/104/assigned_users`, body: 'user=9&method=delete&access_token={{access_token}}' }),
    ]);
  });

  it('follows a platform link with the token asked, and refuses a foreign or tokenless link and a placeholder in a path', async () => {
    const { bridge, sent } = fakeBridge({ body: { data: [] } });
    await graphWith(bridge, { path: `${GRAPH}/1/comments?after=x&access_token={{access_token}}&limit=5`, token: { page: '1' } });
    expect(sent[0].url).toBe(`${GRAPH}/1/comments?after=x&access_token={{page_token:1}}&limit=5`);
    await expect(graphWith(bridge, { path: 'https://evil.example/v24.0/1?access_token=x', token: 'access_token' })).rejects.toThrow(/unexpected next link/);
    await expect(graphWith(bridge, { path: `${GRAPH}/1?after=x`, token: 'access_token' })).rejects.toThrow(/unexpected next link/);
    await expect(graphWith(bridge, { path: '1{{access_token}}', token: 'access_token' })).rejects.toThrow(/placeholder/);
    await expect(graphWith(bridge, { path: '1', token: { page: 'act_1' } })).rejects.toThrow(/not a page id/);
    expect(sent).toHaveLength(1);
  });

  it("lifts the platform's codes from an error reply, a 200 with an error included", async () => {
    const { bridge } = fakeBridge({ body: { error: { message: 'Unsupported get request', code: 100, error_subcode: 33 } } });
    await expect(graphWith(bridge, { path: '1', token: 'access_token' })).rejects.toMatchObject({ message: 'Unsupported get request', code: 100, subcode: 33 });
  });
});

describe('readAll', () => {
  const link = (n: number) => `${GRAPH}/me/things?after=${n}&access_token={{access_token}}`;
  const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ body: { data: [{ id: `${i}a` }, { id: `${i}b` }], paging: i < n - 1 ? { next: link(i + 1) } : {} } }));
  const noWait = async () => {};

  it('follows next links to the end', async () => {
    const { bridge, sent } = fakeBridge(...pages(3));
    await expect(readAll(bridge, 'me/things', { fields: 'id', limit: 2 }, { max: Infinity, sleep: noWait })).resolves.toHaveLength(6);
    expect(sent.map((s) => s.url)).toEqual([
      `${GRAPH}/me/things?fields=id&limit=2&access_token={{access_token}}`, link(1), link(2),
    ]);
  });

  it('stops once it has max rows, and keeps max', async () => {
    const { bridge, sent } = fakeBridge(...pages(5));
    const rows = await readAll<{ id: string }>(bridge, 'me/things', { limit: 2 }, { max: 3, sleep: noWait });
    expect(rows.map((r) => r.id)).toEqual(['0a', '0b', '1a']);
    expect(sent).toHaveLength(2);
  });
});

describe("the loader's error", () => {
  it("is the platform's message, else the exception's, else the earlier error's, else Unknown error", () => {
    const g = new GraphError('(#17) User request limit reached', 400, 17);
    expect(loaderError(g)).toBe(g);
    expect(loaderError(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
    expect(loaderError('offline').message).toBe('offline');
    expect(loaderError(new Error(''), g)).toBe(g);
    expect(loaderError(undefined).message).toBe('Unknown error');
    expect(loaderError({ weird: true }).message).toBe('Unknown error');
  });
});

describe('web forms', () => {
  it('post the fields, __a=1 and the session form tokens; blanks are not sent', async () => {
    const { bridge, sent } = fakeBridge({ body: 'for (;;);{"payload":{"id":"5"}}' });
    await expect(webForm(bridge, { url: 'https://business.facebook.com/x/', fields: { business_id: '1', name: 'a b', skip: undefined, blank: '' } })).resolves.toEqual({ id: '5' });
    expect(sent[0]).toEqual({
      url: 'https://business.facebook.com/x/', method: 'POST', responseType: 'text',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-fb-lsd': '{{lsd}}' },
      body: 'business_id=1&name=a+b&__a=1&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&__user={{user_id}}',
    });
  });

  it('read with GET in the query, and post without the lsd header when asked', async () => {
    const { bridge, sent } = fakeBridge({ body: '{"payload":{}}' });
    await sendForm(bridge, { url: 'https://business.facebook.com/me/signals', method: 'GET', fields: { business_id: '1', limit: 5 } });
    await sendForm(bridge, { url: 'https://www.facebook.com/f/', fields: { password: 'p' }, lsdHeader: false });
    expect(sent[0]).toMatchObject({ url: 'https://business.facebook.com/me/signals?business_id=1&limit=5&__a=1', method: 'GET' });
    expect(sent[1].headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
  });

  it("fail with the reply's words and number, a refused call not transient", async () => {
    const { bridge } = fakeBridge(
      { body: 'for (;;);{"error":1357004,"errorSummary":"Sorry","errorDescription":"Please try again"}' },
      { ok: false, status: 0, error: 'refused: not allowed' },
      { ok: false, status: 502, body: '<html>' },
    );
    const post = { url: 'https://business.facebook.com/x/', fields: {} };
    await expect(webForm(bridge, post)).rejects.toMatchObject({ message: 'Sorry', code: 1357004 });
    await expect(webForm(bridge, post)).rejects.toMatchObject({ message: 'refused: not allowed', status: 0, isTransient: false });
    await expect(webForm(bridge, post)).rejects.toMatchObject({ message: 'Unknown error', status: 502, isTransient: true });
  });

  it('parse a reply: payload, error, or not JSON', () => {
    expect(parseFormReply('for (;;);{"payload":{"a":1}}')).toEqual({ payload: { a: 1 }, error: null });
    expect(parseFormReply('{"error":0,"payload":null}')).toEqual({ payload: null, error: null });
    expect(parseFormReply('nope')).toEqual({ payload: null, error: 'Unknown error' });
  });
});

describe('toGraphError', () => {
  it('reads a text reply that is JSON (for (;;); or not) for the message and codes', () => {
    const e = toGraphError({ status: 400, headers: {}, body: 'for (;;);{"error":{"message":"Bad","code":190}}' });
    expect(e).toMatchObject({ message: 'Bad', code: 190, status: 400, body: { error: { message: 'Bad', code: 190 } } });
    expect(toGraphError({ status: 502, headers: {}, body: '<html>' })).toMatchObject({ message: 'HTTP 502', body: '<html>' });
  });
});

describe('recording a recent item', () => {
  it("posts the area's fields with the session profile, and only logs a failure", async () => {
    setItem('fbid', '100001');
    setItem('fbname', 'Op');
    const post = vi.fn().mockResolvedValue({});
    recordRecent({ post }, 'bm', { record_id: '1', record_name: 'B', bm_id: '1' });
    expect(post).toHaveBeenCalledWith('/api/pay/addRecord', {
      module_id: 'bm', data: { record_id: '1', record_name: 'B', bm_id: '1', module_id: 'bm', fbid: '100001', fbname: 'Op' },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    recordRecent({ post: vi.fn().mockRejectedValue(new Error('down')) }, 'page', { record_id: '2', record_name: 'P' });
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalledWith('[page] recent item not recorded', expect.any(Error));
    warn.mockRestore();
  });
});
