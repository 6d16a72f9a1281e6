// A hostile page on the product origin, in real Chromium with the real (development) extension:
// an arbitrary path, an arbitrary method, a Graph method override, placeholders in free text, a cookie
// dump, and messages from a same-origin iframe and from a frame of another origin. Each is refused (or,
// for placeholders in free text, sent as literal text); an allowed call from the same page still works.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const ACCOUNT = 'act_120200000000001';
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
    await fetch(`${baseUrl}/__graph/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: 'tessera', scale: 'small' }) });
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
    const name = (await (await fetch(`${baseUrl}/__graph/__sandbox/objects/adaccount/${ACCOUNT}`)).json()).name;
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
