// A new operator's dashboard against the small sandbox: the default workspace loads the business and
// ad-account lists, the areas' widgets then show figures that match the sandbox's own data, a recent
// item opens its area, and a notification marked seen on the dashboard leaves the bell's count at once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN_PASSWORD, artifact, launchBrowser, registerThroughApi } from '../../../tests/e2e/browser';
import { prepareOperator, sandboxClient, setLocale } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const sandbox = sandboxClient(baseUrl);
const graph = sandbox.base;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
});
afterAll(async () => browser?.close());

async function adminToken(): Promise<string> {
  const r = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@tessera.test', password: DEMO_ADMIN_PASSWORD }) });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** The session user's ad accounts by account_status, as the sandbox answers me/adaccounts (every page). */
async function sandboxStatusCounts(): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  let url: string | null = `${graph}/v24.0/me/adaccounts?fields=account_status&limit=100`;
  while (url) {
    const body = (await (await fetch(url)).json()) as { data: { account_status: number }[]; paging?: { next?: string } };
    for (const a of body.data) counts[a.account_status] = (counts[a.account_status] ?? 0) + 1;
    url = body.paging?.next ? body.paging.next.replace('https://graph.facebook.com', graph) : null;
  }
  return counts;
}

const count = async (selector: string) => Number(await page.locator(selector).getAttribute('data-count'));
const bellCount = async () => ((await page.getByTestId('notification-count').count()) ? Number(await page.getByTestId('notification-count').textContent()) : 0);

describe('the dashboard of a new operator', () => {
  it('fills the widgets from the lists the workspace loads, opens a recent item, and marks a notification seen', async () => {
    const summary = await sandbox.reset({ hostile: false });
    const statuses = await sandboxStatusCounts();
    const email = `dash-${Date.now()}@example.test`;
    await registerThroughApi(baseUrl, dataDir, email, 'dash-pass-1');
    const created = await fetch(`${baseUrl}/api/admin/announcements/create`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ title: 'Maintenance <b>tonight</b>', content: 'The service pauses at 02:00.', email }),
    });
    expect(created.status).toBe(200);

    await prepareOperator(page, { email, password: 'dash-pass-1' });
    await page.goto(`${baseUrl}/dashboard/index`);
    await page.getByTestId('recent-empty').waitFor();

    // The default workspace (businesses, ad accounts following them, jobs) loads both lists; the widgets follow the cache.
    const byStatus = page.getByTestId('widget-adaccount-by-status');
    await byStatus.waitFor({ timeout: 30_000 });
    await expect.poll(() => count('[data-testid="widget-adaccount-attention"] [data-status="DISABLED"]'), { timeout: 20_000 }).toBe(statuses[2]);
    expect(await count('[data-status="UNSETTLED"]')).toBe(statuses[3]);
    expect(await count('[data-status="IN_GRACE_PERIOD"]')).toBe(statuses[9]);
    expect(await count('[data-status="PENDING_RISK_REVIEW"]')).toBe(statuses[7]);
    await expect.poll(() => page.getByTestId('widget-bm-overview').textContent(), { timeout: 20_000 }).toContain(`${summary.counts.businesses} businesses`);
    expect(await page.getByTestId('widget-adaccount-usd').textContent()).toMatch(/\$[\d,]+\.\d\d/);

    // A notification marked seen on the dashboard leaves the bell at once.
    const maintenance = page.getByTestId('needs-me-notification').filter({ hasText: 'Maintenance <b>tonight</b>' });
    await maintenance.waitFor();
    await expect.poll(bellCount).toBeGreaterThan(0);
    const before = await bellCount();
    await maintenance.getByRole('button', { name: 'Mark as read' }).click();
    await maintenance.waitFor({ state: 'detached' });
    await expect.poll(bellCount, { timeout: 3000 }).toBe(before - 1);
    await page.screenshot({ path: artifact('dashboard-en-light.png') });
    await page.getByTestId('widget-adaccount-spend-chart').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="widget-adaccount-spend-chart"] canvas').waitFor();

    // Open an ad account in its area: it becomes a recent item that opens the area again.
    await page.goto(`${baseUrl}/adaccount/index`);
    const row = page.locator('[data-row-id]').first();
    await row.waitFor({ timeout: 20_000 });
    const id = (await row.getAttribute('data-row-id'))!;
    const name = (await sandbox.object<{ name: string }>('adaccount', id)).name;
    await row.dblclick();
    await page.getByTestId('adaccount-detail').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/dashboard/index`);
    const item = page.getByTestId('recent-item').first();
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain(name);

    // Both languages and themes, the same figures.
    await page.getByTestId('theme-toggle').click();
    await page.locator('[data-widget] .bp6-spinner').first().waitFor({ state: 'detached' });
    await page.screenshot({ path: artifact('dashboard-en-dark.png') });
    await setLocale(page, 'zh-CN');
    await page.reload();
    await expect.poll(() => page.getByTestId('recent-item').first().textContent()).toContain(name);
    expect(await page.getByTestId('recent-items').textContent()).toContain('最近打开');
    await expect.poll(() => count('[data-status="DISABLED"]'), { timeout: 20_000 }).toBe(statuses[2]);
    expect(await page.getByTestId('widget-adaccount-attention').textContent()).toContain('已停用');
    await page.screenshot({ path: artifact('dashboard-zh-dark.png') });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: artifact('dashboard-zh-light.png') });
    await page.setViewportSize({ width: 3840, height: 2160 });
    // every chart now in view is drawn, its placeholder gone
    await expect.poll(() => page.locator('[data-testid="tessera-chart"] canvas').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await expect.poll(() => page.locator('[data-testid="tessera-chart"].bp6-skeleton').count(), { timeout: 20_000 }).toBe(0);
    await page.screenshot({ path: artifact('dashboard-zh-light-4k.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('recent-item').first().click();
    await page.waitForURL(/\/adaccount\/index/);
  });
});
