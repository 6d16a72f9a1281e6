import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { createBridge, graphVersion } from '../../src/kernel/bridge/bridge';
import { setGraphVersion } from '../../src/kernel/bridge/graph-version';
import { onVersionRetired } from '../../src/kernel/bridge/graph-version';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import type { BridgeResponse, OutcomeState, RequestPayload } from '../../protocol';
import { Runner } from '../../src/kernel/runner/runner';
import { LaneScheduler, realClock } from '../../src/kernel/runner/lanes';
import { classifyError, parseUsage, rateLimitPauseMs } from '../../src/kernel/graph/classify';
import { compiledSchemas, splitLines } from '../../src/kernel/runner/params';
import { readPasted } from '../../src/kernel/platform/pasted';
import { RunnerRefusal, type JobItem } from '../../src/kernel/runner/types';
import type { ActionContext } from '../../src/kernel/plugin/types';
import { GraphError } from '../../src/kernel/bridge/bridge';
import { BridgeError } from '../../src/kernel/bridge/transport';
import type { ScopeDeclaration } from '../../src/kernel/plugin/types';
import { scopeMap } from '../../src/kernel/runner/scope';
import { toLaneProfile } from '../../src/kernel/runner/lanes';
import { actionMap, testAction, testPlugin } from '../harness/actions';
import { EXECUTOR_DEADLINE_MS, REQUEST_DEADLINE_MS, WRITE_DEADLINE_MS, JOURNAL_POLL_MS } from '../../src/kernel/runner/settle';
import { DEFAULT_DEADLINE_MS } from '../../src/kernel/bridge/transport';
import { REQUEST_DEADLINE_MS as EXTENSION_REQUEST_DEADLINE_MS } from '../../extension/src/lib/executor';
import type { StoredItem } from '../../src/kernel/runner/job-store';

/** A tiny platform: accounts with names and users; writes journaled by request id like the executor does. */
class FakePlatform {
  names = new Map<string, string>();
  users = new Map<string, Set<string>>();
  writes = new Map<string, number>();
  journal = new Map<string, { state: OutcomeState; status?: number }>();
  script: ((url: string, body: string | undefined) => BridgeResponse | null) | null = null;
  /** Writes that land but whose answer is lost (the page reloads before it arrives). */
  hang = false;
  hung: (() => void)[] = [];

  constructor(n: number) {
    for (let i = 1; i <= n; i++) { this.names.set(`act_${i}`, `Account ${i}`); this.users.set(`act_${i}`, new Set()); }
  }

  transport(): BridgeTransport {
    return {
      kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
      outcome: async (id) => this.journal.get(id) ?? { state: 'unknown' },
      request: (payload: RequestPayload, o) => this.handle(payload, o?.requestId),
    };
  }

  private async handle(payload: RequestPayload, requestId?: string): Promise<BridgeResponse> {
    const url = new URL(payload.url);
    const scripted = this.script?.(payload.url, payload.options.body);
    if (scripted) return scripted;
    const [, , id, sub] = url.pathname.split('/');
    const method = payload.options.method;
    if (method === 'GET') {
      if (sub === 'users') return ok({ data: [...(this.users.get(id) ?? [])].map((uid) => ({ id: uid, role: 1002 })) });
      return ok({ id, name: this.names.get(id) });
    }
    const form = new URLSearchParams(payload.options.body ?? '');
    if (requestId) this.journal.set(requestId, { state: 'pending' });
    this.writes.set(id, (this.writes.get(id) ?? 0) + 1);
    let response: BridgeResponse;
    if (sub === 'users') {
      const set = this.users.get(id)!;
      if (set.has(form.get('uid')!)) response = { ok: false, status: 400, headers: {}, body: { error: { message: 'User already has a role', code: 100 } } };
      else { set.add(form.get('uid')!); response = ok({ success: true }); }
    } else {
      this.names.set(id, form.get('name')!);
      response = ok({ success: true });
    }
    if (requestId) this.journal.set(requestId, { state: response.ok ? 'done' : 'failed', status: response.status });
    if (this.hang) return new Promise((resolve) => this.hung.push(() => resolve(response)));
    return response;
  }
}

const ok = (body: unknown, headers: Record<string, string> = {}): BridgeResponse => ({ ok: true, status: 200, headers, body });

/** The scope declaration of the ad-account fixtures (a plugin's, in the app). */
const ACCOUNT_SCOPE: ScopeDeclaration = { pattern: '^act_\\d+$', usageKey: 'act_{key}' };
const plugin = testPlugin('adaccount', { scope: ACCOUNT_SCOPE, lanes: { 'adaccount-batch': { concurrency: 1, spacingMs: 300, batchSize: 50, usage: 'business' } } });
const renameHandlers = {
  run: async (item: JobItem, params: { name: string }, ctx: ActionContext) => { await ctx.bridge.graph({ method: 'POST', path: item.id, params: { name: params.name } }); },
};
const renameAction = testAction({ id: 'adaccount.rename', idempotent: true, lane: 'graph' }, renameHandlers);
const addUserHandlers = {
  run: async (item: JobItem, params: { uid: string; role: number }, ctx: ActionContext) => { await ctx.bridge.graph({ method: 'POST', path: `${item.id}/users`, params }); },
  verify: async (item: JobItem, params: { uid: string; role: number }, ctx: ActionContext) => {
    const { body } = await ctx.bridge.graph<{ data: { id: string }[] }>({ path: `${item.id}/users` });
    return body.data.some((u) => u.id === params.uid);
  },
};
const addUserAction = testAction({ id: 'adaccount.addUser', idempotent: false, lane: 'graph-write' }, addUserHandlers);

function makeRunner(platform: FakePlatform, store = createKernelStore(), extra: Partial<ConstructorParameters<typeof Runner>[0]> = {}) {
  const actions = actionMap(plugin, renameAction, addUserAction);
  return new Runner({
    store, bridge: createBridge(platform.transport()), actions: () => actions, usablePluginIds: () => new Set(['adaccount']),
    user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 0.01, flush: async () => {}, ...extra,
  });
}

const accounts = (n: number): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: `act_${i + 1}` }));

/**
 * An addUser job of `n` items whose page "reloads" with writes in flight: `leave` says what the
 * executor knew of them when the page went; a second runner on the same store restores and resumes it.
 */
async function reloadWithWritesInFlight(n: number, leave: (platform: FakePlatform, inflight: StoredItem[]) => void) {
  const platform = new FakePlatform(n);
  const store = createKernelStore();
  const first = makeRunner(platform, store);
  platform.hang = true;
  const jobId = first.start('adaccount.addUser', { uid: '42', role: 1002 }, accounts(n));
  await vi.advanceTimersByTimeAsync(50);
  const inflight = first.items(jobId).filter((i) => i.state === 'inflight');
  expect(inflight.length).toBeGreaterThan(0);
  leave(platform, inflight);
  platform.hang = false;
  const second = makeRunner(platform, store);
  second.restore();
  await second.resume(jobId);
  return { platform, second, jobId, inflight };
}

/** The writes never reached the executor (the page went first): the journal has never heard of them. */
function neverSent(platform: FakePlatform, inflight: StoredItem[]): void {
  for (const item of inflight) { platform.journal.delete(item.requestId); platform.writes.delete(item.itemId); platform.users.get(item.itemId)!.clear(); }
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('lanes', () => {
  it('hold the minimum spacing and are shared by two jobs', async () => {
    const starts: number[] = [];
    const lanes = new LaneScheduler(realClock, () => 1, { l: { id: 'l', concurrency: 1, spacingMs: 300 } });
    for (const job of ['a', 'b']) for (let i = 0; i < 3; i++) lanes.enqueue('l', { jobId: job, jobSize: 3, scope: null, run: async () => { starts.push(Date.now()); } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toHaveLength(6);
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(300);
  });

  it('draw a declared lane’s jitter steps by job size, scaled by the pace factor only', async () => {
    const pixelShare = toLaneProfile('pixel-share', { concurrency: 1, spacingMs: 0, jitter: [{ upTo: 10, ms: [1000, 3000] }, { upTo: 50, ms: [2000, 5000] }, { ms: [5000, 10000] }] });
    const run = async (size: number, pace: number) => {
      const lanes = new LaneScheduler(realClock, () => pace, { 'pixel-share': pixelShare });
      const starts: number[] = [];
      for (let i = 0; i < 6; i++) lanes.enqueue('pixel-share', { jobId: 'j', jobSize: size, scope: null, run: async () => { starts.push(Date.now()); } });
      await vi.advanceTimersByTimeAsync(200_000);
      return starts.slice(1).map((t, i) => t - starts[i]);
    };
    for (const gap of await run(5, 1)) { expect(gap).toBeGreaterThanOrEqual(1000); expect(gap).toBeLessThanOrEqual(3001); }
    for (const gap of await run(30, 1)) { expect(gap).toBeGreaterThanOrEqual(2000); expect(gap).toBeLessThanOrEqual(5001); }
    for (const gap of await run(200, 1)) { expect(gap).toBeGreaterThanOrEqual(5000); expect(gap).toBeLessThanOrEqual(10001); }
    for (const gap of await run(200, 0.05)) { expect(gap).toBeGreaterThanOrEqual(250); expect(gap).toBeLessThanOrEqual(501); }
  });

  it('pause one scope while others go on', async () => {
    const lanes = new LaneScheduler(realClock, () => 1, { l: { id: 'l', concurrency: 2, spacingMs: 0 } });
    const ran: string[] = [];
    lanes.pause('l', 'act_1', Date.now() + 10_000);
    lanes.enqueue('l', { jobId: 'j', jobSize: 2, scope: 'act_1', run: async () => { ran.push('act_1'); } });
    lanes.enqueue('l', { jobId: 'j', jobSize: 2, scope: 'act_2', run: async () => { ran.push('act_2'); } });
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toEqual(['act_2']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ran).toEqual(['act_2', 'act_1']);
  });
});

describe('error classification (docs/INTERFACES.md section 6)', () => {
  it('sorts platform errors into transient, rate limit, session and permanent', () => {
    expect(classifyError(new GraphError('x', 500, 1))).toBe('transient');
    expect(classifyError(new GraphError('x', 400, 100, undefined, true))).toBe('transient');
    expect(classifyError(new GraphError('x', 503))).toBe('transient');
    expect(classifyError(new BridgeError('late', 'timeout'))).toBe('transient');
    for (const code of [4, 17, 32, 341, 613, 80000, 80004, 80014]) expect(classifyError(new GraphError('x', 400, code))).toBe('rate-limit');
    for (const code of [190, 102, 368]) expect(classifyError(new GraphError('x', 400, code))).toBe('session');
    expect(classifyError(new GraphError('x', 400, 100, 459))).toBe('session');
    expect(classifyError(new GraphError('(#2635) You are calling a deprecated version of the Ads API.', 400, 2635))).toBe('version');
    expect(classifyError(new GraphError('x', 400, 100))).toBe('permanent');
    expect(classifyError(new GraphError('x', 400, 80015))).toBe('permanent');
  });
  it('reads usage headers and the pause of a rate-limited scope', () => {
    const headers = { 'x-app-usage': '{"call_count":42}', 'x-business-use-case-usage': '{"act_9":[{"type":"ads_management","call_count":100,"estimated_time_to_regain_access":7}]}' };
    expect(parseUsage(headers)).toEqual({ app: 42, business: [{ id: 'act_9', callCount: 100, regainMinutes: 7 }] });
    expect(rateLimitPauseMs({ ...headers, 'retry-after': '30' }, 'act_9')).toBe(30_000);
    expect(rateLimitPauseMs(headers, 'act_9')).toBe(7 * 60_000);
    expect(rateLimitPauseMs({}, null)).toBe(5 * 60_000);
    // the platform keys accounts by their bare number; the plugin's scope declaration maps the key
    const byNumber = { 'x-business-use-case-usage': '{"9":[{"call_count":100,"estimated_time_to_regain_access":3}]}' };
    expect(rateLimitPauseMs(byNumber, 'act_9', scopeMap(ACCOUNT_SCOPE).fromUsageKey)).toBe(3 * 60_000);
  });
});

describe('the multi-line rule', () => {
  it('splits, trims, drops blanks and duplicates; sorts ids, links and names to look up, and refused lines', () => {
    expect(splitLines(' a \n\nb\r\na\n  ')).toEqual(['a', 'b']);
    const entries = readPasted('page', '100012345\nhttps://www.facebook.com/somepage\nhttp://www.facebook.com/x\nhttps://evil.example/p\nmy.page\n100012345\n<script>');
    expect(entries.map((e) => e.kind)).toEqual(['id', 'lookup', 'refused', 'refused', 'lookup', 'refused']);
    expect(entries[2]).toMatchObject({ line: 3, problem: 'https' });
    expect(entries[3]).toMatchObject({ line: 4, problem: 'host' });
    expect(entries[5]).toMatchObject({ line: 7, problem: 'entry' });
  });
});

describe('the runner', () => {
  it('refuses invalid parameters field by field, unknown and disabled actions, and empty selections', () => {
    const runner = makeRunner(new FakePlatform(3));
    const invalid = (() => { try { runner.start('adaccount.addUser', { uid: 'abc', role: 5 }, accounts(1)); } catch (e) { return e; } })();
    expect(invalid).toBeInstanceOf(RunnerRefusal);
    expect((invalid as RunnerRefusal).fieldErrors.map((f) => f.field).sort()).toEqual(['role', 'uid']);
    expect(() => runner.start('adaccount.nope', {}, accounts(1))).toThrow(/unknown action/);
    expect(() => runner.start('adaccount.rename', { name: 'x' }, [])).toThrow(/no items/);
    const disabled = makeRunner(new FakePlatform(1), createKernelStore(), { usablePluginIds: () => new Set() });
    expect(() => disabled.start('adaccount.rename', { name: 'x' }, accounts(1))).toThrow(/not enabled/);
    const blocked = makeRunner(new FakePlatform(1), createKernelStore(), { isBlocked: (id) => id === 'adaccount.rename' });
    expect(() => blocked.start('adaccount.rename', { name: 'x' }, accounts(1))).toThrow(/newer extension/);
  });

  describe('before the validators load', () => {
    /** The compiled validators, as a page has them before their code has loaded (`load` lets them in). */
    function lateSchemas() {
      let ready = false;
      let open: () => void = () => {};
      const loaded = new Promise<void>((resolve) => { open = () => { ready = true; resolve(); }; });
      const load = vi.fn(() => loaded);
      return { schemas: { ...compiledSchemas, ready: () => ready, load }, open, load };
    }

    it('starts at once, asks for the validators, and sends nothing until the parameters are checked', async () => {
      const platform = new FakePlatform(3);
      const late = lateSchemas();
      const runner = makeRunner(platform, createKernelStore(), { paramSchemas: late.schemas });
      expect(runner.paramsReady()).toBe(false);
      const jobId = runner.start('adaccount.rename', { name: 'Later' }, accounts(3));
      expect(late.load).toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(platform.writes.size).toBe(0);
      expect(runner.job(jobId)!.status).toBe('running');
      late.open();
      await vi.advanceTimersByTimeAsync(5000);
      expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 3 });
      expect(platform.names.get('act_1')).toBe('Later');
    });

    it('fails a job whose parameters the validators refuse, before anything is sent, saying which', async () => {
      const platform = new FakePlatform(3);
      const late = lateSchemas();
      const runner = makeRunner(platform, createKernelStore(), { paramSchemas: late.schemas });
      const jobId = runner.start('adaccount.addUser', { uid: 'abc', role: 5 }, accounts(2));
      late.open();
      await vi.advanceTimersByTimeAsync(5000);
      const job = runner.job(jobId)!;
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/parameters are not valid: .*uid/);
      // the field errors stay on the job for the jobs panel to word in the operator's language
      expect((JSON.parse(job.errorFields) as { field: string }[]).map((f) => f.field)).toContain('uid');
      expect(platform.writes.size).toBe(0);
    });

    it('a dry run waits for the validators and refuses field by field as after', async () => {
      const late = lateSchemas();
      const runner = makeRunner(new FakePlatform(1), createKernelStore(), { paramSchemas: late.schemas });
      const dry = runner.dryRun('adaccount.addUser', { uid: 'abc', role: 5 }, accounts(1));
      late.open();
      await expect(dry).rejects.toBeInstanceOf(RunnerRefusal);
    });
  });

  it('skips entries that resolved to no id as unresolved and sends nothing for them', async () => {
    const platform = new FakePlatform(2);
    const runner = makeRunner(platform);
    const items = [{ id: 'act_1' }, { id: undefined as unknown as string, text: 'https://www.facebook.com/nobody' }, { id: 'act_2' }];
    const jobId = runner.start('adaccount.rename', { name: 'R' }, items);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runner.items(jobId).map((i) => [i.state, i.message])).toEqual([['done', ''], ['skipped', 'unresolved'], ['done', '']]);
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 2, skipped: 1 });
    expect([...platform.writes.values()].reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('runs every item once and finishes the job', async () => {
    const platform = new FakePlatform(20);
    const runner = makeRunner(platform);
    const finished = vi.fn();
    const jobId = runner.start('adaccount.rename', { name: 'Renamed' }, accounts(20));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 20, failed: 0 });
    expect([...platform.names.values()].every((n) => n === 'Renamed')).toBe(true);
    expect([...platform.writes.values()].every((n) => n === 1)).toBe(true);
    void finished;
  });

  it('retries transient errors with backoff, fails permanent ones with the extracted message', async () => {
    const platform = new FakePlatform(3);
    let transientLeft = 2;
    platform.script = (url) => {
      if (url.includes('act_1?') && transientLeft-- > 0) return { ok: false, status: 500, headers: {}, body: { error: { message: 'Temporary', code: 2, is_transient: true } } };
      if (url.includes('act_2?')) return { ok: false, status: 400, headers: {}, body: { error: { message: 'Invalid name', error_user_msg: 'Names cannot contain that', code: 100 } } };
      return null;
    };
    const runner = makeRunner(platform);
    const jobId = runner.start('adaccount.rename', { name: 'N' }, accounts(3));
    await vi.advanceTimersByTimeAsync(60_000);
    const items = runner.items(jobId);
    expect(items.map((i) => i.state)).toEqual(['done', 'failed', 'done']);
    expect(items[0].attempts).toBe(3);
    expect(items[1].message).toBe('Names cannot contain that');
    expect(items[1].attempts).toBe(1);
  });

  it('pauses the rate-limited scope for Retry-After without spending an attempt, then goes on', async () => {
    const platform = new FakePlatform(2);
    let limited = true;
    platform.script = (url) => {
      if (url.includes('act_1?') && limited) { limited = false; return { ok: false, status: 400, headers: { 'retry-after': '120' }, body: { error: { message: 'Too many calls to this ad account', code: 17, error_subcode: 2446079 } } }; }
      return null;
    };
    const runner = makeRunner(platform);
    const jobId = runner.start('adaccount.rename', { name: 'N' }, accounts(2));
    await vi.advanceTimersByTimeAsync(1000);
    expect(runner.items(jobId).map((i) => i.state)).toEqual(['pending', 'done']);
    await vi.advanceTimersByTimeAsync(117_000);
    expect(runner.items(jobId)[0].state).toBe('pending');
    await vi.advanceTimersByTimeAsync(5000);
    expect(runner.items(jobId)[0]).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('pauses every job on a session error and waits for the operator', async () => {
    const platform = new FakePlatform(3);
    platform.script = (url) => (url.includes('act_2?') ? { ok: false, status: 400, headers: {}, body: { error: { message: 'Error validating access token', code: 190, error_subcode: 463 } } } : null);
    const runner = makeRunner(platform);
    const jobId = runner.start('adaccount.rename', { name: 'N' }, accounts(3));
    await vi.advanceTimersByTimeAsync(5000);
    expect(runner.job(jobId)).toMatchObject({ status: 'paused', pauseReason: 'session', pauseMessage: 'Error validating access token' });
    platform.script = null;
    await runner.resume(jobId);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 3 });
  });

  it('#2635 pauses every job for the version, re-reads the runtime, and the resumed jobs name the new version', async () => {
    const platform = new FakePlatform(3);
    const sentVersions: string[] = [];
    platform.script = (url) => {
      sentVersions.push(new URL(url).pathname.split('/')[1]!);
      return url.includes('/v24.0/') ? { ok: false, status: 400, headers: {}, body: { error: { message: '(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: v25.0.', type: 'OAuthException', code: 2635 } } } : null;
    };
    const told: { type: string; message: string }[] = [];
    const bus = { emit: (type: string, e: { message: string }) => { told.push({ type, message: e.message }); } } as never;
    let reads = 0;
    const stop = onVersionRetired(() => { reads += 1; });
    try {
      setGraphVersion('v24.0');
      const runner = makeRunner(platform, createKernelStore(), { bus });
      const other = runner.start('adaccount.rename', { name: 'M' }, accounts(3));
      const jobId = runner.start('adaccount.rename', { name: 'N' }, accounts(3));
      await vi.advanceTimersByTimeAsync(5000);
      for (const id of [jobId, other]) expect(runner.job(id)).toMatchObject({ status: 'paused', pauseReason: 'version' });
      expect(runner.job(jobId)?.pauseMessage).toMatch(/^\(#2635\)/);
      expect(told.filter((e) => e.type === 'runner:version-retired')).toHaveLength(1);
      expect(told.some((e) => e.type === 'runner:needs-operator')).toBe(false);
      expect(reads).toBeGreaterThan(0);
      expect(runner.items(jobId).every((i) => i.state === 'pending')).toBe(true);
      // the admin sets v25.0; the next runtime read brings it; resuming sends on it
      setGraphVersion('v25.0');
      sentVersions.length = 0;
      await runner.resume(jobId);
      await runner.resume(other);
      await vi.advanceTimersByTimeAsync(5000);
      expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 3 });
      expect(runner.job(other)).toMatchObject({ status: 'done', done: 3 });
      expect(new Set(sentVersions)).toEqual(new Set(['v25.0']));
    } finally {
      stop();
      setGraphVersion('v24.0');
    }
  });

  it('maps batch results back to their items', async () => {
    const platform = new FakePlatform(0);
    platform.script = (url, body) => {
      if (!url.endsWith(`/${graphVersion()}/`)) return null;
      const batch = JSON.parse(new URLSearchParams(body).get('batch')!) as { relative_url: string }[];
      return ok(batch.map((b) => (b.relative_url === 'act_3'
        ? { code: 400, headers: [], body: JSON.stringify({ error: { message: 'No permission', code: 200 } }) }
        : { code: 200, headers: [], body: JSON.stringify({ success: true }) })));
    };
    const batchAction = testAction({ id: 'adaccount.rename', lane: 'adaccount-batch' }, { ...renameHandlers, toBatch: (item: JobItem, p: { name: string }) => ({ method: 'POST' as const, relative_url: item.id, body: `name=${p.name}` }) });
    const runner = makeRunner(platform, createKernelStore(), { actions: () => actionMap(plugin, batchAction) });
    const jobId = runner.start('adaccount.rename', { name: 'B' }, accounts(120));
    await vi.advanceTimersByTimeAsync(30_000);
    const items = runner.items(jobId);
    expect(items.filter((i) => i.state === 'done')).toHaveLength(119);
    expect(items[2]).toMatchObject({ itemId: 'act_3', state: 'failed', message: 'No permission' });
  });

  it('after a reload, settles writes left in flight through the outcome journal and verify: nothing twice', async () => {
    const platform = new FakePlatform(10);
    const store = createKernelStore();
    const first = makeRunner(platform, store);
    platform.hang = true; // answers never come back: the page "reloads" with writes in flight
    const jobId = first.start('adaccount.addUser', { uid: '42', role: 1002 }, accounts(10));
    await vi.advanceTimersByTimeAsync(50);
    const inflight = first.items(jobId).filter((i) => i.state === 'inflight');
    expect(inflight.length).toBeGreaterThan(0);
    expect(inflight.every((i) => i.requestId)).toBe(true);

    // A new page: a new runner on the same (persisted) store.
    platform.hang = false;
    const second = makeRunner(platform, store);
    expect(second.restore()).toEqual([jobId]);
    expect(second.job(jobId)?.status).toBe('interrupted');
    await second.resume(jobId);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(second.job(jobId)).toMatchObject({ status: 'done', done: 10, failed: 0 });
    for (let i = 1; i <= 10; i++) expect(platform.writes.get(`act_${i}`)).toBe(1);
    expect(second.items(jobId).filter((i) => i.message === 'settled: verified')).toHaveLength(inflight.length);
  });

  it('after a reload, the other items go on while writes the journal never heard of wait out their deadline, and the job says so', async () => {
    const { platform, second, jobId, inflight } = await reloadWithWritesInFlight(10, neverSent);
    await vi.advanceTimersByTimeAsync(10_000);
    // the rest of the job did not wait for them
    expect(second.job(jobId)).toMatchObject({ status: 'running', done: 10 - inflight.length, settling: inflight.length });
    expect(second.job(jobId)!.settlingUntil).toBe(Math.max(...inflight.map((i) => i.deadline)));
    for (const item of inflight) expect(platform.writes.get(item.itemId)).toBeUndefined();
    // past their deadline, `verify` finds them not applied: each is sent once, and the job ends
    await vi.advanceTimersByTimeAsync(WRITE_DEADLINE_MS);
    expect(second.job(jobId)).toMatchObject({ status: 'done', done: 10, settling: 0, settlingUntil: 0 });
    for (let i = 1; i <= 10; i++) expect(platform.writes.get(`act_${i}`)).toBe(1);
  });

  it('a job cancelled while writes left in flight are settled sends none of them again', async () => {
    const { platform, second, jobId, inflight } = await reloadWithWritesInFlight(6, neverSent);
    await vi.advanceTimersByTimeAsync(5_000);
    second.cancel(jobId);
    await vi.advanceTimersByTimeAsync(WRITE_DEADLINE_MS);
    const byId = new Map(second.items(jobId).map((i) => [i.itemId, i]));
    for (const item of inflight) {
      expect(byId.get(item.itemId)).toMatchObject({ state: 'skipped', message: 'cancelled' });
      expect(platform.writes.get(item.itemId)).toBeUndefined();
    }
    expect(second.job(jobId)!.status).toBe('cancelled');
  });

  it('after a reload, a write the executor still held is settled as soon as the journal answers, not at its deadline', async () => {
    let answers: (readonly [string, { state: OutcomeState; status?: number }])[] = [];
    const { platform, second, jobId } = await reloadWithWritesInFlight(4, (p, inflight) => {
      answers = inflight.map((i) => [i.requestId, p.journal.get(i.requestId)!] as const);
      for (const [id] of answers) p.journal.set(id, { state: 'pending' }); // still on its way when the page went
    });
    await vi.advanceTimersByTimeAsync(2_000);
    for (const [id, answer] of answers) platform.journal.set(id, answer); // the executor's answer lands
    await vi.advanceTimersByTimeAsync(JOURNAL_POLL_MS + 1_000);
    expect(second.job(jobId)).toMatchObject({ status: 'done', done: 4, settling: 0 });
    for (let i = 1; i <= 4; i++) expect(platform.writes.get(`act_${i}`)).toBe(1);
  });

  it('marks an unsettleable write of an action without verify as unknown — check', async () => {
    const platform = new FakePlatform(1);
    const store = createKernelStore();
    const noVerify = testAction({ id: 'adaccount.addUser', idempotent: false, lane: 'graph-write' }, { run: addUserHandlers.run });
    const actions = () => actionMap(plugin, noVerify);
    const first = makeRunner(platform, store, { actions });
    platform.hang = true;
    const jobId = first.start('adaccount.addUser', { uid: '42', role: 1002 }, accounts(1));
    await vi.advanceTimersByTimeAsync(50);
    platform.journal.clear(); // the executor lost its journal too
    const second = makeRunner(platform, store, { actions, sleep: async () => {} });
    second.restore();
    await second.resume(jobId);
    await vi.advanceTimersByTimeAsync(100); // settling runs beside the job
    expect(second.items(jobId)[0]).toMatchObject({ state: 'unknown', message: 'unknown — check' });
    expect(platform.writes.get('act_1')).toBe(1);
  });

  it('waits for a reply longer than the extension does, and settles a write only after both gave up', async () => {
    expect(EXECUTOR_DEADLINE_MS).toBe(EXTENSION_REQUEST_DEADLINE_MS);
    expect(REQUEST_DEADLINE_MS).toBeGreaterThan(EXECUTOR_DEADLINE_MS);
    expect(DEFAULT_DEADLINE_MS).toBeGreaterThan(EXECUTOR_DEADLINE_MS); // the page's other requests too
    expect(WRITE_DEADLINE_MS).toBeGreaterThanOrEqual(REQUEST_DEADLINE_MS);
    const platform = new FakePlatform(1);
    const transport = platform.transport();
    const deadlines: (number | undefined)[] = [];
    const request = transport.request;
    transport.request = (payload, o) => { deadlines.push(o?.deadlineMs); return request(payload, o); };
    const runner = makeRunner(platform, createKernelStore(), { bridge: createBridge(transport) });
    const jobId = runner.start('adaccount.addUser', { uid: '42', role: 1002 }, accounts(1));
    await vi.advanceTimersByTimeAsync(100);
    expect(deadlines).toEqual([REQUEST_DEADLINE_MS]);
    expect(runner.items(jobId)[0].state).toBe('done');
  });

  it('does not send a write whose in-flight record could not be saved: the job pauses and the operator is told', async () => {
    const platform = new FakePlatform(3);
    const told: { reason: string }[] = [];
    const bus = { emit: (type: string, e: { reason: string }) => { if (type === 'runner:cannot-persist') told.push(e); } } as never;
    let broken = true;
    const runner = makeRunner(platform, createKernelStore(), { bus, flush: async () => { if (broken) throw new Error('QuotaExceededError'); } });
    const jobId = runner.start('adaccount.addUser', { uid: '42', role: 1002 }, accounts(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(platform.writes.size).toBe(0);
    expect(runner.job(jobId)).toMatchObject({ status: 'paused', pauseReason: 'storage' });
    expect(runner.items(jobId).every((i) => i.state === 'pending' && i.attempts === 0 && i.requestId === '')).toBe(true);
    expect(told).toEqual([expect.objectContaining({ reason: 'failed' })]);
    broken = false;
    await runner.resume(jobId);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 3 });
    for (let i = 1; i <= 3; i++) expect(platform.writes.get(`act_${i}`)).toBe(1);
  });

  it('tells the operator once when this browser keeps no jobs at all', () => {
    const told: string[] = [];
    const bus = { emit: (type: string, e: { reason: string }) => { if (type === 'runner:cannot-persist') told.push(e.reason); } } as never;
    const runner = makeRunner(new FakePlatform(2), createKernelStore(), { bus, flush: undefined });
    runner.start('adaccount.rename', { name: 'N' }, accounts(1));
    runner.start('adaccount.rename', { name: 'N' }, accounts(2));
    expect(told).toEqual(['unavailable']);
  });

  it('settles a write answered by a 5xx before sending it again: applied → done, never twice', async () => {
    const platform = new FakePlatform(2);
    let failures = 0;
    // The platform applies the first add to act_1, then answers 500; the first add to act_2 fails before applying.
    platform.script = (url, body) => {
      if (!body || failures >= 2) return null;
      failures++;
      const id = new URL(url).pathname.split('/')[2];
      if (id === 'act_1') platform.users.get('act_1')!.add('42');
      return { ok: false, status: 500, headers: {}, body: { error: { message: 'An unexpected error has occurred', code: 2, is_transient: true } } };
    };
    const runner = makeRunner(platform, createKernelStore(), { requestDeadlineMs: 100, writeDeadlineMs: 200 });
    const jobId = runner.start('adaccount.addUser', { uid: '42', role: 1002 }, accounts(2));
    await vi.advanceTimersByTimeAsync(5000);
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 2, failed: 0 });
    expect(runner.items(jobId)[0].message).toBe('settled: verified');
    expect(platform.writes.get('act_1') ?? 0).toBe(0); // the scripted answer stood for the only add
    expect(platform.writes.get('act_2')).toBe(1);
    expect(runner.counters).toMatchObject({ settledByVerify: 2, retries: 1 });
  });

  it('keeps every attempt’s request id on the item, and a reloaded page settles each of them', async () => {
    const platform = new FakePlatform(1);
    const store = createKernelStore();
    const noVerify = testAction({ id: 'adaccount.addUser', idempotent: false, lane: 'graph-write' }, { run: addUserHandlers.run });
    const actions = () => actionMap(plugin, noVerify);
    // The first attempt times out (no answer) and the journal says it failed with a definite 400, so it is sent again;
    // the second attempt's answer never comes back before the page reloads.
    let sends = 0;
    platform.script = () => (++sends === 1 ? ({ ok: false, status: 0, headers: {}, body: null, error: 'connection closed' }) : null);
    const first = makeRunner(platform, store, { actions, requestDeadlineMs: 100, writeDeadlineMs: 200 });
    const original = platform.transport();
    const ids: string[] = [];
    const jobId = first.start('adaccount.addUser', { uid: '42', role: 1002 }, accounts(1));
    await vi.advanceTimersByTimeAsync(10);
    const row = first.items(jobId)[0];
    ids.push(row.requestId);
    platform.journal.set(row.requestId, { state: 'failed', status: 400 });
    platform.hang = true;
    await vi.advanceTimersByTimeAsync(1000);
    const again = first.items(jobId)[0];
    expect(again.state).toBe('inflight');
    expect(again.attempts).toBe(2);
    // the first attempt was settled as not applied: only the second may still land
    expect(JSON.parse(again.requestIds!)).toEqual([again.requestId]);
    expect(again.requestId).not.toBe(ids[0]);
    // a third attempt id from an earlier page would be settled too: put one on the item
    store.setCell('items', again.rowId, 'requestIds', JSON.stringify(['earlier', again.requestId]));
    platform.journal.set('earlier', { state: 'done', status: 200 });
    void original;
    const asked: string[] = [];
    const second = makeRunner(platform, store, { actions, sleep: async () => {} });
    const transport = second['deps'].bridge.transport;
    const outcome = transport.outcome;
    transport.outcome = async (id: string) => { asked.push(id); return outcome(id); };
    second.restore();
    await second.resume(jobId);
    await vi.advanceTimersByTimeAsync(100); // settling runs beside the job
    expect(asked).toEqual(expect.arrayContaining(['earlier', again.requestId]));
    expect(second.items(jobId)[0]).toMatchObject({ state: 'done', message: 'settled: done' });
    expect(second.counters.settledByJournal).toBe(1);
  });

  it('pause, resume, cancel and retry failed', async () => {
    const platform = new FakePlatform(6);
    const runner = makeRunner(platform, createKernelStore(), { paceFactor: () => 1 });
    const jobId = runner.start('adaccount.rename', { name: 'P' }, accounts(6));
    await vi.advanceTimersByTimeAsync(250);
    runner.pause(jobId);
    const doneAtPause = runner.job(jobId)!.done;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runner.job(jobId)).toMatchObject({ status: 'paused', done: doneAtPause });
    await runner.resume(jobId);
    await vi.advanceTimersByTimeAsync(300);
    runner.cancel(jobId);
    const cancelled = runner.job(jobId)!;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.done + cancelled.skipped).toBe(6);
  });
});
