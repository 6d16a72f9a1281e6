// Items that carry their own parameter values (src/kernel/jobs/item.ts, docs/IMPORT.md): the runner
// validates each item's merged values, every handler gets them (run, dry run, undo), the items keep
// them through a reload, and a pair action's item pairs with its own entry.
import { describe, expect, it } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { createBridge } from '../../src/kernel/bridge/bridge';
import { RunnerRefusal } from '../../src/kernel/runner/types';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import { undoCandidates, undoDraft } from '../../src/kernel/runner/undo-preview';
import { isPreview } from '../../src/kernel/runner/dry-run';
import { planItems } from '../../src/kernel/runner/draft';
import { actionMap, testAction, testPlugin } from '../harness/actions';
import type { JobItem } from '../../src/kernel/jobs/item';

/** A schema that wants a non-empty `name` and, when given, a positive `cap`. */
const schemas: ParamSchemas = {
  schema: () => ({ type: 'object', properties: { name: {}, cap: {} } }),
  validate: (_key, params) => {
    const p = params as { name?: unknown; cap?: unknown };
    const out = [];
    if (typeof p.name !== 'string' || !p.name.trim()) out.push({ field: 'name', message: 'required' });
    if (p.cap !== undefined && !(typeof p.cap === 'number' && p.cap > 0)) out.push({ field: 'cap', message: 'must be > 0' });
    return out;
  },
  ready: () => true,
};

function setUp(store = createKernelStore()) {
  const names = new Map([['a', 'Old a'], ['b', 'Old b'], ['c', 'Old c']]);
  const reads: string[][] = [];
  const plugin = testPlugin('demo');
  const action = testAction({ id: 'demo.rename', lane: 'graph' }, {
    run: async (item, params: { name: string }) => { names.set(String(item.id), params.name); },
    describe: (item, params: { name: string }) => ({ key: 'rename', values: { id: item.id, name: params.name } }),
    undo: {
      readsParams: [],
      read: async (items) => {
        reads.push(items.map((i) => String(i.id)));
        return new Map(items.map((i) => [String(i.id), { name: names.get(String(i.id)) ?? null }]));
      },
      after: (_item, params: { name: string }) => ({ name: params.name }),
      run: async (item, before) => { names.set(String(item.id), String(before?.name)); },
      describe: () => ({ key: 'undo' }),
    },
  });
  const runner = new Runner({
    store, bridge: createBridge({ kind: 'demo', request: async () => ({ ok: true, status: 200, headers: {}, body: {} }) } as never),
    actions: () => actionMap(plugin, action), usablePluginIds: () => new Set(['demo']), user: () => ({ role: 'user' }),
    clock: realClock, paramSchemas: schemas, pacing: false, flush: async () => {}, paceFactor: () => 0.01, bus: { emit() {}, on() {}, off() {} } as never,
  });
  return { runner, names, reads, store };
}

const own = (id: string, params: Record<string, unknown>): JobItem => ({ id, params });

describe('items with their own parameter values', () => {
  it('each item is written with its own value; the job needs none of its own', async () => {
    const { runner, names } = setUp();
    const jobId = runner.start('demo.rename', {}, [own('a', { name: 'Alpha' }), own('b', { name: 'Beta' }), own('c', { name: 'Gamma' })]);
    await expect.poll(() => runner.job(jobId)?.status, { timeout: 5_000, interval: 10 }).toBe('done');
    expect([...names.entries()]).toEqual([['a', 'Alpha'], ['b', 'Beta'], ['c', 'Gamma']]);
    // the item's own value wins over the job's
    const { runner: second, names: after } = setUp();
    const job2 = second.start('demo.rename', { name: 'Everyone' }, [own('a', { name: 'Alpha' }), { id: 'b' }]);
    await expect.poll(() => second.job(job2)?.status, { timeout: 5_000, interval: 10 }).toBe('done');
    expect(after.get('a')).toBe('Alpha');
    expect(after.get('b')).toBe('Everyone');
  });

  it('refuses a job one of whose items has a value the schema refuses, naming that item', () => {
    const { runner } = setUp();
    let refusal: unknown;
    try {
      runner.draft('demo.rename', {}, [own('a', { name: 'Alpha' }), own('b', { name: 'Beta', cap: -5 })]);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(RunnerRefusal);
    expect((refusal as RunnerRefusal).fieldErrors.map((f) => f.field)).toEqual(['cap']);
    expect((refusal as RunnerRefusal).names).toEqual(['b']);
    // an item without its own values takes the job's, which must then pass
    expect(() => runner.draft('demo.rename', {}, [own('a', { name: 'Alpha' }), { id: 'b' }])).toThrow(RunnerRefusal);
    expect(() => runner.draft('demo.rename', { name: 'x' }, [own('a', { name: 'Alpha' }), { id: 'b' }])).not.toThrow();
  });

  it('the dry run describes each item with its own value', async () => {
    const { runner } = setUp();
    const draft = runner.draft('demo.rename', {}, [own('a', { name: 'Alpha' }), own('b', { name: 'Beta' })]);
    const preview = await runner.dryRun(draft);
    expect(isPreview(preview)).toBe(true);
    if (!isPreview(preview)) return;
    expect(preview.effects.map((e) => e.values?.name)).toEqual(['Alpha', 'Beta']);
  });

  it('keeps before-states read in one call (the read ignores the values), and the undo puts each back', async () => {
    const { runner, names, reads } = setUp();
    const jobId = runner.start('demo.rename', {}, [own('a', { name: 'Alpha' }), own('b', { name: 'Beta' }), own('c', { name: 'Gamma' })]);
    await expect.poll(() => runner.job(jobId)?.status, { timeout: 5_000, interval: 10 }).toBe('done');
    const items = runner.items(jobId);
    expect(items.map((i) => [i.before, i.after])).toEqual([
      ['{"name":"Old a"}', '{"name":"Alpha"}'], ['{"name":"Old b"}', '{"name":"Beta"}'], ['{"name":"Old c"}', '{"name":"Gamma"}'],
    ]);
    const undoId = runner.start(undoDraft(runner.job(jobId)!, undoCandidates(items)));
    await expect.poll(() => runner.job(undoId)?.status, { timeout: 5_000, interval: 10 }).toBe('done');
    expect([...names.values()]).toEqual(['Old a', 'Old b', 'Old c']);
    expect(reads.flat().sort()).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
  });

  it('an undo read that depends on a parameter is called once per distinct value of it', async () => {
    const { withItemParams } = await import('../../src/kernel/plugin/item-params');
    const seen: unknown[] = [];
    const handlers = withItemParams({
      run: async () => {},
      undo: {
        readsParams: ['business'],
        read: async (items, params) => { seen.push([(params as { business: string }).business, items.map((i) => i.id)]); return new Map(); },
        after: () => ({}), run: async () => {}, describe: () => ({ key: 'x' }),
      },
    });
    await handlers.undo!.read([own('a', { business: '1', name: 'x' }), own('b', { business: '2', name: 'y' }), own('c', { business: '1', name: 'z' })], { business: '0' }, { signal: new AbortController().signal, bridge: {} as never });
    expect(seen).toEqual([['1', ['a', 'c']], ['2', ['b']]]);
  });

  it('a reload keeps each item\'s own value: the resumed job writes it', async () => {
    const store = createKernelStore();
    // a running job as a reload finds it: its items stored with their own values
    store.setRow('jobs', 'job-1', {
      actionId: 'demo.rename', pluginId: 'demo', status: 'running', pauseReason: '', pauseMessage: '', params: '{}', secretFields: '[]', error: '', errorFields: '[]',
      settling: 0, settlingUntil: 0, total: 2, done: 0, failed: 0, skipped: 0, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 2, finishedAt: 0, dryRun: false, startedBy: 'Op', undoOf: '', fbid: '', org: 0, approval: 0,
    });
    [own('a', { name: 'Alpha' }), own('b', { name: 'Beta' })].forEach((item, index) => store.setRow('items', `job-1:${String(index).padStart(7, '0')}`, {
      jobId: 'job-1', index, itemId: item.id, item: JSON.stringify(item), state: 'pending', attempts: 0,
      message: '', output: '', scope: '', requestId: '', requestIds: '[]', deadline: 0, finishedAt: 0, before: '', after: '', record: 'write',
    }));
    const { runner, names } = setUp(store);
    expect(runner.restore(false)).toEqual(['job-1']);
    await runner.resume('job-1');
    await expect.poll(() => runner.job('job-1')?.status, { timeout: 5_000, interval: 10 }).toBe('done');
    expect(names.get('a')).toBe('Alpha');
    expect(names.get('b')).toBe('Beta');
    // a stored job whose item lost its required value is refused before anything is sent
    const bad = createKernelStore();
    bad.setRow('jobs', 'job-2', { ...store.getRow('jobs', 'job-1'), status: 'running', done: 0, finishedAt: 0 });
    bad.setRow('items', 'job-2:0000000', { ...store.getRow('items', 'job-1:0000000'), jobId: 'job-2', item: JSON.stringify(own('a', { name: ' ' })), state: 'pending', attempts: 0, finishedAt: 0, before: '', after: '', record: 'write' });
    const again = setUp(bad);
    again.runner.restore(false);
    await again.runner.resume('job-2');
    await expect.poll(() => again.runner.job('job-2')?.status, { timeout: 5_000, interval: 10 }).toBe('failed');
    expect(again.names.get('a')).toBe('Old a');
  });

  it('a pair action\'s item pairs with its own entry of the paired list, not the job\'s', () => {
    const plugin = testPlugin('demo');
    const action = { ...testAction({ id: 'demo.addRole', lane: 'graph', pairs: { param: 'uids' } }, { run: async () => {} }) };
    const planned = planItems(plugin, action, { uids: ['9', '8'] }, [own('p1', { uids: ['1'] }), { id: 'p2' }]);
    expect(planned.map((p) => p.itemId)).toEqual(['p1|1', 'p2|9', 'p2|8']);
  });
});
