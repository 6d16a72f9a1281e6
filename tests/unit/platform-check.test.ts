// The platform check's kernel (issue 30, docs/PLATFORM-CHECK.md): what a probe's outcome becomes,
// what the store keeps, which actions a finding disables, the check before a job and the runner's
// refusal, and the shape check the areas' reads make.
import { describe, expect, it, vi } from 'vitest';
import type { BridgeResponse, RequestPayload } from '../../protocol';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { createBridge, GraphError, type Bridge } from '../../src/kernel/bridge/bridge';
import { BridgeError } from '../../src/kernel/bridge/transport';
import { MissingDocIdError } from '../../src/kernel/graph/doc-catalogue';
import { createKernelStore } from '../../src/kernel/store/store';
import { checkFamilies, findingOf } from '../../src/kernel/check/engine';
import { blockingFor, CHECKED_AT, FRESH_MS, readFindings, saveFinding, TRIED_AT } from '../../src/kernel/check/results';
import { PlatformCheck } from '../../src/kernel/check/service';
import { identityKey } from '../../src/kernel/store/ttl-cache';
import { patchExtensionState } from '../../src/kernel/bridge/extension-status';
import { blockingText } from '../../src/kernel/check/text';
import type { CallFamily, CallFamilyDeclaration } from '../../src/kernel/plugin/call-families';
import { expectRows, ReplyChanged, shapeProblems } from '../../src/kernel/platform/shape';
import type { LoadedPlugin } from '../../src/kernel/plugin/types';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import { RunnerRefusal } from '../../src/kernel/runner/types';
import { actionMap, testAction, testPlugin } from '../harness/actions';

const family = (d: Partial<CallFamily> & { id: string }): CallFamily => ({ kind: 'read', titleKey: `calls.${d.id}`, pluginId: 'demo', key: `demo.${d.id}`, ...d });

describe('a reply checked against the fields an area relies on', () => {
  it('names missing fields and fields of another type; optional fields only when present', () => {
    const shape = { id: 'string', name: 'string', account_status: 'number', spend_cap: 'string?', 'business.id': 'string?' } as const;
    expect(shapeProblems({ id: '1', name: 'A', account_status: 1 }, shape)).toEqual([]);
    expect(shapeProblems({ id: '1', account_status: '1', spend_cap: 5, business: { id: 7 } }, shape).map((p) => `${p.field}:${p.problem}`))
      .toEqual(['name:missing', 'account_status:type', 'spend_cap:type', 'business.id:type']);
  });

  it('throws ReplyChanged once per field whatever the row, and passes a matching reply through', () => {
    const rows = [{ id: '1', name: 'A' }, { id: '2' }, { id: '3' }];
    expect(() => expectRows('demo.list', rows, { id: 'string', name: 'string' })).toThrow(ReplyChanged);
    try {
      expectRows('demo.list', rows, { id: 'string', name: 'string' });
    } catch (e) {
      expect((e as ReplyChanged).family).toBe('demo.list');
      expect((e as ReplyChanged).problems.map((p) => p.field)).toEqual(['name']);
    }
    expect(expectRows('demo.list', rows.slice(0, 1), { id: 'string', name: 'string' })).toHaveLength(1);
  });
});

describe('what a probe outcome becomes', () => {
  const read = family({ id: 'list' });
  const query = family({ id: 'appeal', kind: 'query', document: 'DemoAppealQuery' });
  const at = 1000;

  it('a retired version fails with the version to update; a refused document with the document', () => {
    const v = findingOf(read, { ok: false, error: new GraphError('(#2635) You are calling a deprecated version', 400, 2635) }, at, 'v19.0');
    expect(v).toMatchObject({ state: 'failing', fix: 'version', version: 'v19.0', code: 2635 });
    const d = findingOf(query, { ok: false, error: new GraphError('(#100) Unknown doc_id: 123', 400, 100) }, at, 'v24.0');
    expect(d).toMatchObject({ state: 'failing', fix: 'document', document: 'DemoAppealQuery', message: '(#100) Unknown doc_id: 123' });
    expect(findingOf(query, { ok: false, error: new MissingDocIdError('DemoAppealQuery') }, at, 'v24.0')).toMatchObject({ state: 'failing', fix: 'document' });
    // a Graph read refused for another reason: the platform's words, no document to update
    const other = findingOf(read, { ok: false, error: new GraphError('(#100) Tried accessing nonexisting field (owner)', 400, 100) }, at, 'v24.0');
    expect(other).toMatchObject({ state: 'failing', message: '(#100) Tried accessing nonexisting field (owner)' });
    expect(other?.fix).toBeUndefined();
  });

  it('a permission refusal is working; a changed reply is changed; nothing to try on is said', () => {
    expect(findingOf(read, { ok: false, error: new GraphError('(#200) Requires permission', 403, 200) }, at, 'v24.0')?.state).toBe('working');
    expect(findingOf(read, { ok: false, error: new GraphError('(#10) Not allowed', 400, 10) }, at, 'v24.0')?.state).toBe('working');
    expect(findingOf(read, { ok: false, error: new ReplyChanged('demo.list', [{ field: 'name', problem: 'missing', expected: 'string' }]) }, at, 'v24.0'))
      .toMatchObject({ state: 'changed', problems: [{ field: 'name' }] });
    expect(findingOf(read, { ok: true, noObject: true }, at, 'v24.0')?.state).toBe('noObject');
    expect(findingOf(read, { ok: true }, at, 'v24.0')?.state).toBe('working');
  });

  it('a rate limit, a session problem, a passing error or no extension says nothing about the call', () => {
    for (const error of [
      new GraphError('(#17) User request limit reached', 400, 17),
      new GraphError('(#190) Session expired', 400, 190),
      new GraphError('Service temporarily unavailable', 500, 2, undefined, true),
      new BridgeError('no extension', 'unavailable'),
    ]) expect(findingOf(read, { ok: false, error }, at, 'v24.0')).toBeNull();
  });

  it('writes are never sent: not checkable without a call', async () => {
    const probe = vi.fn(async () => {});
    const found = await checkFamilies([family({ id: 'rename', kind: 'write', probe })], { bridge: {} as Bridge, cachedRows: () => null, version: 'v24.0' });
    expect(found).toMatchObject([{ key: 'demo.rename', state: 'notCheckable' }]);
    expect(probe).not.toHaveBeenCalled();
  });
});

describe('findings in the store', () => {
  it('disable the actions a failing or changed family serves, not the others, and read back whole', () => {
    const store = createKernelStore();
    saveFinding(store, { key: 'demo.list', state: 'failing', at: 5, source: 'check', message: 'gone', fix: 'version', version: 'v19.0' }, { pluginId: 'demo', actions: ['rename'], list: true, titleKey: 'calls.list' });
    saveFinding(store, { key: 'demo.users', state: 'working', at: 5, source: 'check' }, { pluginId: 'demo', actions: ['addUser'], titleKey: 'calls.users' });
    expect(blockingFor(store, 'demo.rename').map((f) => f.key)).toEqual(['demo.list']);
    expect(blockingFor(store, 'demo.addUser')).toEqual([]);
    const back = readFindings(store).get('demo.list')!;
    expect(back).toMatchObject({ state: 'failing', actions: ['demo.rename'], list: true, fix: 'version', version: 'v19.0', message: 'gone', titleKey: 'calls.list', pluginId: 'demo' });
  });

  it('say the reason in the operator\'s words, with what an admin changes', () => {
    const store = createKernelStore();
    saveFinding(store, { key: 'demo.list', state: 'failing', at: 5, source: 'check', message: 'deprecated', fix: 'version', version: 'v19.0' }, { pluginId: 'demo', actions: ['rename'], titleKey: 'calls.list' });
    const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;
    const admin = blockingText(blockingFor(store, 'demo.rename'), t, true)!;
    expect(admin).toContain('check.versionLine');
    expect(admin).toContain('check.fix.versionAdmin{"version":"v19.0"}');
    expect(blockingText(blockingFor(store, 'demo.rename'), t, false)).toContain('check.fix.versionOperator');
  });
});

// ---------------------------------------------------------------------------------------------
// the service: the check before a job, the daily check, lists that found a changed reply

function pluginWith(families: CallFamilyDeclaration[]): LoadedPlugin {
  return { ...testPlugin('demo'), actions: [{ id: 'demo.rename', verb: 'rename' }, { id: 'demo.read', verb: 'read' }] as never, probes: async () => ({ default: families }) } as LoadedPlugin;
}

describe('the check service', () => {
  it('tries an action\'s reads before its job only when not checked within the hour', async () => {
    let now = 1_000_000;
    const probe = vi.fn(async () => {});
    const store = createKernelStore();
    const plugin = pluginWith([{ id: 'list', kind: 'read', titleKey: 't', actions: ['rename'], probe }, { id: 'write', kind: 'write', titleKey: 't', actions: ['rename'] }]);
    const check = new PlatformCheck({ store, plugins: () => [plugin], backgroundBridge: () => ({}) as Bridge, version: () => 'v24.0', now: () => now });
    expect(await check.beforeJob('demo.rename', {} as Bridge)).toEqual([]);
    expect(probe).toHaveBeenCalledTimes(1);
    now += FRESH_MS - 1;
    await check.beforeJob('demo.rename', {} as Bridge);
    expect(probe).toHaveBeenCalledTimes(1);
    now += 2;
    await check.beforeJob('demo.rename', {} as Bridge);
    expect(probe).toHaveBeenCalledTimes(2);
    // an action none of whose reads are declared is not held up
    await check.beforeJob('demo.read', {} as Bridge);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('a probe reads the list cached for this page\'s platform identity, never another social account\'s', async () => {
    const store = createKernelStore();
    const seen: (readonly unknown[] | null)[] = [];
    const plugin = pluginWith([{ id: 'list', kind: 'read', titleKey: 't', actions: ['rename'], probe: async (ctx: { cachedRows: (key: string) => readonly unknown[] | null }) => { seen.push(ctx.cachedRows('demo:list')); } }]);
    const check = new PlatformCheck({ store, plugins: () => [plugin], backgroundBridge: () => ({}) as Bridge, version: () => 'v24.0' });
    const expires = Date.now() + 60_000;
    store.setRow('cache', identityKey('demo:list', '61550000000002'), { json: JSON.stringify([{ id: 'theirs' }]), expires });
    store.setRow('cache', 'demo:list', { json: JSON.stringify([{ id: 'unkeyed' }]), expires });
    try {
      patchExtensionState({ identity: null, identityChecked: false });
      await check.beforeJob('demo.rename', {} as Bridge);
      patchExtensionState({ identity: { id: '61550000000001', name: 'Me' }, identityChecked: true });
      await check.run();
      store.setRow('cache', identityKey('demo:list', '61550000000001'), { json: JSON.stringify([{ id: 'mine' }]), expires });
      await check.run();
      expect(seen.map((rows) => rows?.map((r) => (r as { id: string }).id) ?? null)).toEqual([null, null, ['mine']]);
    } finally {
      patchExtensionState({ identity: null, identityChecked: false });
    }
  });

  it('stops a job whose read now fails, and the stored finding disables the action', async () => {
    const store = createKernelStore();
    const plugin = pluginWith([{ id: 'list', kind: 'read', titleKey: 't', actions: ['rename'], probe: async () => { throw new GraphError('(#100) Unsupported get request', 400, 100); } }]);
    const check = new PlatformCheck({ store, plugins: () => [plugin], backgroundBridge: () => ({}) as Bridge, version: () => 'v24.0' });
    const stop = await check.beforeJob('demo.rename', {} as Bridge);
    expect(stop.map((f) => f.message)).toEqual(['(#100) Unsupported get request']);
    expect(check.blocking('demo.rename')).toHaveLength(1);
  });

  it('a retired version disables the action while the tab names it, never fails the job, and a newer version is tried at once', async () => {
    const store = createKernelStore();
    let version = 'v24.0';
    const probe = vi.fn(async () => { if (version === 'v24.0') throw new GraphError('(#2635) deprecated', 400, 2635); });
    const plugin = pluginWith([{ id: 'list', kind: 'read', titleKey: 't', actions: ['rename'], probe }]);
    const check = new PlatformCheck({ store, plugins: () => [plugin], backgroundBridge: () => ({}) as Bridge, version: () => version });
    // the job's own first call will answer #2635 and the runner pauses every job for the version
    expect(await check.beforeJob('demo.rename', {} as Bridge)).toEqual([]);
    expect(check.blocking('demo.rename').map((f) => f.fix)).toEqual(['version']);
    // the tab learns the admin's version: the old finding no longer disables anything
    version = 'v25.0';
    expect(check.blocking('demo.rename')).toEqual([]);
    // a check that meets #2635 while the runtime's re-read brings a newer version tries the family again on it
    version = 'v24.0';
    probe.mockClear();
    const run = check.run();
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(1));
    version = 'v26.0';
    await run;
    expect(probe).toHaveBeenCalledTimes(2);
    expect(readFindings(store).get('demo.list')).toMatchObject({ state: 'working', version: 'v26.0' });
  });

  it('runs daily: due with no check, not due within a day, retried an hour after one that could not reach the platform', async () => {
    let now = 10 * 86_400_000;
    const store = createKernelStore();
    const unreachable = { value: true };
    const plugin = pluginWith([{ id: 'list', kind: 'read', titleKey: 't', actions: ['rename'], probe: async () => { if (unreachable.value) throw new BridgeError('no extension', 'unavailable'); } }]);
    const check = new PlatformCheck({ store, plugins: () => [plugin], backgroundBridge: () => ({}) as Bridge, version: () => 'v24.0', now: () => now });
    expect(check.dailyDue()).toBe(true);
    await check.run();
    expect(check.getProgress().problem).toBe('unreachable');
    expect(store.getValue(CHECKED_AT)).toBeUndefined();
    expect(store.getValue(TRIED_AT)).toBe(now);
    expect(check.dailyDue()).toBe(false);
    now += 60 * 60_000;
    expect(check.dailyDue()).toBe(true);
    unreachable.value = false;
    await check.run();
    expect(store.getValue(CHECKED_AT)).toBe(now);
    now += 86_400_000 - 1;
    expect(check.dailyDue()).toBe(false);
    now += 1;
    expect(check.dailyDue()).toBe(true);
  });

  it('a list that found a changed reply marks its family until a check finds it working', async () => {
    const store = createKernelStore();
    const plugin = pluginWith([{ id: 'list', kind: 'read', titleKey: 't', actions: ['rename'], list: true, probe: async () => {} }]);
    const check = new PlatformCheck({ store, plugins: () => [plugin], backgroundBridge: () => ({}) as Bridge, version: () => 'v24.0' });
    await check.listReplyChanged(plugin, new ReplyChanged('demo.list', [{ field: 'name', problem: 'missing', expected: 'string' }]));
    expect(check.blocking('demo.rename')).toMatchObject([{ state: 'changed', source: 'list', actions: ['demo.rename'] }]);
    await check.run();
    expect(check.blocking('demo.rename')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// the runner: a disabled action is refused before anything is sent; a job stopped by the check sends nothing

describe('the runner with the platform check', () => {
  const ok = (body: unknown): BridgeResponse => ({ ok: true, status: 200, headers: {}, body });
  function setUp(platformProblem: (id: string) => string | null, checkBeforeJob: (id: string) => Promise<string | null>) {
    const sent: string[] = [];
    const transport: BridgeTransport = {
      kind: 'demo', version: async () => '1.4.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
      outcome: async () => ({ state: 'unknown' }),
      request: async (payload: RequestPayload) => { sent.push(payload.url); return ok({ success: true }); },
    };
    const plugin = testPlugin('demo');
    const action = testAction({ id: 'demo.rename', lane: 'graph' }, { run: async (item, _p, ctx) => { await ctx.bridge.graph({ method: 'POST', path: String(item.id), params: { name: 'x' } }); } });
    const schemas: ParamSchemas = { schema: () => ({ type: 'object' }), validate: () => [], ready: () => true };
    const runner = new Runner({
      store: createKernelStore(), bridge: createBridge(transport), actions: () => actionMap(plugin, action),
      usablePluginIds: () => new Set(['demo']), user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 0.01, flush: async () => {},
      paramSchemas: schemas, pacing: false, platformProblem, checkBeforeJob: (id) => checkBeforeJob(id),
      bus: { emit() {}, on() {}, off() {} } as never,
    });
    return { runner, sent };
  }

  it('refuses a disabled action with the check\'s reason', () => {
    const { runner } = setUp(() => 'Reading ad accounts fails: (#2635) deprecated', async () => null);
    expect(() => runner.draft('demo.rename', {}, [{ id: '1' }])).toThrow(RunnerRefusal);
    const refusal = runner.availability('demo.rename')!;
    expect(refusal.reason).toBe('platform');
    expect(refusal.message).toContain('(#2635)');
  });

  it('fails a job the check before it stops, with nothing sent', async () => {
    const { runner, sent } = setUp(() => null, async () => 'Reading ad accounts fails');
    const jobId = runner.start(runner.draft('demo.rename', {}, [{ id: '1' }, { id: '2' }]));
    await vi.waitFor(() => expect(runner.job(jobId)?.status).toBe('failed'));
    expect(runner.job(jobId)?.error).toContain('Reading ad accounts fails');
    expect(sent).toEqual([]);
  });

  it('runs a job the check lets through, checking it once', async () => {
    const before = vi.fn(async () => null);
    const { runner, sent } = setUp(() => null, before);
    const jobId = runner.start(runner.draft('demo.rename', {}, [{ id: '1' }, { id: '2' }]));
    await vi.waitFor(() => expect(runner.job(jobId)?.status).toBe('done'));
    expect(sent).toHaveLength(2);
    expect(before).toHaveBeenCalledTimes(1);
  });
});
