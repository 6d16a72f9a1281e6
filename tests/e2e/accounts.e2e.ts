import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN_PASSWORD, artifact, codeFromOutbox, launchBrowser, loginAs } from './browser';
import { prepareOperator } from './fixtures';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => browser?.close());

async function freshPage(context = browser.context): Promise<Page> {
  const page = await context.newPage();
  await prepareOperator(page, { signIn: false });
  return page;
}

describe('accounts in real Chromium against the real server', () => {
  it('a new user registers, reads the code from the outbox, activates, reaches the dashboard and logs out', async () => {
    const page = await freshPage();
    const email = `new-${Date.now()}@example.test`;
    await page.goto(`${baseUrl}/login/register`);
    await page.locator('#register-email').fill(email);
    await page.locator('#register-password').fill('abc');
    await page.locator('#register-confirm').fill('abc');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The password must be 5 to 30 characters').first().waitFor();
    await page.getByText('Please read and agree to the terms').waitFor();
    await page.locator('#register-password').fill('s3cret-pass');
    await page.locator('#register-confirm').fill('s3cret-pass');
    await page.getByText('I have read and agree').click();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/login\/emailActivation\?email=/);
    await expect(page.locator('#activation-email').inputValue()).resolves.toBe(email);
    await page.screenshot({ path: artifact('activation-en-light.png') });

    let code: string | null = null;
    for (let i = 0; i < 50 && !code; i++) { code = codeFromOutbox(dataDir, email); if (!code) await page.waitForTimeout(100); }
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.locator('#activation-code').fill(wrong);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Verification code wrong or expired').waitFor();
    await page.locator('#activation-code').fill(code!);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.waitForURL(/\/dashboard\/index$/);
    await page.getByTestId('user-menu').waitFor();
    await expect(page.getByTestId('user-menu').textContent()).resolves.toContain(email);

    await page.getByTestId('user-menu').click();
    await page.getByText('Log out').click();
    await page.waitForURL(/\/login\/login/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeNull();
    await page.goto(`${baseUrl}/bm/index`);
    await page.waitForURL(/\/login\/login\?redirect=%2Fbm%2Findex/);
    await page.close();
  });

  it('an admin disables a plugin for users; the user no longer sees or reaches it', async () => {
    const admin = await freshPage();
    await loginAs(admin, baseUrl, 'admin@tessera.test', DEMO_ADMIN_PASSWORD);
    await admin.goto(`${baseUrl}/admin/index`);
    await admin.getByRole('tab', { name: 'Plugin policy' }).click();
    const pixelForUsers = admin.getByLabel('user pixel', { exact: true });
    await pixelForUsers.waitFor();
    expect(await pixelForUsers.isChecked()).toBe(true);

    // a second browser: pages of one browser share localStorage, hence the session
    const second = await launchBrowser();
    const user = await freshPage(second.context);
    await loginAs(user, baseUrl, 'operator@tessera.test');
    await expect(user.locator('[data-menu-id="pixel"]').count()).resolves.toBe(1);

    await pixelForUsers.uncheck({ force: true });
    await admin.getByRole('button', { name: 'Save the policy' }).click();
    await admin.getByText('Plugin policy saved').waitFor();
    await admin.screenshot({ path: artifact('admin-policy-en-light.png') });

    await user.locator('[data-menu-id="bm"]').click(); // the next navigation picks up the policy
    await user.waitForURL(/\/bm\/index$/);
    await expect.poll(() => user.locator('[data-menu-id="pixel"]').count(), { timeout: 10_000 }).toBe(0);
    await user.goto(`${baseUrl}/pixel/index`);
    await user.getByText('This area is disabled by your administrator for your role.').waitFor();

    // changing another user asks first; cancelling changes nothing
    await admin.getByRole('tab', { name: 'Users and roles' }).click();
    const operatorRow = admin.locator('[data-row-id]').filter({ hasText: 'operator@tessera.test' });
    await operatorRow.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByText('Deactivate this user?').waitFor();
    await admin.screenshot({ path: artifact('admin-confirm-deactivate-en-light.png') });
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByText('Deactivate this user?').waitFor({ state: 'detached' });
    await expect(operatorRow.getByText(/^Active/).count()).resolves.toBe(1);
    await admin.getByRole('tab', { name: 'Plugin policy' }).click();
    await pixelForUsers.check({ force: true });
    await admin.getByRole('button', { name: 'Save the policy' }).click();
    await admin.getByText('Plugin policy saved').first().waitFor();
    await admin.close();
    await second.close();
  });

  it('an operator buys a membership through the sandbox provider and sees it in the user centre', async () => {
    const page = await freshPage();
    await loginAs(page, baseUrl, 'operator@tessera.test');
    await page.goto(`${baseUrl}/payment/index`);
    await page.locator('.tessera-service').first().getByRole('button', { name: 'Buy' }).click();
    // nothing is bought before the order summary is confirmed
    const summary = page.getByTestId('order-summary');
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toMatch(/Pro membership level/);
    expect(text).toMatch(/30 days/);
    expect(text).toMatch(/99\.00/);
    expect(text).toMatch(/Test payment/);
    expect(text).not.toMatch(/\bpro\b|sandbox/);
    await page.screenshot({ path: artifact('payment-confirm-en-light.png') });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await summary.waitFor({ state: 'detached' });
    // focus is back on the Buy button the summary was opened from, not on the page
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Buy');
    expect(await page.getByTestId('payment-result').count()).toBe(0);
    await page.getByRole('tab', { name: 'Upgrade' }).click();
    await expect(page.locator('.tessera-services').textContent()).resolves.not.toMatch(/0 days/);
    await page.getByRole('tab', { name: 'Membership' }).click();
    await page.locator('.tessera-service').first().getByRole('button', { name: 'Buy' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('payment-result').waitFor();
    await expect(page.getByTestId('payment-result').textContent()).resolves.toMatch(/is paid/);
    await page.screenshot({ path: artifact('payment-en-light.png') });
    await page.goto(`${baseUrl}/user/index`);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await page.screenshot({ path: artifact('user-centre-en-light.png') });
    await page.close();
  });
});
