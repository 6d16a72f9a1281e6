import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { confirmJob, prepareOperator, sandboxClient } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const dialogs: string[] = [];

const account = (id: string) => sandbox.object<{ name: string; account_status: number }>('adaccount', id);

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
});
afterAll(async () => browser?.close());

describe('the ad-account area on the small sandbox', () => {
  it('filters to DISABLED accounts, renames them through the runner and the names land in the sandbox', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-row-id]').first().waitFor({ timeout: 60_000 });
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 }); // rows stream in: filter and select once all are in
    await page.getByLabel('Filter "Status"').selectOption('Disabled');
    await expect.poll(() => page.locator('[data-row-id]').count()).toBeGreaterThan(10);
    const rows = await page.locator('[data-row-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')!));
    for (const id of rows.slice(0, 5)) expect((await account(id)).account_status).toBe(2);
    await page.getByLabel('Select all rows in the current view').check({ force: true });
    const selected = Number((await page.getByText(/^Selected: \d+/).textContent())!.replace(/\D/g, ''));
    expect(selected).toBeGreaterThan(15);
    await page.screenshot({ path: artifact('adaccount-disabled-selected-en-light.png') });

    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    await page.locator('#param-name').fill('{name} - reviewed');
    const listReads = (byPath: Record<string, number>) => Object.entries(byPath).filter(([path]) => /\/adaccounts$|_ad_accounts$/.test(path)).reduce((n, [, c]) => n + c, 0);
    const before = await sandbox.calls();
    await confirmJob(page);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('done');
    await page.screenshot({ path: artifact('adaccount-renamed-en-light.png') });
    await page.keyboard.press('Escape');

    const calls = await sandbox.calls();
    const written = Object.keys(calls.writesByObject);
    expect(written.length).toBeGreaterThan(0);
    for (const id of written) {
      const a = await account(id);
      expect(a.account_status).toBe(2);
      expect(a.name).toMatch(/ - reviewed$/);
      expect(calls.writesByObject[id]).toBe(1);
    }
    expect((await account('act_120200000000001')).name).not.toMatch(/reviewed/); // an active account is untouched

    // After the job only the rows it touched are re-read (by id, batched), never the whole list.
    await expect.poll(() => page.locator('[data-screen="/adaccount/index"] [data-row-id]').filter({ hasText: / - reviewed/ }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const after = await sandbox.calls();
    // the new names on screen came from re-reading the touched rows: the list itself was not read again
    expect(listReads(after.byPath)).toBe(listReads(before.byPath));

    // Opening an account shows its detail and records it as a recent item on the server.
    await page.getByLabel('Filter "Status"').selectOption('');
    await page.locator('[data-row-id="act_120200000000001"]').dblclick();
    await page.getByTestId('adaccount-detail').waitFor();
    await page.screenshot({ path: artifact('adaccount-detail-en-light.png') });
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token')!).v as string);
    await expect.poll(async () => {
      const r = await fetch(`${baseUrl}/api/pay/getRecords?module_id=adaccount`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await r.json()) as { data: { data: { record_id: string } }[] };
      return body.data.map((rec) => rec.data.record_id);
    }).toContain('act_120200000000001');
    await page.keyboard.press('Escape');
  });

  it('shows the hostile names of the sandbox as text and runs nothing', async () => {
    await sandbox.reset({ hostile: true });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect.poll(async () => (await page.locator('[data-row-id]').allTextContents()).join('\n'), { timeout: 60_000 }).toContain('<script>');
    const text = (await page.locator('[data-row-id]').allTextContents()).join('\n');
    expect(text).toContain('<img src=x onerror=');
    expect(await page.locator('[data-row-id] script, [data-row-id] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.screenshot({ path: artifact('adaccount-hostile-en-light.png') });
    await sandbox.reset({ hostile: false });
  });
});
