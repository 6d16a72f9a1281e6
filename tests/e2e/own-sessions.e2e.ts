// An account's own sessions in the user centre (docs/DECISIONS.md, "An account's own sessions"): the list
// with this browser marked, logging out another device, changing the password; and every tab of a
// browser is one session: logging out in one tab logs out the other at once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifact, launchBrowser, registerThroughApi } from './browser';
import { prepareOperator } from './fixtures';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const post = async (path: string, body: unknown, token?: string) => {
  const r = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await r.json()) as { status: number; code: number; data: { token?: string } };
};

describe('own sessions', () => {
  it('my sessions, logging out another device, changing the password; a logout in one tab logs out the other', async () => {
    const email = `own.${process.pid}.${Date.now()}@example.test`;
    await registerThroughApi(baseUrl, dataDir, email, 'own-pass-1');
    const first = browser.context.pages()[0] ?? (await browser.context.newPage());
    await prepareOperator(first, { email, password: 'own-pass-1' });
    // another device
    const phone = (await post('/api/user/login', { email, password: 'own-pass-1' })).data.token!;

    const second = await browser.context.newPage();
    await second.goto(`${baseUrl}/user/index`);
    const table = second.getByTestId('own-sessions');
    await table.locator('tr[data-current]').waitFor();
    // the registration's session, this browser's, the phone's
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    expect(await table.locator('tr[data-current]').getByText('This browser').count()).toBe(1);

    await second.getByRole('button', { name: 'Log out all other sessions' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect((await post('/api/user/info', {}, phone)).code).toBe(50008);

    await second.locator('#password-password').fill('own-pass-1');
    await second.locator('#password-newPassword').fill('own-pass-2');
    await second.locator('#password-confirmPassword').fill('own-pass-2');
    await second.getByRole('button', { name: 'Change password' }).click();
    await second.getByText('Password changed').waitFor();
    await second.screenshot({ path: artifact('user-centre-sessions-en.png'), fullPage: true });
    expect((await post('/api/user/login', { email, password: 'own-pass-2' })).status).toBe(1);
    expect((await post('/api/user/login', { email, password: 'own-pass-1' })).code).toBe(40001);

    // logging out in the first tab logs out the second without a click there
    await first.getByTestId('user-menu').click();
    await first.getByText('Log out', { exact: true }).click();
    await first.waitForURL(/\/login\/login/);
    await second.waitForURL(/\/login\/login/, { timeout: 5000 });
    await second.close();
  });
});
