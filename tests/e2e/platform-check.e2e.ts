// The platform check in real Chromium against the sandbox's switches (issue 30, docs/PLATFORM-CHECK.md):
// the platform retires the Graph version, retires a GraphQL document, changes a reply's shape; the
// check catches each, the actions those calls serve are disabled with the reason before anything is
// sent, a list whose reply changed shows no rows but says so, and a version an admin sets takes effect
// in the open tab without a release. The check only reads: the sandbox sees no write.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { prepareOperator, sandboxClient, setGraphVersion, versionsNamed } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;



const line = (key: string) => page.getByTestId(`platform-check-line-${key}`);

/** "Check now" (or one area's "Check this area"), then wait for that check to end. */
async function checkNow(area?: string): Promise<void> {
  const status = page.getByTestId('platform-check-status');
  const ended = Number(await status.getAttribute('data-ended'));
  await page.getByTestId(area ? `platform-check-run-${area}` : 'platform-check-run').click();
  await expect.poll(async () => Number(await status.getAttribute('data-ended')), { timeout: 120_000 }).toBeGreaterThan(ended);
}

/** Why an action is disabled in the ad-account list's command palette (null: it is enabled). */
async function disabledReason(actionId: string): Promise<string | null> {
  await openInApp('/adaccount/index');
  await page.locator('[data-row-id]').first().waitFor({ timeout: 60_000 });
  await page.getByLabel('Select all rows in the current view').check({ force: true });
  await page.getByTestId('adaccount-actions').click();
  const item = page.locator(`[data-action-id="${actionId}"]`);
  await item.waitFor();
  const reason = await item.getAttribute('data-disabled-reason');
  await page.keyboard.press('Escape');
  return reason;
}

/** A move inside the app (the router's own history), not a reload: the tab keeps what it knows. */
async function openInApp(path: string): Promise<void> {
  await page.evaluate((p) => { history.pushState({}, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
}


beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => {
  // one server and sandbox for every browser test: put the version and the switches back
  await setGraphVersion('v24.0').catch(() => undefined);
  await sandbox.reset().catch(() => undefined);
  await browser?.close();
});

describe('the platform check', () => {
  it('catches a retired version, a retired document and a changed reply; disables what they serve; a new version takes effect without a release', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    // the list first: the probes try their reads on its first rows
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });

    // 1. everything works, and the check sends no write
    await openInApp('/dashboard/platform');
    await sandbox.clearCalls();
    await checkNow();
    expect(await line('adaccount:list').getAttribute('data-state')).toBe('working');
    expect(await line('adaccount.addUser').getAttribute('data-state')).toBe('working');
    expect(await line('adaccount.rename').getAttribute('data-state')).toBe('working');
    expect(await line('adaccount.setSpendCap').getAttribute('data-state')).toBe('notCheckable');
    expect(await page.locator('[data-state="failing"], [data-state="changed"]').count()).toBe(0);
    const clean = await sandbox.calls();
    expect(clean.writesByObject).toEqual({});
    // nothing but reads: Graph GETs and GraphQL query documents
    for (const c of clean.recent.filter((c) => c.method !== 'GET')) expect(c.path).toMatch(/\/api\/graphql\/?$/);
    await page.screenshot({ path: artifact('platform-check-working-en-light.png'), fullPage: true });

    // 2. the platform retires v24.0: every Graph read fails with the version to change
    await sandbox.switches({ versions: 'v16.0-v23.0' });
    await checkNow('adaccount');
    expect(await line('adaccount:list').getAttribute('data-state')).toBe('failing');
    expect(await line('adaccount.rename').getAttribute('data-state')).toBe('failing');
    await expect.poll(() => line('adaccount.rename').textContent()).toContain('version v24.0 is no longer served');
    // said once for the whole screen, with what to do
    await expect.poll(() => page.getByTestId('platform-check-summary-version').textContent()).toMatch(/no longer serves version v24\.0.*Ask your admin to update the platform version/);
    await page.screenshot({ path: artifact('platform-check-version-retired-en-light.png'), fullPage: true });
    const beforeRename = await sandbox.calls();
    expect(await disabledReason('adaccount.rename')).toMatch(/version v24\.0 is no longer served\. Ask your admin/);
    expect((await sandbox.calls()).writesByObject).toEqual(beforeRename.writesByObject);

    // an admin sets v23.0 (data, no release). The open tab still names v24.0 (no reload, its 5-minute
    // read is far off): the check's first #2635 makes it read the runtime, and the rest runs on v23.0
    await setGraphVersion('v23.0');
    await openInApp('/dashboard/platform');
    await page.getByTestId('platform-check-run').waitFor();
    await sandbox.clearCalls();
    await checkNow('adaccount');
    expect(await line('adaccount.rename').getAttribute('data-state')).toBe('working');
    expect(await page.locator('[data-state="failing"], [data-state="changed"]').count()).toBe(0);
    // Graph calls (GraphQL posts name no version): the first answered #2635 on v24.0, the tab read the
    // runtime, and from then on every one named v23.0
    const graphCalls = (await sandbox.calls()).recent.map((c) => c.path).filter((p) => /^\/v\d+\.0\//.test(p));
    const onOld = graphCalls.filter((p) => p.startsWith('/v24.0/'));
    expect(onOld.length).toBeGreaterThan(0);
    expect(onOld.length).toBeLessThanOrEqual(2);
    const after = graphCalls.slice(graphCalls.findLastIndex((p) => p.startsWith('/v24.0/')) + 1);
    expect(after.length).toBeGreaterThan(3);
    expect(versionsNamed(after)).toEqual(['v23.0']);
    expect(await disabledReason('adaccount.rename')).toBeNull();

    // 3. the platform retires a GraphQL document, and a reply changes shape (people on ad accounts lose
    // their names): one check catches both; the actions they serve are disabled, the others are not
    await sandbox.switches({ retiredDocs: ['AdAccountAppealStatusQuery'], replyShapes: [{ type: 'user', field: 'name', change: 'drop' }] });
    await openInApp('/dashboard/platform');
    await checkNow('adaccount');
    expect(await line('adaccount.appealStatus').getAttribute('data-state')).toBe('failing');
    await expect.poll(() => line('adaccount.appealStatus').textContent()).toContain('AdAccountAppealStatusQuery');
    await expect.poll(() => page.getByTestId('platform-check-summary-documents').textContent()).toContain('AdAccountAppealStatusQuery');
    expect(await line('adaccount.addUser').getAttribute('data-state')).toBe('changed');
    await expect.poll(() => line('adaccount.addUser').textContent()).toContain('name');
    expect(await line('adaccount.rename').getAttribute('data-state')).toBe('working');
    await page.screenshot({ path: artifact('platform-check-document-and-reply-en-light.png'), fullPage: true });
    expect(await disabledReason('adaccount.appealStatus')).toMatch(/Unknown doc_id/);
    expect(await disabledReason('adaccount.addUser')).toMatch(/reply changed \(name missing/);
    expect(await disabledReason('adaccount.rename')).toBeNull();

    // 5. the ad-account list's own reply changes: no rows that look like data, the reason instead, and the check knows
    await sandbox.switches({ retiredDocs: [], replyShapes: [{ type: 'adaccount', field: 'account_status', change: 'retype' }] });
    await openInApp('/adaccount/index');
    await page.getByRole('button', { name: 'Reload', exact: true }).first().click();
    await expect.poll(() => page.getByText(/The platform's reply changed: account_status/).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.locator('[data-row-id]').count()).toBe(0);
    await page.screenshot({ path: artifact('platform-check-list-changed-en-light.png') });
    await openInApp('/dashboard/platform');
    expect(await line('adaccount:list').getAttribute('data-state')).toBe('changed');
    await expect.poll(() => line('adaccount:list').textContent()).toContain('found while loading the list');
  }, 400_000);
});
