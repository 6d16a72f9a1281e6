// A new operator's dashboard against the small sandbox: the first-time workspace (on its own screen,
// /workspace/index) loads the business and ad-account lists; the dashboard then counts what needs the
// operator from them — figures that match the sandbox's own data, each opening its list filtered — and
// the areas' widgets show the same; a recent item opens its area, a notification marked seen on the
// dashboard leaves the bell's count at once, and a workspace saved by the version that kept it on the
// dashboard opens on the workspace's screen.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN_PASSWORD, artifact, launchBrowser, registerThroughApi } from '../../../tests/e2e/browser';
import { prepareOperator, sandboxClient, setLocale } from '../../../tests/e2e/fixtures';
import oldStore from './fixtures/browser-store-dashboard-route.json';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const sandbox = sandboxClient(baseUrl);
const graph = sandbox.base;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
});
afterAll(async () => browser?.close());

async function adminToken(): Promise<string> {
  const r = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@tessera.test', password: DEMO_ADMIN_PASSWORD }) });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** The session user's ad accounts as the sandbox answers me/adaccounts (every page): by account_status, and how many use 90 % or more of their cap. */
async function sandboxAccounts(): Promise<{ statuses: Record<number, number>; nearCap: number }> {
  const statuses: Record<number, number> = {};
  let nearCap = 0;
  let url: string | null = `${graph}/v24.0/me/adaccounts?fields=account_status,spend_cap,amount_spent&limit=100`;
  while (url) {
    const body = (await (await fetch(url)).json()) as { data: { account_status: number; spend_cap?: string; amount_spent?: string }[]; paging?: { next?: string } };
    for (const a of body.data) {
      statuses[a.account_status] = (statuses[a.account_status] ?? 0) + 1;
      const cap = Number(a.spend_cap ?? 0);
      if (cap > 0 && Number(a.amount_spent ?? 0) / cap >= 0.9) nearCap += 1;
    }
    url = body.paging?.next ? body.paging.next.replace('https://graph.facebook.com', graph) : null;
  }
  return { statuses, nearCap };
}

const count = async (selector: string) => Number(await page.locator(selector).getAttribute('data-count'));
const figure = (id: string) => page.locator(`[data-testid="needs-me-counts"] [data-need="${id}"]`);
// the unread notifications the bell counts (its badge also counts firing alerts: the demo's first list load fires some)
const bellCount = async () => Number(await page.getByTestId('notification-bell').getAttribute('data-unread') ?? 0);
const titles = () => page.locator('.mosaic-window > .mosaic-window-toolbar > .mosaic-window-title').allTextContents();

describe('the dashboard of a new operator', () => {
  it('counts what needs the operator from the lists the workspace loaded, each figure opening its list filtered; widgets, recent items and notifications', async () => {
    const summary = await sandbox.reset({ hostile: false });
    const { statuses, nearCap } = await sandboxAccounts();
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
    // The dashboard holds no workspace; before any list is loaded it says what it could not count, never "nothing".
    await page.locator('[data-testid="needs-me-counts"][data-ready="true"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('.mosaic-window').count()).toBe(0);
    expect(await page.getByTestId('needs-me-not-counted').textContent()).toContain('Ad accounts');
    expect(await page.getByTestId('needs-me-nothing').count()).toBe(0);

    // The first-time workspace, on its own screen second in the menu: businesses, the ad accounts following them, jobs.
    await page.locator('a[data-menu-id="workspace"]').click();
    await page.waitForURL((url) => url.pathname === '/workspace/index');
    await expect.poll(async () => (await titles()).sort()).toEqual(['Ad account list', 'Bulk jobs', 'Business list']);
    for (const view of ['adaccount.list', 'bm.list']) await page.locator(`[data-view-id="${view}"] [data-list-state="ready"]`).waitFor({ state: 'attached', timeout: 30_000 });

    // Back on the dashboard the figures count the cached lists and match the sandbox.
    await page.locator('a[data-menu-id="dashboard"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/index');
    await expect.poll(() => figure('adaccount.disabled').getAttribute('data-count'), { timeout: 20_000 }).toBe(String(statuses[2] ?? 0));
    expect(await figure('adaccount.needPayment').getAttribute('data-count')).toBe(String(statuses[3] ?? 0));
    expect(await figure('adaccount.nearCap').getAttribute('data-count')).toBe(String(nearCap));
    expect(await figure('bm.restricted').count()).toBe(1);
    expect(await figure('kernel.jobs').getAttribute('data-count')).toBe('0');
    // pages and friend requests were not loaded: named as not counted, with a link that opens them
    const notCounted = page.getByTestId('needs-me-not-counted');
    expect(await notCounted.locator('[data-area]').evaluateAll((els) => els.map((e) => e.getAttribute('data-area')))).toEqual(['page', 'friend']);

    // The widgets read the same lists.
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
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: artifact('dashboard-en-light-1366.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    // one day of history: said, not drawn as one bar
    const history = page.getByTestId('widget-adaccount-status-history');
    await history.scrollIntoViewIfNeeded();
    expect(await history.getAttribute('data-days')).toBe('1');
    expect(await history.getByTestId('history-so-far').textContent()).toContain('1 day of history so far');
    const spend = page.getByTestId('widget-adaccount-spend-chart');
    await spend.scrollIntoViewIfNeeded();
    await spend.locator('canvas').waitFor();
    await page.screenshot({ path: artifact('dashboard-charts-en-light.png') });

    // A figure opens its list filtered, in the list's address format.
    await page.evaluate(() => window.scrollTo(0, 0));
    await figure('adaccount.disabled').click();
    await page.waitForURL((url) => url.pathname === '/adaccount/index' && url.search === '?status=DISABLED');
    // A widget's figure too: the restricted businesses open the business list showing just those.
    await page.goBack();
    const restricted = page.getByTestId('widget-bm-overview').locator('tr[data-filter=\'{"restricted":"true"}\']');
    const restrictedCount = Number((await restricted.locator('td').nth(1).textContent())!.replace(/\D/g, ''));
    await restricted.getByRole('button').click();
    await page.waitForURL((url) => url.pathname === '/bm/index' && url.search === '?f.restricted=true');
    const bmCount = page.locator('.tessera-screen:not([hidden]) [data-testid="table-count"]');
    await expect.poll(() => bmCount.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^${restrictedCount} of ${summary.counts.businesses}`));

    // Open an ad account in its area: it becomes a recent item that opens the area again.
    await page.goto(`${baseUrl}/adaccount/index`);
    const row = page.locator('.tessera-screen:not([hidden]) [data-row-id]').first();
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
    await expect.poll(() => figure('adaccount.disabled').getAttribute('data-count'), { timeout: 20_000 }).toBe(String(statuses[2] ?? 0));
    expect(await figure('adaccount.disabled').textContent()).toContain('已停用的广告账户');
    await expect.poll(() => count('[data-status="DISABLED"]'), { timeout: 20_000 }).toBe(statuses[2]);
    await page.screenshot({ path: artifact('dashboard-zh-dark.png') });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: artifact('dashboard-zh-light.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: artifact('dashboard-zh-light-1366.png') });
    await page.setViewportSize({ width: 3840, height: 2160 });
    // every chart now in view is drawn, its placeholder gone
    await expect.poll(() => page.locator('[data-testid="tessera-chart"] canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="tessera-chart"].bp6-skeleton').count(), { timeout: 20_000 }).toBe(0);
    await page.screenshot({ path: artifact('dashboard-zh-light-4k.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLocale(page, 'en-US');
    await page.getByTestId('recent-item').first().click();
    await page.waitForURL(/\/adaccount\/index/);
  });

  it('opens a workspace saved by the version that kept it on the dashboard, on the workspace screen', async () => {
    // the browser store as that version wrote it, under this operator's keys (`<key>:<uid>`)
    await page.evaluate((entries) => {
      const uid = JSON.parse(localStorage.getItem('uid')!).v as string;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(`${key}:${uid}`, JSON.stringify(value));
    }, oldStore);
    await page.goto(`${baseUrl}/workspace/index`);
    await page.getByText('Workspace: Morning review').waitFor();
    await expect.poll(async () => (await titles()).sort()).toEqual(['Ad account list 1', 'Ad account list 2', 'Bulk jobs', 'Business list']);
    await page.screenshot({ path: artifact('workspace-from-dashboard-en-light.png') });
    await page.locator('a[data-menu-id="dashboard"]').click();
    await page.getByTestId('dashboard-overview').waitFor();
    expect(await page.locator('.mosaic-window').count()).toBe(0);
  });
});
