// The platform's error object, the token rule and the fault knobs.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from './harness';

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox(); });
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/faults', { latencyMs: 0, jitterMs: 0, errorRate: 0 });
});

describe('error object', () => {
  test('an unknown object: HTTP 400, code 100, subcode 33, the platform message', async () => {
    const r = await sb.getJson('/v19.0/123456789?fields=name');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['error']);
    expect(r.body.error).toMatchObject({ type: 'GraphMethodException', code: 100, error_subcode: 33, is_transient: false });
    expect(r.body.error.message).toBe("Unsupported get request. Object with ID '123456789' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api");
    expect(r.body.error.fbtrace_id).toMatch(/^[A-Za-z0-9]{11}$/);
    expect(r.headers.get('x-app-usage')).toBeTruthy();
  });

  test('unknown fields, edges and versions', async () => {
    const act = sb.state.data.fixtures.adaccounts.active;
    expect((await sb.getJson(`/v19.0/${act}?fields=nope`)).body.error.message).toBe('(#100) Tried accessing nonexisting field (nope) on node type (AdAccount)');
    expect((await sb.getJson(`/v19.0/${act}/nope`)).body.error.code).toBe(2500);
    expect((await sb.getJson('/v15.0/me')).body.error.code).toBe(2635);
    expect((await sb.getJson('/v16.0/me')).status).toBe(200);
    expect((await sb.getJson('/me')).status).toBe(200);
    expect((await sb.getJson('/v19.0/me?fields=name{')).body.error.code).toBe(100);
  });

  test('an account out of reach reads as "does not exist", for reads and writes', async () => {
    const act = sb.state.data.fixtures.adaccounts.outOfReach!;
    expect((await sb.getJson(`/v19.0/${act}?fields=name`)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect((await sb.post(`/v19.0/${act}`, { name: 'x' })).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const listed = (await sb.getJson('/v19.0/me/adaccounts?limit=100')).body.data.map((a: { id: string }) => a.id);
    expect(listed).not.toContain(act);
    expect((await sb.getJson(`/__sandbox/objects/adaccount/${act}`)).status).toBe(200);
  });
});

describe('token', () => {
  test('with --token T, other tokens get code 190; T works in query, form and Authorization', async () => {
    const strict = await startSandbox({ token: 'T' });
    try {
      const bad = await strict.getJson('/v19.0/me?access_token=other');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
      expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
      expect((await strict.getJson('/v19.0/me')).body.error.code).toBe(190);
      expect((await strict.getJson('/v19.0/me?access_token=T')).status).toBe(200);
      expect((await strict.get('/v19.0/me', { headers: { authorization: 'OAuth T' } })).status).toBe(200);
      expect((await strict.get('/v19.0/me', { headers: { authorization: 'Bearer T' } })).status).toBe(200);
      expect((await strict.post(`/v19.0/${strict.state.data.fixtures.adaccounts.active}`, { name: 'n', access_token: 'T' })).status).toBe(200);
      expect((await strict.post('/v19.0/', { batch: '[]', access_token: 'bad' })).body.error.code).toBe(190);
      expect((await strict.getJson('/__sandbox/session')).body.access_token).toBe('T');
    } finally {
      await strict.close();
    }
  });

  test('without --token any token is accepted', async () => {
    expect((await sb.getJson('/v19.0/me?access_token=whatever')).status).toBe(200);
  });
});

describe('faults', () => {
  test('partial updates merge; GET shows the knobs; nonsense is refused', async () => {
    const r = await sb.putJson('/__sandbox/faults', { jitterMs: 5, budget: { perUser: { blockS: 10 } } });
    expect(r.body).toMatchObject({ jitterMs: 5, errorRate: 0, budget: { perUser: { points: 9000, decayS: 300, blockS: 10 }, perAccount: { points: 60 } } });
    expect((await sb.getJson('/__sandbox/faults')).body.budget.perUser.blockS).toBe(10);
    expect((await sb.putJson('/__sandbox/faults', { errorRate: 2 })).status).toBe(400);
    await sb.putJson('/__sandbox/faults', { jitterMs: 0, budget: { perUser: { blockS: 60 } } });
  });

  test('latency delays replies', async () => {
    await sb.putJson('/__sandbox/faults', { latencyMs: 150 });
    const t = performance.now();
    await sb.getJson('/v19.0/me');
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
    const t2 = performance.now();
    await sb.getJson('/__sandbox/session');
    expect(performance.now() - t2).toBeLessThan(140);
  });

  test('errorRate injects transient errors (HTTP 500, code 2, is_transient) before any state change', async () => {
    await sb.putJson('/__sandbox/faults', { errorRate: 1 });
    const r = await sb.getJson('/v19.0/me');
    expect(r.status).toBe(500);
    expect(r.body.error).toMatchObject({ type: 'OAuthException', code: 2, is_transient: true });
    await sb.putJson('/__sandbox/faults', { errorRate: 0.5 });
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await sb.getJson('/v19.0/me')).status);
    expect(codes).toContain(200);
    expect(codes).toContain(500);
    const calls = (await sb.getJson('/__sandbox/calls')).body;
    expect(calls.injectedErrors).toBe(codes.filter((c) => c === 500).length + 1);
  });

  test('batch entries are faulted one by one', async () => {
    await sb.putJson('/__sandbox/faults', { errorRate: 0.5 });
    const act = sb.state.data.fixtures.adaccounts.active;
    const r = await sb.post('/v19.0/', { batch: JSON.stringify(Array.from({ length: 30 }, () => ({ method: 'GET', relative_url: `${act}?fields=name` }))) });
    expect(r.status).toBe(200);
    const codes = new Set(r.body.map((e: { code: number }) => e.code));
    expect(codes).toEqual(new Set([200, 500]));
  });

  test('test endpoints and OPTIONS answer with CORS headers', async () => {
    const r = await sb.get('/v19.0/me', { method: 'OPTIONS' });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-headers')).toContain('x-tessera-request-id');
    expect((await sb.get('/__sandbox/calls')).headers.get('access-control-allow-origin')).toBe('*');
  });
});
