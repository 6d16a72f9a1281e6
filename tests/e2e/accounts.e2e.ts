import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, codeFromOutbox, launchBrowser, loginAs } from './browser';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => browser?.close());

async function freshPage(context = browser.context): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login/login`);
  await page.evaluate(() => { localStorage.clear(); localStorage.setItem('arco-locale', JSON.stringify({ v: 'en-US' })); });
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
    await loginAs(admin, baseUrl, 'admin@tessera.test');
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
    await user.getByText('Whoops, this page is gone').waitFor();

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
    await page.getByTestId('payment-result').waitFor();
    await expect(page.getByTestId('payment-result').textContent()).resolves.toMatch(/is paid/);
    await page.screenshot({ path: artifact('payment-en-light.png') });
    await page.goto(`${baseUrl}/user/index`);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await page.screenshot({ path: artifact('user-centre-en-light.png') });
    await page.close();
  });
});
