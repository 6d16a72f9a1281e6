// Values per line from a spreadsheet, in Chromium against the sandbox (issue 32, docs/IMPORT.md): a CSV
// of 20 new names and an XLSX of 20 spending limits, each with 2 lines that cannot be used, listed by
// line number and never sent; the 18 good lines are written each with its own value, checked on the
// platform. Then the job's values are exported, one name changed, and the file imported back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { confirmJob, prepareOperator, sandboxClient } from '../../../tests/e2e/fixtures';
import { writeXlsx } from '../../../src/kernel/import/xlsx';
import { toMajorUnits } from '../../../src/kernel/graph/money';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-import-'));

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => browser?.close());

interface Account { id: string; name: string; currency: string; spend_cap?: string; amount_spent?: string; account_status: number; users?: { data?: { id: string; role: number }[] } }

/** Every account as the platform holds it now. */
async function accounts(): Promise<Map<string, Account>> {
  const out = new Map<string, Account>();
  let after = '';
  for (;;) {
    const page = await sandbox.graph<{ data: Account[]; paging?: { cursors?: { after?: string }; next?: string } }>(
      `/v24.0/me/adaccounts?fields=id,name,currency,spend_cap,amount_spent,account_status,users%7Bid,role%7D&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    page.data.forEach((a) => out.set(a.id, a));
    if (!page.paging?.next || !page.paging.cursors?.after) return out;
    after = page.paging.cursors.after;
  }
}

/** Active accounts the operator administers (a write to the others is refused by the platform). */
async function writable(all: Map<string, Account>): Promise<Account[]> {
  const me = (await sandbox.graph<{ id: string }>('/v24.0/me?fields=id')).id;
  return [...all.values()].filter((a) => a.account_status === 1 && a.users?.data?.some((u) => String(u.id) === me && u.role === 1001));
}

/** The accounts list with every row selected (the lines of a file are matched among the list's accounts). */
async function openAction(actionId: string): Promise<void> {
  await page.goto(`${baseUrl}/adaccount/index`);
  await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
  const boxes = page.getByRole('checkbox', { name: /^(Select row|选择行) act_/ });
  await expect.poll(() => boxes.count()).toBeGreaterThan(3);
  await boxes.first().check({ force: true });
  await page.getByTestId('adaccount-actions').click();
  await page.locator(`[data-action-id="${actionId}"]`).click();
}

/** Chooses the file in the import dialog and waits for its lines to be read. */
async function importFile(file: string): Promise<{ ready: number; problems: { line: number; kind: string; text: string }[] }> {
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles(file);
  const result = page.getByTestId('import-result');
  await result.waitFor({ timeout: 15_000 });
  const problems = await page.locator('[data-testid="import-problems"] tbody tr').evaluateAll((rows) => rows.map((r) => ({
    line: Number(r.getAttribute('data-line')), kind: r.getAttribute('data-kind') ?? '', text: r.textContent ?? '',
  })));
  return { ready: Number(await result.getAttribute('data-ready')), problems };
}

async function startAndFinish(): Promise<string> {
  await confirmJob(page);
  await page.getByTestId('action-start').click();
  await page.getByTestId('jobs-button').click();
  const job = page.locator('[data-job-status]').first();
  await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 90_000 }).toBe('done');
  return (await job.getAttribute('data-job-id'))!;
}

describe('values per line from a spreadsheet', () => {
  it('a CSV of 20 new names with 2 bad lines: 18 accounts renamed each to its own name; export, edit one, import back', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    const before = await accounts();
    const chosen = (await writable(before)).slice(0, 19);
    expect(chosen.length).toBe(19);
    const planned = new Map(chosen.slice(0, 18).map((a, i) => [a.id, `Plan 11.${String(i + 1).padStart(2, '0')} ${a.currency}`]));
    // line 1 the header; line 8 names no account; line 15 is a name too long; lines 2–7, 9–14 and 16–21 are good
    const lines = [['Account ID', 'New name']];
    const good = [...planned];
    for (let line = 2; line <= 21; line++) {
      if (line === 8) lines.push(['act_999000111', 'Nobody']);
      else if (line === 15) lines.push([chosen[18]!.id, 'x'.repeat(201)]);
      else { const [id, name] = good.shift()!; lines.push([id.replace(/^act_/, line % 2 ? 'act_' : ''), name]); }
    }
    const csv = path.join(dir, 'names.csv');
    fs.writeFileSync(csv, lines.map((l) => l.map((c) => `"${c}"`).join(',')).join('\r\n'));

    await openAction('adaccount.rename');
    const read = await importFile(csv);
    expect(read.ready).toBe(18);
    expect(read.problems.map((p) => [p.line, p.kind])).toEqual([[8, 'unknown'], [15, 'invalid']]);
    expect(read.problems[0]!.text).toContain('act_999000111');
    expect(read.problems[1]!.text).toMatch(/New name/);
    await page.screenshot({ path: artifact('import-csv-en.png') });
    await page.getByTestId('import-use').click();
    await expect.poll(() => page.getByTestId('imported-lines').getAttribute('data-count')).toBe('18');
    // the name comes from the file: the form says so instead of asking for it
    await page.getByTestId('given-name').waitFor();
    await page.getByTestId('preview-changes').click();
    const effects = page.locator('[data-testid="effects"] tbody tr');
    await expect.poll(() => effects.count()).toBe(18);
    expect(await effects.first().textContent()).toContain('Plan 11.01');
    await page.screenshot({ path: artifact('import-csv-preview-en.png') });
    await sandbox.clearCalls();
    const jobId = await startAndFinish();

    const after = await accounts();
    for (const [id, name] of planned) expect(after.get(id)?.name, id).toBe(name);
    expect(after.get(chosen[18]!.id)?.name).toBe(before.get(chosen[18]!.id)?.name);
    expect(Object.keys((await sandbox.calls()).writesByObject).sort()).toEqual([...planned.keys()].sort());

    // the job's values, exported in the shape the import reads
    const job = page.locator(`[data-job-id="${jobId}"]`);
    await job.getByTestId('job-items-toggle').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-values-csv').click()]);
    const exported = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const rows = exported.split('\r\n').map((l) => l.split(','));
    expect(rows[0]!.slice(0, 2)).toEqual(['ID', 'New name']);
    expect(rows.length).toBe(19);
    // one name changed in the file, everything else as exported
    const [firstId] = [...planned.keys()];
    const edited = exported.replace(planned.get(firstId!)!, 'Edited once');
    const back = path.join(dir, 'back.csv');
    fs.writeFileSync(back, edited);
    await page.keyboard.press('Escape');
    await openAction('adaccount.rename');
    const again = await importFile(back);
    expect(again).toMatchObject({ ready: 18, problems: [] });
    await page.getByTestId('import-use').click();
    await sandbox.clearCalls();
    await startAndFinish();
    const final = await accounts();
    expect(final.get(firstId!)?.name).toBe('Edited once');
    for (const [id, name] of [...planned].slice(1)) expect(final.get(id)?.name, id).toBe(name);
  }, 240_000);

  it('an XLSX of 20 spending limits, each in its account\'s currency, with 2 bad lines', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    const before = await accounts();
    const chosen = (await writable(before)).slice(0, 19);
    // each above what the account has spent, in its own currency (the platform refuses a cap below it)
    const caps = new Map(chosen.slice(0, 18).map((a, i) => [a.id, Math.ceil(toMajorUnits(a.amount_spent, a.currency) ?? 0) + 1000 + i * 250]));
    const rows: (string | number)[][] = [['ID', 'Spending limit', 'Note']];
    const good = [...caps];
    for (let line = 2; line <= 21; line++) {
      if (line === 5) rows.push([chosen[18]!.id, -20, 'negative']);
      else if (line === 19) rows.push(['act_424242', 100, 'not mine']);
      else { const [id, cap] = good.shift()!; rows.push([id, cap, '']); }
    }
    const xlsx = path.join(dir, 'caps.xlsx');
    fs.writeFileSync(xlsx, writeXlsx([{ name: 'Caps', rows }]));

    await openAction('adaccount.setSpendCap');
    const read = await importFile(xlsx);
    expect(read.ready).toBe(18);
    expect(read.problems.map((p) => [p.line, p.kind])).toEqual([[5, 'invalid'], [19, 'unknown']]);
    await page.getByTestId('import-use').click();
    await startAndFinish();

    const after = await accounts();
    for (const [id, cap] of caps) {
      const account = after.get(id)!;
      expect(toMajorUnits(account.spend_cap, account.currency), id).toBe(cap);
    }
    expect(after.get(chosen[18]!.id)?.spend_cap).toBe(before.get(chosen[18]!.id)?.spend_cap);
  }, 180_000);
});
