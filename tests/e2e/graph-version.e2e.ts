// The Graph API version is data, end to end in real Chromium: the sandbox stops serving the version the
// product names, a job pauses with "the platform no longer serves this version", an admin sets another
// (no release), the operator's tab learns it on the next #2635 answer and the resumed job finishes on it
// — the sandbox's call log shows which version each call named.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { confirmJob, prepareOperator, sandboxClient, setGraphVersion, versionsNamed } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;





beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => {
  // the browser tests share one server and sandbox: put the version and the switches back
  await setGraphVersion('v24.0').catch(() => undefined);
  await sandbox.reset().catch(() => undefined);
  await browser?.close();
});

describe('the Graph API version is data', () => {
  it('a retired version pauses the job with the reason; an admin sets another; the job finishes on it', async () => {
    await sandbox.reset({ hostile: false });
    expect(((await (await fetch(`${baseUrl}/api/runtime`)).json()) as { data: { graphVersion: string } }).data.graphVersion).toBe('v24.0');
    await prepareOperator(page, { pace: 0.05 });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    expect(versionsNamed((await sandbox.calls()).recent.map((c) => c.path))).toEqual(['v24.0']);

    // the platform retires v24.0 (the sandbox now serves v16.0–v23.0)
    await sandbox.switches({ versions: 'v16.0-v23.0' });
    await page.getByLabel('Filter "Status"').selectOption('Disabled');
    await expect.poll(() => page.locator('[data-row-id]').count()).toBeGreaterThan(5);
    await page.getByLabel('Select all rows in the current view').check({ force: true });
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    await page.locator('#param-name').fill('{name} - v23');
    await sandbox.clearCalls();
    await confirmJob(page);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('paused');
    const reason = job.getByTestId('job-version-retired');
    await expect.poll(() => reason.textContent()).toBe('Every job is paused: the platform no longer serves this version. Ask your admin to set a newer platform version, then resume the jobs.');
    await page.screenshot({ path: artifact('graph-version-retired-en-light.png') });
    expect((await sandbox.calls()).writesByObject).toEqual({});

    // the admin sets v23.0: no release, no reload of the operator's tab
    await setGraphVersion('v23.0');
    await sandbox.clearCalls();
    await job.getByRole('button', { name: 'Resume' }).click();
    // the tab still names v24.0 (its next 5-minute read is far off): one more #2635 makes it read the
    // runtime at once, and every job pauses again, with nothing applied
    const refusedOnV24 = async () => (await sandbox.calls()).recent.some((c) => c.method !== 'GET' && c.path.startsWith('/v24.0/'));
    await expect.poll(refusedOnV24, { timeout: 60_000 }).toBe(true);
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('paused');
    expect((await sandbox.calls()).writesByObject).toEqual({});
    await sandbox.clearCalls();
    await job.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('done');
    await page.screenshot({ path: artifact('graph-version-done-en-light.png') });

    const calls = await sandbox.calls();
    const written = Object.keys(calls.writesByObject);
    expect(written.length).toBeGreaterThan(5);
    for (const id of written) expect(calls.writesByObject[id]).toBe(1);
    // after the tab learned it, every call named v23.0
    expect(versionsNamed(calls.recent.map((c) => c.path))).toEqual(['v23.0']);
    expect(((await (await fetch(`${baseUrl}/api/runtime`)).json()) as { data: { graphVersion: string } }).data.graphVersion).toBe('v23.0');
  }, 240_000);
});
