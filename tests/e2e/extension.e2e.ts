import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { artifact, launchBrowser, loginAs } from './browser';
import { confirmJob, prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const root = path.resolve(import.meta.dirname, '../..');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let worker: Worker;
let page: Page;
let extDir: string;

beforeAll(async () => {
  // The REAL extension, development flavour, built the way a developer builds it.
  extDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ext-'));
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'extension/build.ts', '--flavour', 'development', '--out', extDir, '--no-zip'], { cwd: root, stdio: 'pipe' });
  browser = await launchBrowser({ extensionDir: extDir });
  worker = browser.context.serviceWorkers()[0] ?? (await browser.context.waitForEvent('serviceworker'));
  // the options page stores the sandbox base the same way
  await worker.evaluate((base) => (globalThis as unknown as { chrome: { storage: { local: { set: (v: object) => Promise<void> } } } }).chrome.storage.local.set({ sandboxBase: base }), `${baseUrl}/__graph`);
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(extDir, { recursive: true, force: true });
});

describe('the real extension with the app', () => {
  it('marks the page, passes the version check, refreshes the identity, reads and writes through the sandbox, refuses other hosts', async () => {
    await sandbox.reset();
    await prepareOperator(page, { pace: 0.05, signIn: false });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-tessera-extension'))).toMatch(/^\d+\.\d+\.\d+$/);
    await loginAs(page, baseUrl, 'operator@tessera.test');

    // The extension transport wins over the demo transport: no sandbox tag, no dialog after the checks.
    await page.waitForTimeout(2500);
    await expect(page.getByTestId('sandbox-tag').count()).resolves.toBe(0);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    const fbid = await page.evaluate(() => JSON.parse(localStorage.getItem('fbid') ?? 'null')?.v);
    expect(fbid).toBe('61550000000001');

    // A graph read: the ad-account list, through the extension.
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-row-id="act_120200000000001"]').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: artifact('adaccount-extension-en-light.png') });

    // A graph write through the runner, visible in the sandbox.
    await page.locator('[data-row-id="act_120200000000001"] input[type=checkbox]').check({ force: true });
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    await page.locator('#param-name').fill('Through the extension');
    await confirmJob(page);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(async () => (await sandbox.object<{ name: string }>('adaccount', 'act_120200000000001')).name, { timeout: 30_000 }).toBe('Through the extension');

    // A host outside the allow-list is refused by the extension itself.
    const refused = await page.evaluate(() => new Promise<{ ok: boolean; error?: string }>((resolve) => {
      const requestId = 'e2e-refused';
      window.addEventListener('message', (e) => {
        if (e.data?.source === 'tessera-extension' && e.data.type === 'tessera:response' && e.data.requestId === requestId) resolve(e.data);
      });
      window.postMessage({ source: 'tessera-page', type: 'tessera:request', requestId, responseType: 'json', payload: { url: 'https://example.com/steal', options: { method: 'GET' } } }, location.origin);
    }));
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/refused/);
  });
});
