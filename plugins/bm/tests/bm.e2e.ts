import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { prepareOperator, sandboxClient, setLocale } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const dialogs: string[] = [];
const EMAIL = 'e2e.invitee@example.test';

const business = (id: string) => sandbox.object<{
  name: string; is_disabled_for_integrity_reasons: boolean; pending_users: { id: string; email: string; role: string }[];
}>('business', id);
async function openList() {
  await page.goto(`${baseUrl}/bm/index`);
  await page.locator('[data-row-id]').first().waitFor({ timeout: 30_000 });
  await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
});
afterAll(async () => browser?.close());

describe('the business-manager area on the small sandbox', () => {
  it('filters restricted businesses, invites an e-mail as EMPLOYEE to two businesses through the runner, and shows the invitation', async () => {
    await sandbox.reset({ hostile: false });
    const fixtures = await sandbox.fixtures();
    const { main, agency } = fixtures.businesses;
    await prepareOperator(page, { pace: 0.05 });
    await openList();

    await page.getByLabel('Filter "Restricted"').selectOption('Restricted');
    await expect.poll(() => page.locator('[data-row-id]').count()).toBeGreaterThan(0);
    const restricted = await page.locator('[data-row-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')!));
    for (const id of restricted) expect((await business(id)).is_disabled_for_integrity_reasons).toBe(true);
    expect(restricted).toContain(fixtures.businesses.restricted);
    await page.getByLabel('Filter "Restricted"').selectOption('');

    for (const id of [main, agency]) await page.locator(`[data-row-id="${id}"] input[type=checkbox]`).check({ force: true });
    await page.getByTestId('bm-invite').click();
    await page.locator('#bm-invite-emails').fill(EMAIL);
    await expect.poll(() => page.locator('#bm-invite-role').inputValue()).toBe('EMPLOYEE');
    await page.getByTestId('bm-invite-preview-button').click();
    await expect.poll(() => page.getByTestId('bm-invite-preview').textContent()).toContain(`invite ${EMAIL} as Employee to`);
    await page.screenshot({ path: artifact('bm-invite-en-light.png') });
    await page.getByTestId('bm-invite-start').click();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 20_000 }).toBe('done');
    await page.keyboard.press('Escape');
    for (const id of [main, agency]) {
      expect((await business(id)).pending_users.filter((p) => p.email === EMAIL).map((p) => p.role)).toEqual(['EMPLOYEE']);
    }

    await page.locator(`[data-row-id="${main}"]`).dblclick();
    await expect.poll(() => page.getByTestId('bm-detail-pending').textContent(), { timeout: 10_000 }).toContain(EMAIL);
    await page.getByTestId('bm-detail-users').waitFor();
    await page.screenshot({ path: artifact('bm-detail-en-light.png') });
    await page.keyboard.press('Escape');

    await setLocale(page, 'zh-CN');
    await openList();
    await expect.poll(() => page.locator(`[data-row-id="${main}"]`).textContent()).toContain('未受限');
    await page.locator(`[data-row-id="${main}"]`).dblclick();
    await expect.poll(() => page.getByTestId('bm-detail-pending').textContent(), { timeout: 10_000 }).toContain(EMAIL);
    await page.screenshot({ path: artifact('bm-detail-zh-light.png') });
    await page.keyboard.press('Escape');
    await page.getByTestId('bm-detail').waitFor({ state: 'detached' });
    await page.screenshot({ path: artifact('bm-list-zh-light.png') });
    await setLocale(page, 'en-US');
  });

  it('shows the hostile names of the sandbox as text', async () => {
    await sandbox.reset({ hostile: true });
    await openList();
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect.poll(async () => (await page.locator('[data-row-id]').allTextContents()).join('\n'), { timeout: 30_000 }).toContain('<script>');
    expect(await page.locator('[data-row-id] script, [data-row-id] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.screenshot({ path: artifact('bm-hostile-en-light.png') });
    await sandbox.reset({ hostile: false });
  });
});
