// The watch's client in the demo (issue 34 items 1 to 3): loading the ad-account list sends its rows
// to the server; a Tessera job changes an account's spending limit while its job records cannot reach
// the server; the change feed shows the change from outside, then, once the records get through, as the
// job's without the operator pressing Refresh (the feed reads again when the server acknowledged them);
// the account's detail panel shows the same change in its timeline. Then the sandbox disables the
// account from outside (a world event): a list load sends it, an alert fires, and the bell counts it and
// lists it in its popover.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { confirmJob, prepareOperator, sandboxClient, watchSentPrints } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
const ACCOUNT = 'act_120200000000001';
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => void d.dismiss());
});
afterAll(async () => browser?.close());

const sentPrints = (type: string) => watchSentPrints(page, type);
const sentIds = async (type: string) => Object.keys(await sentPrints(type));

describe('the watch in the demo', () => {
  it('a list load sends the accounts; a job\'s change shows in the change feed as the job\'s once its records arrive (no refresh), and in the account\'s timeline; an account disabled from outside lights the bell', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    // the first load sends every account (first sightings: recorded, no change)
    await expect.poll(() => sentIds('adaccount'), { timeout: 30_000 }).toContain(ACCOUNT);
    const before = (await sandbox.object<{ spend_cap?: string }>('adaccount', ACCOUNT)).spend_cap;
    const printBefore = (await sentPrints('adaccount'))[ACCOUNT];

    // the job's records cannot reach the server for now (src/kernel/runner/job-records.ts keeps them and tries again)
    const blockRecords = (route: import('playwright-core').Route) => (route.request().method() === 'POST' ? route.abort() : route.continue());
    await page.route('**/api/jobs/records', blockRecords);

    // a Tessera job sets the account's spending limit
    await page.getByRole('checkbox', { name: `Select row ${ACCOUNT}` }).check({ force: true });
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.setSpendCap"]').click();
    await page.locator('#param-amount').fill('4321');
    await confirmJob(page);
    await page.getByTestId('action-start').click();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('done');
    const jobId = await job.getAttribute('data-job-id');
    await page.keyboard.press('Escape');
    expect((await sandbox.object<{ spend_cap?: string }>('adaccount', ACCOUNT)).spend_cap).not.toBe(before);

    // the list re-read the account after the job and sent the changed row (its stored fingerprint changed)
    await expect.poll(async () => (await sentPrints('adaccount'))[ACCOUNT], { timeout: 30_000 }).not.toBe(printBefore);

    // the change feed: the limit changed — from outside as far as the server knows, the job's records not in yet
    await page.goto(`${baseUrl}/watch/changes`);
    const change = page.locator(`[data-watch-change="adaccount:${ACCOUNT}:spendCap"]`).first();
    await expect.poll(async () => ((await change.count()) ? change.textContent() : ''), { timeout: 30_000 }).toContain('4,321');
    expect(await change.locator('[data-watch-by="outside"]').count()).toBe(1);
    // the records get through (the outbox tries again within seconds); the server re-labels the change and
    // acknowledges them, and the open feed reads again by itself: nobody presses Refresh
    await page.unroute('**/api/jobs/records', blockRecords);
    await expect.poll(async () => ((await change.count()) ? change.textContent() : ''), { timeout: 45_000, interval: 500 }).toMatch(/Tessera job \S+ by /);
    const text = (await change.textContent())!;
    expect(text).toContain('Ad account');
    expect(text).toContain('Spend cap');
    if (jobId) expect(text).toContain(jobId);
    expect(await change.locator('[data-watch-by="outside-danger"]').count()).toBe(0);
    await page.screenshot({ path: artifact('watch-feed-en-light.png') });

    // the object leads to its list filtered on it, whose detail panel has the same change in its timeline
    await change.locator(`[data-watch-link="${ACCOUNT}"]`).click();
    await page.locator(`[data-row-id="${ACCOUNT}"]`).dblclick();
    await page.getByTestId('adaccount-detail').waitFor();
    const timeline = page.locator(`[data-watch-timeline="adaccount:${ACCOUNT}"]`);
    await expect.poll(async () => (await timeline.count()) ? timeline.textContent() : '', { timeout: 30_000 }).toContain('Spend cap');
    expect(await timeline.textContent()).toMatch(/Tessera job/);
    await page.screenshot({ path: artifact('watch-timeline-en-light.png') });

    // someone outside Tessera disables the account; the next load of the list reads it and sends it
    // (the demo's accounts already disabled at their first sighting fired alerts of their own then: the bell counts more than this one)
    await sandbox.world([{ kind: 'disableAccount', id: ACCOUNT, reason: 3 }]);
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    const bell = page.getByTestId('notification-bell');
    await expect.poll(() => bell.getAttribute('data-alerts'), { timeout: 15_000 }).not.toBeNull();
    const alertsBefore = Number(await bell.getAttribute('data-alerts'));
    await page.getByRole('button', { name: 'Reload', exact: true }).first().click();
    // the alert fires on the server; the bell reads the alerts after the snapshots went out, and counts it
    await expect.poll(async () => Number(await bell.getAttribute('data-alerts')), { timeout: 30_000 }).toBeGreaterThan(alertsBefore);
    expect(await page.getByTestId('notification-count').textContent()).toMatch(/^([1-9]\d?|99\+)$/);
    expect(await bell.getAttribute('aria-label')).toMatch(/alerts? firing/);
    await bell.click();
    const alert = page.locator('[data-testid="bell-alerts"] [data-alert-state="firing"][data-alert-rule="accountDisabled"]')
      .filter({ has: page.locator(`[data-watch-link="${ACCOUNT}"]`) });
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('Ad account disabled');
    expect(await alert.locator(`[data-watch-link="${ACCOUNT}"]`).getAttribute('href')).toBe(`/adaccount/index?q=${ACCOUNT.slice(4)}`);
    await page.screenshot({ path: artifact('watch-bell-en-light.png') });
  });
});
