// The watch's client in the demo (issue 34 items 1 and 2): loading the ad-account list sends its rows
// to the server; a Tessera job changes an account's spending limit (the sandbox has no loopback control
// that changes an account from outside yet); the list re-reads the account and sends the changed row;
// after a reload the change feed says what changed, from → to, and that the Tessera job made it; the
// account's detail panel shows the same change in its timeline.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { confirmJob, prepareOperator, sandboxClient } from './fixtures';

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

/** What this browser recorded as sent to the watch, by type (the signed-in user's `tessera-watch:<uid>`). */
const sentIds = (type: string) => page.evaluate((t) => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('tessera-watch:'));
  if (!key) return [] as string[];
  const stored = JSON.parse(localStorage.getItem(key)!) as { v: { prints: Record<string, Record<string, string>> } };
  return Object.keys(stored.v.prints[t] ?? {});
}, type);

describe('the watch in the demo', () => {
  it('a list load sends the accounts; a job\'s change shows in the change feed as the job\'s, and in the account\'s timeline', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    // the first load sends every account (first sightings: recorded, no change)
    await expect.poll(() => sentIds('adaccount'), { timeout: 30_000 }).toContain(ACCOUNT);
    const before = (await sandbox.object<{ spend_cap?: string }>('adaccount', ACCOUNT)).spend_cap;

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

    // the list is loaded again (the re-read after the job already sent the changed row; a reload sends nothing new)
    await page.reload();
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });

    // the change feed: the limit changed, by the Tessera job
    await page.goto(`${baseUrl}/watch/changes`);
    const change = page.locator(`[data-watch-change="adaccount:${ACCOUNT}:spendCap"]`).first();
    // the changed row is sent in the background (src/kernel/list/watch-send.ts): the feed may have loaded
    // before it landed, so the operator refreshes it
    await expect.poll(async () => {
      if (await change.count()) return change.textContent();
      await page.getByRole('button', { name: 'Refresh' }).click();
      return '';
    }, { timeout: 30_000, interval: 1_000 }).toContain('4,321');
    // the job's record may reach the server after the snapshot: the server re-labels the change then, the feed on its next refresh
    await expect.poll(async () => {
      const text = (await change.textContent()) ?? '';
      if (!/Tessera job \S+ by /.test(text)) await page.getByRole('button', { name: 'Refresh' }).click();
      return text;
    }, { timeout: 30_000, interval: 1_000 }).toMatch(/Tessera job \S+ by /);
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
  });
});
