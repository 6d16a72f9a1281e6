// The appeal evidence in the demo (issue 34 item 5; docs/DECISIONS.md, "The watch: appeal evidence (issue 34)"):
// an account the ad-account list has sent to the watch is disabled from outside (a sandbox world event);
// the list loaded again records the change; the account's detail panel offers the export as its main
// button, and one click downloads a zip whose page and CSV say what changed, that it came from outside,
// the disable reason in words, the spend by day and the platform's activity entry.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { artifact, launchBrowser } from './browser';
import { prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
const ACCOUNT = 'act_120200000000001';
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('dialog', (d) => void d.dismiss());
});
afterAll(async () => browser?.close());

/** The next snapshot request that carries the account (its body holds `"<field>":<value>`). */
const accountSent = (field: string) => page.waitForResponse((r) => r.url().includes('/api/watch/snapshots') && r.request().method() === 'POST'
  && (r.request().postData() ?? '').includes(`"id":"${ACCOUNT}"`) && (r.request().postData() ?? '').includes(field), { timeout: 60_000 });

describe('the appeal evidence in the demo', () => {
  it('one click downloads the disabled account\'s last 30 days: the change from outside, the reason, spend and the activity log', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    // the first load sends every account (first sightings: recorded, no change)
    let sent = accountSent('"status":1');
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    await sent;
    await sandbox.world([{ kind: 'disableAccount', id: ACCOUNT, reason: 3 }]);
    // the operator reloads the list past its cache: the disabled account is sent again
    sent = accountSent('"status":2');
    await page.getByRole('button', { name: 'Reload', exact: true }).first().click();
    await sent;

    await page.locator(`[data-row-id="${ACCOUNT}"]`).dblclick();
    await page.getByTestId('adaccount-detail').waitFor();
    await expect.poll(async () => page.locator(`[data-watch-timeline="adaccount:${ACCOUNT}"]`).textContent(), { timeout: 30_000 }).toContain('Active → Disabled');
    const button = page.locator(`[data-evidence-export="adaccount:${ACCOUNT}"]`);
    expect(await button.textContent()).toBe('Export appeal evidence');
    expect(await button.getAttribute('class')).toContain('intent-primary');
    await page.screenshot({ path: artifact('appeal-evidence-panel-en-light.png') });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^appeal-act_120200000000001-\d{8}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const stem = download.suggestedFilename().replace(/\.zip$/, '');
    const html = strFromU8(files[`${stem}.html`]!);
    const csv = strFromU8(files[`${stem}.csv`]!);
    expect(html).toContain('Active → Disabled');
    expect(html).toContain('From outside');
    expect(html).toContain('Spend by day');
    expect(html).toContain('Total');
    expect(html).toContain('Account status updated');
    expect(html).toContain('Status: Disabled, Disable reason: Risk payment');
    expect(html).not.toContain('Could not be read');
    // the byte-order mark (a decoder drops it from the text)
    expect([...files[`${stem}.csv`]!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toContain('Status change,Status,Active,Disabled,From outside');

    // the page as the appeal's reader sees it
    const reader = await browser.context.newPage();
    await reader.setContent(html);
    expect(await reader.locator('h1').textContent()).toMatch(/^Appeal evidence: Ad account /);
    await reader.screenshot({ path: artifact('appeal-evidence-page-en-light.png'), fullPage: true });
    await reader.close();
  });
});
