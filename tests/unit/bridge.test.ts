import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWindowTransport } from '../../src/kernel/bridge/window-transport';
import { EXTENSION_SOURCE, fillRequest, isPlatformUrl, PAGE_SOURCE, parsePageMessage, toSandboxUrl, type PageMessage, type RequestPayload } from '../../protocol';
import { BridgeError } from '../../src/kernel/bridge/transport';
import { extractErrorMessage } from '../../src/kernel/bridge/error-extractor';
import { createBridge, graphUrl, graphVersion, GraphError } from '../../src/kernel/bridge/bridge';
import { statusFor, isBelowMinimum, isFunctionBlocked, type ExtensionState, type LatestRecord } from '../../src/kernel/bridge/extension-status';

/** Delivers a reply as the extension would: from this window, this origin, source tessera-extension. */
function reply(data: unknown, init: { origin?: string; source?: MessageEventSource | null } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: init.origin ?? window.location.origin, source: init.source === undefined ? window : init.source }));
}

/** Collects what the page posts (jsdom's postMessage gives no origin, so the fake extension listens directly). */
function capturePageMessages() {
  const sent: PageMessage[] = [];
  const onMessage = (e: MessageEvent) => { const m = parsePageMessage(e.data); if (m) sent.push(m); };
  window.addEventListener('message', onMessage);
  return { sent, stop: () => window.removeEventListener('message', onMessage) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
let transports: { dispose(): void }[] = [];
afterEach(() => { transports.forEach((t) => t.dispose()); transports = []; vi.useRealTimers(); });
const make = (o?: Parameters<typeof createWindowTransport>[1]) => { const t = createWindowTransport(window, o); transports.push(t); return t; };

describe('the window transport', () => {
  it('matches 1,000 concurrent requests answered in random order', async () => {
    const t = make();
    const cap = capturePageMessages();
    const pending = Array.from({ length: 1000 }, (_, i) => t.request({ url: `https://graph.facebook.com/v19.0/act_${i}`, options: { method: 'GET' } }, { requestId: `r${i}` }));
    await flush();
    expect(cap.sent).toHaveLength(1000);
    const order = cap.sent.map((m) => (m as { requestId: string }).requestId).sort(() => Math.random() - 0.5);
    for (const id of order) reply({ source: EXTENSION_SOURCE, type: 'tessera:response', requestId: id, ok: true, status: 200, headers: {}, body: { id } });
    const results = await Promise.all(pending);
    results.forEach((r, i) => expect(r.body).toEqual({ id: `r${i}` }));
    cap.stop();
  });

  it('ignores replies from another window, another origin or with another source', async () => {
    vi.useFakeTimers();
    const t = make();
    const p = t.request({ url: 'https://graph.facebook.com/v19.0/me', options: { method: 'GET' } }, { requestId: 'x1', deadlineMs: 1000 });
    const good = { source: EXTENSION_SOURCE, type: 'tessera:response', requestId: 'x1', ok: true, status: 200, headers: {}, body: 'real' };
    reply({ ...good, body: 'forged-origin' }, { origin: 'https://evil.example' });
    reply({ ...good, body: 'forged-window' }, { source: null });
    reply({ ...good, source: 'someone-else', body: 'forged-source' });
    reply({ ...good, ok: 'yes', body: 'malformed' });
    reply(good);
    await expect(p).resolves.toMatchObject({ body: 'real' });
  });

  it('rejects a request at its deadline and when its signal aborts', async () => {
    vi.useFakeTimers();
    const t = make();
    const late = t.request({ url: 'https://graph.facebook.com/v19.0/me', options: { method: 'GET' } }, { deadlineMs: 60_000 });
    const assertion = expect(late).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    await assertion;
    const controller = new AbortController();
    const aborted = t.request({ url: 'https://graph.facebook.com/v19.0/me', options: { method: 'GET' } }, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(BridgeError);
  });

  it('treats a version that does not come within 5 s as unknown, and reads the identity reply', async () => {
    vi.useFakeTimers();
    const t = make();
    const version = t.version();
    await vi.advanceTimersByTimeAsync(5000);
    await expect(version).resolves.toBeNull();
    const identity = t.identity('7');
    reply({ source: EXTENSION_SOURCE, type: 'contentRefreshTokenReply', data: { id: 100012, name: 'Ann' } });
    await expect(identity).resolves.toEqual({ id: '100012', name: 'Ann' });
    const second = t.version();
    reply({ source: EXTENSION_SOURCE, type: 'contentgetVersionReply', version: '1.4.0' });
    await expect(second).resolves.toBe('1.4.0');
  });

  it('routes an outcome reply to the outcome waiter, not to the request of the same id', async () => {
    const t = make();
    const outcome = t.outcome('w1');
    reply({ source: EXTENSION_SOURCE, type: 'tessera:outcomeReply', requestId: 'w1', state: 'done', status: 200 });
    await expect(outcome).resolves.toEqual({ state: 'done', status: 200 });
  });

  it('page messages carry the page source', async () => {
    const t = make();
    const cap = capturePageMessages();
    void t.cookies('https://www.facebook.com/').catch(() => undefined);
    await flush();
    expect(cap.sent.find((m) => m.type === 'tessera:cookie')).toMatchObject({ source: PAGE_SOURCE, url: 'https://www.facebook.com/' });
    cap.stop();
  });
});

describe('the error extractor', () => {
  it('takes the first present in the spec\'s order', () => {
    const all = { errorSummary: 'summary', errorDescription: 'description', error: { error_user_msg: 'user msg', error_user_title: 'user title', message: 'message' }, errors: [{ description: 'first' }] };
    expect(extractErrorMessage(all)).toBe('summary');
    expect(extractErrorMessage({ ...all, errorSummary: undefined })).toBe('description');
    expect(extractErrorMessage({ error: all.error, errors: all.errors })).toBe('user msg');
    expect(extractErrorMessage({ error: { error_user_title: 'user title', message: 'message' } })).toBe('user title');
    expect(extractErrorMessage({ error: { message: 'message' }, errors: all.errors })).toBe('message');
    expect(extractErrorMessage({ errors: all.errors })).toBe('first');
    expect(extractErrorMessage('for (;;);{"errorSummary":"web form"}')).toBe('web form');
    expect(extractErrorMessage({ data: [] })).toBeNull();
    expect(extractErrorMessage('<html>')).toBeNull();
  });
});

describe('URLs, hosts and placeholders', () => {
  it('allows only the platform hosts over https and maps them to the sandbox', () => {
    expect(isPlatformUrl('https://graph.facebook.com/v19.0/me')).toBe(true);
    expect(isPlatformUrl('http://graph.facebook.com/v19.0/me')).toBe(false);
    expect(isPlatformUrl('https://graph.facebook.com.evil.example/x')).toBe(false);
    expect(isPlatformUrl('https://example.com/')).toBe(false);
    expect(toSandboxUrl('https://graph.facebook.com/v19.0/me?fields=id', '/__graph')).toBe('/__graph/v19.0/me?fields=id');
    expect(toSandboxUrl('https://business.facebook.com/api/graphql/', 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9/__web/business.facebook.com/api/graphql/');
    expect(toSandboxUrl('https://example.com/', '/__graph')).toBeNull();
  });

  it('fills placeholders only where the contract allows them (docs/INTERFACES.md section 4)', async () => {
    const filled = await fillRequest({
      url: graphUrl('act_1', { fields: 'name' }),
      options: { method: 'POST', headers: { 'x-fb-lsd': '{{lsd}}' }, body: 'fb_dtsg={{fb_dtsg}}&av={{user_id}}&page={{page_token:123}}' },
    }, { access_token: 'EAAB', fb_dtsg: 'dt', lsd: 'ls', user_id: '42', pageToken: (id) => `P${id}` });
    expect(filled.url).toBe(`https://graph.facebook.com/${graphVersion()}/act_1?fields=name&access_token=EAAB`);
    expect(filled.options.headers).toEqual({ 'x-fb-lsd': '{{lsd}}', 'content-type': 'application/x-www-form-urlencoded' }); // web-host fields, not graph
    expect(Object.fromEntries(new URLSearchParams(filled.options.body))).toEqual({ fb_dtsg: '{{fb_dtsg}}', av: '42', page: '{{page_token:123}}' });
  });
});

describe('the bridge', () => {
  it('keeps placeholders that arrive in platform data inert (never filled with the token)', async () => {
    const sent: RequestPayload[] = [];
    const transport = { kind: 'demo' as const, version: async () => null, identity: async () => null, cookies: async () => [], outcome: async () => ({ state: 'unknown' as const }), dispose() {},
      request: async (p: RequestPayload) => { sent.push(p); return { ok: true, status: 200, headers: {}, body: { success: true } }; } };
    const bridge = createBridge(transport);
    await bridge.graph({ method: 'POST', path: 'act_1', params: { name: '{{access_token}} shop {{fb_dtsg}}' } });
    const filled = await fillRequest(sent[0], { access_token: 'SECRET', fb_dtsg: 'D', lsd: 'L', user_id: '1' });
    expect(filled.options.body).not.toContain('SECRET');
    expect(new URLSearchParams(filled.options.body).get('name')).toBe('{{access_token}} shop {{fb_dtsg}}');
    expect(filled.url).toContain('access_token=SECRET'); // the real placeholder still works
    await expect(bridge.graph({ path: 'act_{{access_token}}' })).rejects.toThrow(/placeholder/);
  });

  it('throws GraphError with the extracted message and codes', async () => {
    const transport = { kind: 'demo' as const, version: async () => null, identity: async () => null, cookies: async () => [], outcome: async () => ({ state: 'unknown' as const }), dispose() {},
      request: async () => ({ ok: false, status: 400, headers: { 'retry-after': '60' }, body: { error: { message: 'User request limit reached', code: 17, error_subcode: 2446079 } } }) };
    const bridge = createBridge(transport);
    const error = await bridge.graph({ path: 'act_1' }).catch((e) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ message: 'User request limit reached', code: 17, subcode: 2446079, status: 400 });
  });
});

describe('the extension probe', () => {
  it('fetches the bundled page on each known id and reports the first that answers', async () => {
    const { probeExtension, KNOWN_EXTENSION_IDS } = await import('../../src/kernel/bridge/probe');
    expect(KNOWN_EXTENSION_IDS).toHaveLength(2);
    const asked: string[] = [];
    const found = await probeExtension(KNOWN_EXTENSION_IDS, (async (url: string) => {
      asked.push(url);
      if (url.includes(KNOWN_EXTENSION_IDS[1])) return new Response('ok', { status: 200 });
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(found).toBe(KNOWN_EXTENSION_IDS[1]);
    expect(asked[0]).toBe(`chrome-extension://${KNOWN_EXTENSION_IDS[0]}/probe.html`);
    await expect(probeExtension(KNOWN_EXTENSION_IDS, (async () => { throw new TypeError('x'); }) as typeof fetch)).resolves.toBeNull();
  });
});

describe('extension status', () => {
  const latest = (type: number, func: string[] = []): LatestRecord => ({ url: 'https://x', version: '2.0.0', version_web: '', description: '', create_time: null, clear_index: '', type, func: func.map((identify) => ({ identify })) });
  it('needInstall without a version, needUpdate when forced, needChoseUpdate otherwise, empty when equal', () => {
    expect(statusFor(null, latest(1))).toBe('needInstall');
    expect(statusFor('1.0.0', latest(1))).toBe('needUpdate');
    expect(statusFor('1.0.0', latest(0))).toBe('needChoseUpdate');
    expect(statusFor('2.0.0', latest(1))).toBe('empty');
  });
  it('blocks the listed actions and plugins until the extension is updated', () => {
    const base = { version: '1.0.0', identity: null, identityChecked: false, checkedOnDashboard: false, probedId: null, belowMinimum: false, dismissed: { install: false, login: false, optional: false } };
    const outdated: ExtensionState = { ...base, status: 'needChoseUpdate', latest: latest(0, ['pixel.share', 'friend']) };
    expect(isFunctionBlocked('pixel.share', outdated)).toBe(true);
    expect(isFunctionBlocked('pixel.list', outdated)).toBe(false);
    expect(isFunctionBlocked('friend', outdated)).toBe(true);
    expect(isFunctionBlocked('friend.send', outdated)).toBe(true);
    expect(isFunctionBlocked('pixel.share', { ...outdated, status: 'empty' })).toBe(false);
  });

  it('an extension below the latest record\'s minVersion is a forced update that blocks every function', () => {
    const record = { ...latest(0), version: '1.5.0', minVersion: '1.4.0' };
    expect(statusFor('1.3.9', record)).toBe('needUpdate');
    expect(statusFor('1.4.0', record)).toBe('needChoseUpdate');
    expect(statusFor('1.10.0', { ...record, version: '1.10.0' })).toBe('empty');
    expect(isBelowMinimum('1.3.0', record)).toBe(true);
    expect(isBelowMinimum('1.10.0', { ...record, minVersion: '1.9.2' })).toBe(false);
    expect(isBelowMinimum(null, record)).toBe(false);
    const base = { version: '1.3.0', identity: null, identityChecked: false, checkedOnDashboard: false, probedId: null, dismissed: { install: false, login: false, optional: false } };
    expect(isFunctionBlocked('adaccount.rename', { ...base, status: 'needUpdate', latest: record, belowMinimum: true })).toBe(true);
  });
});

describe('an extension older than the minimum', () => {
  it('is sent no request, cookie or outcome question: requests are refused in the page', async () => {
    const t = make({ tooOld: () => true });
    const cap = capturePageMessages();
    expect(await t.request({ url: 'https://graph.facebook.com/v19.0/act_1', options: { method: 'GET' } })).toMatchObject({ ok: false, status: 0, error: expect.stringMatching(/^refused: the extension is older than 1\.4\.0/) });
    expect(await t.cookies('https://www.facebook.com/')).toEqual([]);
    expect(await t.outcome('r1')).toEqual({ state: 'unknown' });
    expect(await t.identity('1')).toBeNull();
    await flush();
    expect(cap.sent).toEqual([]);
    cap.stop();
  });
});
