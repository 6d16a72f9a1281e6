import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKernelStore, type KernelStore } from '../../src/kernel/store/store';
import { createBridge, GraphError } from '../../src/kernel/bridge/bridge';
import { BridgeError, type BridgeTransport } from '../../src/kernel/bridge/transport';
import type { BridgeResponse, OutcomeState } from '../../protocol';
import { Runner, type RunnerDeps } from '../../src/kernel/runner/runner';
import { ITEMS, JOBS, JobStore, itemRowId } from '../../src/kernel/runner/job-store';
import { KERNEL_LANES, LANE_PROFILES, jitterFromSteps, laneProblems, pluginLanes, realClock, toLaneProfile } from '../../src/kernel/runner/lanes';
import type { FieldError, ParamSchemas } from '../../src/kernel/runner/params';
import { outputColumns, resultRows } from '../../src/kernel/runner/results';
import { toCsv } from '../../src/kernel/table/csv';
import { RunnerRefusal, type ItemRow, type JobItem } from '../../src/kernel/runner/types';
import type { ActionContext, JsonSchema, LaneDeclaration } from '../../src/kernel/plugin/types';
import { actionMap, testAction, testPlugin } from '../harness/actions';

/** A platform that answers every call with success, journaling writes by request id like the executor. */
function fakeTransport(journal = new Map<string, { state: OutcomeState }>()): BridgeTransport {
  return {
    kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
    outcome: async (id) => journal.get(id) ?? { state: 'unknown' },
    request: async (_payload, o): Promise<BridgeResponse> => {
      if (o?.requestId) journal.set(o.requestId, { state: 'done' });
      return { ok: true, status: 200, headers: {}, body: { success: true } };
    },
  };
}

/** Parameter schemas for the fixtures: checks `required` and `minLength` of string properties, like the compiled ones. */
function schemaSource(schemas: Record<string, JsonSchema>): ParamSchemas {
  return {
    schema: (key) => schemas[key],
    validate: (key, params) => {
      const schema = schemas[key] as { required?: string[]; properties?: Record<string, { minLength?: number }> } | undefined;
      if (!schema) return [{ field: '', message: `no schema "${key}"` }];
      const p = (params ?? {}) as Record<string, unknown>;
      const errors: FieldError[] = [];
      for (const f of schema.required ?? []) if (p[f] === undefined) errors.push({ field: f, message: 'is required' });
      for (const [f, prop] of Object.entries(schema.properties ?? {})) {
        if (typeof p[f] === 'string' && prop.minLength && (p[f] as string).length < prop.minLength) errors.push({ field: f, message: 'too short' });
      }
      return errors;
    },
  };
}

const items = (n: number, prefix = 'obj_'): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}` }));
const plugin = testPlugin('demo', { scope: { pattern: '^obj_\\d+$', usageKey: 'obj_{key}' } });

function makeRunner(deps: Partial<RunnerDeps> & Pick<RunnerDeps, 'actions'>, store: KernelStore = createKernelStore()): Runner {
  return new Runner({
    store, bridge: createBridge(fakeTransport()), usablePluginIds: () => new Set(['demo']), user: () => ({ role: 'user' }),
    clock: realClock, paceFactor: () => 0.01, flush: async () => {}, pacing: false, paramSchemas: schemaSource({}), ...deps,
  });
}

async function untilSettled(runner: Runner, jobId: string, ms = 60_000) {
  await vi.advanceTimersByTimeAsync(ms);
  return runner.job(jobId)!;
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

// ------------------------------------------------------------------------------------------------

describe('the job store', () => {
  it('finds a job’s items through the index by job: finishing an item reads no other job’s rows, however long the history', async () => {
    const readsPerRun = async (historyJobs: number) => {
      const store = createKernelStore();
      const seed = new JobStore(store, () => Date.now());
      for (let j = 0; j < historyJobs; j++) {
        const id = `job-old-${j}`;
        seed.create(id, {
          actionId: 'demo.touch', pluginId: 'demo', status: 'done', pauseReason: '', pauseMessage: '', params: '{}', secretFields: '[]', error: '', errorFields: '[]', settling: 0, settlingUntil: 0,
          total: 100, done: 100, failed: 0, skipped: 0, unknown: 0, createdAt: j, startedAt: j, updatedAt: j, finishedAt: j, dryRun: false, startedBy: '', undoOf: '', fbid: '', org: 0, approval: 0,
        }, Array.from({ length: 100 }, (_, index): ItemRow => ({ jobId: id, index, itemId: `obj_${index}`, item: '{}', state: 'done', attempts: 1, message: '', output: '', scope: '', requestId: '', deadline: 0, finishedAt: j })));
      }
      const action = testAction({ id: 'demo.touch', schema: null }, { run: async () => {} });
      // The store is frozen, so reads are counted through a copy of its methods: every read from the
      // start to the end of the job, noting rows of other jobs and scans of the whole items table.
      const reads = { counting: false, total: 0, foreign: 0, itemTableScans: 0 };
      let jobId = '';
      const READS = new Set(['getRow', 'getCell', 'hasRow', 'getRowIds', 'getSortedRowIds', 'getTable', 'getTables', 'getRowCount', 'forEachRow', 'hasCell']);
      const counted = Object.fromEntries(Object.entries(store).map(([name, fn]) => [name, !READS.has(name) ? fn : (...args: unknown[]) => {
        if (reads.counting) {
          reads.total += 1;
          const [table, row] = args as [string | undefined, string | undefined];
          if ((table === ITEMS || table === undefined) && row === undefined) reads.itemTableScans += 1;
          if (typeof row === 'string' && !row.startsWith(jobId)) reads.foreign += 1;
        }
        return (fn as (...a: unknown[]) => unknown)(...args);
      }])) as unknown as KernelStore;
      const runner = makeRunner({ actions: () => actionMap(plugin, action) }, counted);
      jobId = runner.start('demo.touch', {}, items(5));
      reads.counting = true;
      const job = await untilSettled(runner, jobId, 5000);
      expect(job).toMatchObject({ status: 'done', done: 5 });
      return { ...reads, jobId };
    };
    const empty = await readsPerRun(0);
    const long = await readsPerRun(100); // 10,000 item rows kept
    expect(long.foreign).toBe(0);
    expect(long.itemTableScans).toBe(0);
    expect(long.total).toBeGreaterThan(0);
    expect(long.total).toBe(empty.total);
  });

  it('keeps counters with the item states and trims the oldest finished jobs with their items', () => {
    const store = createKernelStore();
    const jobs = new JobStore(store, () => 1);
    const row = (jobId: string, index: number): ItemRow => ({ jobId, index, itemId: `x${index}`, item: '{}', state: 'pending', attempts: 0, message: '', output: '', scope: '', requestId: '', deadline: 0, finishedAt: 0 });
    for (let j = 0; j < 102; j++) {
      jobs.create(`j${String(j).padStart(3, '0')}`, {
        actionId: 'a', pluginId: 'p', status: j < 2 ? 'done' : 'running', pauseReason: '', pauseMessage: '', params: '{}', secretFields: '[]', error: '', errorFields: '[]', settling: 0, settlingUntil: 0,
        total: 2, done: 0, failed: 0, skipped: 0, unknown: 0, createdAt: j, startedAt: j, updatedAt: j, finishedAt: 0, dryRun: false, startedBy: '', undoOf: '', fbid: '', org: 0, approval: 0,
      }, [row(`j${String(j).padStart(3, '0')}`, 0), row(`j${String(j).padStart(3, '0')}`, 1)]);
    }
    jobs.patchItem(itemRowId('j050', 0), { state: 'done' });
    jobs.patchItem(itemRowId('j050', 1), { state: 'failed' });
    jobs.patchItem(itemRowId('j050', 1), { state: 'pending' });
    expect(jobs.job('j050')).toMatchObject({ done: 1, failed: 0 });
    expect(jobs.open(jobs.job('j050')!)).toBe(1);
    jobs.trimHistory();
    expect(store.hasRow(JOBS, 'j000')).toBe(false);
    expect(jobs.items('j000')).toEqual([]);
    expect(store.getRowIds(ITEMS)).toHaveLength(200);
    expect(jobs.items('j050').map((i) => i.index)).toEqual([0, 1]);
  });
});

// ------------------------------------------------------------------------------------------------

describe('lanes from plugins', () => {
  it('keeps only generic lanes in the kernel', () => {
    expect(Object.keys(KERNEL_LANES).sort()).toEqual(['graph', 'graph-write', 'list-pages']);
    expect(Object.keys(LANE_PROFILES).sort()).toEqual(['graph', 'graph-write', 'list-pages']);
    expect(LANE_PROFILES['graph-write']).toMatchObject({ concurrency: 2, spacingMs: 300, batchSize: 50 });
  });

  it('finds the problems of a declaration beyond its schema', () => {
    const ok: LaneDeclaration = { concurrency: 1, spacingMs: 0, batchSize: 50, jitter: [{ upTo: 10, ms: [1000, 3000] }, { upTo: 50, ms: [2000, 5000] }, { ms: [5000, 10000] }] };
    expect(laneProblems('pixel-share', ok)).toEqual([]);
    expect(laneProblems('x', { ...ok, batchSize: 51 }).join()).toMatch(/batchSize must be .* 1 to 50/);
    expect(laneProblems('x', { ...ok, batchSize: 0 })).toHaveLength(1);
    expect(laneProblems('x', { ...ok, concurrency: 0 }).join()).toMatch(/concurrency/);
    expect(laneProblems('x', { ...ok, jitter: [{ upTo: 10, ms: [1000, 3000] }, { upTo: 20, ms: [1, 2] }] }).join()).toMatch(/last one and must have no upTo/);
    expect(laneProblems('x', { ...ok, jitter: [{ ms: [1, 2] }, { ms: [1, 2] }] }).join()).toMatch(/needs an upTo/);
    expect(laneProblems('x', { ...ok, jitter: [{ upTo: 50, ms: [1, 2] }, { upTo: 10, ms: [1, 2] }, { ms: [1, 2] }] }).join()).toMatch(/must be larger than the step before/);
    expect(laneProblems('x', { ...ok, jitter: [{ ms: [3000, 1000] }] }).join()).toMatch(/shortest delay \(3000 ms\) is longer/);
    expect(laneProblems('x', { ...ok, jitter: [] }).join()).toMatch(/at least one step/);
    expect(laneProblems('Bad Lane', { concurrency: 1, spacingMs: 0 }).join()).toMatch(/lane id/);
  });

  it('draws jitter steps by the job’s size: the first step whose upTo covers it, else the last', () => {
    const pick = jitterFromSteps([{ upTo: 10, ms: [1000, 3000] }, { upTo: 50, ms: [2000, 5000] }, { ms: [5000, 10000] }]);
    expect([1, 10, 11, 50, 51, 10_000].map(pick)).toEqual([[1000, 3000], [1000, 3000], [2000, 5000], [2000, 5000], [5000, 10000], [5000, 10000]]);
    expect(toLaneProfile('one', { concurrency: 1, spacingMs: 0, jitter: [{ ms: [7, 9] }] }).jitter).toBeTypeOf('function');
    expect(toLaneProfile('plain', { concurrency: 3, spacingMs: 100, usage: 'business' })).toEqual({ id: 'plain', concurrency: 3, spacingMs: 100, usage: 'business' });
  });

  it('defines the lanes of loaded plugins, also ones that load later, and refuses an action on an unknown lane', async () => {
    const lanes: Record<string, LaneDeclaration> = {};
    const onLate = testAction({ id: 'demo.late', schema: null, lane: 'late-lane' }, { run: async () => {} });
    const runner = makeRunner({ actions: () => actionMap(plugin, onLate), lanes: () => lanes });
    expect(runner.availability('demo.late')).toMatchObject({ reason: 'lane', names: ['late-lane'] });
    expect(() => runner.start('demo.late', {}, items(1))).toThrow(RunnerRefusal);
    Object.assign(lanes, pluginLanes([testPlugin('later', { lanes: { 'late-lane': { concurrency: 1, spacingMs: 500 } } })]));
    expect(runner.availability('demo.late')).toBeNull();
    expect(runner.lanes.profile('late-lane')).toMatchObject({ concurrency: 1, spacingMs: 500 });
    const jobId = runner.start('demo.late', {}, items(2));
    expect((await untilSettled(runner, jobId, 5000)).status).toBe('done');
    // a declaration with problems is not defined
    expect(runner.defineLanes({ broken: { concurrency: 1, spacingMs: 0, batchSize: 99 } })).toHaveLength(1);
    expect(runner.lanes.has('broken')).toBe(false);
    expect(runner.defineLanes({ graph: { concurrency: 9, spacingMs: 0 } })).toEqual(['lane "graph" is a kernel lane']);
  });

  it('defines an action’s own plugin lanes even without the lanes dependency, and paces by the declared jitter', async () => {
    const paced = testPlugin('demo', { lanes: { 'demo-paced': { concurrency: 1, spacingMs: 0, jitter: [{ upTo: 10, ms: [1000, 3000] }, { ms: [5000, 10000] }] } } });
    const starts: number[] = [];
    const action = testAction({ id: 'demo.paced', schema: null, lane: 'demo-paced' }, { run: async () => { starts.push(Date.now()); } });
    const runner = makeRunner({ actions: () => actionMap(paced, action), paceFactor: () => 1 });
    const jobId = runner.start('demo.paced', {}, items(4));
    await untilSettled(runner, jobId, 20_000);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    expect(gaps).toHaveLength(3);
    for (const gap of gaps) { expect(gap).toBeGreaterThanOrEqual(1000); expect(gap).toBeLessThanOrEqual(3001); }
  });
});

// ------------------------------------------------------------------------------------------------

describe('scopes from the plugin’s declaration', () => {
  /** Fails the first call on obj_2 with a per-object limit naming it by its bare number. */
  const limitedOnce = () => {
    let limited = false;
    return async (item: JobItem) => {
      if (item.id === 'obj_2' && !limited) {
        limited = true;
        throw new GraphError('Too many calls on this object', 400, 80004, undefined, undefined, { 'x-business-use-case-usage': JSON.stringify({ 2: [{ call_count: 100, estimated_time_to_regain_access: 2 }] }) });
      }
    };
  };

  it('pauses only the named object when the plugin declares scopes', async () => {
    const done: string[] = [];
    const run = limitedOnce();
    const action = testAction({ id: 'demo.touch', schema: null }, { run: async (item) => { await run(item); done.push(item.id); } });
    const runner = makeRunner({ actions: () => actionMap(plugin, action) });
    const jobId = runner.start('demo.touch', {}, items(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toEqual(['obj_1', 'obj_3']);
    expect(runner.lanes.pausedUntil('graph', 'obj_2')).toBeGreaterThan(Date.now());
    expect(runner.lanes.pausedUntil('graph', null)).toBeLessThanOrEqual(Date.now());
    expect(runner.items(jobId).map((i) => i.scope)).toEqual(['obj_1', 'obj_2', 'obj_3']);
    await vi.advanceTimersByTimeAsync(2 * 60_000 + 1000);
    expect(done).toEqual(['obj_1', 'obj_3', 'obj_2']);
  });

  it('pauses the lane as a whole for a plugin that declares none', async () => {
    const done: string[] = [];
    const run = limitedOnce();
    const action = testAction({ id: 'demo.touch', schema: null }, { run: async (item) => { await run(item); done.push(item.id); } });
    const unscoped = testPlugin('demo');
    const runner = makeRunner({ actions: () => actionMap(unscoped, action) });
    const jobId = runner.start('demo.touch', {}, items(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(runner.items(jobId).map((i) => i.scope)).toEqual(['', '', '']);
    // obj_3 was queued behind the paused lane
    expect(done).toEqual(['obj_1']);
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 1000);
    expect(done.sort()).toEqual(['obj_1', 'obj_2', 'obj_3']);
  });
});

// ------------------------------------------------------------------------------------------------

describe('the action kit', () => {
  it('loads the handlers before the first item; a load failure fails the job with a clear message', async () => {
    const run = vi.fn(async () => {});
    const good = testAction({ id: 'demo.touch', schema: null }, { run });
    const broken = { ...testAction({ id: 'demo.broken', schema: null }, { run: async () => {} }), load: () => Promise.reject(new Error('chunk not found')) };
    const runner = makeRunner({ actions: () => actionMap(plugin, good, broken) });
    const ok = runner.start('demo.touch', {}, items(2));
    expect(run).not.toHaveBeenCalled(); // start returns at once; the code loads before the first item
    expect((await untilSettled(runner, ok, 1000)).status).toBe('done');
    expect(good.loads).toBe(1);
    const bad = runner.start('demo.broken', {}, items(2));
    const job = await untilSettled(runner, bad, 1000);
    expect(job).toMatchObject({ status: 'failed', skipped: 2 });
    expect(job.error).toMatch(/could not be loaded: chunk not found/);
    expect(runner.items(bad).map((i) => i.message)).toEqual([job.error, job.error]);
  });

  it('treats an action without a schema as taking no parameters', () => {
    const action = testAction({ id: 'demo.touch', schema: null }, { run: async () => {} });
    const runner = makeRunner({ actions: () => actionMap(plugin, action) });
    expect(() => runner.draft('demo.touch', undefined, items(1))).not.toThrow();
    expect(() => runner.draft('demo.touch', {}, items(1))).not.toThrow();
    const refusal = (() => { try { runner.draft('demo.touch', { extra: 1 }, items(1)); } catch (e) { return e as RunnerRefusal; } })();
    expect(refusal?.reason).toBe('params');
    expect(refusal?.fieldErrors.map((f) => f.field)).toEqual(['extra']);
  });

  describe('prepare', () => {
    it('runs once per job before any item, and its result reaches every item', async () => {
      const order: string[] = [];
      let prepares = 0;
      const action = testAction({ id: 'demo.touch', schema: null }, {
        prepare: async (_params, ctx) => { prepares += 1; order.push(`prepare:${ctx.items.length}`); return { token: 'T' }; },
        run: async (item, _params, ctx: ActionContext) => { order.push(`${item.id}:${(ctx.prepared as { token: string }).token}`); },
      });
      const runner = makeRunner({ actions: () => actionMap(plugin, action) });
      const jobId = runner.start('demo.touch', {}, items(3));
      expect((await untilSettled(runner, jobId, 5000)).status).toBe('done');
      expect(prepares).toBe(1);
      expect(order).toEqual(['prepare:3', 'obj_1:T', 'obj_2:T', 'obj_3:T']);
    });

    it('stops the job with its message when it throws: no item runs', async () => {
      const run = vi.fn(async () => {});
      const action = testAction({ id: 'demo.touch', schema: null }, { prepare: async () => { throw new Error('the business has no system user'); }, run });
      const runner = makeRunner({ actions: () => actionMap(plugin, action) });
      const finished = vi.fn();
      const bus = { emit: finished } as unknown as RunnerDeps['bus'];
      (runner as unknown as { deps: RunnerDeps }).deps.bus = bus;
      const jobId = runner.start('demo.touch', {}, items(3));
      const job = await untilSettled(runner, jobId, 5000);
      expect(job).toMatchObject({ status: 'failed', error: 'the business has no system user', skipped: 3, done: 0 });
      expect(run).not.toHaveBeenCalled();
      expect(runner.items(jobId).every((i) => i.state === 'skipped' && i.message === 'the business has no system user')).toBe(true);
      expect(finished).toHaveBeenCalledWith('job:finished', expect.objectContaining({ jobId, status: 'failed' }));
    });

    it('runs again after a reload, before the remaining items', async () => {
      const store = createKernelStore();
      const log: string[] = [];
      const hold: (() => void)[] = [];
      let generation = 0;
      const handlers = (hang: boolean) => ({
        prepare: async () => { generation += 1; log.push(`prepare#${generation}`); return generation; },
        run: async (item: JobItem, _p: unknown, ctx: ActionContext) => {
          log.push(`${item.id}@${String(ctx.prepared)}`);
          if (hang && item.id !== 'obj_1') await new Promise<void>((r) => hold.push(r));
        },
      });
      const first = makeRunner({ actions: () => actionMap(plugin, testAction({ id: 'demo.touch', schema: null }, handlers(true))) }, store);
      const jobId = first.start('demo.touch', {}, items(4));
      await vi.advanceTimersByTimeAsync(5000);
      expect(log.slice(0, 2)).toEqual(['prepare#1', 'obj_1@1']);
      // the page reloads (idempotent items left in flight go back to pending)
      const second = makeRunner({ actions: () => actionMap(plugin, testAction({ id: 'demo.touch', schema: null }, handlers(false))) }, store);
      expect(second.restore()).toEqual([jobId]);
      log.length = 0;
      await second.resume(jobId);
      expect((await untilSettled(second, jobId, 5000))).toMatchObject({ status: 'done', done: 4 });
      expect(log[0]).toBe('prepare#2');
      expect(log.slice(1).sort()).toEqual(['obj_2@2', 'obj_3@2', 'obj_4@2']);
    });
  });

  describe('pairs', () => {
    const schemas = schemaSource({ 'demo.addUser': { type: 'object', required: ['users'], properties: { users: { type: 'array', items: { type: 'string' } } } } });

    it('makes each selected item × each entry one job item, counted and paced per pair', async () => {
      const calls: { id: string; pair: string; at: number; scope?: string }[] = [];
      const action = testAction({ id: 'demo.addUser', pairs: { param: 'users' }, lane: 'demo-pairs' }, {
        run: async (item: JobItem & { pair: string }) => { calls.push({ id: item.id, pair: item.pair, at: Date.now() }); },
      });
      const paired = testPlugin('demo', { scope: plugin.scope, lanes: { 'demo-pairs': { concurrency: 1, spacingMs: 1000 } } });
      const runner = makeRunner({ actions: () => actionMap(paired, action), paramSchemas: schemas, paceFactor: () => 1 });
      const jobId = runner.start('demo.addUser', { users: ['u1', 'u2'] }, items(3));
      expect(runner.job(jobId)).toMatchObject({ total: 6 });
      expect(runner.items(jobId).map((i) => i.itemId)).toEqual(['obj_1|u1', 'obj_1|u2', 'obj_2|u1', 'obj_2|u2', 'obj_3|u1', 'obj_3|u2']);
      // the rate-limit scope stays the selected item's
      expect(runner.items(jobId).map((i) => i.scope)).toEqual(['obj_1', 'obj_1', 'obj_2', 'obj_2', 'obj_3', 'obj_3']);
      await vi.advanceTimersByTimeAsync(2500);
      expect(runner.job(jobId)!.done).toBe(3); // one pair a second
      const job = await untilSettled(runner, jobId, 10_000);
      expect(job).toMatchObject({ status: 'done', done: 6, total: 6 });
      expect(calls.map((c) => `${c.id}|${c.pair}`)).toEqual(['obj_1|u1', 'obj_1|u2', 'obj_2|u1', 'obj_2|u2', 'obj_3|u1', 'obj_3|u2']);
      for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(1000);
    });

    it('refuses a pair job without entries', () => {
      const action = testAction({ id: 'demo.addUser', pairs: { param: 'users' } }, { run: async () => {} });
      const runner = makeRunner({ actions: () => actionMap(plugin, action), paramSchemas: schemas });
      expect(() => runner.start('demo.addUser', { users: [] }, items(3))).toThrow(/no items/);
    });
  });

  describe('secret parameters', () => {
    const schemas = schemaSource({
      'demo.login': { type: 'object', required: ['user', 'password'], properties: { user: { type: 'string' }, password: { type: 'string', writeOnly: true, minLength: 6 } } },
    });

    it('are never stored with the job, are used in memory, and a reload makes the job wait for them', async () => {
      const store = createKernelStore();
      const seen: string[] = [];
      const hold: (() => void)[] = [];
      const handlers = (hang: boolean) => ({
        run: async (item: JobItem, params: { user: string; password: string }) => {
          seen.push(`${item.id}:${params.user}:${params.password}`);
          if (hang && item.id !== 'obj_1') await new Promise<void>((r) => hold.push(r));
        },
      });
      const first = makeRunner({ actions: () => actionMap(plugin, testAction({ id: 'demo.login' }, handlers(true))), paramSchemas: schemas }, store);
      const jobId = first.start('demo.login', { user: 'ops', password: 's3cret-pw' }, items(3));
      await vi.advanceTimersByTimeAsync(1000);
      expect(seen[0]).toBe('obj_1:ops:s3cret-pw');
      expect(JSON.stringify(store.getTables())).not.toContain('s3cret-pw');
      expect(JSON.parse(first.job(jobId)!.params)).toEqual({ user: 'ops' });

      // a new page on the persisted store: the job waits for the operator
      const run2 = handlers(false);
      const second = makeRunner({ actions: () => actionMap(plugin, testAction({ id: 'demo.login' }, run2)), paramSchemas: schemas }, store);
      second.restore(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(second.job(jobId)).toMatchObject({ status: 'interrupted', pauseReason: 'secret' });
      expect(second.missingSecrets(jobId)).toEqual(['password']);
      seen.length = 0;
      await second.resume(jobId);
      expect(second.job(jobId)).toMatchObject({ status: 'interrupted', pauseReason: 'secret' });
      // checked like at the start
      await expect(second.resume(jobId, { password: 'short' })).rejects.toMatchObject({ reason: 'params', fieldErrors: [{ field: 'password', message: 'too short' }] });
      await second.resume(jobId, { password: 'an0ther-pw' });
      expect(await untilSettled(second, jobId, 5000)).toMatchObject({ status: 'done', done: 3 });
      expect(seen.sort()).toEqual(['obj_2:ops:an0ther-pw', 'obj_3:ops:an0ther-pw']);
      expect(JSON.stringify(store.getTables())).not.toContain('an0ther-pw');
    });
  });

  describe('preflight in the dry run', () => {
    it('checks every item, records the first requests only, and the job can start without the flagged items', async () => {
      const action = testAction({ id: 'demo.touch', schema: null }, {
        preflight: (item) => (Number(item.id.slice(4)) % 2 === 0 ? { key: 'problems.even', values: { id: item.id } } : null),
        run: async (item, _p, ctx) => { await ctx.bridge.graph({ method: 'POST', path: item.id, params: { touched: true } }); },
      });
      const runner = makeRunner({ actions: () => actionMap(plugin, action) });
      const dry = await runner.dryRun('demo.touch', {}, items(10));
      expect(action.loads).toBe(1);
      expect(dry.total).toBe(10);
      expect(dry.problems.map((p) => p.itemId)).toEqual(['obj_2', 'obj_4', 'obj_6', 'obj_8', 'obj_10']);
      expect(dry.problems[0]).toMatchObject({ key: 'problems.even', values: { id: 'obj_2' } });
      expect(dry.requests.map((r) => r.itemId)).toEqual(['obj_1', 'obj_2', 'obj_3']);
      expect(runner.jobs()).toEqual([]);
      const jobId = runner.start('demo.touch', {}, items(10), { exclude: dry.problems.map((p) => p.itemId) });
      expect(runner.items(jobId).map((i) => i.itemId)).toEqual(['obj_1', 'obj_3', 'obj_5', 'obj_7', 'obj_9']);
    });
  });

  describe('output', () => {
    it('stores what an item returns and exports it as CSV columns, one line per row of an array output', async () => {
      const action = testAction({
        id: 'demo.members', schema: null,
        output: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, role: { type: 'string' } } } },
      }, {
        run: async (item) => (item.id === 'obj_1' ? [{ name: 'Ann', role: 'ADMIN' }, { name: '=Bob', role: 'EMPLOYEE' }] : item.id === 'obj_2' ? [] : 'no members visible'),
      });
      const runner = makeRunner({ actions: () => actionMap(plugin, action) });
      const jobId = runner.start('demo.members', {}, items(3));
      await untilSettled(runner, jobId, 5000);
      const stored = runner.items(jobId);
      expect(JSON.parse(stored[0].output)).toEqual([{ name: 'Ann', role: 'ADMIN' }, { name: '=Bob', role: 'EMPLOYEE' }]);
      expect(stored[2]).toMatchObject({ output: '', message: 'no members visible' });
      const t = (key: string, o?: Record<string, unknown>) => `${String(o?.ns)}:${key}`;
      const columns = [{ id: 'item', header: 'Item', value: (r: { itemId: string }) => r.itemId }, ...outputColumns(action, t), { id: 'message', header: 'Result', value: (r: { message: string }) => r.message }];
      const csv = toCsv(resultRows(stored), columns).split('\r\n');
      expect(csv).toEqual([
        'Item,demo:actions.members.output.name,demo:actions.members.output.role,Result',
        'obj_1,Ann,ADMIN,',
        "obj_1,'=Bob,EMPLOYEE,",
        'obj_2,,,',
        'obj_3,,,no members visible',
      ]);
    });

    it('gives an object output one line with its columns', () => {
      const rows = resultRows([{ rowId: 'j:0', jobId: 'j', index: 0, itemId: 'obj_1', item: '{}', state: 'done', attempts: 1, message: '', output: '{"country":"DE","n":{"a":1}}', scope: '', requestId: '', deadline: 0, finishedAt: 1 }]);
      const action = { pluginId: 'demo', verb: 'country', output: { type: 'object', properties: { country: { type: 'string' }, n: { type: 'object' } } } };
      const columns = outputColumns(action, (k) => k);
      expect(rows).toHaveLength(1);
      expect(columns.map((c) => c.value(rows[0]))).toEqual(['DE', '{"a":1}']);
    });

    it('words an output property of codes (its own strings or another plugin\'s vocabulary), the codes in the tooltip', () => {
      const rows = resultRows([{ rowId: 'j:0', jobId: 'j', index: 0, itemId: 'obj_1', item: '{}', state: 'done', attempts: 1, message: '', output: '[{"role":"ADMIN","tasks":"MANAGE, ADVERTISE","status":2},{"role":"NEW_ROLE","tasks":"","status":101}]', scope: '', requestId: '', deadline: 0, finishedAt: 1 }]);
      const action = { pluginId: 'demo', verb: 'people', output: { type: 'array', items: { type: 'object', properties: {
        role: { type: 'string', 'x-tessera-words': 'roles' }, tasks: { type: 'string', 'x-tessera-words': 'tasks' }, status: { type: 'integer', 'x-tessera-vocabulary': 'accountStatus' },
      } } } };
      const strings: Record<string, string> = { 'demo:roles.ADMIN': 'Admin', 'demo:tasks.MANAGE': 'Manage', 'demo:tasks.ADVERTISE': 'Advertise', 'ads:status.2': 'Disabled', 'ads:status.101': 'Closed' };
      const t = (key: string, o?: Record<string, unknown>) => strings[`${String(o?.ns)}:${key}`] ?? (key === 'words.unknown' ? `Unknown (${String(o?.code)})` : String(o?.defaultValue ?? key));
      const columns = outputColumns(action, t, [{ id: 'ads', vocabularies: { accountStatus: 'status' } }]);
      expect(rows.map((r) => columns.map((c) => c.value(r)))).toEqual([['Admin', 'Manage, Advertise', 'Disabled'], ['Unknown (NEW_ROLE)', '', 'Closed']]);
      expect(columns.map((c) => c.code?.(rows[0]))).toEqual(['ADMIN', 'MANAGE, ADVERTISE', 2]);
      // without the vocabulary's owner the codes stay as they are (nothing to word them with)
      expect(outputColumns(action, t)[2]!.value(rows[0])).toBe(2);
    });
  });

  describe('operations', () => {
    it('refuses an action whose web operations have no document id, naming them', () => {
      const action = testAction({ id: 'demo.appeal', schema: null, operations: ['DemoAppealStatus', 'DemoAppealSubmit'] }, { run: async () => {} });
      const known = new Set(['DemoAppealStatus']);
      const runner = makeRunner({ actions: () => actionMap(plugin, action), missingOperations: (names) => names.filter((n) => !known.has(n)) });
      const refusal = runner.availability('demo.appeal');
      expect(refusal).toMatchObject({ reason: 'operations', names: ['DemoAppealSubmit'] });
      expect(refusal?.message).toMatch(/DemoAppealSubmit/);
      expect(() => runner.start('demo.appeal', {}, items(1))).toThrow(/DemoAppealSubmit/);
      known.add('DemoAppealSubmit');
      expect(runner.availability('demo.appeal')).toBeNull();
    });
  });

  describe('a write without an answer', () => {
    it('is settled before it is sent again: applied → done once, not applied → resent', async () => {
      const journal = new Map<string, { state: OutcomeState }>();
      const sent: string[] = [];
      const applied = new Set<string>();
      const action = testAction({ id: 'demo.grant', schema: null, idempotent: false }, {
        run: async (item) => {
          sent.push(item.id);
          if (sent.filter((s) => s === item.id).length === 1) {
            if (item.id === 'obj_1') applied.add(item.id); // landed, but the answer was lost
            throw new BridgeError('no answer within the deadline', 'timeout');
          }
          applied.add(item.id);
        },
        verify: async (item) => applied.has(item.id),
      });
      const runner = makeRunner({ actions: () => actionMap(plugin, action), bridge: createBridge(fakeTransport(journal)), requestDeadlineMs: 500, writeDeadlineMs: 1000 });
      const jobId = runner.start('demo.grant', {}, items(2));
      const job = await untilSettled(runner, jobId, 10_000);
      expect(job).toMatchObject({ status: 'done', done: 2 });
      expect(sent.filter((s) => s === 'obj_1')).toHaveLength(1);
      expect(sent.filter((s) => s === 'obj_2')).toHaveLength(2);
      expect(runner.items(jobId)[0].message).toBe('settled: verified');
    });
  });
});
