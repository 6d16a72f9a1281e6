// Undo through the runner, against the sandbox (docs/UNDO.md): a rename job keeps each account's
// name read just before its write, the undo's dry run sorts the accounts into those it puts back and
// those changed since, and the undo job writes every kept name back exactly while an account renamed
// by someone else in between keeps that name.
import { describe, expect, it } from 'vitest';
import { sandboxArea, sandboxRunner } from '../../../tests/sandbox/area-harness';
import { previewUndo, undoCandidates, undoDraft, undoableCount } from '../../../src/kernel/runner/undo-preview';

const area = sandboxArea('adaccount', { extensionVersion: '1.0.0' });

const makeRunner = () => sandboxRunner(area, '100001');

function adminAccounts(count: number) {
  const data = area.sb.state.data;
  const me = data.fixtures.sessionUser;
  const mine = data.accountList.filter((a) => a.account_status === 1 && a.users.some((u) => u.uid === me && u.role === 1001));
  expect(mine.length).toBeGreaterThanOrEqual(count);
  // the list's names are stale on purpose: the before-state is read fresh, not taken from the list
  return mine.slice(0, count).map((a) => ({ id: a.id, name: `${a.name} (as the list last saw it)`, currency: a.currency }));
}

const nameIn = async (id: string) => ((await area.sb.getJson(`/__sandbox/objects/adaccount/${id}`)).body as { name: string }).name;

describe('undoing a rename job', () => {
  it('keeps each name read before its write, flags an account renamed since, and puts the others back exactly', async () => {
    const runner = makeRunner();
    await runner.loadParamValidators();
    const selection = adminAccounts(6);
    const original = new Map(await Promise.all(selection.map(async (a) => [a.id, await nameIn(a.id)] as const)));

    const jobId = runner.start(runner.draft('adaccount.rename', { name: 'Spring {index}' }, selection));
    await expect.poll(() => runner.job(jobId)?.status, { timeout: 20_000, interval: 20 }).toBe('done');
    const items = runner.items(jobId);
    // the before-state is the platform's name, not the list's; each applied write waits for the server
    items.forEach((i, k) => {
      expect(JSON.parse(i.before!)).toEqual({ name: original.get(i.itemId) });
      expect(JSON.parse(i.after!)).toEqual({ name: `Spring ${k + 1}` });
      expect(i.record).toBe('due');
    });
    expect(runner.job(jobId)!.fbid).toBe('100001');
    expect(undoableCount(runner.job(jobId)!, runner.items(jobId))).toBe(6);

    // someone renames one account in between
    const changed = selection[2]!.id;
    await area.bridge.graph({ method: 'POST', path: changed, params: { name: 'Renamed by a colleague' } });

    const handlers = await area.plugin.actions.find((a) => a.id === 'adaccount.rename')!.load();
    const preview = await previewUndo(handlers, JSON.parse(runner.job(jobId)!.params), undoCandidates(runner.items(jobId)), area.bridge, new AbortController().signal);
    expect(preview.filter((p) => p.verdict === 'changed').map((p) => p.itemId)).toEqual([changed]);
    expect(preview.filter((p) => p.verdict === 'restore')).toHaveLength(5);

    const undoId = runner.start(undoDraft(runner.job(jobId)!, preview.filter((p) => p.verdict === 'restore')));
    expect(runner.job(undoId)!.undoOf).toBe(jobId);
    await expect.poll(() => runner.job(undoId)?.status, { timeout: 20_000, interval: 20 }).toBe('done');
    expect(runner.job(undoId)!.done).toBe(5);
    for (const a of selection) expect(await nameIn(a.id), a.id).toBe(a.id === changed ? 'Renamed by a colleague' : original.get(a.id));
    // the undo's own writes are records too, with the states swapped
    const undone = runner.items(undoId)[0]!;
    expect(JSON.parse(undone.before!)).toEqual({ name: 'Spring 1' });
    expect(JSON.parse(undone.after!)).toEqual({ name: original.get(undone.itemId) });
    expect(undone.record).toBe('due');
  });

  it('an undo item whose account changed after the dry run is left as it is (never overwritten blindly)', async () => {
    const runner = makeRunner();
    await runner.loadParamValidators();
    const [account] = adminAccounts(1);
    const jobId = runner.start(runner.draft('adaccount.rename', { name: 'Summer' }, [account!]));
    await expect.poll(() => runner.job(jobId)?.status, { timeout: 20_000, interval: 20 }).toBe('done');
    // the dry run saw it unchanged; then a colleague renames it before the undo runs
    const draft = undoDraft(runner.job(jobId)!, undoCandidates(runner.items(jobId)));
    await area.bridge.graph({ method: 'POST', path: account!.id, params: { name: 'Autumn' } });
    const undoId = runner.start(draft);
    await expect.poll(() => runner.job(undoId)?.status, { timeout: 20_000, interval: 20 }).toBe('done');
    expect(runner.items(undoId)[0]!.state).toBe('failed');
    expect(runner.items(undoId)[0]!.message).toMatch(/changed since/);
    expect(await nameIn(account!.id)).toBe('Autumn');
  });
});
