// Undo and job records over jobs kept by the version before them (docs/UNDO.md): a running job of a
// write, stored without before-states or record marks, loads, resumes and finishes; the items it
// applies from now on keep their before-state and are reported, the ones applied before are not
// offered for undo (nothing was kept for them).
import { describe, expect, it } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import { undoCandidates, undoableCount } from '../../src/kernel/runner/undo-preview';
import { actionMap, testAction, testPlugin } from '../harness/actions';

describe('a job kept by the version before undo', () => {
  it('resumes; the items it applies now keep their before-state and go to the outbox', async () => {
    const store = createKernelStore();
    // the rows exactly as the previous version wrote them
    store.setRow('jobs', 'job-old', {
      actionId: 'demo.rename', pluginId: 'demo', status: 'running', pauseReason: '', pauseMessage: '', params: '{"name":"New"}', secretFields: '[]', error: '', errorFields: '[]',
      settling: 0, settlingUntil: 0, total: 3, done: 1, failed: 0, skipped: 0, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 2, finishedAt: 0, dryRun: false, startedBy: 'Op',
    });
    ['a', 'b', 'c'].forEach((id, index) => store.setRow('items', `job-old:${String(index).padStart(7, '0')}`, {
      jobId: 'job-old', index, itemId: id, item: JSON.stringify({ id }), state: index === 0 ? 'done' : 'pending', attempts: index === 0 ? 1 : 0,
      message: '', output: '', scope: '', requestId: '', requestIds: '[]', deadline: 0, finishedAt: index === 0 ? 2 : 0,
    }));

    const names = new Map([['a', 'New'], ['b', 'Old b'], ['c', 'Old c']]);
    const plugin = testPlugin('demo');
    const action = testAction({ id: 'demo.rename', lane: 'graph' }, {
      run: async (item, params: { name: string }) => { names.set(String(item.id), params.name); },
      undo: {
        read: async (items) => new Map(items.map((i) => [String(i.id), { name: names.get(String(i.id)) ?? null }])),
        after: (_item, params: { name: string }) => ({ name: params.name }),
        run: async (item, before) => { names.set(String(item.id), String(before?.name)); },
        describe: () => ({ key: 'x' }),
      },
    });
    const schemas: ParamSchemas = { schema: () => ({ type: 'object' }), validate: () => [], ready: () => true };
    const runner = new Runner({
      store, bridge: createBridge({ kind: 'demo', request: async () => ({ ok: true, status: 200, headers: {}, body: {} }) } as never),
      actions: () => actionMap(plugin, action), usablePluginIds: () => new Set(['demo']), user: () => ({ role: 'user' }),
      clock: realClock, paramSchemas: schemas, pacing: false, flush: async () => {}, paceFactor: () => 0.01, bus: { emit() {}, on() {}, off() {} } as never,
    });

    expect(runner.restore(false)).toEqual(['job-old']);
    expect(runner.job('job-old')).toMatchObject({ status: 'interrupted', undoOf: '', fbid: '', org: 0 });
    await runner.resume('job-old');
    await expect.poll(() => runner.job('job-old')?.status, { timeout: 5_000, interval: 10 }).toBe('done');

    const items = runner.items('job-old');
    expect(items.map((i) => [i.itemId, i.state, i.before, i.record])).toEqual([
      ['a', 'done', '', ''],
      ['b', 'done', '{"name":"Old b"}', 'due'],
      ['c', 'done', '{"name":"Old c"}', 'due'],
    ]);
    expect(undoCandidates(items).map((c) => c.itemId)).toEqual(['b', 'c']);
    expect(undoableCount(runner.job('job-old')!, items)).toBe(2);
    expect([...names.values()]).toEqual(['New', 'New', 'New']);
  });
});
