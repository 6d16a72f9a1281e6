import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifact, launchBrowser, registerThroughApi } from './browser';
import { prepareOperator } from './fixtures';
import { startServer, type RunningServer } from './server';

const baseUrl = inject('baseUrl');

describe('the bridge without the extension', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => browser?.close());

  it('demo mode: data through the demo transport, a Demo data tag, and no warning dialog', async () => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await prepareOperator(page);
    await page.getByTestId('sandbox-tag').waitFor();
    await page.waitForTimeout(2500); // the version check and the identity refresh (1 s after navigation) have run
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    const fbid = await page.evaluate(() => localStorage.getItem('fbid'));
    expect(JSON.parse(fbid!).v).toBe('61550000000001');
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-row-id="act_120200000000001"]').waitFor();
    await page.screenshot({ path: artifact('adaccount-demo-en-light.png') });
  });
});

describe('the bridge with demo mode off and no extension', () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    server = await startServer({ TESSERA_DEMO: '0' });
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  it('the dashboard asks to install the extension first; I know closes it', async () => {
    await registerThroughApi(server.baseUrl, server.dataDir, 'first@example.test', 'first-pass');
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await prepareOperator(page, { baseUrl: server.baseUrl, clear: false, email: 'first@example.test', password: 'first-pass' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please install the extension first').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('sandbox-tag').count()).resolves.toBe(0);
    await page.screenshot({ path: artifact('install-extension-en-light.png') });
    await dialog.getByRole('button', { name: 'I know' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // elsewhere than the dashboard the warning does not appear
    await page.goto(`${server.baseUrl}/bm/index`);
    await page.waitForTimeout(6000);
    await expect(page.getByText('Please install the extension first').count()).resolves.toBe(0);
  });
});
