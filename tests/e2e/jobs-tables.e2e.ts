// The jobs panel and the table as an operator meets them, in English then Chinese: a job with
// failures says so, its items open from a visible control, exports follow the selection, a row opens
// from its own button and its detail offers the actions for that one account.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { confirmJob, prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  await sandbox.reset();
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => browser?.close());

describe('jobs and tables', () => {
  it('a job with failures reads "Done — N of M failed", its items open from a button, exports follow the selection, a row opens from its button', async () => {
    await prepareOperator(page, { pace: 0.05 });
    await page.goto(`${baseUrl}/adaccount/index`);
    const screen = page.locator('[data-screen="/adaccount/index"]');
    await screen.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    const exportButton = screen.getByRole('button', { name: /^Export/ });
    await expect(exportButton.textContent()).resolves.toMatch(/^Export all \d+ rows$/);
    for (const id of ['act_120200000000001', 'act_120200000000002', 'act_120200000000003']) {
      await screen.getByRole('checkbox', { name: `Select row ${id}` }).check({ force: true });
    }
    await expect(exportButton.textContent()).resolves.toBe('Export 3 selected rows');

    // a person who already has a role on the first account: that item fails, the job says so
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.addUser"]').click();
    await page.locator('#param-uid').fill('61550000000040');
    await page.locator('#param-role').selectOption('1002');
    await confirmJob(page);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('jobs-button').click();
    const status = page.getByTestId('job-status').first();
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^Done — [1-3] of 3 failed$/);
    expect(await status.getAttribute('class')).toMatch(/intent-(warning|danger)/);
    await page.getByTestId('job-items-toggle').first().click();
    await page.locator('.tessera-job-items [data-row-id]').first().waitFor();
    await expect(page.locator('.tessera-job-items').textContent()).resolves.toContain('act_120200000000001');
    // read like a history (issue 31): each account by name with the person after an arrow, never the
    // runner's `<id>|<entry>` key, and why an item failed inside the drawer at 1280×800 (no sideways scroll)
    await page.setViewportSize({ width: 1280, height: 800 });
    const items = page.locator('.tessera-job-items');
    await expect(items.textContent()).resolves.not.toContain('|');
    await expect(items.getByTestId('job-item-object').first().textContent()).resolves.toContain('→ 61550000000040');
    const reasonCell = items.locator('[role="gridcell"]:has(.tessera-job-reason--failed)').first();
    const [cell, table] = [await reasonCell.boundingBox(), await items.locator('.tessera-dt__scroll').boundingBox()];
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(table!.x + table!.width);
    await page.screenshot({ path: artifact('jobs-items-1280-en-light.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: artifact('jobs-failures-en-light.png') });

    await page.getByLabel('Language').selectOption('zh-CN');
    await expect.poll(() => status.textContent()).toMatch(/^已完成 — 3 项中 [1-3] 项失败$/);
    await page.screenshot({ path: artifact('jobs-failures-zh-light.png') });
    await page.keyboard.press('Escape');
    await expect(screen.getByRole('button', { name: /^导出/ }).textContent()).resolves.toBe('导出选中的 3 行');

    // one click on a row's open button: its detail with the actions for that one account
    // the open button is named for the account (its name, else its id): "打开 <name> 的详情"
    await screen.locator('[data-row-id="act_120200000000002"]').getByRole('button', { name: /^打开 .+ 的详情$/ }).click();
    const detail = page.getByTestId('adaccount-detail');
    await detail.waitFor();
    await expect(detail.getByTestId('object-actions').getByRole('button').count()).resolves.toBeGreaterThan(5);
    await page.waitForTimeout(400);
    await page.screenshot({ path: artifact('adaccount-detail-actions-zh-light.png') });
  });
});
