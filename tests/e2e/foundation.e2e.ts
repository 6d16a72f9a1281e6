import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { artifact, launchBrowser, loginAs } from './browser';

const baseUrl = inject('baseUrl');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = browser.context;
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
});
afterAll(async () => browser?.close());

describe('the foundation in real Chromium', () => {
  it('serves the shell in Chinese by default, with every spec route reachable', async () => {
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/login\/login\?redirect=/);
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await page.screenshot({ path: artifact('login-zh-light.png') });
    await loginAs(page, baseUrl, 'operator@tessera.test');
    await page.waitForURL(/\/dashboard\/index$/);
    await expect(page.locator('[data-menu-id]').allTextContents()).resolves.toEqual(
      ['工作台', '个人广告账户', '工作区', 'BM 管理', '主页管理', '像素分享', '兴趣定位', '广告评论管理', '加好友', '变动', '团队'],
    );
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.getByTestId('adaccount-list').waitFor();
    // every area's screen renders: its list (rows streaming in) or, for one not built yet, the notice
    await page.goto(`${baseUrl}/workspace/index`);
    await page.locator('.tessera-workspace .mosaic-window').first().waitFor();
    for (const area of ['bm', 'page', 'pixel', 'target', 'adcomment', 'friend']) {
      await page.goto(`${baseUrl}/${area}/index`);
      await page.locator(`[data-screen="/${area}/index"] .tessera-area-screen, [data-screen="/${area}/index"] :is(.tessera-not-built, [data-list-state], [data-row-id], .bp6-tabs, .bp6-input)`).first().waitFor({ state: 'attached' });
      expect(await page.locator(`[data-screen="/${area}/index"] .tessera-error-page`).count()).toBe(0);
    }
    await page.goto(`${baseUrl}/payment/index`);
    await page.locator('.tessera-services').waitFor();
    await page.goto(`${baseUrl}/user/index`);
    await page.locator('.tessera-user-profile').waitFor();
    await page.goto(`${baseUrl}/admin/index`); // a plugin bound to the admin role: the user's first permitted route
    await page.waitForURL(/\/dashboard\/index$/);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByText('哎呀，页面不见了').waitFor();
  });

  it('switches language and theme, opens two tiles, saves a workspace and restores it after a reload', async () => {
    await page.goto(`${baseUrl}/workspace/index`);
    await page.getByLabel('语言').selectOption('en-US');
    await page.getByText('Add tile').waitFor();
    await page.getByLabel('View to add').selectOption('adaccount.list');
    await page.getByRole('button', { name: 'Add tile' }).click();
    await page.getByLabel('View to add').selectOption('bm.list');
    await page.getByRole('button', { name: 'Add tile' }).click();
    // Two beside the default layout's three (businesses, ad accounts following them, jobs).
    await expect(page.locator('.mosaic-window').count()).resolves.toBe(5);
    await page.getByRole('button', { name: 'Save workspace as' }).click();
    await page.getByLabel('Workspace name').fill('Morning review');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Workspace "Morning review" saved').waitFor();
    await page.screenshot({ path: artifact('workspace-en-light.png') });

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('body').getAttribute('class')).resolves.toContain('bp6-dark');
    await page.screenshot({ path: artifact('workspace-en-dark.png') });

    await page.reload();
    await page.locator('.mosaic-window').first().waitFor();
    await expect(page.locator('.mosaic-window').count()).resolves.toBe(5);
    await page.getByText('Workspace: Morning review').waitFor();
    await expect(page.locator('body').getAttribute('class')).resolves.toContain('bp6-dark');
    await expect(page.getByLabel('Language').inputValue()).resolves.toBe('en-US');
    const titles = await page.locator('.mosaic-window-title').evaluateAll((els) => els.filter((e) => !e.closest('.mosaic-preview')).map((e) => e.textContent));
    expect(titles).toHaveLength(5);
    expect(titles).toEqual(expect.arrayContaining(['Ad account list 1', 'Ad account list 2', 'Business list 1', 'Business list 2']));

    await page.getByLabel('Language').selectOption('zh-CN');
    await page.getByText('当前工作区：Morning review').waitFor();
    await page.screenshot({ path: artifact('workspace-zh-dark.png') });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: artifact('workspace-zh-light.png') });
  });

  it('loads without page errors under the content security policy', async () => {
    const response = await page.goto(`${baseUrl}/adaccount/index`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    expect(response?.headers()['content-security-policy']).not.toMatch(/unsafe-eval/);
    await page.locator('[data-screen="/adaccount/index"] [data-row-id]').first().waitFor({ timeout: 60_000 });
    expect(pageErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
