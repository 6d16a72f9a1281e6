// Interest targeting in real Chromium on the small sandbox: search "fitness", tick 5 interests, add
// them to a new saved list, export it as CSV; the taxonomy tree of the first active ad account; in
// en-US then zh-CN, and the sandbox's hostile names as text.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { prepareOperator, sandboxClient, setLocale } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const dialogs: string[] = [];

async function search(q: string) {
  await page.getByTestId('target-query').fill(q);
  await page.getByTestId('target-search').click();
  await page.getByTestId('target-result-count').waitFor({ timeout: 20_000 });
  await page.locator('[data-row-id]').first().waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
});
afterAll(async () => browser?.close());

describe('interest targeting on the small sandbox', () => {
  it('searches "fitness", adds 5 interests to a saved list and exports it as CSV', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page);
    await page.goto(`${baseUrl}/target/index`);
    await search('fitness');
    expect(await page.getByTestId('target-result-count').textContent()).toMatch(/^\d+ interests for “fitness”$/);
    const ids = (await page.locator('[data-row-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')!))).slice(0, 5);
    for (const id of ids) await page.locator(`[data-row-id="${id}"] input[type=checkbox]`).check({ force: true });
    await expect.poll(() => page.getByTestId('target-selected-count').textContent()).toBe('5');

    // the selection survives another search
    await search('yoga');
    await expect.poll(() => page.getByTestId('target-selected-count').textContent()).toBe('5');

    await page.getByTestId('target-list-name').fill('Fitness picks');
    await page.getByTestId('target-add-to-list').click();
    await expect.poll(() => page.getByTestId('target-list-items').locator('[data-interest-id]').count()).toBe(5);
    expect(await page.getByTestId('target-list-items').locator('[data-interest-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-interest-id')))).toEqual(ids);
    await page.screenshot({ path: artifact('target-list-en-light.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('target-list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^Fitness picks-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Interest ID,Interest,Audience (lower bound),Audience (upper bound),Path,Topic');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids);

    // the taxonomy of the first active account, as a tree
    await page.getByTestId('target-tab-browse').click();
    await page.locator('.bp6-tree-node').first().waitFor({ timeout: 20_000 });
    await page.locator('.bp6-tree-node-content', { hasText: 'Interests' }).first().click();
    await page.locator('.bp6-tree-node-content', { hasText: 'Fitness and wellness' }).first().waitFor();
    await page.locator('.bp6-tree-node-content', { hasText: 'Technology' }).first().waitFor();
    await page.waitForTimeout(300); // the tree's expand animation
    await page.screenshot({ path: artifact('target-browse-en-light.png') });

    await setLocale(page, 'zh-CN');
    await page.goto(`${baseUrl}/target/index`);
    await search('fitness');
    await expect.poll(() => page.getByTestId('target-lists').textContent()).toContain('导出 CSV');
    await page.screenshot({ path: artifact('target-search-zh-light.png') });
    await setLocale(page, 'en-US');
  });

  it('in the workspace, a targeting tile following the ad-account tile browses the selected account\'s taxonomy', async () => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(`${baseUrl}/workspace/index`);
    const tileOf = (viewId: string) => page.locator(`.mosaic-window:has(> .mosaic-window-body [data-view-id="${viewId}"])`);
    await page.getByLabel('View to add').selectOption('target.list');
    await page.getByRole('button', { name: 'Add tile' }).click();
    const targetTile = tileOf('target.list');
    await targetTile.getByTestId('target-area').waitFor();
    await targetTile.getByRole('button', { name: "Follow another tile's selection" }).click();
    await page.getByRole('menu', { name: "Follow another tile's selection" }).getByRole('menuitem', { name: 'Ad account list' }).click();
    const accounts = tileOf('adaccount.list');
    await accounts.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
    const account = (await accounts.locator('[data-row-id]').nth(1).getAttribute('data-row-id'))!;
    await accounts.locator(`[data-row-id="${account}"] input[type=checkbox]`).check({ force: true });
    await expect.poll(() => targetTile.getByTestId('target-tab-browse').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => targetTile.getByTestId('target-browse-account').inputValue()).toBe(account);
    expect(await targetTile.getByTestId('target-browse-followed').textContent()).toBe('The ad account selected in the followed tile');
    await targetTile.locator('.bp6-tree-node').first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: artifact('workspace-target-follows-en-light.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows hostile interest names as text', async () => {
    await sandbox.reset({ hostile: true });
    await page.goto(`${baseUrl}/target/index`);
    await search('fitness');
    await expect.poll(async () => (await page.locator('[data-row-id]').allTextContents()).join('\n')).toContain('<');
    expect(await page.locator('[data-row-id] script, [data-row-id] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await sandbox.reset({ hostile: false });
  });
});
