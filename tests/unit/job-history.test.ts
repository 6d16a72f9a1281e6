// Jobs read like a history (issue 31 part 5): who started a job is kept with it, a job kept by the
// version before (no `startedBy`) still loads, and the speed reads as an operator says it.
import { describe, expect, it } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { JobStore } from '../../src/kernel/runner/job-store';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import { rateWords } from '../../src/kernel/runner/JobsView';
import { actionMap, testAction, testPlugin } from '../harness/actions';

describe('a job\'s history', () => {
  it('keeps who started it', () => {
    const plugin = testPlugin('demo');
    const action = testAction({ id: 'demo.touch', lane: 'graph' }, { run: async () => {} });
    const schemas: ParamSchemas = { schema: () => ({ type: 'object' }), validate: () => [], ready: () => true };
    const runner = new Runner({
      store: createKernelStore(), bridge: createBridge({ kind: 'demo', request: async () => ({ ok: true, status: 200, headers: {}, body: {} }) } as never),
      actions: () => actionMap(plugin, action), usablePluginIds: () => new Set(['demo']), user: () => ({ role: 'user', name: 'Demo Operator' }),
      clock: realClock, paramSchemas: schemas, pacing: false, flush: async () => {}, bus: { emit() {}, on() {}, off() {} } as never,
    });
    const jobId = runner.start(runner.draft('demo.touch', {}, [{ id: '1' }]));
    expect(runner.job(jobId)?.startedBy).toBe('Demo Operator');
  });

  it('loads a job kept by the version before, which had no startedBy', () => {
    const store = createKernelStore();
    // the row exactly as the previous version wrote it
    store.setRow('jobs', 'job-old', {
      actionId: 'demo.touch', pluginId: 'demo', status: 'done', pauseReason: '', pauseMessage: '', params: '{}', secretFields: '[]', error: '', errorFields: '[]',
      settling: 0, settlingUntil: 0, total: 1, done: 1, failed: 0, skipped: 0, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 2, finishedAt: 2, dryRun: false,
    });
    const job = new JobStore(store, () => 3).job('job-old');
    expect(job).toMatchObject({ id: 'job-old', status: 'done', startedBy: '' });
  });
});

describe('a job\'s speed in words', () => {
  const t = (key: string, o?: Record<string, unknown>) => `${key}:${o?.count}`;
  it('picks the unit an operator reads', () => {
    expect(rateWords(19.2, t)).toBe('runner.ratePerMinute:19');
    expect(rateWords(300, t)).toBe('runner.ratePerSecond:5');
    expect(rateWords(0.05, t)).toBe('runner.ratePerHour:3');
  });
});
