// The rename dialog with a name pattern, in Chromium against the sandbox: the preview lists every
// selected row with its number, the names the job writes are exactly the preview's, and a regular
// expression that does not compile is refused under its field in the operator's words.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from '../../../tests/e2e/browser';
import { prepareOperator, sandboxClient } from '../../../tests/e2e/fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

const account = (id: string) => sandbox.object<{ name: string }>('adaccount', id);

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => browser?.close());

/** The preview's rows in order: the item id and the effect sentence (without a flagged tag). */
const previewRows = () => page.locator('[data-testid="effects"] tbody tr').evaluateAll((rows) => rows.map((r) => ({
  id: r.getAttribute('data-item-id')!,
  effect: (r.querySelectorAll('td')[1]?.firstChild?.textContent ?? '').trim(),
})));

describe('rename with a name pattern', () => {
  it('previews every selected row numbered in order, writes exactly the preview, and words a bad regular expression', async () => {
    await sandbox.reset({ hostile: false });
    await prepareOperator(page, { pace: 0.05 });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByLabel('Filter "Status"').selectOption('Disabled');
    await expect.poll(() => page.locator('[data-row-id]').count()).toBeGreaterThan(10);
    // the first 15 rows the grid draws, ticked from the last up: the numbers follow the order shown, not
    // the order of the clicks (at most 50 rows: a bigger job asks for a typed confirmation first, issue 31 part 3)
    const boxes = page.getByRole('checkbox', { name: /^Select row act_/ });
    const shown = (await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.replace(/^Select row /, '')))).slice(0, 15);
    expect(shown).toHaveLength(15);
    for (const id of [...shown].reverse()) await page.getByRole('checkbox', { name: `Select row ${id}` }).check({ force: true });
    const selected = Number((await page.getByText(/^Selected: \d+/).textContent())!.replace(/\D/g, ''));
    expect(selected).toBe(15);

    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    await page.locator('#param-name').fill('ACME | US | {index:2} | {id}');
    await page.getByTestId('preview-changes').click();
    await expect.poll(() => page.locator('[data-testid="effects"] tbody tr').count(), { timeout: 30_000 }).toBe(selected);
    const rows = await previewRows();
    // numbered 01…N in the order the list shows the rows
    expect(rows.map((r) => r.id)).toEqual(shown);
    const planned = rows.map((r, i) => {
      const to = r.effect.split(' → ').at(-1)!;
      expect(to, r.id).toBe(`ACME | US | ${String(i + 1).padStart(2, '0')} | ${r.id.replace(/^act_/, '')}`);
      return { id: r.id, to };
    });
    await page.screenshot({ path: artifact('adaccount-rename-pattern-preview-en-light.png') });

    await sandbox.clearCalls();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('jobs-button').click();
    const job = page.locator('[data-job-status]').first();
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 90_000 }).toBe('done');
    await page.keyboard.press('Escape');
    // every row written once, with exactly the name its preview row showed
    const { writesByObject } = await sandbox.calls();
    expect(Object.keys(writesByObject).sort()).toEqual([...shown].sort());
    for (const p of planned) {
      expect(writesByObject[p.id], p.id).toBe(1);
      expect((await account(p.id)).name, p.id).toBe(p.to);
    }

    // the list re-reads the renamed rows after the job (its selection is published again): wait for it,
    // so the dialog opened next is not reset under the typing
    await expect.poll(() => page.locator('[data-row-id]').filter({ hasText: 'ACME | US |' }).count(), { timeout: 30_000 }).toBe(15);

    // find and replace with a regular expression that does not compile: refused under Find, nothing sent
    await sandbox.clearCalls();
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    // (the form is filled until it holds: on a loaded machine a late re-render of the list has been seen
    // to reset the dialog under the typing once — docs/DECISIONS.md, name patterns, notes it as open)
    const regex = page.locator('#param-regex');
    await expect.poll(async () => {
      if (await page.locator('#param-name').inputValue() !== '{name}') await page.locator('#param-name').fill('{name}');
      if (await page.locator('#param-find').inputValue() !== 'US (east') await page.locator('#param-find').fill('US (east');
      if (await page.locator('#param-replace').inputValue() !== 'EU') await page.locator('#param-replace').fill('EU');
      if (!(await regex.isChecked())) await regex.click({ force: true });
      return (await regex.isChecked()) && (await page.locator('#param-find').inputValue()) === 'US (east';
    }, { timeout: 20_000 }).toBe(true);
    await page.getByTestId('preview-changes').click();
    await page.getByText('The regular expression opens a group "(" that is never closed').waitFor();
    await page.getByTestId('action-refusal').waitFor();
    expect(await page.locator('[data-testid="effects"]').count()).toBe(0);
    await page.screenshot({ path: artifact('adaccount-rename-pattern-bad-regex-en-light.png') });
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('The regular expression opens a group "(" that is never closed').waitFor();
    expect(Object.keys((await sandbox.calls()).writesByObject)).toEqual([]);
  });

  it('in Chinese: an unknown placeholder and a bad regular expression are refused in the operator’s words', async () => {
    await prepareOperator(page, { locale: 'zh-CN', pace: 0.05 });
    await page.goto(`${baseUrl}/adaccount/index`);
    await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    const first = await page.getByRole('checkbox', { name: /^选择行 act_/ }).first().getAttribute('aria-label');
    await page.getByRole('checkbox', { name: first! }).check({ force: true });
    await page.getByTestId('adaccount-actions').click();
    await page.locator('[data-action-id="adaccount.rename"]').click();
    await page.locator('#param-name').fill('ACME {序号}');
    await page.getByTestId('preview-changes').click();
    await page.getByText('{序号} 不是可用的占位符', { exact: false }).waitFor();
    await page.locator('#param-name').fill('{name}');
    await page.locator('#param-find').fill('[US');
    await page.locator('#param-regex').check({ force: true });
    await page.getByTestId('preview-changes').click();
    await page.getByText('正则表达式中有未闭合的字符集 "["').waitFor();
    await page.screenshot({ path: artifact('adaccount-rename-pattern-bad-regex-zh-light.png') });
  });
});
