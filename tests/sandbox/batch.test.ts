// The batch endpoint: at most 50 entries, per-item { code, headers, body-as-string }.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from './harness';

let sb: Sandbox;
let accounts: string[];
beforeAll(async () => {
  sb = await startSandbox();
  accounts = sb.state.data.accountList.filter((a) => a.id !== sb.state.data.fixtures.adaccounts.outOfReach).slice(0, 60).map((a) => a.id);
});
afterAll(() => sb.close());
beforeEach(async () => { await sb.post('/__sandbox/reset', { seed: 'test' }); });

const batchOf = (n: number) => accounts.slice(0, n).map((id) => ({ method: 'GET', relative_url: `${id}?fields=name,account_status` }));

describe('batch', () => {
  test('50 entries answer in order, each { code, headers, body } with the body as a JSON string', async () => {
    const r = await sb.post('/v19.0/', { batch: JSON.stringify(batchOf(50)), access_token: 'x' });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(50);
    r.body.forEach((item: { code: number; headers: { name: string; value: string }[]; body: string }, i: number) => {
      expect(item.code).toBe(200);
      expect(typeof item.body).toBe('string');
      expect(JSON.parse(item.body).id).toBe(accounts[i]);
      expect(item.headers.find((h) => h.name === 'Content-Type')?.value).toMatch(/application\/json/);
      expect(item.headers.some((h) => h.name === 'X-Business-Use-Case-Usage')).toBe(true);
    });
    const calls = (await sb.getJson('/__sandbox/calls')).body;
    expect(calls).toMatchObject({ total: 1, batches: 1, batchEntries: 50, byPath: { '/v19.0/': 1 } });
  });

  test('51 entries are refused with the platform error, and nothing runs', async () => {
    const r = await sb.post('/', { batch: JSON.stringify(batchOf(51)) });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(r.body.error.message).toContain('Maximum batch size is 50');
    expect((await sb.getJson('/__sandbox/calls')).body.batchEntries).toBe(0);
  });

  test('a batch that is not a JSON array is an error', async () => {
    expect((await sb.post('/v19.0/', { batch: '{nope' })).body.error.code).toBe(100);
  });

  test('per-item results: writes apply one by one, failures stay in their slot', async () => {
    const [a, b] = accounts;
    const r = await sb.post('/v19.0/', {
      batch: JSON.stringify([
        { method: 'POST', relative_url: a, body: 'name=Renamed%20in%20batch' },
        { method: 'GET', relative_url: 'act_999?fields=name' },
        { method: 'POST', relative_url: `v18.0/${b}`, body: 'name=Second' },
        { method: 'GET', relative_url: `${a}?fields=name` },
        { method: 'POST', relative_url: `${b}`, body: 'name=' },
      ]),
    });
    expect(r.body.map((e: { code: number }) => e.code)).toEqual([200, 400, 200, 200, 400]);
    expect(JSON.parse(r.body[0].body)).toEqual({ success: true });
    expect(JSON.parse(r.body[1].body).error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(JSON.parse(r.body[3].body).name).toBe('Renamed in batch');
    const calls = (await sb.getJson('/__sandbox/calls')).body;
    expect(calls.writesByObject).toEqual({ [a!]: 1, [b!]: 1 });
    expect((await sb.getJson(`/v19.0/${b}?fields=name`)).body.name).toBe('Second');
  });

  test('include_headers=false leaves the headers out', async () => {
    const r = await sb.post('/v19.0/', { batch: JSON.stringify(batchOf(2)), include_headers: 'false' });
    expect(Object.keys(r.body[0]).sort()).toEqual(['body', 'code']);
  });

  test('a batch carrying x-tessera-request-id settles in the outcome journal', async () => {
    const r = await sb.post('/v19.0/', { batch: JSON.stringify([{ method: 'POST', relative_url: accounts[0], body: 'name=x' }]) }, { 'x-tessera-request-id': 'batch-1' });
    expect(r.status).toBe(200);
    expect((await sb.getJson('/__sandbox/outcome/batch-1')).body).toEqual({ state: 'done', status: 200 });
  });

  test('adding the same user twice in one batch: the second entry is an error', async () => {
    const act = sb.state.data.fixtures.adaccounts.active!;
    const uid = sb.state.data.fixtures.users.notOnAnyAccount!;
    const entry = { method: 'POST', relative_url: `${act}/users`, body: `uid=${uid}&role=1002` };
    const r = await sb.post('/v19.0/', { batch: JSON.stringify([entry, entry]) });
    expect(r.body.map((e: { code: number }) => e.code)).toEqual([200, 400]);
    expect((await sb.getJson('/__sandbox/calls')).body.writesByObject[act]).toBe(1);
  });
});
