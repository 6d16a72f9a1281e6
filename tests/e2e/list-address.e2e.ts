// A list's state in the address (docs/DECISIONS.md, "Lists keep their state in the address", "Numbers
// filter as numbers", "Saved views"), in real Chromium on the built app: a dashboard link's
// `?status=DISABLED`, a number filter on "% of cap used", a sort, a reload, Back, and a saved view
// opened from the address. Back is checked over the sorts (clicks): going Back, Chrome may skip a
// history entry a page added without a user gesture, which a script's selectOption or fill is not.
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
afterAll(async () => browser?.close());

const LIST = '[data-screen="/adaccount/index"]';
/** The ids of the first rows shown (the grid renders the rows near the viewport, a few more as it idles). */
/** The first rows the list shows, in the order it shows them (the grid recycles row elements: their order in the document is not the view's). */
const rowIds = async (first = 12) => (await page.locator(`${LIST} [data-row-id]`).evaluateAll((els) => els
  .map((e) => ({ id: e.getAttribute('data-row-id')!, at: Number(e.getAttribute('aria-rowindex')) }))
  .sort((a, b) => a.at - b.at)
  .map((r) => r.id))).slice(0, first);
const count = async () => (await page.locator(`${LIST} [data-testid="table-count"]`).textContent()) ?? '';
const query = () => new URL(page.url()).searchParams;
/** What "% of cap used" is for an account, from the sandbox's own state (minor units; one currency). */
const pctOf = async (id: string) => {
  const a = await sandbox.object<{ spend_cap: number; amount_spent: number }>('adaccount', id);
  return a.spend_cap > 0 ? (a.amount_spent * 100) / a.spend_cap : null;
};
const ready = async () => {
  await page.locator(`${LIST} [data-row-id]`).first().waitFor({ timeout: 60_000 });
  await page.locator(`${LIST} [data-list-state="ready"]`).waitFor({ state: 'attached', timeout: 60_000 });
};

describe('a list keeps its state in the address', () => {
  it('status link, number filter, sort, reload, Back, and a saved view from the address', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page);

    // the dashboard's link: only the disabled accounts
    await page.goto(`${baseUrl}/adaccount/index?status=DISABLED`);
    await ready();
    const status = page.locator(LIST).getByLabel('Filter "Status"');
    await expect.poll(() => status.inputValue()).toBe('Disabled');
    const disabled = await rowIds();
    expect(disabled.length).toBeGreaterThan(10);
    for (const id of disabled.slice(0, 5)) expect((await sandbox.object<{ account_status: number }>('adaccount', id)).account_status).toBe(2);
    expect(await count()).toMatch(/^\d+ of \d+ rows$/);

    // the whole list, then accounts at 90 % of their cap or more
    await status.selectOption('');
    await expect.poll(() => query().get('status')).toBeNull();
    const pct = page.locator(LIST).getByLabel('Filter "% of cap used"');
    expect(await pct.getAttribute('placeholder')).toBe('>=90, 10..50');
    await pct.fill('>=90');
    await expect.poll(() => query().get('f.cap_used_pct')).toBe('>=90');
    const near = await rowIds();
    expect(near.length).toBeGreaterThan(0);
    for (const id of near.slice(0, 8)) expect(await pctOf(id)).toBeGreaterThanOrEqual(90);
    const filtered = await count();

    // sort by it, highest first (asc, then desc)
    const header = page.locator(`${LIST} [role="columnheader"][data-column-id="cap_used_pct"] button`);
    await header.click();
    await expect.poll(() => query().get('sort')).toBe('cap_used_pct:asc');
    const ascending = await rowIds();
    await header.click();
    await expect.poll(() => query().get('sort')).toBe('cap_used_pct:desc');
    const sorted = await rowIds();
    const values = await Promise.all(sorted.slice(0, 5).map(pctOf));
    expect([...values].sort((a, b) => b! - a!)).toEqual(values);
    await page.screenshot({ path: artifact('list-address-number-filter-en-light.png') });

    // a reload shows the same
    await page.reload();
    await ready();
    await expect.poll(() => pct.inputValue()).toBe('>=90');
    await expect.poll(() => rowIds()).toEqual(sorted);
    expect(await count()).toBe(filtered);

    // save a view of the accounts near their cap, highest first
    await page.locator(LIST).getByTestId('views-button').click();
    await page.getByTestId('view-name').fill('Near cap');
    await page.waitForTimeout(300); // the menu's opening transition, for the screenshot
    await page.screenshot({ path: artifact('list-address-views-menu-en-light.png') });
    await page.getByTestId('view-save').click();
    await expect.poll(() => query().get('view')).toBe('Near cap');

    // Back: the sort steps back to ascending, then off; the filter stays
    await page.goBack();
    await expect.poll(() => query().get('sort')).toBe('cap_used_pct:asc');
    await expect.poll(() => rowIds()).toEqual(ascending);
    await page.goBack();
    await expect.poll(() => query().get('sort')).toBeNull();
    await expect.poll(() => pct.inputValue()).toBe('>=90');
    await expect.poll(() => rowIds()).toEqual(near);
    expect(query().get('view')).toBeNull();

    // the plain list, then the view from the address
    await page.goto(`${baseUrl}/adaccount/index`);
    await ready();
    await expect.poll(() => pct.inputValue()).toBe('');
    await page.goto(`${baseUrl}/adaccount/index?view=${encodeURIComponent('Near cap')}`);
    await ready();
    await expect.poll(() => pct.inputValue()).toBe('>=90');
    await expect.poll(() => rowIds()).toEqual(sorted);
    expect(query().get('sort')).toBe('cap_used_pct:desc');
    await page.locator(LIST).getByTestId('views-button').click();
    await expect.poll(() => page.getByTestId('views-menu').locator('[data-view-name="Near cap"]').count()).toBe(1);
    await page.waitForTimeout(300);
    await page.screenshot({ path: artifact('list-address-view-applied-en-light.png') });
    await page.keyboard.press('Escape');
  });
});
