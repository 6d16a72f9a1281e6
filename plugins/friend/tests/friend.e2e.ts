// Friends in real Chromium on the small sandbox: paste 10 people (ids and a profile link), look them
// up, send 10 friend requests as one paced job, then cancel 3 of them from the sent list (dry run
// first); the sandbox shows 7 pending and 3 cancelled. en-US then zh-CN; hostile names as text.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { confirmJob, prepareOperator, sandboxClient, setLocale } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const dialogs: string[] = [];
async function waitJobDone() {
  await page.getByTestId('jobs-button').click();
  const job = page.locator('[data-job-status]').first();
  await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 30_000 }).toBe('done');
  await page.keyboard.press('Escape');
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
});
afterAll(async () => browser?.close());

describe('friends on the small sandbox', () => {
  it('sends 10 friend requests and cancels 3', async () => {
    await sandbox.reset({ hostile: false });
    const fx = await sandbox.fixtures();
    const people = fx.friend.canRequest.slice(0, 10);
    expect(people).toHaveLength(10);
    const linked = await sandbox.object<{ username: string }>('user', people[9]!);
    const pasted = [...people.slice(0, 9), `https://www.facebook.com/${linked.username}`, 'http://example.com/nobody'];

    await prepareOperator(page, { pace: 0.02 });
    await page.goto(`${baseUrl}/friend/index`);
    await page.getByTestId('friend-tab-send').click();
    await page.getByTestId('friend-send-text').fill(pasted.join('\n'));
    await page.getByTestId('friend-send-check').click();
    const recognised = page.getByTestId('friend-send-recognised');
    await expect.poll(() => recognised.getAttribute('data-ids')).toBe('10');
    expect(await recognised.locator('tr[data-line="10"]').getAttribute('data-state')).toBe('found');
    expect(await recognised.locator('tr[data-line="11"]').textContent()).toContain('a link must start with https://');
    await page.screenshot({ path: artifact('friend-send-en-light.png') });
    await page.getByTestId('friend-send-start').click();
    await waitJobDone();
    for (const uid of people) expect((await sandbox.object<{ state: string; direction: string }>('friendRequest', uid))).toMatchObject({ state: 'pending', direction: 'outgoing' });

    const sent = page.getByTestId('friend-list-outgoing');
    await sent.locator(`[data-row-id="${people[0]}"]`).waitFor({ timeout: 20_000 });
    const cancel = people.slice(0, 3);
    for (const uid of cancel) {
      const box = sent.locator(`[data-row-id="${uid}"] input[type=checkbox]`);
      await box.click({ force: true });
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await page.getByTestId('friend-actions-outgoing').click();
    await page.locator('[data-action-id="friend.cancel"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('preview-changes').click();
    await expect.poll(() => dialog.getByTestId('effects').locator('tbody tr').count()).toBe(3);
    await page.screenshot({ path: artifact('friend-cancel-en-light.png') });
    await confirmJob(dialog);
    await dialog.getByRole('button', { name: 'Start' }).click();
    await waitJobDone();
    const states = await Promise.all(people.map((uid) => sandbox.object<{ state: string }>('friendRequest', uid)));
    expect(states.map((s) => s.state)).toEqual([...cancel.map(() => 'cancelled'), ...people.slice(3).map(() => 'pending')]);
    await expect.poll(() => sent.locator(`[data-row-id="${cancel[0]}"]`).count(), { timeout: 20_000 }).toBe(0);

    await setLocale(page, 'zh-CN');
    await page.goto(`${baseUrl}/friend/index`);
    await page.getByTestId('friend-tab-sent').click();
    await sent.locator(`[data-row-id="${people[5]}"]`).waitFor({ timeout: 20_000 });
    expect(await sent.locator(`[data-row-id="${people[5]}"]`).textContent()).toContain('已发送请求');
    await page.screenshot({ path: artifact('friend-sent-zh-light.png') });
    await page.getByTestId('friend-tab-quality').click();
    await expect.poll(() => page.getByTestId('friend-quality-status').textContent()).toContain('最近一小时发送了 10 个好友请求');
    await setLocale(page, 'en-US');
  });

  it('shows hostile names and notifications as text', async () => {
    await sandbox.reset({ hostile: true });
    await page.goto(`${baseUrl}/friend/index`);
    const received = page.getByTestId('friend-list-incoming');
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect.poll(async () => (await received.locator('[data-row-id]').allTextContents()).join('\n'), { timeout: 20_000 }).toContain('<');
    await page.getByTestId('friend-tab-notifications').click();
    await expect.poll(async () => (await page.getByTestId('friend-notifications').textContent()) ?? '').toContain('<');
    expect(await page.locator('[data-testid="friend-area"] script, [data-testid="friend-area"] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.screenshot({ path: artifact('friend-hostile-en-light.png') });
    await sandbox.reset({ hostile: false });
  });
});
