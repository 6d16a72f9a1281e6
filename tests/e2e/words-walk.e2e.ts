// Every screen an operator's screen (issue 33): every area's list (its first screen) and one object's
// panel per area, on the normal and the hostile sandbox, in Chinese and English, show words, never the
// platform's codes. The detector reads what the operator sees (rendered text of rows, panels, screens)
// and counts what it checked, so a screen that failed to show anything fails the walk instead of
// passing it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser, loginAs } from './browser';
import { prepareOperator, sandboxClient } from './fixtures';
import { CURRENCY_CODES } from '../../sandbox/constants';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

/** A platform constant (`PENDING_RISK_REVIEW`, `IN_GRACE_PERIOD`). */
const SCREAMING = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g;
/** A platform snake_case value (`disabled_due_to_trust_tier`, `not_enabled`). */
const SNAKE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g;
/** Tokens that are not platform codes shown as words: the hostile sandbox's names carry placeholders as text (sandbox/dataset.ts HOSTILE). */
const ALLOWED_TOKENS = new Set(['access_token', 'fb_dtsg']);
/**
 * The raw values the sandbox answers with (sandbox/areas/*): a cell or panel value that is exactly
 * one of them is a code shown as if it were a word.
 */
const RAW_VALUES = new Set([
  'ACTIVE', 'DISABLED', 'UNSETTLED', 'CLOSED', 'PENDING', 'APPROVED', 'REJECTED', 'NONE', 'CONFIRMED', 'COMPLETED', 'FAILED',
  'AGENCY', 'CLIENT', 'OWNED', 'OWNER', 'ADMIN', 'EMPLOYEE', 'FINANCE_EDITOR', 'DEVELOPER', 'MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT',
  'enabled', 'not_enabled', 'disabled_due_to_trust_tier', 'verified', 'not_verified', 'pending_submission', 'failed',
  'blue_verified', 'gray_verified', 'PIXEL', 'DATASET', 'USER', 'PAGE', 'INVITED', 'admin', 'employee', 'PAGE_NOT_PUBLISHED',
  'ARE_FRIENDS', 'OUTGOING_REQUEST', 'INCOMING_REQUEST', 'CAN_REQUEST', 'OK', 'RESTRICTED',
]);
/** Whole values that are fine in capitals: currency codes, and the trade's own abbreviations. */
const ALLOWED_VALUES = new Set([...CURRENCY_CODES, 'ID', 'BM', 'UTC', 'CSV', 'USD']);

interface Seen { where: string; texts: string[] }

/** The codes found in what the operator sees: tokens in any text, and whole values that are raw codes. */
function codesIn(seen: Seen): string[] {
  const found: string[] = [];
  for (const text of seen.texts) {
    for (const m of text.matchAll(SCREAMING)) if (!ALLOWED_TOKENS.has(m[0])) found.push(`${seen.where}: ${m[0]} in "${text.slice(0, 80)}"`);
    for (const m of text.matchAll(SNAKE)) if (!ALLOWED_TOKENS.has(m[0])) found.push(`${seen.where}: ${m[0]} in "${text.slice(0, 80)}"`);
    const whole = text.trim();
    if (RAW_VALUES.has(whole) || (/^[A-Z]{3,}$/.test(whole) && !ALLOWED_VALUES.has(whole))) found.push(`${seen.where}: the value "${whole}"`);
  }
  return found;
}

/**
 * The texts of a screen's first rows (each cell on its own) and of its headers, every column: a grid
 * draws the columns in view, so each grid is scrolled across, one view at a time, and back.
 */
async function rowTexts(scope: ReturnType<Page['locator']>): Promise<string[]> {
  const cells = () => scope.locator('[data-row-id] [role="gridcell"], [role="columnheader"]').allInnerTexts();
  const texts = await cells();
  for (const grid of await scope.getByRole('grid').all()) {
    if (!(await grid.isVisible())) continue;
    const { width, view } = await grid.evaluate((e) => ({ width: e.scrollWidth, view: e.clientWidth }));
    for (let x = view; x < width; x += view) {
      await grid.evaluate((e, left) => new Promise((done) => { e.scrollLeft = left; requestAnimationFrame(() => requestAnimationFrame(done)); }), x);
      texts.push(...await cells());
    }
    if (width > view) await grid.evaluate((e) => { e.scrollLeft = 0; });
  }
  return texts;
}

/** The cells of a grid's column (by its id), in the rows shown: the column's place among the header's titles is its place among a row's cells. */
async function columnCells(scope: ReturnType<Page['locator']>, columnId: string): Promise<string[]> {
  return scope.evaluate((root, id) => {
    const header = root.querySelector(`[role="columnheader"][data-column-id="${id}"]`);
    if (!header?.parentElement) return [];
    const index = [...header.parentElement.children].filter((e) => e.getAttribute('role') === 'columnheader').indexOf(header);
    return [...root.querySelectorAll('[data-row-id]')].map((row) => {
      const cell = [...row.children].filter((e) => e.getAttribute('role') === 'gridcell')[index] as HTMLElement | undefined;
      return cell ? cell.innerText.trim() : '';
    }).filter((t) => t !== '');
  }, columnId);
}

/** A panel's values: every table cell and tag on it, one text each. */
async function panelTexts(panel: ReturnType<Page['locator']>): Promise<string[]> {
  return panel.locator('td, th, .bp6-tag, p, .bp6-callout').allInnerTexts();
}

const LISTS = [
  { area: 'adaccount', path: '/adaccount/index', detail: 'adaccount-detail' },
  { area: 'bm', path: '/bm/index', detail: 'bm-detail' },
  { area: 'page', path: '/page/index', detail: 'page-detail' },
  { area: 'pixel', path: '/pixel/index', detail: 'pixel-detail' },
  { area: 'adcomment', path: '/adcomment/index' },
  { area: 'friend', path: '/friend/index' },
] as const;
/** The other screens of the areas: what they show beyond the lists. */
const SCREENS = ['/bm/hidden-admins', '/page/disable', '/page/blacklist', '/page/keywords', '/target/index'] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => {
  await browser?.close();
  await sandbox.reset({ hostile: false });
});

/** Opens a screen from the side menu as an operator does (the page is not reloaded: lists stay loaded). */
async function openFromMenu(path: string): Promise<ReturnType<Page['locator']>> {
  await page.locator(`.tessera-sidemenu [data-menu-path="${path}"]`).click();
  const screen = page.locator(`[data-screen="${path}"]`);
  await screen.waitFor();
  return screen;
}

type Locale = 'en-US' | 'zh-CN';
const MENU_WORD: Record<Locale, string> = { 'en-US': 'Pages', 'zh-CN': '主页管理' };
let current: Locale = 'en-US';

/** Switches the interface language in place (the navbar's select): lists and open panels stay, their words change. */
async function speak(locale: Locale) {
  if (current === locale) return;
  await page.locator('.tessera-navbar select').first().selectOption(locale);
  await page.locator('.tessera-sidemenu [data-menu-path="/page/index"]', { hasText: MENU_WORD[locale] }).waitFor();
  current = locale;
}
const other = (locale: Locale): Locale => (locale === 'en-US' ? 'zh-CN' : 'en-US');

/**
 * One pass over the data set: each list's first screen and one object's panel, each read in both
 * languages (the language switches in place, so nothing loads twice), then the areas' other screens.
 */
async function walk(hostile: boolean, found: string[], counts: Record<string, number>) {
  const set = hostile ? 'hostile' : 'normal';
  const add = (key: string, n: number) => { counts[key] = (counts[key] ?? 0) + n; };
  for (const list of LISTS) {
    const screen = await openFromMenu(list.path);
    await screen.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
    // the ad accounts' details (disable reasons, amounts) stream in after the rows: read them once there
    if (list.area === 'adaccount') await screen.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    if (list.area === 'adaccount' && hostile) expect((await screen.locator('[data-row-id]').allInnerTexts()).join('\n')).toContain('<script>'); // the hostile data set, not a cached list
    for (const locale of [current, other(current)]) {
      await speak(locale);
      const tag = `${set} ${locale}`;
      add(`${list.area} rows`, await screen.locator('[data-row-id]').count());
      found.push(...codesIn({ where: `${tag} ${list.path}`, texts: await rowTexts(screen) }));
      if (list.area === 'adaccount') {
        const statuses = await columnCells(screen, 'status');
        add('adaccount status cells', statuses.length);
        for (const s of statuses) if (/^\d+$/.test(s)) found.push(`${tag} ${list.path}: status ${s}`);
        if (locale === 'en-US') await page.screenshot({ path: artifact(`words-adaccount-list-${set}-en.png`) });
      }
    }
    if (!('detail' in list)) continue;
    await screen.locator('[data-row-id]').first().dblclick();
    const panel = page.getByTestId(list.detail);
    await panel.waitFor();
    if (list.area === 'bm') await panel.getByTestId('bm-detail-adaccounts').locator('tbody tr').first().waitFor({ timeout: 20_000 });
    for (const locale of [current, other(current)]) {
      await speak(locale);
      const tag = `${set} ${locale}`;
      if (list.area === 'bm') {
        const accounts = panel.getByTestId('bm-detail-adaccounts');
        // its columns: ID, name, status, relationship
        const cells = await accounts.evaluate((table) => [...table.querySelectorAll('tbody tr')].map((r) => (r.children[2] as HTMLElement | undefined)?.innerText.trim() ?? ''));
        add('business account status cells', cells.length);
        for (const s of cells) if (s === '' || /^\d+$/.test(s)) found.push(`${tag} business panel: account status "${s}"`);
        if (locale === 'en-US') {
          await accounts.scrollIntoViewIfNeeded();
          await page.screenshot({ path: artifact(`words-business-detail-${set}-en.png`) });
        }
      }
      if (list.area === 'adaccount' && locale === 'en-US') await page.screenshot({ path: artifact(`words-adaccount-detail-${set}-en.png`) });
      const texts = await panelTexts(panel);
      add(`${list.area} panel values`, texts.length);
      found.push(...codesIn({ where: `${tag} ${list.detail}`, texts }));
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  }
  // the areas' other screens show the same objects with the same columns: once, on the normal data set
  for (const path of SCREENS) {
    if (hostile && path !== '/target/index') continue;
    const screen = await openFromMenu(path);
    if (path === '/target/index') {
      await screen.getByTestId('target-query').fill('fitness');
      await screen.getByTestId('target-search').click();
      await screen.locator('[data-row-id]').first().waitFor({ timeout: 20_000 });
    } else if (path !== '/page/keywords') {
      await screen.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
    }
    for (const locale of [current, other(current)]) {
      await speak(locale);
      const texts = [...await rowTexts(screen), ...await screen.locator('td, .bp6-callout, .bp6-tag').allInnerTexts()];
      add(`${path} texts`, texts.length);
      found.push(...codesIn({ where: `${set} ${locale} ${path}`, texts }));
    }
  }
}

/**
 * A read job's outputs, as the jobs panel lists them: the people of three businesses (their roles and
 * two-factor states are platform codes), in both languages.
 */
async function walkJobOutputs(found: string[], counts: Record<string, number>) {
  const screen = await openFromMenu('/bm/index');
  await screen.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
  const ids = (await screen.locator('[data-row-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')!))).slice(0, 3);
  // the side menu's rail stays open while the pointer or focus is on it, over the rows' checkboxes: away from it
  await page.mouse.move(900, 500);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => page.locator('.tessera-sidemenu > .bp6-menu').evaluate((e) => e.getBoundingClientRect().width)).toBeLessThan(100);
  for (const id of ids) await screen.locator(`[data-row-id="${id}"] input[type="checkbox"]`).check({ force: true });
  await screen.getByTestId('bm-actions').click();
  await page.locator('[data-action-id="bm.listUsers"]').click();
  await page.getByRole('dialog').locator('button[type="submit"]').click(); // Start, in either language
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByTestId('jobs-button').click();
  const job = page.locator('[data-job-id]').first();
  await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 60_000 }).toBe('done');
  await job.getByTestId('job-items-toggle').click();
  const items = page.locator('.tessera-job-items');
  await items.locator('[data-row-id]').first().waitFor();
  for (const locale of [current, other(current)]) {
    await speak(locale);
    const texts = await rowTexts(items); // every column, the outputs to the right of the item's own
    counts['job output cells'] = (counts['job output cells'] ?? 0) + texts.length;
    // the output columns were read, not only the ones left of them: a role and a two-factor state as words
    expect(texts.some((text) => ['Admin', 'Employee', '管理员', '员工'].includes(text.trim())), texts.join(' | ')).toBe(true);
    expect(texts.some((text) => ['On', 'Off', '已开启', '未开启'].includes(text.trim())), texts.join(' | ')).toBe(true);
    found.push(...codesIn({ where: `normal ${locale} bm.listUsers outputs`, texts }));
    if (locale === 'en-US') await page.screenshot({ path: artifact('words-job-outputs-en.png') });
  }
  await page.keyboard.press('Escape');
}

describe('every screen shows words, not codes', () => {
  it('finds the codes it looks for (the detector itself)', () => {
    const found = codesIn({ where: 'self-check', texts: ['PENDING_RISK_REVIEW', 'Sharing: disabled_due_to_trust_tier', 'AGENCY', 'enabled', 'Disabled', 'USD', '{{access_token}} Ada', '120200000000001', 'Pending risk review'] });
    expect(found).toHaveLength(4);
  });

  it('walks every list and one panel per area, normal and hostile, in Chinese and English', async () => {
    const found: string[] = [];
    const counts: Record<string, number> = {};
    for (const hostile of [false, true]) {
      await sandbox.reset({ hostile });
      await prepareOperator(page, { locale: 'en-US', signIn: false });
      current = 'en-US';
      // Lists are cached per operator in the browser's own database: a new data set needs none of them.
      // The login page, reloaded without a session, holds no connection to it while it is deleted.
      await page.reload();
      await page.evaluate(async () => {
        for (const d of await indexedDB.databases()) {
          if (!d.name) continue;
          await new Promise<void>((resolve, reject) => { const r = indexedDB.deleteDatabase(d.name!); r.onsuccess = () => resolve(); r.onerror = () => reject(r.error); });
        }
      });
      await loginAs(page, baseUrl, 'operator@tessera.test');
      await page.goto(`${baseUrl}/adaccount/index`);
      await walk(hostile, found, counts);
      if (!hostile) await walkJobOutputs(found, counts);
    }
    // It looked at what it says it checks.
    for (const area of LISTS) expect(counts[`${area.area} rows`], area.area).toBeGreaterThan(3 * 4); // both data sets, both languages
    expect(counts['adaccount status cells']).toBeGreaterThan(4 * 10);
    expect(counts['business account status cells']).toBeGreaterThan(4 * 3);
    for (const path of SCREENS) expect(counts[`${path} texts`], path).toBeGreaterThan(0);
    expect(counts['job output cells']).toBeGreaterThan(2 * 3 * 4);
    for (const area of LISTS.filter((l) => 'detail' in l)) expect(counts[`${area.area} panel values`], area.area).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
