// The action dialog speaks to operators (issue 11, items 5–7): validation in the operator's
// language, a dry run in domain terms with flagged items and "start without these", pasted user ids
// and profile links counted and looked up (unresolved ones listed, never sent) — in en-US and zh-CN.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { confirmJob, prepareOperator, sandboxClient, setLocale } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => browser?.close());

async function selectAllAccounts(label: string) {
  await page.goto(`${baseUrl}/adaccount/index`);
  await page.locator('[data-row-id]').first().waitFor({ timeout: 60_000 });
  await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByLabel(label).check({ force: true });
}

async function openAction(actionId: string) {
  await page.getByTestId('adaccount-actions').click();
  await page.locator(`[data-action-id="${actionId}"]`).click();
  // the menu closes after the dialog opens and gives the focus back to its button: wait for that, so a
  // field filled next is not left (and read) by that focus change in the middle of the test
  await page.locator(`[data-action-id="${actionId}"]`).waitFor({ state: 'detached' });
  return page.getByRole('dialog');
}

describe('the action dialog in real Chromium on the sandbox', () => {
  it('validation, dry run with flagged items and pasted ids, in en-US then zh-CN', async () => {
    await sandbox.reset();
    const fixtures = await sandbox.fixtures();
    const other = await sandbox.object<{ id: string; username: string; name: string }>('user', fixtures.users.other!);
    await prepareOperator(page);
    await selectAllAccounts('Select all rows in the current view');

    // 5. a validation message in words, not ajv's
    let dialog = await openAction('adaccount.rename');
    await confirmJob(dialog);
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.getByText('Enter a new name (up to 200 characters)').waitFor();
    expect(await dialog.textContent()).not.toMatch(/must (have|match|NOT)|required property/);

    // 6. the dry run: each item's change, the flagged closed account, "start without these"
    await dialog.locator('#param-name').fill('{name} - Q3');
    await dialog.getByTestId('preview-changes').click();
    const effects = dialog.getByTestId('effects');
    await effects.waitFor();
    expect(await effects.locator('tbody tr').first().textContent()).toMatch(/ → .* - Q3/);
    const flagged = dialog.getByTestId('preflight');
    await flagged.locator(`[data-item-id="${fixtures.adaccounts.closed}"]`).getByText(/The account is closed/).waitFor();
    await expect.poll(() => dialog.getByTestId('start-without-flagged').textContent()).toMatch(/^Start without these \d+$/);
    expect(await dialog.getByText('spend_cap').count()).toBe(0); // raw requests stay behind the disclosure
    await dialog.getByTestId('show-requests').click();
    await dialog.getByText(/name=/).first().waitFor();
    await dialog.getByTestId('show-requests').click();
    await dialog.getByText(/name=/).first().waitFor({ state: 'hidden' });
    await flagged.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('action-dialog-dry-run-en-light.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // 7. pasted ids and links: counted, looked up, the unresolved one listed and never sent
    dialog = await openAction('adaccount.addUser');
    await dialog.locator('#param-uid').fill(`${fixtures.users.notOnAnyAccount}\nhttps://www.facebook.com/${other.username}\n\nhttps://evil.example/x\nghost.profile.1\n${fixtures.users.notOnAnyAccount}`);
    await expect.poll(() => dialog.getByTestId('list-count').getAttribute('data-count')).toBe('3');
    expect(await dialog.getByTestId('list-count').textContent()).toMatch(/^3 entries · 2 links or names/);
    await dialog.getByTestId('line-refused').getByText(/Line 4 .*evil\.example.*facebook\.com/).waitFor();
    await dialog.locator('#param-role').selectOption('1002');
    await dialog.getByTestId('preview-changes').click();
    // what each line became, with the platform's names, under the field: the name found by link, the one that names nobody
    const recognised = dialog.getByTestId('recognised-uid');
    await recognised.locator('tr[data-state="notFound"]').getByText(/ghost\.profile\.1/).waitFor();
    expect(await recognised.locator('tr[data-line="2"]').textContent()).toContain(other.name);
    await dialog.getByTestId('effects').getByText(`User ${other.id} gets the role Advertiser`).first().waitFor();
    await page.screenshot({ path: artifact('action-dialog-ids-en-light.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // the same in Chinese
    await setLocale(page, 'zh-CN');
    await selectAllAccounts('选择当前视图中的全部行');
    dialog = await openAction('adaccount.rename');
    await confirmJob(dialog);
    await dialog.getByRole('button', { name: '开始' }).click();
    await dialog.getByText('请输入新名称（最多 200 个字符）').waitFor();
    await dialog.locator('#param-name').fill('{name} - Q3');
    await dialog.getByTestId('preview-changes').click();
    await dialog.getByTestId('preflight').locator(`[data-item-id="${fixtures.adaccounts.closed}"]`).getByText(/账户已关闭/).waitFor();
    await dialog.getByTestId('preflight').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('action-dialog-dry-run-zh-light.png') });
    await dialog.getByRole('button', { name: '取消' }).click();
    dialog = await openAction('adaccount.addUser');
    await dialog.locator('#param-uid').fill(`${fixtures.users.notOnAnyAccount}\nhttps://m.facebook.com/${other.username}`);
    await expect.poll(() => dialog.getByTestId('list-count').textContent()).toMatch(/^共 2 项/);
    await confirmJob(dialog);
    await dialog.getByRole('button', { name: '开始' }).click();
    await dialog.getByText('请选择要授予的角色').waitFor();
    await page.screenshot({ path: artifact('action-dialog-ids-zh-light.png') });
  });

  it('a rename of more than 50 accounts starts only once the count is typed, then writes every name; the confirmation in zh-CN too', async () => {
    await sandbox.reset();
    await prepareOperator(page, { pace: 0.05 });
    await selectAllAccounts('Select all rows in the current view');
    const selected = Number((await page.getByText(/^Selected: \d+/).textContent())!.replace(/\D/g, ''));
    expect(selected).toBeGreaterThan(50);
    const ids = await page.locator('[data-screen="/adaccount/index"] [data-row-id]').evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('data-row-id')!));

    let dialog = await openAction('adaccount.rename');
    await dialog.locator('#param-name').fill('{name} - confirmed');
    const start = dialog.getByRole('button', { name: 'Start' });
    const confirm = dialog.getByTestId('confirm-job');
    expect(await confirm.textContent()).toContain(`This job runs “Rename ad accounts” on ${selected} items.`);
    expect(await confirm.textContent()).toContain(`Type ${selected} to confirm`);
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-job-input').fill(String(selected - 1));
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-job-input').fill(String(selected));
    await expect.poll(() => start.isDisabled()).toBe(false);
    await page.screenshot({ path: artifact('action-dialog-confirm-en-light.png') });
    await sandbox.clearCalls();
    await start.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 120_000 }).toMatch(/^(done|failed)$/);
    await page.keyboard.press('Escape');
    // the names landed in the sandbox, once each
    const calls = await sandbox.calls();
    const written = Object.keys(calls.writesByObject);
    expect(written.length).toBeGreaterThan(50);
    for (const id of ids) {
      const a = await sandbox.object<{ name: string }>('adaccount', id);
      if (calls.writesByObject[id]) expect(a.name).toMatch(/ - confirmed$/);
    }
    for (const id of written.slice(0, 10)) {
      expect((await sandbox.object<{ name: string }>('adaccount', id)).name).toMatch(/ - confirmed$/);
      expect(calls.writesByObject[id]).toBe(1);
    }

    // the confirmation in Chinese: nothing starts until the count is typed
    await setLocale(page, 'zh-CN');
    await selectAllAccounts('选择当前视图中的全部行');
    dialog = await openAction('adaccount.rename');
    await dialog.locator('#param-name').fill('{name} - 已确认');
    const zh = dialog.getByTestId('confirm-job');
    expect(await zh.textContent()).toContain(`此任务将对 ${selected} 个项目执行“`);
    expect(await zh.textContent()).toContain(`输入 ${selected} 以确认`);
    const begin = dialog.getByRole('button', { name: '开始' });
    expect(await begin.isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-job-input').fill(String(selected));
    await expect.poll(() => begin.isDisabled()).toBe(false);
    await page.screenshot({ path: artifact('action-dialog-confirm-zh-light.png') });
    await dialog.getByRole('button', { name: '取消' }).click();
  });
});
