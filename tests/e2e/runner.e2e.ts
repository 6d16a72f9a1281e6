import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { confirmJob, prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

/** A user with no role on any account (the sandbox's last user). */
const NEW_USER = '61550000000060';

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => browser?.close());

describe('the runner in real Chromium on the sandbox', () => {
  it('a 300-item addUser job survives a reload mid-way: every item written exactly once, nothing missing', async () => {
    await sandbox.reset();
    await prepareOperator(page, { pace: 0.25 });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-row-id]').first().waitFor();
    // The list streams: rows show from the first page on; select all once every page is in.
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByLabel('Select all rows in the current view').check({ force: true });
    const selected = Number((await page.getByText(/^Selected: \d+/).textContent())!.replace(/\D/g, ''));
    expect(selected).toBeGreaterThanOrEqual(290);

    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.addUser"]').click();
    await confirmJob(page);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Fix the fields marked in red; nothing was sent.').waitFor();
    await page.locator('#param-uid').fill(NEW_USER);
    await page.locator('#param-role').selectOption('1002');
    await confirmJob(page);
    await page.getByRole('button', { name: 'Start' }).click();

    // Let part of the job run, then reload the page in the middle of it.
    await expect.poll(async () => (await sandbox.calls()).writesByObject, { timeout: 30_000 })
      .toSatisfy((w: Record<string, number>) => Object.keys(w).length >= 40);
    await page.reload();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status')).toBe('interrupted');
    const before = await sandbox.calls();
    expect(Object.keys(before.writesByObject).length).toBeLessThan(selected);
    await page.screenshot({ path: artifact('runner-interrupted-en-light.png') });
    await job.getByRole('button', { name: 'Resume' }).click();
    // A write the reload caught before it reached the platform may still land until its deadline
    // (90 s after it left): the rest of the job goes on meanwhile, and the card says what it waits for.
    const settling = await job.getByTestId('job-settling').waitFor({ timeout: 3_000 }).then(() => true, () => false);
    if (settling) await page.screenshot({ path: artifact('runner-settling-en-light.png') });
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 180_000 }).toBe('done');
    await page.screenshot({ path: artifact('runner-done-en-light.png') });

    const calls = await sandbox.calls();
    const twice = Object.entries(calls.writesByObject).filter(([, n]) => n !== 1);
    expect(twice).toEqual([]);
    const counts = await job.getByTestId('job-counts').textContent();
    const done = Number(/(\d+) done/.exec(counts!)![1]);
    const failed = Number(/(\d+) failed/.exec(counts!)![1]);
    const unknown = Number(/(\d+) to check/.exec(counts!)![1]);
    expect(unknown).toBe(0);
    expect(done + failed).toBe(selected);
    expect(Object.keys(calls.writesByObject)).toHaveLength(done);
    // every account that took the write now lists the user exactly once
    for (const id of Object.keys(calls.writesByObject).slice(0, 20)) {
      const account = await sandbox.object<{ users?: { uid: string }[] }>('adaccount', id);
      expect((account.users ?? []).filter((u) => String(u.uid) === NEW_USER)).toHaveLength(1);
    }
  }, 300_000); // its own waits add up past the browser tests' 120 s: the list (60 s), the first writes (30 s), the resumed job (180 s)
});
