// Renaming with a name pattern through the runner, against the sandbox: `{index}` numbers the accounts
// 1…N in the order of the selection given, and each name the sandbox holds afterwards is exactly the
// dry run's preview of that row (src/kernel/platform/name-pattern.ts).
import { describe, expect, it } from 'vitest';
import { sandboxArea, sandboxRunner } from '../../../tests/sandbox/area-harness';
import { isPreview } from '../../../src/kernel/runner/dry-run';

const area = sandboxArea('adaccount', { extensionVersion: '1.0.0' });

const makeRunner = () => sandboxRunner(area);

/** Open accounts the session user administers, as the list would give them (name, currency). */
function adminAccounts(count: number) {
  const data = area.sb.state.data;
  const me = data.fixtures.sessionUser;
  const mine = data.accountList.filter((a) => a.account_status === 1 && a.users.some((u) => u.uid === me && u.role === 1001));
  expect(mine.length).toBeGreaterThanOrEqual(count);
  return mine.slice(0, count).map((a) => ({ id: a.id, name: a.name, currency: a.currency }));
}

describe('rename with a name pattern', () => {
  it('writes ACME | US | {index:2} | {id} for 20 accounts exactly as the preview shows each row', async () => {
    const runner = makeRunner();
    await runner.loadParamValidators();
    // the order shown is not the sandbox's order: the list's sorting decides the numbers
    const selection = adminAccounts(20).reverse();
    const draft = runner.draft('adaccount.rename', { name: 'ACME | US | {index:2} | {id}' }, selection);
    const result = await runner.dryRun(draft);
    expect(isPreview(result)).toBe(true);
    const preview = isPreview(result) ? result.effects : [];
    expect(preview).toHaveLength(20);
    expect(preview.map((e) => e.problem)).toEqual(preview.map(() => undefined));
    preview.forEach((e, i) => {
      expect(e.itemId).toBe(selection[i].id);
      expect(e.values?.to).toBe(`ACME | US | ${String(i + 1).padStart(2, '0')} | ${selection[i].id.slice(4)}`);
    });

    const jobId = runner.start(draft);
    await expect.poll(() => runner.job(jobId)?.status, { timeout: 20_000, interval: 20 }).toBe('done');
    expect(runner.items(jobId).map((i) => i.state)).toEqual(preview.map(() => 'done'));
    for (const e of preview) {
      const written = (await area.sb.getJson(`/__sandbox/objects/adaccount/${e.itemId}`)).body as { name: string };
      expect(written.name, e.itemId).toBe(e.values?.to);
    }
  });

  it('find and replace change the current name the same way in the preview and the write', async () => {
    const runner = makeRunner();
    await runner.loadParamValidators();
    const selection = adminAccounts(3).map((a, i) => ({ ...a, name: `Shop ${i} US-east` }));
    const draft = runner.draft('adaccount.rename', { name: '{index:3} {name}', find: 'US-(\\w+)', replace: 'EU-$1', regex: true }, selection);
    const result = await runner.dryRun(draft);
    const preview = isPreview(result) ? result.effects : [];
    expect(preview.map((e) => e.values?.to)).toEqual(['001 Shop 0 EU-east', '002 Shop 1 EU-east', '003 Shop 2 EU-east']);
    const jobId = runner.start(draft);
    await expect.poll(() => runner.job(jobId)?.status, { timeout: 20_000, interval: 20 }).toBe('done');
    for (const e of preview) expect(((await area.sb.getJson(`/__sandbox/objects/adaccount/${e.itemId}`)).body as { name: string }).name).toBe(e.values?.to);
  });

  it('a job stored before {index} was numbered (items without index, no find and replace) still runs, as 1', async () => {
    const [a] = adminAccounts(1);
    // what today's stored job hands the action: the item as the list gave it and the old parameters
    await area.action('adaccount.rename').run({ ...a }, { name: 'Old {index}' }, area.ctx());
    expect(((await area.sb.getJson(`/__sandbox/objects/adaccount/${a.id}`)).body as { name: string }).name).toBe('Old 1');
    expect(await area.action('adaccount.rename').verify!({ ...a }, { name: 'Old {index}' }, area.ctx())).toBe(true);
  });
});
