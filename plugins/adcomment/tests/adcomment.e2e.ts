// Ad-post comments in real Chromium on the small sandbox: select 3 ad posts, add a keyword list,
// preview what it would hide, select the matches and hide them through the runner (dry run first);
// the sandbox's objects show exactly those comments hidden. en-US then zh-CN.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { confirmJob, prepareOperator, sandboxClient, setLocale } from '../../../tests/e2e/fixtures';
import { keywordMatcher } from '../matcher';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const dialogs: string[] = [];
const WORDS = ['scam', '骗子', 'refund', '💩'];

interface SandboxPost { id: string; comments: { id: string; message: string; is_hidden: boolean }[]; hidden: string[] }
const post = (id: string) => sandbox.object<SandboxPost>('post', id);

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
});
afterAll(async () => browser?.close());

describe('ad-post comments on the small sandbox', () => {
  it('previews and hides the comments a keyword list catches on 3 posts', async () => {
    await sandbox.reset();
    const fixtures = await sandbox.fixtures();
    const posts = fixtures.adcomment.posts;
    expect(posts).toHaveLength(3);
    const match = keywordMatcher(WORDS);
    const expected = (await Promise.all(posts.map(post))).flatMap((p) => p.comments.filter((c) => match(c.message).length).map((c) => c.id)).sort();
    expect(expected.length).toBeGreaterThan(2);

    await prepareOperator(page, { pace: 0.05 });
    await page.goto(`${baseUrl}/adcomment/index`);
    const postsTable = page.getByTestId('adcomment-posts');
    await postsTable.locator(`[data-row-id="${posts[0]}"]`).waitFor({ timeout: 30_000 });
    await postsTable.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    for (const id of posts) {
      const box = postsTable.locator(`[data-row-id="${id}"] input[type=checkbox]`);
      await box.click({ force: true });
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    const comments = page.getByTestId('adcomment-comments');
    await comments.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    await comments.locator('[data-row-id]').first().waitFor();

    await page.getByTestId('adcomment-new-list').click();
    await page.locator('#adcomment-list-name').fill('Scam words');
    await page.locator('#adcomment-list-words').fill(WORDS.join('\n'));
    await page.getByTestId('adcomment-new-list-save').click();
    await page.getByTestId('adcomment-preview').click();
    const preview = page.getByTestId('adcomment-preview-list');
    await expect.poll(() => preview.locator('li').count()).toBe(expected.length);
    await page.screenshot({ path: artifact('adcomment-preview-en-light.png') });

    await page.getByTestId('adcomment-select-matching').click();
    await page.getByTestId('adcomment-actions').click();
    await page.locator('[data-action-id="adcomment.hide"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('preview-changes').click();
    await expect.poll(() => dialog.getByTestId('effects').locator('tbody tr').count()).toBe(expected.length);
    await page.screenshot({ path: artifact('adcomment-dry-run-en-light.png') });
    await confirmJob(dialog);
    await dialog.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 30_000 }).toBe('done');
    await page.keyboard.press('Escape');
    const hidden = (await Promise.all(posts.map(post))).flatMap((p) => p.hidden).sort();
    expect(hidden).toEqual(expected);

    await setLocale(page, 'zh-CN');
    await page.goto(`${baseUrl}/adcomment/index`);
    const withHidden = (await Promise.all(posts.map(post))).find((p) => p.hidden.length)!;
    const hiddenHere = withHidden.hidden[0]!;
    await postsTable.locator(`[data-row-id="${withHidden.id}"]`).waitFor({ timeout: 30_000 });
    await postsTable.locator(`[data-row-id="${withHidden.id}"] input[type=checkbox]`).click({ force: true });
    await expect.poll(() => comments.locator(`[data-row-id="${hiddenHere}"]`).textContent(), { timeout: 20_000 }).toContain('已隐藏');
    await page.screenshot({ path: artifact('adcomment-comments-zh-light.png') });
    await setLocale(page, 'en-US');
    expect(dialogs).toEqual([]);
  });
});
