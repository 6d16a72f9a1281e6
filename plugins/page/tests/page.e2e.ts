import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { confirmJob, prepareOperator, sandboxClient, setLocale } from '../../../tests/e2e/fixtures';
import { ROLE_TASKS } from '../roles';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
const PASSWORD = 'sandbox-password';
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const dialogs: string[] = [];

const pageState = (id: string) => sandbox.object<{ roles: { uid: string; tasks: string[] }[]; deactivated_until: number | null; deactivated_time: number | null; deleted?: boolean }>('page', id);

/** Opens a page screen; its rows (the other tabs keep theirs, hidden) are found under the screen's own root. */
async function openList(path: string) {
  await page.goto(`${baseUrl}${path}`);
  const root = page.getByTestId(`page-${path.split('/').pop()}`);
  await root.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
  await root.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
  return root;
}
async function lastJobStatus(want: string) {
  await page.getByTestId('jobs-button').click();
  const job = page.locator('[data-job-status]').first();
  await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 20_000 }).toBe(want);
  const text = await job.textContent();
  await page.keyboard.press('Escape');
  return text ?? '';
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
});
afterAll(async () => browser?.close());

describe('the page area on the small sandbox', () => {
  it('resolves pasted pages, adds a role through the runner, deactivates two for 7 days on the sandbox clock, and deletes one behind the password re-check', async () => {
    await sandbox.reset();
    const fixtures = await sandbox.fixtures();
    const mine = (await sandbox.graph<{ data: { id: string; username: string; name: string; business?: { id: string } }[] }>('/v19.0/me/accounts?fields=id,username,name,business&limit=200')).data;
    // roles go to a business's people (docs/SDK.md): a person of the business `main` by the business-user id its people list gives
    const main = fixtures.businesses.main!;
    const newcomer = (await sandbox.graph<{ data: { id: string; role: string }[] }>(`/v19.0/${main}/business_users?fields=id,role&limit=100`)).data.find((u) => u.role === 'EMPLOYEE')!;
    const newcomerUid = (await sandbox.object<{ uid: string }>('businessUser', newcomer.id)).uid;
    const byLink = mine.slice(0, 10);
    const byId = mine.slice(10, 12);
    const entries = [
      ...byLink.map((p, i) => (i % 3 === 2 ? p.username : `https://${i % 2 ? 'm' : 'www'}.facebook.com/${p.username}`)),
      ...byId.map((p) => p.id),
      `http://www.facebook.com/${byLink[0]!.username}`, 'https://evil.example/page', 'no.such.page.404',
    ];
    expect(entries).toHaveLength(15);

    await prepareOperator(page, { pace: 0.05 });
    await openList('/page/index');

    // paste 15 entries: 12 pages found, the http and foreign links refused, the unknown name reported
    await page.getByTestId('page-by-link').click();
    await page.locator('#page-resolve-entries').fill(entries.join('\n'));
    await page.getByTestId('page-resolve-button').click();
    await expect.poll(() => page.getByTestId('page-resolve-table').getAttribute('data-ids')).toBe('12');
    expect(await page.locator('[data-testid="page-resolve-table"] tr[data-state="refused"]').count()).toBe(2);
    expect(await page.locator('[data-testid="page-resolve-table"] tr[data-state="notFound"]').textContent()).toContain('no.such.page.404');
    // each found page is listed with its name before anything runs
    expect(await page.locator('[data-testid="page-resolve-table"] tr[data-line="11"]').textContent()).toContain(byId[0]!.name);
    await page.screenshot({ path: artifact('page-resolve-en-light.png') });

    // a role with full control (every task), through the runner, on the resolved pages of the business `main`
    // (a page of another business has other people: its pairs are refused by the platform)
    await page.getByTestId('page-resolve-use').click();
    const ownPages = [...byLink, ...byId].filter((p) => p.business?.id === main).map((p) => p.id);
    await page.locator('[data-action-id="page.addRole"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#param-uids').fill(newcomer.id);
    await dialog.locator('#param-role').selectOption('full');
    // leaving the field lists what it became under it (the dialog grows): Start is pressed once it is there
    await dialog.locator('#param-uids').blur();
    await dialog.getByTestId('recognised-uids').locator('tr[data-line="1"]').waitFor();
    await confirmJob(dialog);
    await dialog.getByRole('button', { name: 'Start' }).click();
    await lastJobStatus('done');
    expect(ownPages.length).toBeGreaterThan(0);
    for (const id of ownPages) expect((await pageState(id)).roles.find((r) => r.uid === newcomerUid)?.tasks).toContain('MANAGE');

    // deactivate two pages on the disable screen: the 7-day state, then past it on the sandbox clock
    let root = await openList('/page/disable');
    const two = byId.map((p) => p.id);
    for (const id of two) await root.locator(`[data-row-id="${id}"] input[type=checkbox]`).check({ force: true });
    await root.getByTestId('page-deactivate').click();
    await lastJobStatus('done');
    for (const id of two) {
      const s = await pageState(id);
      expect(s.deactivated_until! - s.deactivated_time!).toBe(7 * 86400);
    }
    await expect.poll(() => root.locator(`[data-row-id="${two[0]}"]`).textContent(), { timeout: 10_000 }).toMatch(/Deactivated until \d{4}-\d\d-\d\d/);
    await page.screenshot({ path: artifact('page-disable-en-light.png') });
    await sandbox.advanceClock(7 * 86400 + 60);
    await root.getByTestId('page-read-state').click();
    await lastJobStatus('done');
    await expect.poll(() => root.locator(`[data-row-id="${two[1]}"]`).textContent(), { timeout: 10_000 }).toContain('Active');
    for (const id of two) expect((await pageState(id)).deactivated_until).toBeNull();

    // delete one page: a wrong password refuses and changes nothing; the right one deletes it
    const victim = byLink[4]!.id;
    const callsBefore = await sandbox.calls();
    for (const [password, status] of [['wrong-password', 'failed'], [PASSWORD, 'done']] as const) {
      root = await openList('/page/index');
      await root.locator(`[data-row-id="${victim}"] input[type=checkbox]`).check({ force: true });
      await root.getByTestId('page-actions').click();
      await page.locator('[data-action-id="page.deletePage"]').click();
      await page.getByRole('dialog').locator('#param-password').fill(password);
      await confirmJob(page.getByRole('dialog'));
      await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
      const text = await lastJobStatus(status);
      if (status === 'failed') {
        expect(text).toContain('The password you entered is incorrect');
        expect((await pageState(victim)).deleted).toBeUndefined();
        expect((await sandbox.calls()).writesByObject[victim]).toBe(callsBefore.writesByObject[victim]);
        await page.screenshot({ path: artifact('page-delete-refused-en-light.png') });
      }
    }
    expect((await pageState(victim)).deleted).toBe(true);
    root = await openList('/page/index');
    await root.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect.poll(() => root.locator(`[data-row-id="${victim}"]`).count(), { timeout: 10_000 }).toBe(0);

    // the sub-screens in Chinese
    await setLocale(page, 'zh-CN');
    await openList('/page/disable');
    await page.getByText('停用的主页会在 7 天后自动恢复').waitFor();
    await page.screenshot({ path: artifact('page-disable-zh-light.png') });
    root = await openList('/page/keywords');
    await root.locator(`[data-row-id="${mine[0]!.id}"] input[type=checkbox]`).check({ force: true });
    await root.getByTestId('page-keywords-count').waitFor();
    await page.screenshot({ path: artifact('page-keywords-zh-light.png') });
    root = await openList('/page/blacklist');
    await root.locator(`[data-row-id="${mine[0]!.id}"] input[type=checkbox]`).check({ force: true });
    await root.getByTestId('page-blocked').waitFor();
    await page.screenshot({ path: artifact('page-blacklist-zh-light.png') });
    await setLocale(page, 'en-US');
    expect(dialogs).toEqual([]);
  }, 90_000);
  it('reads every link form in "Pages by link" with the pages\' names, then gives a role by name and a custom task set', async () => {
    await sandbox.reset();
    const fixtures = await sandbox.fixtures();
    const main = fixtures.businesses.main!;
    const mine = (await sandbox.graph<{ data: { id: string; username: string; name: string; business?: { id: string } }[] }>('/v19.0/me/accounts?fields=id,username,name,business&limit=200')).data;
    // the pages of the business `main` (its people can get roles on them), each named twice in another form; one has a user name
    const named = mine.find((p) => p.business?.id === main && p.username)!;
    const own = [named, ...mine.filter((p) => p.business?.id === main && p !== named)].slice(0, 3);
    expect(own).toHaveLength(3);
    const person = (await sandbox.graph<{ data: { id: string; role: string }[] }>(`/v19.0/${main}/business_users?fields=id,role&limit=100`)).data.find((u) => u.role === 'EMPLOYEE')!;
    const personUid = (await sandbox.object<{ uid: string }>('businessUser', person.id)).uid;
    const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'Page';
    const [a, b, c] = own as [typeof named, typeof named, typeof named];
    const entries = [
      `facebook.com/pages/${slug(b.name)}/${b.id}`,
      `https://www.facebook.com/${c.id}/about`,
      `https://www.facebook.com/profile.php?id=${a.id}&sk=about`,
      `https://www.facebook.com/p/${slug(c.name)}-${c.id}/`,
      a.username,
      b.id,
    ];
    const lineOf = [b, c, a, c, a, b];
    // standalone: signs the operator in again (a new operator on this browser, the runner at a twentieth of its pace)
    await prepareOperator(page, { pace: 0.05 });
    const tasksOn = async (id: string) => (await pageState(id)).roles.find((r) => r.uid === personUid)?.tasks ?? null;

    /** Pastes the entries in "Pages by link", checks each line and found page is named, and opens the role dialog on them. */
    async function roleDialogFor(lines: string[], pages: typeof own, pageOfLine: typeof own, shot?: string) {
      await openList('/page/index');
      await page.getByTestId('page-by-link').click();
      await page.locator('#page-resolve-entries').fill(lines.join('\n'));
      await page.getByTestId('page-resolve-button').click();
      await expect.poll(() => page.getByTestId('page-resolve-table').getAttribute('data-ids')).toBe(String(pages.length));
      expect(await page.getByTestId('page-resolve-table').getAttribute('data-refused')).toBe('0');
      for (const [i, p] of pageOfLine.entries()) expect(await page.locator(`[data-testid="page-resolve-table"] tr[data-line="${i + 1}"]`).textContent()).toContain(p.name);
      for (const p of pages) expect(await page.locator(`[data-testid="page-resolve-found"] tr[data-id="${p.id}"]`).textContent()).toContain(p.name);
      if (shot) await page.screenshot({ path: artifact(shot) });
      await page.getByTestId('page-resolve-use').click();
      await page.locator('[data-action-id="page.addRole"]').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#param-uids').fill(person.id);
      await dialog.locator('#param-uids').blur();
      await dialog.getByTestId('recognised-uids').locator('tr[data-line="1"]').waitFor();
      return dialog;
    }

    // a role by its name: the tasks are hidden, the preview says the role and the tasks it grants
    let dialog = await roleDialogFor(entries, own, lineOf, 'page-resolve-forms-en-light.png');
    expect(await dialog.locator('#param-tasks').count()).toBe(0);
    await dialog.locator('#param-role').selectOption({ label: 'Partial access: ads' });
    await dialog.getByTestId('preview-changes').click();
    await dialog.getByTestId('effects').waitFor();
    for (const p of own) expect(await dialog.getByTestId('effects').textContent()).toContain(`gets Partial access: ads on ${p.name} (${p.id}) (tasks: Advertise, Analyze)`);
    await page.screenshot({ path: artifact('page-role-by-name-en-light.png') });
    await confirmJob(dialog);
    await dialog.getByTestId('action-start').click();
    await lastJobStatus('done');
    for (const p of own) expect(await tasksOn(p.id), p.id).toEqual([...ROLE_TASKS.ads]);

    // a custom task set, ticked task by task, on two of them
    dialog = await roleDialogFor([a.id, b.id], [a, b], [a, b]);
    await dialog.locator('#param-role').selectOption('custom');
    // the task boxes appear with the custom choice and may be drawn again once more: tick until ticked
    for (const task of ['Messaging', 'Moderate']) {
      const box = dialog.getByLabel(task, { exact: true });
      await expect.poll(async () => {
        if (!(await box.isChecked())) await box.check({ force: true, timeout: 2_000 }).catch(() => undefined);
        return box.isChecked();
      }, { timeout: 15_000 }).toBe(true);
    }
    await dialog.getByTestId('preview-changes').click();
    await dialog.getByTestId('effects').waitFor();
    expect(await dialog.getByTestId('effects').textContent()).toContain('gets Custom task set on');
    expect(await dialog.getByTestId('effects').textContent()).toContain('(tasks: Moderate, Messaging)');
    await page.screenshot({ path: artifact('page-role-custom-en-light.png') });
    await confirmJob(dialog);
    await dialog.getByTestId('action-start').click();
    await lastJobStatus('done');
    for (const p of [a, b]) expect(await tasksOn(p.id), p.id).toEqual(['MODERATE', 'MESSAGING']);
    expect(await tasksOn(c.id)).toEqual([...ROLE_TASKS.ads]);
    expect(dialogs).toEqual([]);
  }, 60_000);
});
