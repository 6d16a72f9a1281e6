// The kernel's graph helpers (src/kernel/graph) over the demo transport against the sandbox over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, demoCatalogue } from './harness';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createBridge, GraphError, type Bridge } from '../../src/kernel/bridge/bridge';
import { assetList, collect, cursorPages, followNextLinks, pagedUntilFailure, pixelCursor } from '../../src/kernel/graph/paging';
import { runBatch } from '../../src/kernel/graph/batch';

let sandbox: Sandbox;
let bridge: Bridge;
const noWait = async () => {};

beforeAll(async () => {
  sandbox = await startSandbox({ scale: 'small' });
  bridge = createBridge(createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.0.0' , catalogue: demoCatalogue }));
});
afterAll(async () => sandbox?.close());

describe('paging against the sandbox', () => {
  it('follows next links on the real host until the last page', async () => {
    const pages: number[] = [];
    const rows = await collect(followNextLinks<{ id: string }>(bridge, 'me/adaccounts', { fields: 'id,name', limit: 100 }, { sleep: noWait, onPage: (p, n) => pages.push(n) }));
    expect(rows.length).toBeGreaterThan(250);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(pages.length).toBe(Math.ceil(rows.length / 100));
  });

  it('walks `after` cursors to the same list', async () => {
    const viaNext = await collect(followNextLinks<{ id: string }>(bridge, 'me/adaccounts', { fields: 'id', limit: 70 }, { sleep: noWait }));
    const viaCursor = await collect(cursorPages<{ id: string }>(bridge, 'me/adaccounts', { fields: 'id', limit: 70 }, { sleep: noWait }));
    expect(viaCursor.map((r) => r.id)).toEqual(viaNext.map((r) => r.id));
  });

  it('waits between pages as asked', async () => {
    const waits: number[] = [];
    await collect(followNextLinks(bridge, 'me/adaccounts', { fields: 'id', limit: 100 }, { sleep: async (ms) => { waits.push(ms); } }));
    expect(waits.every((w) => w === 500)).toBe(true);
    expect(waits.length).toBeGreaterThan(1);
  });

  it('the asset-list rule stops on a cursor that does not advance, after one retry', async () => {
    let calls = 0;
    const items = await assetList(async (cursor) => {
      calls += 1;
      if (cursor === null) return { items: [1, 2], hasNextPage: true, endCursor: 'c1' };
      return { items: [3], hasNextPage: true, endCursor: 'c1' }; // stuck
    }, { sleep: noWait });
    expect(calls).toBe(3); // first page, the stuck page, its one retry
    expect(items).toEqual([1, 2, 3]);
    const capped = await assetList(async (cursor) => ({ items: [cursor], hasNextPage: true, endCursor: `${cursor ?? ''}x` }), { sleep: noWait, maxPages: 5 });
    expect(capped).toHaveLength(5);
    const missing = await assetList(async () => ({ items: [1], hasNextPage: true, endCursor: null }), { sleep: noWait });
    expect(missing).toEqual([1]);
  });

  it('the pixel cursor stops when missing or COMPLETED; page pagination stops at the first failed page', async () => {
    const pixels = await pixelCursor(async (c) => (c === null ? { items: ['a'], cursor: 'k1' } : { items: ['b'], cursor: 'k2', status: 'COMPLETED' }), { sleep: noWait });
    expect(pixels).toEqual(['a', 'b']);
    const { items, error } = await pagedUntilFailure(async (page) => {
      if (page === 3) throw new GraphError('boom', 500);
      return [page, page];
    }, { pageSize: 2, sleep: noWait });
    expect(items).toEqual([1, 1, 2, 2]);
    expect(error?.message).toBe('boom');
  });
});

describe('batches against the sandbox', () => {
  it('splits 51 items into 50 + 1 and maps every result back to its item', async () => {
    await sandbox.del('/__sandbox/calls');
    const ids = (await collect(followNextLinks<{ id: string }>(bridge, 'me/adaccounts', { fields: 'id', limit: 100 }, { sleep: noWait }))).slice(0, 51).map((r) => r.id);
    const waits: number[] = [];
    const results = await runBatch(bridge, ids.map((id) => ({ method: 'GET' as const, relative_url: `${id}?fields=id,name` })), { sleep: async (ms) => { waits.push(ms); } });
    expect(results).toHaveLength(51);
    results.forEach((r, i) => { expect(r.ok).toBe(true); expect((r.body as { id: string }).id).toBe(ids[i]); });
    const calls = (await sandbox.getJson<{ batches: number; batchEntries: number }>('/__sandbox/calls')).body;
    expect(calls.batches).toBe(2);
    expect(calls.batchEntries).toBe(51);
    expect(waits).toContain(300);
  });

  it('reports per-item failures with the extracted message', async () => {
    const results = await runBatch(bridge, [
      { method: 'GET', relative_url: 'act_120200000000001?fields=id' },
      { method: 'GET', relative_url: 'act_999999999999999?fields=id' },
    ], { sleep: noWait });
    expect(results[0].ok).toBe(true);
    expect(results[1].ok).toBe(false);
    expect(results[1].error?.message).toMatch(/does not exist|Unsupported/);
  });

  it('refuses more than 50 per request', async () => {
    await expect(runBatch(bridge, [], { chunkSize: 51 })).rejects.toThrow(RangeError);
  });
});
