// Background reads (issue 30 part 3; src/kernel/runner/background.ts, docs/DECISIONS.md "Background
// reads"): platform checks and scheduled checks use at most 20 % of the per-user budget, wait while a
// job works on their scope, never write, and are counted apart. Fake timers: every wait is the
// runner's own clock, so the assertions are on counts and order, not on wall time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse, RequestPayload } from '../../protocol';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { BridgeError } from '../../src/kernel/bridge/transport';
import { createBridge } from '../../src/kernel/bridge/bridge';
import { graphqlPost } from '../../src/kernel/graph/graphql';
import { setDocCatalogue } from '../../src/kernel/graph/doc-catalogue';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import type { JobItem } from '../../src/kernel/runner/types';
import { createKernelStore } from '../../src/kernel/store/store';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { BACKGROUND_SHARE, BackgroundWriteRefused } from '../../src/kernel/runner/background';
import { actionMap, testAction, testPlugin } from '../harness/actions';

/** The platform's per-user score (docs/INTERFACES.md section 5): points, linear decay, readings in whole percents. */
class Score {
  score = 0;
  at = Date.now();
  refused = 0;
  constructor(readonly points: number, readonly decayS: number) {}

  charge(cost: number): boolean {
    const t = Date.now();
    this.score = Math.max(0, this.score - ((t - this.at) / 1000) * (this.points / this.decayS));
    this.at = t;
    if (this.score + cost > this.points) { this.refused++; return false; }
    this.score += cost;
    return true;
  }

  header(): string {
    return JSON.stringify({ call_count: Math.min(100, Math.round((this.score / this.points) * 100)) });
  }
}

interface Sent { method: string; path: string; entries?: string[]; background: boolean }

/** A platform behind the transport: reads answer a name, writes and batch entries succeed, all under `score`. */
function platform(score = new Score(9000, 300), latencyMs = 100) {
  const sent: Sent[] = [];
  const transport: BridgeTransport = {
    kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
    outcome: async () => ({ state: 'unknown' }),
    request: async (payload: RequestPayload): Promise<BridgeResponse> => {
      const path = new URL(payload.url).pathname.split('/').slice(2).join('/');
      const batch = new URLSearchParams(payload.options.body ?? '').get('batch');
      const background = path.endsWith('?bg') || payload.url.includes('probe=1');
      if (batch) {
        const entries = (JSON.parse(batch) as { relative_url: string }[]).map((e) => e.relative_url);
        sent.push({ method: 'POST', path, entries, background });
        await new Promise((r) => setTimeout(r, latencyMs));
        const body = entries.map(() => {
          const ok = score.charge(3);
          return { code: ok ? 200 : 400, headers: [{ name: 'X-App-Usage', value: score.header() }], body: ok ? '{"success":true}' : '{"error":{"code":17,"message":"User request limit reached"}}' };
        });
        return { ok: true, status: 200, headers: { 'x-app-usage': score.header() }, body };
      }
      sent.push({ method: payload.options.method, path, background });
      await new Promise((r) => setTimeout(r, latencyMs));
      const ok = score.charge(payload.options.method === 'GET' ? 1 : 3);
      return ok
        ? { ok: true, status: 200, headers: { 'x-app-usage': score.header() }, body: { id: path, name: 'A name', data: {} } }
        : { ok: false, status: 400, headers: { 'x-app-usage': score.header() }, body: { error: { code: 17, message: 'User request limit reached' } } };
    },
  };
  return { transport, sent };
}

const plugin = testPlugin('adaccount', {
  lanes: { 'adaccount-batch': { concurrency: 1, spacingMs: 300, batchSize: 50, usage: 'business' } },
  scope: { pattern: '^act_\\d+$', usageKey: 'act_{key}' },
});
const schemas: ParamSchemas = { schema: () => ({ type: 'object' }), validate: () => [], ready: () => true };

/** A runner whose `adaccount.hold` items each wait for `release(id)`, and whose `adaccount.rename` batches. */
function runnerOn(transport: BridgeTransport, pacing: ConstructorParameters<typeof Runner>[0]['pacing'] = {}, pace = 1) {
  const gates = new Map<string, () => void>();
  const hold = testAction({ id: 'adaccount.hold', lane: 'graph' }, {
    run: async (item, _p, ctx) => {
      await ctx.bridge.graph({ path: String(item.id) });
      await new Promise<void>((resolve) => gates.set(String(item.id), resolve));
    },
  });
  const rename = testAction({ id: 'adaccount.rename', lane: 'adaccount-batch' }, {
    toBatch: (item: JobItem) => ({ method: 'POST', relative_url: String(item.id), body: 'name=N' }),
    run: async (item, _p, ctx) => { await ctx.bridge.graph({ method: 'POST', path: String(item.id), params: { name: 'N' } }); },
  });
  const runner = new Runner({
    store: createKernelStore(), bridge: createBridge(transport), actions: () => actionMap(plugin, hold, rename), usablePluginIds: () => new Set(['adaccount']),
    user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => pace, flush: async () => {}, paramSchemas: schemas, pacing,
  });
  const release = (id: string) => { gates.get(id)?.(); gates.delete(id); };
  return { runner, release, held: () => [...gates.keys()] };
}

/** A background read of one account, marked in its URL (`probe=1`) so the platform tells it from the job's. */
const probe = (runner: Runner, scope: string | null, account: string, signal?: AbortSignal) =>
  runner.background.bridge(scope).graph({ path: account, params: { fields: 'name', probe: 1 } }, signal ? { signal } : undefined);

/** Lets the fake clock run until `promise` settles (a request's latency is a timer too). */
async function settled<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = promise.finally(() => { done = true; });
  watched.catch(() => undefined);
  while (!done) await vi.advanceTimersByTimeAsync(50);
  return watched;
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); setDocCatalogue(null); });

describe('background reads', () => {
  it('wait while a job works on their scope and go once it is done there; the job goes first', async () => {
    const { transport, sent } = platform();
    const { runner, release, held } = runnerOn(transport);
    const jobId = runner.start('adaccount.hold', {}, [{ id: 'act_1' }]);
    await vi.advanceTimersByTimeAsync(500);
    expect(held()).toEqual(['act_1']);
    let answered = false;
    const read = probe(runner, 'act_1', 'act_1').then(() => { answered = true; });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.filter((s) => s.background)).toHaveLength(0);
    expect(runner.background.jobOn('act_1')).toBe(true);
    release('act_1');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runner.job(jobId)?.status).toBe('done');
    await read;
    expect(answered).toBe(true);
    // the job's read first, the background read after it
    expect(sent.map((s) => s.background)).toEqual([false, true]);
    const stats = runner.background.stats();
    expect(stats).toMatchObject({ calls: 1, points: 1 });
    expect(stats.waitedMs).toBeGreaterThanOrEqual(10_000);
  });

  it('do not wait for a job on another scope; a reader of the caller as a whole (null) waits for any job', async () => {
    const { transport, sent } = platform();
    const { runner, release } = runnerOn(transport);
    runner.start('adaccount.hold', {}, [{ id: 'act_1' }]);
    await vi.advanceTimersByTimeAsync(500);
    await settled(probe(runner, 'act_2', 'act_2'));
    expect(sent.filter((s) => s.background).map((s) => s.path)).toEqual(['act_2']);
    expect(runner.background.stats().waitedMs).toBe(0);

    let whole = false;
    const read = probe(runner, null, 'me').then(() => { whole = true; });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(whole).toBe(false);
    release('act_1');
    await vi.advanceTimersByTimeAsync(1_000);
    await read;
    expect(whole).toBe(true);
    expect(runner.background.stats().calls).toBe(2);
  });

  it('a job that starts on the scope keeps waiting reads waiting; one already sent finishes', async () => {
    const { transport, sent } = platform(undefined, 2_000);
    const { runner, release } = runnerOn(transport);
    // a read already on the wire when the job starts
    const first = probe(runner, 'act_5', 'act_5');
    await vi.advanceTimersByTimeAsync(10);
    runner.start('adaccount.hold', {}, [{ id: 'act_5' }]);
    const second = probe(runner, 'act_5', 'act_5');
    let secondDone = false;
    void second.then(() => { secondDone = true; });
    await vi.advanceTimersByTimeAsync(3_000);
    await first; // finished though the job started meanwhile
    await vi.advanceTimersByTimeAsync(10_000);
    expect(secondDone).toBe(false);
    expect(sent.map((s) => s.background)).toEqual([true, false]);
    release('act_5');
    await vi.advanceTimersByTimeAsync(3_000);
    await second;
    expect(sent.map((s) => s.background)).toEqual([true, false, true]);
  });

  it('stay within 20 % of the budget over a window while a reader asks continuously beside a job', async () => {
    const score = new Score(1000, 20);
    const { transport, sent } = platform(score);
    const { runner } = runnerOn(transport);
    const accounts = Array.from({ length: 1000 }, (_, i) => ({ id: `act_${i + 1}` }));
    const start = Date.now();
    const jobId = runner.start('adaccount.rename', {}, accounts);
    let stop = false;
    const reader = (async () => {
      for (let k = 0; !stop; k++) await probe(runner, 'act_5000', 'act_5000').catch(() => undefined);
    })();
    while (runner.job(jobId)!.status === 'running' && Date.now() - start < 300_000) await vi.advanceTimersByTimeAsync(200);
    const wallS = (Date.now() - start) / 1000;
    stop = true;
    await vi.advanceTimersByTimeAsync(5_000);
    await reader;
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 1000, failed: 0 });
    const { calls, points } = runner.background.stats();
    const allowed = BACKGROUND_SHARE * (score.points + (score.points * wallS) / score.decayS);
    expect(calls).toBe(sent.filter((s) => s.background).length);
    expect(points).toBeLessThanOrEqual(allowed);
    // it was not starved either: the reader used a good part of its share
    expect(points).toBeGreaterThan(allowed / 3);
    expect(score.refused).toBe(0);
  });

  it('before the budget is learnt, send no more than a few calls a second', async () => {
    const { transport } = platform();
    const { runner } = runnerOn(transport);
    const start = Date.now();
    let stop = false;
    const reader = (async () => { while (!stop) await probe(runner, 'act_7', 'act_7'); })();
    await vi.advanceTimersByTimeAsync(10_000);
    stop = true;
    await vi.advanceTimersByTimeAsync(1_000);
    await reader;
    expect(runner.pacer!.confident()).toBe(false);
    const { calls } = runner.background.stats();
    // 4 a second over 10 s (the last one may fall at the edge)
    expect(calls).toBeLessThanOrEqual(Math.ceil(((Date.now() - start) / 1000) * 4) + 1);
    expect(calls).toBeGreaterThan(20);
  });

  it("before the budget is learnt, the operator's pace setting scales that rate as it scales the lanes'", async () => {
    const callsIn10s = async (pace: number) => {
      const { transport } = platform();
      const { runner } = runnerOn(transport, {}, pace);
      let stop = false;
      const reader = (async () => { while (!stop) await probe(runner, 'act_7', 'act_7'); })();
      await vi.advanceTimersByTimeAsync(10_000);
      stop = true;
      await vi.advanceTimersByTimeAsync(2_000);
      await reader;
      expect(runner.pacer!.confident()).toBe(false);
      return runner.background.stats().calls;
    };
    const slower = await callsIn10s(2);
    const faster = await callsIn10s(0.5);
    // 2 a second and 8 a second over 10 s (each may gain one at the edge)
    expect(slower).toBeLessThanOrEqual(21);
    expect(slower).toBeGreaterThan(15);
    expect(faster).toBeGreaterThan(60);
    expect(faster).toBeLessThanOrEqual(81);
  });

  it('refuse a write, and a GraphQL post unless it is a query the caller marked', async () => {
    const { transport, sent } = platform();
    const { runner } = runnerOn(transport);
    const bridge = runner.background.bridge(null);
    await expect(bridge.graph({ method: 'POST', path: 'act_1', params: { name: 'x' } })).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.graph({ method: 'DELETE', path: 'act_1/users' })).rejects.toBeInstanceOf(BackgroundWriteRefused);
    const post = (operation: string) => `doc_id=1&fb_api_req_friendly_name=${operation}&variables=%7B%7D`;
    const url = 'https://www.facebook.com/api/graphql/';
    await expect(bridge.send(url, { method: 'POST', body: post('AdAccountAppealStatusQuery') })).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.send(url, { method: 'POST', body: post('AdAccountAppealSubmitMutation') }, { background: 'query' })).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.send('https://graph.facebook.com/v24.0/act_1', { method: 'POST', body: post('AdAccountAppealStatusQuery') }, { background: 'query' })).rejects.toBeInstanceOf(BackgroundWriteRefused);
    expect(sent).toHaveLength(0);
    expect(runner.background.stats().calls).toBe(0);
    // a marked query goes, and so does one whose operation the reader declared (graphqlPost passes no options)
    await settled(bridge.send(url, { method: 'POST', body: post('AdAccountAppealStatusQuery') }, { background: 'query' }));
    setDocCatalogue({ AdAccountAppealStatusQuery: '123' });
    const declared = runner.background.bridge(null, { queries: ['AdAccountAppealStatusQuery'] });
    await settled(graphqlPost(declared, { operation: 'AdAccountAppealStatusQuery', variables: {} }).catch(() => undefined));
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST']);
    expect(runner.background.stats().calls).toBe(2);
  });

  it('a Graph batch of reads goes (the list loaders read details that way); a batch with one write in it is refused', async () => {
    const { transport, sent } = platform();
    const { runner } = runnerOn(transport);
    const bridge = runner.background.bridge(null);
    const batch = (items: object[], extra = '') => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `access_token={{access_token}}&include_headers=true&batch=${encodeURIComponent(JSON.stringify(items))}${extra}` });
    const root = 'https://graph.facebook.com/v24.0/';
    await expect(bridge.send(root, batch([{ method: 'GET', relative_url: 'act_1?fields=name' }, { method: 'POST', relative_url: 'act_2', body: 'name=x' }]))).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.send(root, batch([{ method: 'DELETE', relative_url: 'act_1/users?uid=2' }]))).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.send(root, batch([{ method: 'GET', relative_url: 'act_1', body: 'name=x' }]))).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.send(root, batch([{ method: 'GET', relative_url: 'act_1' }], '&name=renamed'))).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.send(`${root}act_1`, batch([{ method: 'GET', relative_url: 'act_1' }]))).rejects.toBeInstanceOf(BackgroundWriteRefused);
    await expect(bridge.send(root, batch([]))).rejects.toBeInstanceOf(BackgroundWriteRefused);
    expect(sent).toHaveLength(0);
    await settled(bridge.send(root, batch([{ method: 'GET', relative_url: 'act_1?fields=name' }, { relative_url: 'act_2?fields=name' }])));
    expect(sent).toHaveLength(1);
    expect(runner.background.stats()).toMatchObject({ calls: 1, points: 2 });
  });

  it('a waiting read is aborted by its signal and is not counted', async () => {
    const { transport, sent } = platform();
    const { runner } = runnerOn(transport);
    runner.start('adaccount.hold', {}, [{ id: 'act_1' }]);
    await vi.advanceTimersByTimeAsync(500);
    const controller = new AbortController();
    const read = probe(runner, 'act_1', 'act_1', controller.signal);
    const outcome = read.then(() => 'answered', (e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10);
    const error = await outcome;
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).kind).toBe('aborted');
    expect(sent.filter((s) => s.background)).toHaveLength(0);
    expect(runner.background.stats()).toMatchObject({ calls: 0, points: 0 });
  });
});
