// A first sign-in (nothing in the browser's storage): the "My role" column of the ad-account list says
// the operator's role on each account as the platform (the sandbox's users of the account) has it —
// Advertiser, Analyst and "Through a business" ones included, never the spec's default Admin — and the
// dry run's preflight warns for an account whose role is not admin or not known (docs/DECISIONS.md, "Lists are read as a known platform identity").
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { prepareOperator, sandboxClient } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

/** The platform's role labels as the list shows them (plugins/adaccount/locales/en-US.json `roles`). */
const LABEL: Record<number, string> = { 1001: 'Admin', 1002: 'Advertisers', 1003: 'Analyst', 0: 'Through a business' };

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => browser?.close());

describe('the ad-account list on a first sign-in', () => {
  it('"My role" equals the platform\'s role on each account, and a preflight warns where the role is not admin', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 }); // the origin's storage cleared: no identity from an earlier visit
    await page.goto(`${baseUrl}/adaccount/index`);
    const screen = page.locator('[data-screen="/adaccount/index"]');
    await screen.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 90_000 });

    // Every row's "My role", as the list shows it (the view's CSV: its visible columns, as shown).
    const [download] = await Promise.all([page.waitForEvent('download'), screen.getByRole('button', { name: /^Export all \d+ rows$/ }).click()]);
    const [header, ...lines] = parseCsv(fs.readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '')).filter((r) => r.length > 1);
    const idAt = header.indexOf('Account ID');
    const roleAt = header.indexOf('My role');
    expect(idAt).toBeGreaterThanOrEqual(0);
    expect(roleAt).toBeGreaterThanOrEqual(0);
    const shown = new Map(lines.map((r) => [`act_${r[idAt]}`, r[roleAt]]));
    expect(shown.size).toBeGreaterThan(250);

    // The platform's role of the signed-in social account on each of a sample of accounts: every kind of role.
    const me = (await (await fetch(`${sandbox.base}/__sandbox/session`)).json() as { userId: string }).userId;
    const byRole = new Map<number, string[]>();
    for (const id of shown.keys()) {
      const users = (await sandbox.object<{ users: { uid: string; role: number }[] }>('adaccount', id)).users;
      const role = users.find((u) => u.uid === me)?.role ?? 0;
      byRole.set(role, [...(byRole.get(role) ?? []), id]);
    }
    expect(byRole.get(1002)?.length ?? 0).toBeGreaterThan(0);
    expect(byRole.get(1003)?.length ?? 0).toBeGreaterThan(0);
    const sample = [...byRole.entries()].flatMap(([role, ids]) => ids.slice(0, 8).map((id) => [id, role] as const));
    for (const [id, role] of sample) expect(shown.get(id), id).toBe(LABEL[role]);
    await page.screenshot({ path: artifact('adaccount-roles-first-sign-in-en-light.png') });

    expect(byRole.get(0)?.length ?? 0).toBeGreaterThan(0); // accounts reached through a business

    // The dry run of a rename warns on an Advertiser account (only an admin can rename it) and on an
    // account reached through a business (the operator's own role there is not known).
    const advertiser = byRole.get(1002)![0];
    const throughBusiness = byRole.get(0)![0];
    for (const id of [advertiser, throughBusiness]) {
      await screen.getByLabel('Filter "Name"').fill((await sandbox.object<{ name: string }>('adaccount', id)).name);
      await screen.getByRole('checkbox', { name: `Select row ${id}` }).check({ force: true });
    }
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    await page.locator('#param-name').fill('{name} - checked');
    await page.getByTestId('preview-changes').click();
    const preflight = page.getByTestId('preflight');
    await preflight.waitFor({ timeout: 30_000 });
    expect(await preflight.textContent()).toContain('Your role on this account is Advertisers: only an admin can make this change');
    expect(await preflight.textContent()).toContain('You reach this account through a business, not as one of its users: your own role on it is not known');
    expect(await preflight.textContent()).toContain('2 of 2 would fail');
    await page.screenshot({ path: artifact('adaccount-roles-preflight-en-light.png') });
    await page.keyboard.press('Escape');
    const writes = (await sandbox.calls()).writesByObject;
    expect((writes[advertiser] ?? 0) + (writes[throughBusiness] ?? 0)).toBe(0); // the preview sent nothing
  });
});
