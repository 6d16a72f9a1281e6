// The runner does each thing once (issue 29): a job started the way the action dialog starts it (a
// draft, its preview, its start) validates its parameters once, plans its items once, makes each
// batch entry once, wraps the bridge once, and a batch entry that failed for a passing reason is
// retried by the runner's failure policy alone (after the spec's 400 ms), not by runBatch as well.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse, RequestPayload } from '../../protocol';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import type { JobItem } from '../../src/kernel/runner/types';
import { createKernelStore } from '../../src/kernel/store/store';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { actionMap, testAction, testPlugin } from '../harness/actions';

// Every bridge made while a job runs is counted: an item's Graph calls must not make one each.
const made = vi.hoisted(() => ({ bridges: 0 }));
vi.mock('../../src/kernel/bridge/bridge', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/kernel/bridge/bridge')>();
  return { ...real, createBridge: (t: BridgeTransport) => { made.bridges += 1; return real.createBridge(t); } };
});
const { createBridge } = await import('../../src/kernel/bridge/bridge');

const ok = (body: unknown): BridgeResponse => ({ ok: true, status: 200, headers: {}, body });

/** The platform: Graph reads answer a name; a batch answers each entry, `failOnce` ids once with a passing 500. */
function platform(failOnce: Set<string> = new Set()) {
  const sent: { url: string; entries?: string[]; at: number }[] = [];
  const transport: BridgeTransport = {
    kind: 'demo', version: async () => '1.4.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
    outcome: async () => ({ state: 'unknown' }),
    request: async (payload: RequestPayload) => {
      const body = payload.options.body ?? '';
      const batch = new URLSearchParams(body).get('batch');
      if (batch) {
        const entries = (JSON.parse(batch) as { relative_url: string }[]).map((e) => e.relative_url.split('?')[0]!);
        sent.push({ url: payload.url, entries, at: Date.now() });
        return ok(entries.map((id) => {
          if (failOnce.delete(id)) return { code: 500, headers: [], body: JSON.stringify({ error: { code: 2, message: 'Service temporarily unavailable', is_transient: true } }) };
          return { code: 200, headers: [], body: JSON.stringify({ success: true }) };
        }));
      }
      sent.push({ url: payload.url, at: Date.now() });
      return ok({ id: new URL(payload.url).pathname.split('/')[2], name: 'A name' });
    },
  };
  return { transport, sent };
}

const plugin = testPlugin('demo', { lanes: { 'demo-batch': { concurrency: 1, spacingMs: 0, batchSize: 50 } } });
const items = (n: number): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: String(1000 + i), name: `Item ${i}` }));

function runnerFor(transport: BridgeTransport) {
  const validate = vi.fn<ParamSchemas['validate']>(() => []);
  const schemas: ParamSchemas = { schema: () => ({ type: 'object', properties: { label: { type: 'string' } } }), validate, ready: () => true };
  let toBatch = 0;
  const batched = testAction({ id: 'demo.tag', lane: 'demo-batch' }, {
    run: async () => {},
    toBatch: (item: JobItem, params: { label: string }) => { toBatch += 1; return { method: 'POST', relative_url: `${item.id}?tag=${params.label}`, body: '' }; },
  });
  const reading = testAction({ id: 'demo.read', lane: 'graph' }, {
    run: async (item, _params, ctx) => { await ctx.bridge.graph({ path: String(item.id) }); await ctx.bridge.graph({ path: `${item.id}/users` }); },
  });
  const finished: string[] = [];
  const runner = new Runner({
    store: createKernelStore(), bridge: createBridge(transport), actions: () => actionMap(plugin, batched, reading),
    usablePluginIds: () => new Set(['demo']), user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 0.01, flush: async () => {},
    paramSchemas: schemas, pacing: false,
    bus: { emit: (name: string, e: { jobId: string }) => { if (name === 'job:finished') finished.push(e.jobId); }, on() {}, off() {} } as never,
  });
  return { runner, validate, finished, toBatchCalls: () => toBatch };
}

afterEach(() => { made.bridges = 0; });

describe('a job started the way the action dialog starts it', () => {
  it('validates once, plans once, makes each batch entry once and wraps the bridge once', async () => {
    const { transport } = platform();
    const { runner, validate, finished, toBatchCalls } = runnerFor(transport);
    // the dialog: a draft, its preview, then Start with that draft
    const draft = runner.draft('demo.tag', { label: 'x' }, items(7));
    await runner.dryRun(draft);
    const previewEntries = toBatchCalls();
    made.bridges = 0;
    const jobId = runner.start(draft);
    await vi.waitFor(() => expect(finished).toContain(jobId), { timeout: 5000 });
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 7 });
    expect(validate).toHaveBeenCalledTimes(1);
    expect(runner.counters.plans).toBe(1);
    expect(toBatchCalls() - previewEntries).toBe(7);
    expect(runner.counters.jobBridges).toBe(1);
    expect(made.bridges).toBe(0);
  });

  it("an item's Graph calls go through its job's one bridge: no bridge is made per call or per item", async () => {
    const { transport, sent } = platform();
    const { runner, finished } = runnerFor(transport);
    made.bridges = 0;
    const jobId = runner.start(runner.draft('demo.read', {}, items(5)));
    await vi.waitFor(() => expect(finished).toContain(jobId), { timeout: 5000 });
    expect(sent).toHaveLength(10);
    expect(runner.counters.jobBridges).toBe(1);
    expect(made.bridges).toBe(0);
  });

  it("a batch entry's passing failure is retried once by the runner after 400 ms, as its own batch, and counts an attempt", async () => {
    const { transport, sent } = platform(new Set(['1002']));
    const { runner, finished } = runnerFor(transport);
    const jobId = runner.start(runner.draft('demo.tag', { label: 'x' }, items(4)));
    await vi.waitFor(() => expect(finished).toContain(jobId), { timeout: 5000 });
    expect(runner.job(jobId)).toMatchObject({ status: 'done', done: 4, failed: 0 });
    expect(sent.map((s) => s.entries)).toEqual([['1000', '1001', '1002', '1003'], ['1002']]);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(390);
    const retried = runner.items(jobId).find((i) => i.itemId === '1002')!;
    expect(retried.attempts).toBe(2);
    expect(runner.counters.retries).toBe(1);
  });
});
