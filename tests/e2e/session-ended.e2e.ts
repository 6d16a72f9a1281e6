// A session ended elsewhere (docs/DECISIONS.md, "An account's own sessions"): the leader tab runs a job,
// another device ends that tab's session; within the periodic check the tab logs out and its job pauses
// (no more writes), and after logging in again the job waits, paused, for the operator.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Request } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, loginAs } from './browser';
import { confirmJob, prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
const NEW_USER = '61550000000059';
const SEARCH = '1202000000001';
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  browser = await launchBrowser();
});
// the files after this one find the sandbox as it starts
afterAll(async () => {
  await browser?.close();
  await sandbox.reset();
});

const api = async <T>(path: string, token: string | null, body?: unknown): Promise<{ status: number; code: number; data: T }> => {
  const r = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await r.json()) as { status: number; code: number; data: T };
};

describe('a session ended elsewhere', () => {
  it("logs the leader tab out within the periodic check and pauses its running job", async () => {
    await sandbox.reset();
    await browser.context.clock.install();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await prepareOperator(page, { pace: 1 });
    let writes = 0;
    browser.context.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname.startsWith('/__graph/') && url.pathname.endsWith('/users')) writes += 1;
    });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByLabel('Search', { exact: true }).fill(SEARCH);
    await expect.poll(() => page.locator('[data-row-id]').first().getAttribute('data-row-id')).toMatch(/^act_1202000000001\d\d$/);
    await page.getByLabel('Select all rows in the current view').check({ force: true });
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.addUser"]').click();
    await page.locator('#param-uid').fill(NEW_USER);
    await page.locator('#param-role').selectOption('1002');
    await confirmJob(page);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => writes, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);

    // Another device ends this tab's session (and only it).
    const tabToken = await page.evaluate(() => JSON.parse(localStorage.getItem('token')!).v as string);
    const mine = (await api<{ id: number; current: boolean }[]>('/api/user/sessions', tabToken)).data.find((s) => s.current)!;
    const phone = (await api<{ token: string }>('/api/user/login', null, { email: 'operator@tessera.test', password: DEMO_PASSWORD })).data.token;
    expect((await api('/api/user/sessions/revoke', phone, { id: mine.id })).status).toBe(1);

    // The periodic check (30 s) finds it: the tab logs out, the job pauses.
    await page.clock.fastForward('00:31');
    await page.waitForURL(/\/login\/login/, { timeout: 10_000 });
    await page.waitForTimeout(1500);
    const settled = writes;
    await page.waitForTimeout(2000);
    expect(writes).toBe(settled);

    await loginAs(page, baseUrl, 'operator@tessera.test');
    await page.getByTestId('jobs-button').click();
    await expect.poll(() => page.locator('[data-job-status]').first().getAttribute('data-job-status'), { timeout: 10_000 }).toBe('paused');
  });
});
