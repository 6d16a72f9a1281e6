// Lists stream (docs/PLUGINS.md, useAreaList): with the large sandbox (19,921 ad accounts) the first
// rows show as the first page arrives, later pages append, detail cells say they are loading, and
// sorting and filtering work on what is there — long before the whole list and its details are in.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => {
  await sandbox.reset({ scale: 'small' }); // the other browser tests expect the small data set
  await browser?.close();
});

describe('a large list streams', () => {
  it('shows the first rows at once, appends pages, says which cells are still loading, and sorts what is there', async () => {
    await sandbox.reset({ scale: 'large' });
    await prepareOperator(page);
    const started = Date.now();
    await page.goto(`${baseUrl}/adaccount/index`);
    const screen = page.locator('[data-screen="/adaccount/index"]');
    await screen.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
    const firstRowMs = Date.now() - started;
    const count = async () => Number(((await screen.getByTestId('table-count').textContent()) ?? '').replace(/\D/g, ''));
    const firstCount = await count();
    expect(await screen.locator('[data-list-state]').first().getAttribute('data-list-state')).toBe('loading');
    await expect.poll(count, { timeout: 30_000 }).toBeGreaterThan(firstCount); // later pages append
    expect(await screen.getByText('Loading…').count()).toBeGreaterThan(0); // detail cells not in yet say so
    // sorting works on what is there while the load goes on
    const firstIds = () => screen.locator('[data-row-id]').evaluateAll((rows) => rows.slice(0, 5).map((r) => r.getAttribute('data-row-id')));
    const byId = await firstIds();
    const nameHeader = screen.getByRole('columnheader', { name: /^Name/ });
    await nameHeader.getByRole('button').first().click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(firstIds).not.toEqual(byId); // the rows that are in, in name order now
    expect(await screen.locator('[data-list-state]').first().getAttribute('data-list-state')).toBe('loading');
    await page.screenshot({ path: artifact('adaccount-streaming-large-en-light.png') });
    console.log(`[streaming] large sandbox: first rows after ${firstRowMs} ms (${firstCount} rows), ${await count()} rows shown ${Date.now() - started} ms after opening, still loading`);
    await page.goto(`${baseUrl}/dashboard/index`); // leave: the load is aborted
  });
});
