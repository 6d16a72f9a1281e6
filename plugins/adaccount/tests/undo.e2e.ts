// Undo in Chromium against the sandbox (issue 31 part 4, docs/UNDO.md): every active account renamed,
// the job cancelled once the sandbox counts about 100 written, then "Undo N changes": its dry run lists
// the written accounts, and the undo job puts every written name back exactly while the accounts the
// cancelled job never reached are not touched. A short Chinese pass checks the dialog's words.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { confirmJob, prepareOperator, sandboxClient } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => browser?.close());

/** Every account's name as the platform holds it now. */
async function names(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let after = '';
  for (;;) {
    const page = await sandbox.graph<{ data: { id: string; name: string }[]; paging?: { cursors?: { after?: string }; next?: string } }>(
      `/v24.0/me/adaccounts?fields=id,name&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    page.data.forEach((a) => out.set(a.id, a.name));
    if (!page.paging?.next || !page.paging.cursors?.after) return out;
    after = page.paging.cursors.after;
  }
}

async function selectActive(): Promise<number> {
  await page.goto(`${baseUrl}/adaccount/index`);
  await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByLabel(/Filter "(Status|状态)"/).selectOption({ index: 1 });
  await expect.poll(() => page.locator('[data-row-id]').count()).toBeGreaterThan(10);
  await page.getByRole('checkbox', { name: /Select all rows in the current view|全选/ }).check({ force: true });
  return Number((await page.getByText(/^(Selected|已选)[:：] ?\d+/).textContent())!.replace(/\D/g, ''));
}

describe('undo a bulk rename', () => {
  it('cancelled at about 100 written, "Undo N changes" puts every written name back exactly and touches nothing else', async () => {
    await sandbox.reset({ hostile: false });
    // slow enough to cancel between two batches of 50 (a lane task about every second: a batch's read, then its writes)
    await prepareOperator(page, { pace: 3 });
    const original = await names();
    const selected = await selectActive();
    expect(selected).toBeGreaterThan(150);

    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    // said before Start: this job can be undone
    await page.getByTestId('undo-offered').waitFor();
    await page.locator('#param-name').fill('Black Friday {index:3}');
    expect(await confirmJob(page)).toBe(selected);
    await sandbox.clearCalls();
    await page.getByTestId('action-start').click();
    await page.getByTestId('jobs-button').click();
    const jobId = await page.locator('[data-job-status]').first().getAttribute('data-job-id');
    const job = page.locator(`[data-job-id="${jobId}"]`);

    // cancel once the sandbox shows about 100 written (not after a delay)
    await expect.poll(async () => Object.keys((await sandbox.calls()).writesByObject).length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(100);
    await job.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => job.getAttribute('data-job-status')).toBe('cancelled');
    // a batch already on its way lands; then nothing more is written
    let settled = -1;
    await expect.poll(async () => {
      const now = Object.keys((await sandbox.calls()).writesByObject).length;
      const same = now === settled;
      settled = now;
      return same;
    }, { timeout: 10_000, interval: 400 }).toBe(true);
    const { writesByObject } = await sandbox.calls();
    const written = Object.keys(writesByObject);
    expect(written.length).toBeGreaterThanOrEqual(100);
    expect(written.length).toBeLessThan(selected);
    const renamed = await names();
    for (const id of written) expect(renamed.get(id), id).toMatch(/^Black Friday \d{3}$/);

    // the offer counts the applied writes; its dry run finds each still as the job left it
    const undo = job.getByTestId('job-undo');
    await expect.poll(() => undo.textContent()).toBe(`Undo ${written.length} changes`);
    await undo.click();
    const preview = page.getByTestId('undo-preview');
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.getAttribute('data-restore')).toBe(String(written.length));
    expect(await preview.getAttribute('data-changed')).toBe('0');
    await page.waitForTimeout(400); // the dialog's opening transition, for the screenshot
    await page.screenshot({ path: artifact('undo-dialog-en-light.png') });
    await page.getByTestId('confirm-undo-input').fill(String(written.length));
    await sandbox.clearCalls();
    await page.getByTestId('undo-start').click();

    const undoJob = page.locator('[data-job-status]').first();
    await expect.poll(() => undoJob.locator('strong').first().textContent()).toMatch(/^Undo: /);
    await expect.poll(() => undoJob.getAttribute('data-job-status'), { timeout: 120_000 }).toBe('done');
    // the list reads the accounts again: their names are back on screen
    await page.keyboard.press('Escape');
    const firstRow = page.locator('[data-row-id]').first();
    const firstId = await firstRow.getAttribute('data-row-id');
    if (firstId && written.includes(firstId)) await expect.poll(() => firstRow.textContent(), { timeout: 30_000 }).toContain(original.get(firstId)!);
    await page.getByTestId('jobs-button').click();
    // the job it undid says so, and offers nothing more
    await job.getByTestId('job-undone').waitFor();
    expect(await job.getByTestId('job-undo').count()).toBe(0);
    await page.screenshot({ path: artifact('undo-done-en-light.png') });

    // every written name is back exactly; the rest were never touched
    const after = await names();
    for (const [id, name] of original) expect(after.get(id), id).toBe(name);
    const undoWrites = (await sandbox.calls()).writesByObject;
    expect(Object.keys(undoWrites).sort()).toEqual([...written].sort());
    for (const id of written) expect(undoWrites[id], id).toBe(1);
  }, 240_000);

  it('in Chinese: the undo dialog says what it puts back', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05, locale: 'zh-CN' });
    const original = await names();
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    const boxes = page.getByRole('checkbox', { name: /^(Select row|选择行) act_/ });
    await expect.poll(() => boxes.count()).toBeGreaterThan(3);
    for (let i = 0; i < 3; i++) await boxes.nth(i).check({ force: true });
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    await page.getByTestId('undo-offered').waitFor();
    await page.locator('#param-name').fill('冬季 {index}');
    await page.getByTestId('action-start').click();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('done');
    await job.getByTestId('job-undo').click();
    await page.getByTestId('undo-preview').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('undo-preview').textContent()).toContain('3 项将恢复');
    await expect.poll(() => page.getByTestId('undo-start').textContent()).toBe('撤销 3 项更改');
    await page.waitForTimeout(400);
    await page.screenshot({ path: artifact('undo-dialog-zh-light.png') });
    await page.getByTestId('undo-start').click();
    const undoJob = page.locator('[data-job-status]').first();
    await expect.poll(() => undoJob.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('done');
    const after = await names();
    for (const [id, name] of original) expect(after.get(id), id).toBe(name);
  }, 120_000);
});
