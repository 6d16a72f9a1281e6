// The tiled workspace (its own screen, /workspace/index) and the tab bar as an operator meets them at 1366×768: the default
// layout, split, drag, maximise and restore, close, a narrow tile's toolbar, numbered tiles, and the tab
// bar's overflow menu; screenshots in both languages under tests/e2e/artifacts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

const tiles = (viewId: string) => page.locator(`.mosaic-window:has(> .mosaic-window-body [data-view-id="${viewId}"])`);
/** A tile by its title (react-mosaic orders tiles in the DOM by id, not by place). */
const tile = (title: string) => page.locator(`.mosaic-window:has(> .mosaic-window-toolbar > .mosaic-window-title:text-is("${title}"))`);
const titles = () => page.locator('.mosaic-window > .mosaic-window-toolbar > .mosaic-window-title').allTextContents();
const box = async (l: Locator) => (await l.boundingBox())!;

async function setLocale(locale: 'en-US' | 'zh-CN') {
  await page.evaluate((v) => localStorage.setItem('arco-locale', JSON.stringify({ v })), locale);
  await page.reload();
  await page.locator('.tessera-layout').waitFor();
}

beforeAll(async () => {
  await sandboxClient(baseUrl).reset({ hostile: false });
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.setViewportSize({ width: 1366, height: 768 });
  await prepareOperator(page);
});
afterAll(async () => browser?.close());

describe('the workspace at 1366×768', () => {
  it('a new user starts with businesses, the ad accounts following them and the jobs panel, not an empty mosaic', async () => {
    await page.goto(`${baseUrl}/workspace/index`);
    await expect.poll(async () => (await titles()).sort(), { timeout: 15_000 }).toEqual(['Ad account list', 'Bulk jobs', 'Business list']);
    expect((await box(tiles('bm.list'))).x).toBeLessThan((await box(tiles('adaccount.list'))).x);
    await expect(tiles('adaccount.list').locator('.tessera-tile-follow').textContent()).resolves.toContain('Business list');
    // The rest of this file works on ad accounts beside the jobs panel.
    await tiles('bm.list').getByRole('button', { name: 'Close tile Business list' }).click();
    await expect.poll(() => titles()).toEqual(['Ad account list', 'Bulk jobs']);
    expect(await page.getByText('No Windows Present').count()).toBe(0);
    // The jobs panel filters by nothing: no follow control there.
    expect(await tiles('kernel.jobs').locator('.tessera-tile-follow').count()).toBe(0);
    await tiles('adaccount.list').locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: artifact('workspace-default-en-light.png') });
  });

  it('split opens the same view beside the tile; the two are told apart by number', async () => {
    await tiles('adaccount.list').getByRole('button', { name: 'Split tile Ad account list: open its view again beside it' }).click();
    await expect.poll(() => tiles('adaccount.list').count()).toBe(2);
    expect((await titles()).sort()).toEqual(['Ad account list 1', 'Ad account list 2', 'Bulk jobs']);
    // The follow menu names the other tiles by their titles, never by an id.
    await tile('Ad account list 2').getByRole('button', { name: "Follow another tile's selection" }).click();
    const menu = page.getByRole('menu', { name: "Follow another tile's selection" });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Follow none', 'Ad account list 1']);
    await page.keyboard.press('Escape');
  });

  it('a tile a third of the screen wide keeps its toolbar on one line, the rest in a "more" menu', async () => {
    const narrow = tile('Ad account list 2');
    const toolbar = narrow.locator('.tessera-dt__toolbar');
    await narrow.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    expect((await box(narrow)).width).toBeLessThan(1366 / 3 + 20);
    expect((await box(toolbar)).height).toBeLessThan(48); // one line of 30 px buttons
    const more = narrow.getByTestId('table-more-actions');
    await more.click();
    await expect.poll(() => page.locator('.bp6-popover .bp6-menu').last().getByRole('menuitem').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Export/)]));
    await page.screenshot({ path: artifact('workspace-narrow-tile-en-light.png') });
    await page.keyboard.press('Escape');
  });

  it('drags the jobs tile to the left edge of the first tile', async () => {
    // Drop where the tile is once both lists have loaded (the tiles' toolbars change with them).
    await page.locator('.tessera-tile-body [data-list-state="ready"]').first().waitFor({ state: 'attached', timeout: 30_000 });
    const jobsTitle = tiles('kernel.jobs').locator('> .mosaic-window-toolbar > .mosaic-window-title');
    const first = tile('Ad account list 1');
    const target = await box(first);
    const from = await box(jobsTitle);
    expect(from.x).toBeGreaterThan(target.x);
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 40, { steps: 4 });
    await page.locator('.mosaic.-dragging').waitFor({ state: 'attached' });
    await page.mouse.move(target.x + 15, target.y + target.height / 2, { steps: 12 });
    await first.and(page.locator('.drop-target-hover')).waitFor({ state: 'attached' });
    await page.mouse.move(target.x + 12, target.y + target.height / 2, { steps: 2 });
    await page.mouse.up();
    await expect.poll(async () => (await box(tiles('kernel.jobs'))).x).toBeLessThan(target.x + 20);
  });

  it('maximise covers the workspace with one tile and restore puts the layout back', async () => {
    const jobs = tiles('kernel.jobs');
    const before = await box(jobs);
    await jobs.getByRole('button', { name: 'Maximise tile Bulk jobs' }).click();
    const host = await box(page.locator('.tessera-mosaic-host'));
    await expect.poll(async () => (await box(jobs)).width).toBeGreaterThan(host.width - 20);
    expect(await tiles('adaccount.list').first().isVisible()).toBe(false);
    await page.screenshot({ path: artifact('workspace-maximised-en-light.png') });
    await jobs.getByRole('button', { name: 'Restore the layout' }).click();
    await expect.poll(async () => Math.round((await box(jobs)).width)).toBe(Math.round(before.width));
    expect(await tiles('adaccount.list').first().isVisible()).toBe(true);
  });

  it('closes a tile; the one left of its view loses its number', async () => {
    await tile('Ad account list 2').getByRole('button', { name: 'Close tile Ad account list 2' }).click();
    await expect.poll(() => tiles('adaccount.list').count()).toBe(1);
    expect((await titles()).sort()).toEqual(['Ad account list', 'Bulk jobs']);
  });

  it('the same workspace in Chinese: translated tile controls and a narrow tile', async () => {
    await tiles('adaccount.list').getByRole('button', { name: 'Split tile Ad account list: open its view again beside it' }).click();
    await setLocale('zh-CN');
    await expect.poll(() => titles()).toContain('广告账户列表 2');
    expect(await page.getByRole('button', { name: /^拆分面板“.+”：在旁边再打开一个此视图$/ }).count()).toBe(3);
    expect(await page.locator('.mosaic-window-controls [title="Split Window"], .mosaic-window-controls [title="Expand"]').count()).toBe(0);
    await tile('广告账户列表 2').locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    await tile('广告账户列表 2').getByTestId('table-more-actions').click();
    await page.waitForTimeout(300); // the menu's fade-in
    await page.screenshot({ path: artifact('workspace-narrow-tile-zh-light.png') });
    await page.keyboard.press('Escape');
    await setLocale('en-US');
  });
});

describe('the tab bar', () => {
  const more = () => page.locator('.tessera-tabbar-more');

  it('keeps tabs that do not fit in a menu, and closes the others or all of them', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    // Every area of the side menu (the ones that loaded) as a tab.
    const paths = (await page.locator('a[data-menu-id][href]').evaluateAll((els) => els.map((e) => e.getAttribute('href')!)))
      .filter((p) => p !== '/dashboard/index');
    expect(paths.length).toBeGreaterThan(4);
    for (const path of paths) {
      await page.evaluate((p) => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
      await page.locator(`.tessera-tabbar [data-tab-path="${path}"][aria-current="page"]`).waitFor();
    }
    await expect.poll(async () => Number(await more().getAttribute('data-hidden-tabs'))).toBeGreaterThan(0);
    // The active tab is shown even though it came last.
    await expect(page.locator('.tessera-tabbar [data-tab-path][aria-current="page"]').getAttribute('data-tab-path')).resolves.toBe(paths.at(-1));
    const tabBar = await box(page.locator('.tessera-tabbar'));
    expect(tabBar.height).toBeLessThan(50);
    await more().click();
    const menu = page.getByRole('menu', { name: 'All open screens' });
    await menu.waitFor();
    expect(await menu.locator('[data-menu-tab-path]').count()).toBe(paths.length + 1);
    await page.screenshot({ path: artifact('tabs-overflow-en-light.png') });
    await menu.getByText('Close the other screens').click();
    await expect.poll(() => page.locator('.tessera-tabbar [data-tab-path]').count()).toBe(1);

    await page.evaluate((p) => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate')); }, paths[0]);
    await page.locator(`[data-tab-path="${paths[0]}"]`).waitFor({ state: 'attached' });
    await setLocale('zh-CN');
    await more().click();
    await page.screenshot({ path: artifact('tabs-menu-zh-light.png') });
    await page.getByRole('menu', { name: '全部已打开的页面' }).getByText('关闭全部页面').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/index');
    await expect.poll(() => page.locator('.tessera-tabbar [data-tab-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab-path')))).toEqual(['/dashboard/index']);
  });
});
