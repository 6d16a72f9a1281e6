import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import type { BridgeResponse, RequestPayload } from '../../protocol';
import { Runner } from '../../src/kernel/runner/runner';
import { LaneScheduler, realClock } from '../../src/kernel/runner/lanes';
import { PROBE_AFTER_MS, UsagePacer, requestCosts } from '../../src/kernel/runner/adaptive';
import type { JobItem } from '../../src/kernel/runner/types';
import { actionMap, testAction, testPlugin } from '../harness/actions';

/** The platform's score model (docs/INTERFACES.md section 5) for the caller: points, linear decay, a block past the budget. */
class Score {
  score = 0;
  at = Date.now();
  blockedUntil = 0;
  refused = 0;
  peak = 0;
  constructor(readonly points: number, readonly decayS: number, readonly blockS = 60) {}

  private update(): void {
    const t = Date.now();
    this.score = Math.max(0, this.score - ((t - this.at) / 1000) * (this.points / this.decayS));
    this.at = t;
  }

  charge(cost: number): boolean {
    this.update();
    if (this.blockedUntil > this.at || this.score + cost > this.points) {
      if (this.blockedUntil <= this.at) this.blockedUntil = this.at + this.blockS * 1000;
      this.refused++;
      return false;
    }
    this.score += cost;
    this.peak = Math.max(this.peak, this.score);
    return true;
  }

  pct(): number {
    this.update();
    return this.blockedUntil > this.at ? 100 : Math.min(100, Math.round((this.score / this.points) * 100));
  }

  header(): string {
    return JSON.stringify({ call_count: this.pct(), total_cputime: 0, total_time: 0 });
  }
}

const usage = (pct: number) => ({ 'x-app-usage': JSON.stringify({ call_count: pct }) });
const batchInit = (n: number, method = 'POST') => ({ method: 'POST', body: new URLSearchParams({ batch: JSON.stringify(Array.from({ length: n }, (_, i) => ({ method, relative_url: `act_${i}` }))) }).toString() });

/** A batch answer as the platform gives it: every entry charged one by one, each with its own usage header. */
function answerBatch(score: Score, n: number): BridgeResponse {
  const body = Array.from({ length: n }, () => {
    const ok = score.charge(3);
    return ok
      ? { code: 200, headers: [{ name: 'X-App-Usage', value: score.header() }], body: '{"success":true}' }
      : { code: 400, headers: [{ name: 'X-App-Usage', value: score.header() }], body: '{"error":{"message":"(#17) User request limit reached","code":17}}' };
  });
  return { ok: true, status: 200, headers: { 'x-app-usage': score.header() }, body };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('request costs', () => {
  it('count a read 1 point, a write 3, and a batch entry by entry', () => {
    expect(requestCosts({ method: 'GET' })).toEqual([1]);
    expect(requestCosts({ method: 'POST', body: 'name=x' })).toEqual([3]);
    expect(requestCosts({ method: 'DELETE' })).toEqual([3]);
    const mixed = new URLSearchParams({ batch: JSON.stringify([{ method: 'GET', relative_url: 'a' }, { method: 'POST', relative_url: 'b' }, { relative_url: 'c' }]) }).toString();
    expect(requestCosts({ method: 'POST', body: `access_token=t&${mixed}` })).toEqual([1, 3, 1]);
  });
});

describe('the usage pacer', () => {
  it('learns the budget and the decay from batch answers, then makes a batch wait until there is room for it', () => {
    const score = new Score(1000, 20);
    const pacer = new UsagePacer({ targetPct: 95, maxTargetPct: 95 });
    expect(pacer.waitMs(150, Date.now())).toBe(0); // nothing known: no reason to wait
    for (let k = 0; k < 5; k++) {
      pacer.observeResponse(batchInit(50), answerBatch(score, 50), Date.now());
      vi.advanceTimersByTime(300);
    }
    const est = pacer.estimate();
    expect(100 / est.pctPerPoint).toBeGreaterThan(950);
    expect(100 / est.pctPerPoint).toBeLessThan(1050);
    expect(100 / est.decayPctPerS).toBeGreaterThan(15);
    expect(100 / est.decayPctPerS).toBeLessThan(26);
    expect(pacer.confident()).toBe(true);
    // ~68 % used: a 50-write batch (15 %) fits under 95 %, a second one would not
    expect(pacer.waitMs(150, Date.now())).toBe(0);
    pacer.observeResponse(batchInit(50), answerBatch(score, 50), Date.now());
    const wait = pacer.waitMs(150, Date.now());
    expect(wait).toBeGreaterThan(0);
    // …and the wait is about what the decay needs: (usage + 15 − 95) / 5 % per second
    const needed = ((score.pct() + 15 - 95) / 5) * 1000;
    expect(wait).toBeGreaterThanOrEqual(needed - 300);
    expect(wait).toBeLessThan(needed + 1500);
    // a small task fits at once
    expect(pacer.waitMs(3, Date.now())).toBe(0);
  });

  it('holds a long job under the budget at about the decay rate', () => {
    for (const [points, decayS] of [[1000, 20], [600, 10], [1500, 60], [9000, 300]] as const) {
      const score = new Score(points, decayS);
      const pacer = new UsagePacer();
      const start = Date.now();
      let sent = 0;
      while (sent < 1000) {
        const wait = pacer.waitMs(150, Date.now());
        vi.advanceTimersByTime(Math.max(300, wait));
        if (pacer.waitMs(150, Date.now()) > 0) continue;
        const release = pacer.reserve(150);
        vi.advanceTimersByTime(150); // latency: the charge lands when the request arrives
        pacer.observeResponse(batchInit(50), answerBatch(score, 50), Date.now());
        release();
        sent += 50;
      }
      const wallS = (Date.now() - start) / 1000;
      const boundS = Math.max(0, ((3000 - points) * decayS) / points) + 0.15;
      expect(score.refused, `${points}/${decayS}`).toBe(0);
      expect(score.peak).toBeLessThanOrEqual(points);
      if (boundS > 5) expect(wallS / boundS, `${points}/${decayS}: ${wallS} s`).toBeLessThan(1.15);
    }
  });

  it('charges nothing for a refused call and reads no decay across an idle spell where the score ran out', () => {
    const pacer = new UsagePacer();
    pacer.observeResponse({ method: 'GET' }, { status: 200, headers: usage(10), body: {} }, Date.now());
    const before = pacer.usageNow(Date.now());
    pacer.observeResponse({ method: 'POST', body: 'name=x' }, { status: 400, headers: {}, body: { error: { code: 17, message: 'limit' } } }, Date.now());
    expect(pacer.usageNow(Date.now())).toBe(before);

    const score = new Score(1000, 20);
    for (let k = 0; k < 4; k++) {
      pacer.observeResponse(batchInit(50), answerBatch(score, 50), Date.now());
      vi.advanceTimersByTime(300);
    }
    const learnt = pacer.estimate().decayPctPerS;
    expect(learnt).toBeGreaterThan(3.5);
    // the score runs out long before; taken at face value the pair would say ~0.5 % a second
    vi.advanceTimersByTime(120_000);
    pacer.observeResponse(batchInit(50), answerBatch(score, 50), Date.now());
    expect(Math.abs(pacer.estimate().decayPctPerS - learnt) / learnt).toBeLessThan(0.1);
  });

  it('before the readings pin the decay, counts it at the documented 300 s but waits no more than 3 s for a fresh reading: one probe at a time', () => {
    const pacer = new UsagePacer({ targetPct: 95 });
    pacer.observeResponse(batchInit(50), { status: 200, headers: usage(90), body: Array.from({ length: 50 }, (_, i) => ({ code: 200, headers: [{ name: 'X-App-Usage', value: JSON.stringify({ call_count: 75 + Math.round(i * 0.3) }) }], body: '{}' })) }, Date.now());
    // 90 % used, an entry 0.3 % (a point 0.1 %): a 150-point batch waits for 10 % to decay at 1/3 % a second
    expect(pacer.estimate().pctPerPoint).toBeCloseTo(0.1, 2);
    const now = Date.now();
    // the usage it counts on decays at 1/3 % a second: 30 s from now it is still 80 %
    expect(pacer.usageNow(now + 30_000)).toBeCloseTo(80, 0);
    // ...but the 30 s it would take are cut short: the lane looks again once the reading is 3 s old
    expect(pacer.waitMs(150, now)).toBe(PROBE_AFTER_MS);
    expect(pacer.waitMs(150, now + 1_000)).toBe(PROBE_AFTER_MS - 1_000);
    expect(pacer.waitMs(150, now + PROBE_AFTER_MS)).toBe(0);
    // while a task is in flight nothing else goes on the strength of an old reading
    const release = pacer.reserve(40);
    expect(pacer.waitMs(150, now + PROBE_AFTER_MS)).toBe(PROBE_AFTER_MS);
    release();
  });

  it('after a refusal says 100 %, sends one call alone once the reading is 3 s old, and goes on at once when its reading says the budget emptied', () => {
    const pacer = new UsagePacer();
    const now = Date.now();
    pacer.observeResponse({ method: 'POST' }, { status: 400, headers: usage(100), body: { error: { code: 17, message: 'User request limit reached' } } }, now);
    expect(pacer.roomPoints(now)).toBe(0);
    expect(pacer.waitMs(3, now)).toBe(PROBE_AFTER_MS);
    // at the documented decay 1 % has gone in 3 s: no room of its own, but room for one call (3 points)
    expect(pacer.usageNow(now + PROBE_AFTER_MS)).toBeCloseTo(99, 0);
    expect(pacer.roomPoints(now + PROBE_AFTER_MS)).toBe(3);
    // a batch whose entries cost more than a call gets room for one entry, so the probe can go
    expect(pacer.roomPoints(now + PROBE_AFTER_MS, 7)).toBe(7);
    expect(pacer.waitMs(3, now + PROBE_AFTER_MS)).toBe(0);
    const release = pacer.reserve(3);
    expect(pacer.roomPoints(now + PROBE_AFTER_MS)).toBe(0);
    expect(pacer.waitMs(3, now + PROBE_AFTER_MS)).toBe(PROBE_AFTER_MS);
    release();
    // the probe's reading: the budget emptied in those 3 s
    pacer.observeResponse({ method: 'POST' }, { status: 200, headers: usage(4), body: {} }, now + PROBE_AFTER_MS + 50);
    expect(pacer.waitMs(3, now + PROBE_AFTER_MS + 50)).toBe(0);
    expect(pacer.roomPoints(now + PROBE_AFTER_MS + 50)).toBeGreaterThan(1000);
  });
});

describe('the lane gate', () => {
  it('holds a start until the gate opens, unscaled by the pace factor, and releases what the task reserved', async () => {
    const lanes = new LaneScheduler(realClock, () => 0.05, { l: { id: 'l', concurrency: 1, spacingMs: 1000 } });
    const opensAt = Date.now() + 2000;
    const starts: number[] = [];
    let held = 0;
    lanes.setGate({
      waitMs: () => Math.max(0, opensAt - Date.now()),
      started: (_lane, task) => { held += task.cost ?? 0; return () => { held -= task.cost ?? 0; }; },
    });
    for (let i = 0; i < 2; i++) lanes.enqueue('l', { jobId: 'j', jobSize: 2, scope: null, cost: 150, run: async () => { starts.push(Date.now()); await new Promise((r) => setTimeout(r, 10)); } });
    await vi.advanceTimersByTimeAsync(1999);
    expect(starts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(1);
    expect(held).toBe(150);
    await vi.advanceTimersByTimeAsync(60); // spacing 1000 ms × 0.05
    expect(starts).toHaveLength(2);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(50);
    await vi.advanceTimersByTimeAsync(20);
    expect(held).toBe(0);
  });
});

describe('the runner under a usage budget', () => {
  const plugin = testPlugin('adaccount', {
    lanes: { 'adaccount-batch': { concurrency: 1, spacingMs: 300, batchSize: 50, usage: 'business' } },
    scope: { pattern: '^act_\\d+$', usageKey: 'act_{key}' },
  });
  const rename = testAction<JobItem, { name: string }>({ id: 'adaccount.rename', idempotent: true, lane: 'adaccount-batch' }, {
    toBatch: (item, p) => ({ method: 'POST', relative_url: item.id, body: `name=${p.name}` }),
    run: async (item, p, ctx) => { await ctx.bridge.graph({ method: 'POST', path: item.id, params: { name: p.name } }); },
  });

  function platform(score: Score, writes: Map<string, number>): BridgeTransport {
    return {
      kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
      outcome: async () => ({ state: 'unknown' }),
      request: async (payload: RequestPayload): Promise<BridgeResponse> => {
        await new Promise((r) => setTimeout(r, 150)); // latency
        const form = new URLSearchParams(payload.options.body ?? '');
        if (!form.has('batch')) {
          // a single write
          const path = new URL(payload.url).pathname.split('/').pop()!;
          const ok = score.charge(3);
          if (ok) writes.set(path, (writes.get(path) ?? 0) + 1);
          return ok
            ? { ok: true, status: 200, headers: { 'x-app-usage': score.header() }, body: { success: true } }
            : { ok: false, status: 400, headers: { 'x-app-usage': score.header() }, body: { error: { message: '(#17) User request limit reached', code: 17 } } };
        }
        const batch = JSON.parse(form.get('batch') ?? '[]') as { relative_url: string }[];
        const answer = answerBatch(score, batch.length);
        (answer.body as { code: number }[]).forEach((slot, i) => { if (slot.code === 200) writes.set(batch[i].relative_url, (writes.get(batch[i].relative_url) ?? 0) + 1); });
        return answer;
      },
    };
  }

  it('renames 1,000 accounts in batches near the budget’s decay rate without a rate-limit error', async () => {
    const score = new Score(1000, 20);
    const writes = new Map<string, number>();
    const actions = actionMap(plugin, rename);
    const runner = new Runner({
      store: createKernelStore(), bridge: createBridge(platform(score, writes)), actions: () => actions, usablePluginIds: () => new Set(['adaccount']),
      user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 1, flush: async () => {},
    });
    const start = Date.now();
    const jobId = runner.start('adaccount.rename', { name: 'N' }, Array.from({ length: 1000 }, (_, i) => ({ id: `act_${i + 1}` })));
    while (runner.job(jobId)!.status === 'running' && Date.now() - start < 120_000) await vi.advanceTimersByTimeAsync(100);
    const wallS = (Date.now() - start) / 1000;
    const boundS = ((3000 - 1000) * 20) / 1000 + 0.15;
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 1000, failed: 0 });
    expect(score.refused).toBe(0);
    expect(writes.size).toBe(1000);
    expect([...writes.values()].every((n) => n === 1)).toBe(true);
    expect(wallS / boundS).toBeLessThan(1.15);
    expect(wallS / boundS).toBeGreaterThan(0.99);
    expect(runner.pacer!.confident()).toBe(true);
  });

  /** Runs the jobs on one runner against `score` until all are done (fake time); returns when each finished and progress samples. */
  async function runJobs(score: Score, jobs: { actionId: string; items: JobItem[] }[], extra: { plugin?: typeof plugin; actions?: ReturnType<typeof actionMap> } = {}) {
    const writes = new Map<string, number>();
    const actions = extra.actions ?? actionMap(plugin, rename);
    const runner = new Runner({
      store: createKernelStore(), bridge: createBridge(platform(score, writes)), actions: () => actions, usablePluginIds: () => new Set(['adaccount']),
      user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 1, flush: async () => {},
    });
    const start = Date.now();
    const ids = jobs.map((j) => runner.start(j.actionId, { name: 'N' }, j.items));
    const doneAt = ids.map(() => NaN);
    const samples: { t: number; done: number[] }[] = [];
    while (ids.some((id) => runner.job(id)!.status === 'running') && Date.now() - start < 300_000) {
      await vi.advanceTimersByTimeAsync(100);
      const t = (Date.now() - start) / 1000;
      samples.push({ t, done: ids.map((id) => runner.job(id)!.done) });
      ids.forEach((id, k) => { if (Number.isNaN(doneAt[k]) && runner.job(id)!.status !== 'running') doneAt[k] = t; });
    }
    return { runner, ids, writes, doneAt, samples, wallS: (Date.now() - start) / 1000 };
  }

  it('sizes a batch to the room left instead of waiting for room for all of it (300 points / 5 s, 2,000 / 100 s)', async () => {
    for (const [points, decayS] of [[300, 5], [2000, 100]] as const) {
      const score = new Score(points, decayS);
      const items = Array.from({ length: 1000 }, (_, i) => ({ id: `act_${i + 1}` }));
      const { runner, ids, writes, wallS } = await runJobs(score, [{ actionId: 'adaccount.rename', items }]);
      const boundS = Math.max(0, ((3000 - points) * decayS) / points) + 0.15;
      expect(runner.job(ids[0])).toMatchObject({ status: 'done', done: 1000, failed: 0 });
      expect(score.refused, `${points}/${decayS}`).toBe(0);
      expect([...writes.values()].every((n) => n === 1)).toBe(true);
      // before: a 150-point batch waited for room for all of it — at 300 / 5 it is half the budget, and
      // the first wait assumed the documented 300 s decay (ratio ≈ 1.4); at 2,000 / 100 the 5 % kept cost 5 s
      expect(wallS / boundS, `${points}/${decayS}: ${wallS} s`).toBeLessThan(1.1);
    }
  });

  it('shares the budget between two lanes: a lane of single writes does not starve a batch lane', async () => {
    const shared = testPlugin('adaccount', {
      lanes: {
        'adaccount-batch': { concurrency: 1, spacingMs: 300, batchSize: 50 },
        // single writes, four at a time, no spacing: on its own it takes any room as soon as it appears
        singles: { concurrency: 4, spacingMs: 0 },
      },
      scope: { pattern: '^act_\\d+$', usageKey: 'act_{key}' },
    });
    const one = testAction<JobItem, { name: string }>({ id: 'adaccount.renameOne', schema: 'adaccount.rename', idempotent: true, lane: 'singles' }, {
      run: async (item, p, ctx) => { await ctx.bridge.graph({ method: 'POST', path: item.id, params: { name: p.name } }); },
    });
    const score = new Score(1000, 20);
    const batchItems = Array.from({ length: 500 }, (_, i) => ({ id: `act_${i + 1}` }));
    const singleItems = Array.from({ length: 500 }, (_, i) => ({ id: `act_${i + 501}` }));
    const { runner, ids, writes, doneAt, samples, wallS } = await runJobs(score, [
      { actionId: 'adaccount.rename', items: batchItems },
      { actionId: 'adaccount.renameOne', items: singleItems },
    ], { actions: actionMap(shared, { ...rename, lane: 'adaccount-batch' } as typeof rename, one) });
    expect(runner.job(ids[0])).toMatchObject({ status: 'done', done: 500 });
    expect(runner.job(ids[1])).toMatchObject({ status: 'done', done: 500 });
    expect(score.refused).toBe(0);
    expect(writes.size).toBe(1000);
    // both progress: once the budget is full (the first seconds' room goes to whoever asks first), each
    // job finishes items in every 4-second window until one of them is done (before: the batch lane got
    // nothing while the single writes took each bit of room as it appeared)
    const at = (t: number) => samples.find((x) => x.t >= t)!.done;
    for (let t = 4; t + 4 <= Math.min(...doneAt); t += 4) {
      const [from, to] = [at(t), at(t + 4)];
      expect(to[0] - from[0], `batch lane, ${t}–${t + 4} s`).toBeGreaterThan(0);
      expect(to[1] - from[1], `single writes, ${t}–${t + 4} s`).toBeGreaterThan(0);
    }
    // together they still use the whole budget
    const boundS = ((3000 - 1000) * 20) / 1000 + 0.15;
    expect(wallS / boundS).toBeLessThan(1.1);
  });

  it('can be turned off', () => {
    const runner = new Runner({
      store: createKernelStore(), bridge: createBridge(platform(new Score(1000, 20), new Map())), actions: () => new Map(), usablePluginIds: () => new Set(),
      user: () => null, pacing: false,
    });
    expect(runner.pacer).toBeNull();
  });
});
