import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, artifact, launchBrowser, loginAs, registerThroughApi } from './browser';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const graph = `${baseUrl}/__graph`;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
});
afterAll(async () => browser?.close());

async function adminToken(): Promise<string> {
  const r = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@tessera.test', password: DEMO_PASSWORD }) });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

describe('the dashboard of a new operator', () => {
  it('lists an ad account they opened (it opens its area), and a notification marked seen goes away', async () => {
    await fetch(`${graph}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: 'tessera', scale: 'small', hostile: false }) });
    const email = `dash-${Date.now()}@example.test`;
    await registerThroughApi(baseUrl, dataDir, email, 'dash-pass-1');
    const created = await fetch(`${baseUrl}/api/admin/announcements/create`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ title: 'Maintenance <b>tonight</b>', content: 'The service pauses at 02:00.', email }),
    });
    expect(created.status).toBe(200);

    await page.goto(`${baseUrl}/login/login`);
    await page.evaluate(() => { localStorage.clear(); localStorage.setItem('arco-locale', JSON.stringify({ v: 'en-US' })); });
    await loginAs(page, baseUrl, email, 'dash-pass-1');
    await page.goto(`${baseUrl}/dashboard/index`);
    await page.getByTestId('recent-empty').waitFor();
    await expect.poll(() => page.getByTestId('needs-me-notification').filter({ hasText: 'Maintenance <b>tonight</b>' }).count()).toBe(1);

    await page.goto(`${baseUrl}/adaccount/index`);
    const row = page.locator('[data-row-id]').first();
    await row.waitFor({ timeout: 20_000 });
    const id = (await row.getAttribute('data-row-id'))!;
    const name = (await (await fetch(`${graph}/__sandbox/objects/adaccount/${id}`)).json() as { name: string }).name;
    await row.dblclick();
    await page.getByTestId('adaccount-detail').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/dashboard/index`);
    const item = page.getByTestId('recent-item').first();
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain(name);
    // other tests may have left announcements for every user: this one is the test's own
    const maintenance = page.getByTestId('needs-me-notification').filter({ hasText: 'Maintenance <b>tonight</b>' });
    await maintenance.getByRole('button', { name: 'Mark as read' }).click();
    await maintenance.waitFor({ state: 'detached' });
    await page.screenshot({ path: artifact('dashboard-en-light.png') });

    await page.evaluate(() => localStorage.setItem('arco-locale', JSON.stringify({ v: 'zh-CN' })));
    await page.reload();
    await expect.poll(() => page.getByTestId('recent-item').first().textContent()).toContain(name);
    expect(await page.getByTestId('recent-items').textContent()).toContain('最近打开');
    await page.locator('[data-widget] .bp6-spinner').first().waitFor({ state: 'detached' });
    // (seen is kept per user and social identity, as the spec's notification calls say: not checked across a reload here,
    // where the demo identity may arrive after the first unseen list)
    await page.screenshot({ path: artifact('dashboard-zh-light.png') });
    await page.getByTestId('recent-item').first().click();
    await page.waitForURL(/\/adaccount\/index/);
  });
});
