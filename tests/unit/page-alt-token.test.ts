// {{access_token_alt}} end to end (docs/INTERFACES.md section 4): the sandbox session gives a second
// token, the demo transport and the extension's sessions fill it as the whole access_token value only,
// replies never carry it, and the platform session takes another EAA… token of the Ads Manager page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, demoCatalogue } from '../sandbox/harness';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createSandboxSession } from '../../extension/src/lib/sandbox-session';
import { createPlatformSession, parseAdsManagerPage, ADS_MANAGER_URL } from '../../extension/src/lib/platform-session';
import { fillRequest } from '../../protocol';

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox({ scale: 'small' }); });
afterAll(() => sb?.close());

describe('the alternate token', () => {
  it('the demo transport fills it from the sandbox session, and the reply comes back scrubbed', async () => {
    const session = (await sb.getJson('/__sandbox/session')).body;
    sb.state.token = 'only-this-primary';
    try {
      const transport = createDemoTransport({ graphBase: sb.base, latestVersion: async () => '1.0.0' , catalogue: demoCatalogue });
      // a page of 2 of the session's pages: the reply's next link carries the alternate token the request was sent with
      const ok = await transport.request({ url: 'https://graph.facebook.com/v19.0/me/accounts?fields=id&limit=2&access_token={{access_token_alt}}', options: { method: 'GET' } }, { responseType: 'json' });
      expect(ok.ok).toBe(true);
      const body = ok.body as { data: unknown[]; paging?: { next?: string } };
      expect(body.data).toHaveLength(2);
      expect(JSON.stringify(ok.body)).not.toContain(session.access_token_alt);
      expect(body.paging?.next).toContain('access_token={{access_token_alt}}');
      // the user token the transport holds is no longer the accepted one: refused with 190
      const refused = await transport.request({ url: 'https://graph.facebook.com/v19.0/me/accounts?fields=id&access_token={{access_token}}', options: { method: 'GET' } }, { responseType: 'json' });
      expect((refused.body as { error?: { code?: number } }).error?.code).toBe(190);
    } finally {
      sb.state.token = null;
    }
  });

  it('the extension\'s sandbox session provides it; anywhere but the token value it stays literal text', async () => {
    const s = createSandboxSession({ base: async () => sb.base, fetch: (...a) => fetch(...a) });
    const values = await s.placeholders(new Set(['access_token_alt']));
    const session = (await sb.getJson('/__sandbox/session')).body;
    expect(values.access_token_alt).toBe(session.access_token_alt);
    const filled = await fillRequest({ url: 'https://graph.facebook.com/v19.0/me/accounts?access_token={{access_token_alt}}&q={{access_token_alt}}', options: {} }, values);
    expect(filled.url).toContain(`access_token=${session.access_token_alt}`);
    expect(filled.url).toContain('q=%7B%7Baccess_token_alt%7D%7D'); // literal text, re-encoded
    expect((await s.known!())?.access_token_alt).toBe(session.access_token_alt);
  });

  it('the platform session takes a second, different EAA token of the Ads Manager page, and none when there is only one', async () => {
    const two = '<script>{"accessToken":"EAABfirstTOKEN1234567890abc"}</script> x=EAAGsecondTOKEN1234567890abc;';
    expect(parseAdsManagerPage(two).access_token_alt).toBe('EAAGsecondTOKEN1234567890abc');
    expect(parseAdsManagerPage('{"accessToken":"EAABfirstTOKEN1234567890abc"} EAABfirstTOKEN1234567890abc').access_token_alt).toBeUndefined();
    const store = new Map<string, unknown>();
    const s = createPlatformSession({
      fetch: (async (url: string) => (url === ADS_MANAGER_URL ? new Response(two) : Response.json({}))) as typeof fetch,
      storage: { get: async (k: string) => ({ [k]: store.get(k) }), set: async (o: Record<string, unknown>) => { for (const [k, v] of Object.entries(o)) store.set(k, v); }, remove: async () => {} },
      cookie: async () => '555', allCookies: async () => [],
    });
    expect((await s.placeholders(new Set(['access_token_alt']))).access_token_alt).toBe('EAAGsecondTOKEN1234567890abc');
  });
});
