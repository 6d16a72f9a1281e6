// The ad-account loader builds each row once (a page appends, a detail batch replaces its rows), hands
// over the row array on each emit without rebuilding the other rows, shares repeated small objects
// between rows, and asks for the details 50 at a time.
import { describe, expect, it } from 'vitest';
import type { Bridge } from '../../../src/kernel/bridge/bridge';
import { ReplyChanged } from '../../../src/kernel/platform/shape';
import { loadAdAccounts, createInterner } from '../load';
import type { AdAccount } from '../types';

const N = 230;
const business = (i: number) => ({ id: `b${i % 3}`, name: `Business ${i % 3}` });
const summary = (i: number) => ({ id: `act_${i}`, account_id: String(i), name: `Account ${i}`, account_status: 1, users: { data: [{ id: 'u1', role: 1001 }] }, owner_business: business(i) });
// a detail read carries the fields it asked for: name and status too (the loader checks them: api.ts ACCOUNT_DETAIL_SHAPE)
const detail = (id: string) => ({ id, name: `Account ${id.slice(4)}`, account_status: 1, currency: 'USD', timezone_name: 'America/Los_Angeles', amount_spent: '100', owner_business: business(Number(id.slice(4))) });

function fakeBridge() {
  const batchSizes: number[] = [];
  const bridge = {
    transport: {} as Bridge['transport'],
    async graph(call: { path: string; params?: Record<string, unknown> }) {
      if (call.path === 'me/adaccounts' || call.path.startsWith('next:')) {
        const from = call.path.startsWith('next:') ? Number(call.path.slice(5)) : 0;
        const data = Array.from({ length: Math.min(100, N - from) }, (_, k) => summary(from + k));
        return { body: { data, paging: from + 100 < N ? { next: `next:${from + 100}` } : {} }, headers: {} };
      }
      return { body: { data: [] }, headers: {} }; // no businesses
    },
    async send(_url: string, init: { body?: string }) {
      const batch = JSON.parse(new URLSearchParams(init.body!.replace(/^access_token=\{\{access_token\}\}&/, '')).get('batch')!) as { relative_url: string }[];
      batchSizes.push(batch.length);
      const body = batch.map((b) => ({ code: 200, headers: [], body: JSON.stringify(detail(b.relative_url.split('?')[0])) }));
      return { ok: true, status: 200, body, headers: {} };
    },
  } as unknown as Bridge;
  return { bridge, batchSizes };
}

describe('loadAdAccounts', () => {
  it('keeps unchanged rows across emits, replaces only the rows a detail batch filled, and batches details by 50', async () => {
    const { bridge, batchSizes } = fakeBridge();
    const emits: AdAccount[][] = [];
    const rows = await loadAdAccounts(bridge, { userId: 'u1', sleep: async () => {}, onRows: (r) => emits.push(r), now: (() => { let t = 0; return () => (t += 2000); })() });
    expect(rows).toHaveLength(N);
    expect(rows.every((r) => r.detailsLoaded && r.currency === 'USD')).toBe(true);
    expect(batchSizes).toEqual([50, 50, 50, 50, 30]);
    expect(emits.at(-1)).toBe(rows); // the last emit is the list the load returns

    // After the first detail batch only its 50 rows are new objects: the other rows are the same ones.
    const beforeDetails = emits.find((e) => e.length === N && !e[0].detailsLoaded)!;
    const afterFirstBatch = emits.find((e) => e[0].detailsLoaded && !e[50].detailsLoaded)!;
    expect(afterFirstBatch[0]).not.toBe(beforeDetails[0]);
    expect(afterFirstBatch.slice(50).every((r, k) => r === beforeDetails[50 + k])).toBe(true);

    // Rows of one business share one business object.
    expect(rows[0].owner_business).toBe(rows[3].owner_business);
    expect(rows[0].business).toBe('Business 0');
  });

  it('shares small objects of plain values by value, never a row itself', () => {
    const intern = createInterner();
    const a = intern.row({ id: 'act_1', name: 'A', owner_business: { id: 'b1', name: 'B' }, users: { data: [{ id: 'u', role: 1001 }] } });
    const b = intern.row({ id: 'act_2', name: 'B', owner_business: { id: 'b1', name: 'B' }, users: { data: [{ id: 'u', role: 1001 }] } });
    expect(a.owner_business).toBe(b.owner_business);
    expect(a.users!.data![0]).toBe(b.users!.data![0]);
    expect(a.users).not.toBe(b.users);
    expect(a).not.toBe(b);
  });

  it('refuses a list reply without the names and statuses it shows: reply changed, family adaccount.list', async () => {
    const { bridge } = fakeBridge();
    const graph = bridge.graph.bind(bridge);
    bridge.graph = (async (call: Parameters<Bridge['graph']>[0]) => {
      const answer = await graph(call) as { body: { data?: Record<string, unknown>[] }; headers: Record<string, string> };
      if (call.path === 'me/adaccounts') for (const row of answer.body.data ?? []) { delete row.name; row.account_status = 'ACTIVE'; }
      return answer;
    }) as Bridge['graph'];
    const emits: AdAccount[][] = [];
    const e = await loadAdAccounts(bridge, { userId: 'u1', sleep: async () => {}, onRows: (r) => emits.push(r) }).then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(ReplyChanged);
    expect((e as ReplyChanged).family).toBe('adaccount.list');
    expect((e as ReplyChanged).problems).toEqual([
      { field: 'name', problem: 'missing', expected: 'string' },
      { field: 'account_status', problem: 'type', expected: 'number', got: 'string' },
    ]);
    expect(emits.flat()).toEqual([]); // no row of empty cells was handed over
  });
});
