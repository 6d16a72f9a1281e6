// A hostile page on the product origin, in real Chromium with the real (development) extension:
// an arbitrary path, an arbitrary method, a Graph method override, placeholders in free text, a cookie
// dump, and messages from a same-origin iframe and from a frame of another origin. Each is refused (or,
// for placeholders in free text, sent as literal text); an allowed call from the same page still works.
// The second pass: ambiguous encodings (a field twice, a host in capitals, a batch path with `..`) and
// an allowed read carrying a mutation's document, also from a script holding the demo admin's token;
// nothing of them reaches the sandbox.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN_PASSWORD, launchBrowser } from './browser';
import { sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const ACCOUNT = 'act_120200000000001';
const PIXEL = '1400000000000001';
const PIXEL_ACCOUNT = 'act_120200000000002';
/** An analyst on ACCOUNT, whom the remove-user mutation would take off it. */
const USER = '61550000000040';
const DEMO_ADMIN = { email: 'admin@tessera.test', password: DEMO_ADMIN_PASSWORD };
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let extDir: string;

type Reply = { ok?: boolean; error?: string; body?: unknown; cookies?: { name: string }[] } | null;

beforeAll(async () => {
  extDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ext-hostile-'));
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'extension/build.ts', '--flavour', 'development', '--out', extDir, '--no-zip'], { cwd: root, stdio: 'pipe' });
  browser = await launchBrowser({ extensionDir: extDir });
  const worker = browser.context.serviceWorkers()[0] ?? (await browser.context.waitForEvent('serviceworker'));
  await worker.evaluate((base) => (globalThis as unknown as { chrome: { storage: { local: { set: (v: object) => Promise<void> } } } }).chrome.storage.local.set({ sandboxBase: base }), `${baseUrl}/__graph`);
  const other = baseUrl.replace('127.0.0.1', 'localhost');
  await browser.context.route(`${baseUrl}/__hostile`, (route) => route.fulfill({ contentType: 'text/html', body: fixture('hostile-page.html') }));
  await browser.context.route(`${other}/__other`, (route) => route.fulfill({ contentType: 'text/html', body: fixture('other-origin.html') }));
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(extDir, { recursive: true, force: true });
});

describe('a hostile page gets refusals, the product keeps working', () => {
  it('refuses every attempt and still answers an allowed call', async () => {
    await sandbox.reset();
    await page.goto(`${baseUrl}/__hostile`);
    expect(await page.getAttribute('html', 'data-tessera-extension')).toMatch(/^\d+\.\d+\.\d+$/);
    const other = `${baseUrl.replace('127.0.0.1', 'localhost')}/__other`;
    const r = await page.evaluate(([account, o]) => (window as unknown as { runHostile: (a: string, o: string) => Promise<Record<string, Reply>> }).runHostile(account, o), [ACCOUNT, other] as const);

    const refusals: string[] = [];
    const refused = (name: string, reply: Reply, pattern: RegExp) => {
      expect(reply, name).toMatchObject({ ok: false, error: expect.stringMatching(pattern) });
      refusals.push(`${name}: ${reply!.error}`);
    };
    refused('arbitrary path', r.arbitraryPath, /^refused: GET graph\.facebook\.com\/v19\.0\/me\/friends is not on the allow-list$/);
    refused('arbitrary method', r.arbitraryMethod, /^refused: method "PUT" is not allowed$/);
    refused('method override', r.methodOverride, /^refused: DELETE graph\.facebook\.com\/v19\.0\/act_\d+\/ads is not on the allow-list$/);

    // An allowed call (rename) whose free text carries placeholders: they go out as literal text.
    expect(r.placeholderInText).toMatchObject({ ok: true });
    const name = (await sandbox.object<{ name: string }>('adaccount', ACCOUNT)).name;
    expect(name).toBe('{{access_token}} {{fb_dtsg}}');
    refusals.push('placeholders in a body text: sent as literal text, not filled');

    expect(r.cookieDump?.cookies?.map((c) => c.name)).toEqual(['c_user']);
    refusals.push('cookie dump: c_user only');
    expect(r.fromIframe).toBeNull();
    refusals.push('message from an iframe: ignored');
    expect(r.fromOtherOrigin).toBeNull();
    refusals.push('message from another origin: ignored');

    // The same page still gets what it needs, with the token scrubbed from any reply.
    const ok = await page.evaluate((account) => new Promise<Reply>((resolve) => {
      addEventListener('message', (e) => { if (e.data?.source === 'tessera-extension' && e.data.requestId === 'h-ok') resolve(e.data); });
      postMessage({ source: 'tessera-page', type: 'tessera:request', requestId: 'h-ok', responseType: 'json', payload: { url: `https://graph.facebook.com/v19.0/${account}?fields=id,name&access_token={{access_token}}`, options: { method: 'GET' } } }, location.origin);
    }), ACCOUNT);
    expect(ok).toMatchObject({ ok: true, body: { id: ACCOUNT, name: '{{access_token}} {{fb_dtsg}}' } });

    console.log(`calls refused: ${refusals.length}\n  ${refusals.join('\n  ')}`);
    expect(refusals).toHaveLength(7);
  });
});

type Attempt = [name: string, url: string, options: { method: string; headers?: Record<string, string>; body?: string }];

/** Posts each attempt from the page as the product page would, and returns each reply. */
async function fromPage(attempts: Attempt[]): Promise<Reply[]> {
  return page.evaluate((list) => Promise.all(list.map(([name, url, options], i) => new Promise<Reply>((resolve) => {
    const requestId = `second-${i}`;
    const timer = setTimeout(() => resolve(null), 8000);
    addEventListener('message', function on(e) {
      if (e.source !== window || e.data?.source !== 'tessera-extension' || e.data.requestId !== requestId) return;
      clearTimeout(timer);
      removeEventListener('message', on);
      resolve({ ...e.data, name });
    });
    postMessage({ source: 'tessera-page', type: 'tessera:request', requestId, responseType: 'json', payload: { url, options } }, location.origin);
  }))), attempts);
}

async function sandboxWorld() {
  const calls = await sandbox.calls();
  return {
    writes: calls.writesByObject, total: calls.total,
    users: (await sandbox.object('adaccount', ACCOUNT)).users, shared: (await sandbox.object('pixel', PIXEL)).shared_accounts,
  };
}

describe('the second pass: ambiguous requests and borrowed documents never reach the sandbox', () => {
  it('refuses each attempt, also from a script holding the demo admin\'s token; the sandbox\'s calls and objects stay unchanged', async () => {
    await sandbox.reset();
    await page.goto(`${baseUrl}/__hostile`);
    const G = 'https://graph.facebook.com/v19.0';
    const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
    const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
    const docs = (await (await fetch(`${baseUrl}/api/graphql-docs`)).json()).data as Record<string, string>;
    const gql = (op: string, docId: string, variables: unknown) => `doc_id=${docId}&variables=${enc(variables)}&fb_api_req_friendly_name=${op}&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&av={{user_id}}&__user={{user_id}}`;
    const read = [{ method: 'GET', relative_url: `${ACCOUNT}?fields=name` }];
    const removeUser: Attempt = ['a read named AdAccountAppealStatusQuery carrying the remove-user mutation\'s document', 'https://business.facebook.com/api/graphql/',
      { method: 'POST', headers: FORM, body: gql('AdAccountAppealStatusQuery', docs.AdAccountRemoveUserMutation!, { ad_account_id: ACCOUNT.slice(4), user_id: USER }) }];
    const attempts: Attempt[] = [
      ['two batch fields: a read, then unsharing a pixel', `${G}/`, { method: 'POST', headers: FORM,
        body: `access_token={{access_token}}&batch=${enc(read)}&batch=${enc([{ method: 'DELETE', relative_url: `${PIXEL}/shared_accounts?account_id=${PIXEL_ACCOUNT}` }])}` }],
      ['two batch fields: a read, then the e-mail address', `${G}/`, { method: 'POST', headers: FORM,
        body: `access_token={{access_token}}&batch=${enc(read)}&batch=${enc([{ method: 'GET', relative_url: 'me?fields=email' }])}` }],
      ['a top-level method given twice', `${G}/${ACCOUNT}/users`, { method: 'POST', headers: FORM, body: `uid=${USER}&method=get&method=delete&access_token={{access_token}}` }],
      ['a batch path with ..', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc([{ method: 'GET', relative_url: `${ACCOUNT}/../me?fields=email` }])}` }],
      ['a batch path on another host', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc([{ method: 'GET', relative_url: '//evil.example/x' }])}` }],
      ['a host in capitals', `https://Graph.facebook.com/v19.0/${ACCOUNT}?fields=name&access_token={{access_token}}`, { method: 'GET' }],
      ['a host with a trailing dot', `https://graph.facebook.com./v19.0/${ACCOUNT}?fields=name&access_token={{access_token}}`, { method: 'GET' }],
      ['a form declared as JSON', `${G}/${ACCOUNT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'name=x&access_token={{access_token}}' }],
      removeUser,
    ];
    const before = await sandboxWorld();
    const first = await fromPage(attempts);

    // A script in an admin's tab has the page's token, not the password: it cannot rebind the name.
    const login = await page.evaluate(async (admin) => (await (await fetch('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })).json()).data?.token as string, DEMO_ADMIN);
    expect(login).toBeTruthy();
    const rebind = await page.evaluate(async ([token, docId]) => {
      const post = async (body: unknown) => (await fetch('/api/admin/graphql-docs', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json();
      return [
        await post({ AdAccountAppealStatusQuery: docId }),
        await post({ docs: { AdAccountAppealStatusQuery: docId } }),
        await post({ password: 'a guess', docs: { AdAccountAppealStatusQuery: docId } }),
      ];
    }, [login, docs.AdAccountRemoveUserMutation!] as const);
    expect(rebind.map((r: { code: number }) => r.code)).toEqual([40000, 40000, 40001]);
    expect((await (await fetch(`${baseUrl}/api/graphql-docs`)).json()).data).toEqual(docs);
    const second = await fromPage([removeUser]);

    const lines: string[] = [];
    for (const reply of [...first, ...second]) {
      expect(reply, JSON.stringify(reply)).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: /) });
      lines.push(`${(reply as { name?: string }).name}: ${reply!.error}`);
    }
    console.log(`second pass, refused: ${lines.length}\n  ${lines.join('\n  ')}`);
    expect(await sandboxWorld()).toEqual(before);

    // The plain forms of the same calls still work.
    const plain = await fromPage([
      ['a batch read', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc(read)}` }],
      ['the appeal status, with its own document', 'https://business.facebook.com/api/graphql/', { method: 'POST', headers: FORM, body: gql('AdAccountAppealStatusQuery', docs.AdAccountAppealStatusQuery!, { ad_account_id: ACCOUNT.slice(4) }) }],
    ]);
    expect(plain).toMatchObject([{ ok: true, status: 200 }, { ok: true, status: 200 }]);
  });
});
