// The watch's scheduled checks, the extension's part (issue 34 item 4; extension/README.md, "Scheduled
// checks"): the REAL development extension in Chromium opens an unfocused tab at the product origin
// when a check falls due and no product tab is open, and closes it when that tab says it is done.
// Chromium lets an unpacked extension's alarm ring 1 s after it is set at the earliest (30 s for a
// packed one), so the check here falls due 2 s ahead and the test takes seconds, not minutes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { CHECKS_BACKGROUND_PATH } from '../../protocol';
import { EXTENSION_IDS } from '../../protocol/extension-ids';
import { stopExtensionWorker } from '../extension/harness';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
const root = path.resolve(import.meta.dirname, '../..');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let worker: Worker;
let extDir: string;

interface TabSeen { id?: number; url?: string; pendingUrl?: string; active: boolean; windowId: number }
/** The product origin's tabs as the extension sees them (the development build may read loopback tab URLs: its host permissions). */
const productTabs = () => worker.evaluate(async (origin) => {
  const chrome = (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<TabSeen[]> } } }).chrome;
  return (await chrome.tabs.query({})).filter((t) => (t.url || t.pendingUrl || '').startsWith(origin));
}, baseUrl);

/** When the product origin's alarm rings (null: none is set). */
const alarmTime = () => worker.evaluate(async (name) => {
  const chrome = (globalThis as unknown as { chrome: { alarms: { get(n: string): Promise<{ scheduledTime: number } | undefined> } } }).chrome;
  return (await chrome.alarms.get(name))?.scheduledTime ?? null;
}, `tessera-checks|${baseUrl}`);

const storedSchedule = () => worker.evaluate(async () => {
  const chrome = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } }).chrome;
  return (await chrome.storage.local.get('checks:schedule'))['checks:schedule'] ?? null;
});

/** Posts a page message as the app does (the content script relays it to the worker). */
const post = (page: Page, message: Record<string, unknown>) =>
  page.evaluate((m) => window.postMessage({ source: 'tessera-page', ...m }, location.origin), message);

/** A product page whose content script is in place (it marks the page). */
async function openProductTab(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${baseUrl}/login/login`);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-tessera-extension'));
  return page;
}

beforeAll(async () => {
  extDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ext-checks-'));
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'extension/build.ts', '--flavour', 'development', '--out', extDir, '--no-zip'], { cwd: root, stdio: 'pipe' });
  browser = await launchBrowser({ extensionDir: extDir });
  worker = browser.context.serviceWorkers()[0] ?? (await browser.context.waitForEvent('serviceworker'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(extDir, { recursive: true, force: true });
});

describe('scheduled checks with no product tab open', () => {
  it('the alarm opens the product\'s checks page in an inactive tab; watchDone from another tab closes nothing, from that tab closes it', async () => {
    const started = Date.now();
    // Another site's tab stays open the whole time (a browser window, not a product tab).
    const elsewhere = browser.context.pages()[0] ?? (await browser.context.newPage());
    await elsewhere.goto('about:blank');

    const product = await openProductTab();
    const nextAt = Date.now() + 2_000;
    await post(product, { type: 'tessera:watchSchedule', nextAt });
    await expect.poll(() => alarmTime(), { timeout: 5_000 }).toBe(nextAt);

    const opening = browser.context.waitForEvent('page', { timeout: 20_000 });
    await product.close();

    const background = await opening;
    const rangAfter = Date.now() - nextAt;
    // The address the tab was opened at (the app may then move a signed-out visitor to its login screen in the page).
    await background.waitForLoadState('domcontentloaded');
    expect(await background.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toBe(`${baseUrl}${CHECKS_BACKGROUND_PATH}`);
    const seen = await productTabs();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.active).toBe(false); // opened in the background: the operator's tab keeps the focus
    expect(await elsewhere.evaluate(() => document.visibilityState)).toBe('visible');

    // A product tab the extension did not open says "done": nothing closes.
    const operatorTab = await openProductTab();
    await post(operatorTab, { type: 'tessera:watchDone' });
    await operatorTab.waitForTimeout(750);
    expect(background.isClosed()).toBe(false);
    expect(operatorTab.isClosed()).toBe(false);
    expect(await productTabs()).toHaveLength(2);

    // The opened tab says "done": the extension closes it, and only it.
    const closing = background.waitForEvent('close', { timeout: 10_000 });
    await post(background, { type: 'tessera:watchDone' });
    await closing;
    expect(operatorTab.isClosed()).toBe(false);
    expect(elsewhere.isClosed()).toBe(false);
    await expect.poll(async () => (await productTabs()).length).toBe(1);
    console.log(`extension-checks: alarm rang ${rangAfter} ms after nextAt; test ${Date.now() - started} ms`);
    await operatorTab.close();
  });

  it('a product tab that has not spoken since (no bridge port) still counts as open: its content script answers, and nothing opens', async () => {
    expect(await productTabs()).toEqual([]); // the previous test left no product tab
    // A page of the product origin that runs no app code, so its content script never opens a port.
    const quiet = await browser.context.newPage();
    await quiet.goto(`${baseUrl}/api/runtime`);
    await quiet.waitForFunction(() => document.documentElement.hasAttribute('data-tessera-extension'));
    const product = await openProductTab();
    const nextAt = Date.now() + 2_000;
    await post(product, { type: 'tessera:watchSchedule', nextAt });
    await expect.poll(() => alarmTime(), { timeout: 5_000 }).toBe(nextAt);
    await product.close();
    const opened: Page[] = [];
    const onPage = (p: Page) => { opened.push(p); };
    browser.context.on('page', onPage);
    // It rang (a one-off alarm is gone once it has, and the schedule it served with it) …
    await expect.poll(async () => [await alarmTime(), await storedSchedule()], { timeout: 10_000 }).toEqual([null, {}]);
    await quiet.waitForTimeout(1_000);
    browser.context.off('page', onPage);
    // … and opened nothing: the quiet tab's leader would run the checks.
    expect(opened).toEqual([]);
    await quiet.close();
  });

  it('a check missed while the browser was closed: the worker sets the dropped alarm again when it starts, and it rings', async () => {
    expect(await productTabs()).toEqual([]); // the previous test left no product tab
    const product = await openProductTab();
    await post(product, { type: 'tessera:watchSchedule', nextAt: Date.now() + 3_600_000 });
    await expect.poll(() => alarmTime(), { timeout: 5_000 }).not.toBeNull();
    await product.close();
    // What a browser restart may leave: the schedule kept, its time passed, the alarm gone, the worker stopped.
    await worker.evaluate(async (origin) => {
      const chrome = (globalThis as unknown as { chrome: { alarms: { clearAll(): Promise<unknown> }; storage: { local: { set(v: object): Promise<void> } } } }).chrome;
      await chrome.alarms.clearAll();
      await chrome.storage.local.set({ 'checks:schedule': { [origin]: Date.now() - 60_000 } });
    }, baseUrl);
    const anyPage = browser.context.pages()[0]!;
    await stopExtensionWorker(browser.context, anyPage, EXTENSION_IDS.development);

    // Anything wakes the worker (here its options page); it finds the schedule without an alarm.
    const options = await browser.context.newPage();
    await options.goto(`chrome-extension://${EXTENSION_IDS.development}/options.html`);
    await expect.poll(() => browser.context.pages().some((p) => p.url().startsWith(baseUrl)), { timeout: 15_000 }).toBe(true);
    const background = browser.context.pages().find((p) => p.url().startsWith(baseUrl))!;
    // the worker that started again (Playwright may or may not report it as a new one)
    worker = browser.context.serviceWorkers().at(-1) ?? worker;
    await background.waitForLoadState('domcontentloaded');
    expect(await background.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toBe(`${baseUrl}${CHECKS_BACKGROUND_PATH}`);
    expect(await storedSchedule()).toEqual({});
    const closing = background.waitForEvent('close', { timeout: 10_000 });
    await post(background, { type: 'tessera:watchDone' });
    await closing;
    await options.close();
  });

  it('with no browser window open at all, the alarm opens the checks page in a new window, asked minimized and unfocused', async () => {
    expect(await productTabs()).toEqual([]); // the previous test left no product tab
    // Headless Chromium shows a window it created minimized as normal and focused moments later (it has
    // no window manager); what the extension asked for, and what Chromium answered, is read off the call.
    await worker.evaluate(() => {
      const w = (globalThis as unknown as { chrome: { windows: { create(o: object): Promise<{ state?: string; focused: boolean }> } } }).chrome.windows;
      const create = w.create.bind(w);
      const seen: unknown[] = [];
      (globalThis as unknown as { windowsCreated: unknown[] }).windowsCreated = seen;
      w.create = async (o: object) => { const made = await create(o); seen.push({ asked: o, answered: { state: made.state, focused: made.focused } }); return made; };
    });
    const product = await openProductTab();
    for (const other of browser.context.pages()) if (other !== product) await other.close();
    const nextAt = Date.now() + 2_000;
    await post(product, { type: 'tessera:watchSchedule', nextAt });
    await expect.poll(() => alarmTime(), { timeout: 5_000 }).toBe(nextAt);
    const opening = browser.context.waitForEvent('page', { timeout: 20_000 });
    await product.close();
    expect(await worker.evaluate(async () => (await (globalThis as unknown as { chrome: { windows: { getAll(): Promise<unknown[]> } } }).chrome.windows.getAll()).length)).toBe(0);

    const background = await opening;
    await background.waitForLoadState('domcontentloaded');
    expect(await background.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toBe(`${baseUrl}${CHECKS_BACKGROUND_PATH}`);
    expect(await worker.evaluate(() => (globalThis as unknown as { windowsCreated: unknown[] }).windowsCreated)).toEqual([
      { asked: { url: `${baseUrl}${CHECKS_BACKGROUND_PATH}`, focused: false, state: 'minimized' }, answered: { state: 'minimized', focused: false } },
    ]);

    const closing = background.waitForEvent('close', { timeout: 10_000 });
    await post(background, { type: 'tessera:watchDone' });
    await closing;
  });
});
