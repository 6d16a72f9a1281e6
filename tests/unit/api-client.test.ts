import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClientOptions } from '../../src/kernel/api/client';

function reply(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...init.headers } });
}

function client(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, extra: Partial<ApiClientOptions> = {}) {
  const calls = { tokens: [] as string[], rejected: 0, relogin: [] as number[] };
  let token: string | undefined = 'old-token';
  const api = createApiClient({
    getToken: () => token,
    setToken: (t) => { token = t; calls.tokens.push(t); },
    getUid: () => '7',
    language: () => 'en-US',
    onTokenRejected: () => { calls.rejected += 1; token = undefined; },
    onReloginNeeded: (code) => calls.relogin.push(code),
    messages: { timeout: () => 'timed out', network: () => 'network down', http: (s) => `HTTP ${s}` },
    fetch: fetchImpl as typeof fetch,
    ...extra,
  });
  return { api, calls, token: () => token };
}

describe('the API client', () => {
  it('sends the bearer token, uid and language, and returns data of status 1', async () => {
    const fetchImpl = vi.fn(async (_url: string, _init: RequestInit) => reply({ status: 1, code: 20000, info: 'ok', data: { a: 1 } }));
    const { api } = client(fetchImpl);
    await expect(api.post('/api/user/info', { x: 1 }, { query: { key: 'version_list' } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toMatch(/\/api\/user\/info\?key=version_list$/);
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer old-token');
    expect(headers.uid).toBe('7');
    expect(headers['accept-language']).toBe('en-US');
    expect(init.body).toBe('{"x":1}');
  });

  it('stores a rotated token and treats status -1 / 20000 with it as success', async () => {
    const { api, calls, token } = client(async () => reply({ status: -1, code: 20000, info: 'rotated', data: { ok: true } }, { headers: { authorization: 'Bearer new-token' } }));
    await expect(api.get('/api/user/config')).resolves.toEqual({ ok: true });
    expect(calls.tokens).toEqual(['new-token']);
    expect(token()).toBe('new-token');
  });

  it('50008 clears the session; 50012 and 50014 ask for a re-login', async () => {
    const a = client(async () => reply({ status: -1, code: 50008, info: 'Token authentication failed', data: null }));
    await expect(a.api.post('/api/user/info')).rejects.toMatchObject({ kind: 'auth', code: 50008, message: 'Token authentication failed' });
    expect(a.calls.rejected).toBe(1);
    for (const code of [50012, 50014]) {
      const b = client(async () => reply({ status: -1, code, info: 'again', data: null }));
      await expect(b.api.post('/api/user/info')).rejects.toMatchObject({ kind: 'relogin', code });
      expect(b.calls.relogin).toEqual([code]);
      expect(b.calls.rejected).toBe(0);
    }
  });

  it('rejects business errors with the server\'s info, also on HTTP 400 and 413', async () => {
    const a = client(async () => reply({ status: 0, code: 40000, info: 'email is invalid', data: null }, { status: 400 }));
    await expect(a.api.post('/api/user/login', {})).rejects.toMatchObject({ kind: 'business', code: 40000, message: 'email is invalid', httpStatus: 400 });
    const b = client(async () => reply({ status: 0, code: 42900, info: 'too many attempts', data: null }, { status: 429, headers: { 'retry-after': '30' } }));
    await expect(b.api.post('/api/user/login', {})).rejects.toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 30 });
  });

  it('rejects network failures, non-envelope answers and timeouts with readable messages', async () => {
    const a = client(async () => { throw new TypeError('Failed to fetch'); });
    await expect(a.api.get('/api/x')).rejects.toMatchObject({ kind: 'network', message: 'network down' });
    const b = client(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(b.api.get('/api/x')).rejects.toMatchObject({ kind: 'http', message: 'HTTP 502' });
    vi.useFakeTimers();
    const c = client((_url, init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const pending = c.api.get('/api/slow');
    const assertion = expect(pending).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(6000);
    await assertion;
    await expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'timed out' });
    vi.useRealTimers();
  });
});
