// The score model of docs/INTERFACES.md section 5, over HTTP, with a clock the test moves.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from './harness';

let sb: Sandbox;
let A: string;
let B: string;

beforeAll(async () => {
  sb = await startSandbox();
  A = sb.state.data.fixtures.adaccounts.active!;
  B = sb.state.data.fixtures.adaccounts.jpy!;
});
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/faults', { budget: { perAccount: { points: 60, decayS: 300, blockS: 300 }, perUser: { points: 9000, decayS: 300, blockS: 60 } } });
});

const buc = (h: Headers, act: string) => JSON.parse(h.get('x-business-use-case-usage') ?? '{}')[act.replace('act_', '')]?.[0];
const appUsage = (h: Headers) => JSON.parse(h.get('x-app-usage') ?? '{}');

describe('per-account score', () => {
  test('reads exhaust the budget, then the account is blocked with the platform error and Retry-After', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perAccount: { points: 10, decayS: 100, blockS: 50 } } });
    for (let i = 1; i <= 10; i++) {
      const r = await sb.getJson(`/v19.0/${A}?fields=name`);
      expect(r.status).toBe(200);
      expect(buc(r.headers, A)).toMatchObject({ type: 'ads_management', call_count: i * 10, estimated_time_to_regain_access: 0 });
    }
    const refused = await sb.getJson(`/v19.0/${A}?fields=name`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 80004, error_subcode: 2446079, type: 'OAuthException', is_transient: false });
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(buc(refused.headers, A)).toMatchObject({ call_count: 100, estimated_time_to_regain_access: 1 });

    // another account and non-account paths are not affected
    expect((await sb.getJson(`/v19.0/${B}?fields=name`)).status).toBe(200);
    expect((await sb.getJson('/v19.0/me')).status).toBe(200);

    // while blocked every call on the account fails, writes included, and applies nothing
    sb.clock.advance(49_000);
    const stillBlocked = await sb.post(`/v19.0/${A}`, { name: 'blocked rename' });
    expect(stillBlocked.body.error.code).toBe(80004);
    expect(stillBlocked.headers.get('retry-after')).toBe('1');
    expect(sb.state.data.accounts.get(A)!.name).not.toBe('blocked rename');

    sb.clock.advance(1_000);
    expect((await sb.getJson(`/v19.0/${A}?fields=name`)).status).toBe(200);
  });

  test('a write costs 3 points', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perAccount: { points: 9 } } });
    for (let i = 0; i < 3; i++) expect((await sb.post(`/v19.0/${A}`, { name: `n${i}` })).status).toBe(200);
    const refused = await sb.post(`/v19.0/${A}`, { name: 'n3' });
    expect(refused.body.error.code).toBe(80004);
    const calls = (await sb.getJson('/__sandbox/calls')).body;
    expect(calls.writesByObject[A]).toBe(3);
    expect(calls.rateLimited).toBe(1);
  });

  test('the score decays linearly by points/decayS per second', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perAccount: { points: 10, decayS: 100, blockS: 50 } } });
    for (let i = 0; i < 10; i++) await sb.getJson(`/v19.0/${A}`);
    sb.clock.advance(30_000); // 30 s × 0.1 points/s = 3 points back
    const r = await sb.getJson(`/v19.0/${A}`);
    expect(buc(r.headers, A).call_count).toBe(80);
    expect((await sb.getJson(`/v19.0/${A}`)).status).toBe(200);
    expect((await sb.getJson(`/v19.0/${A}`)).status).toBe(200);
    expect((await sb.getJson(`/v19.0/${A}`)).status).toBe(400);
  });

  test('edges under an account count against it too', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perAccount: { points: 2 } } });
    expect((await sb.getJson(`/v19.0/${A}/users`)).status).toBe(200);
    expect((await sb.getJson(`/v19.0/${A}/agencies`)).status).toBe(200);
    expect((await sb.getJson(`/v19.0/${A}/users`)).body.error.code).toBe(80004);
  });
});

describe('per-user score', () => {
  test('every call counts; passing the points blocks every call of the user', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perUser: { points: 5, decayS: 10, blockS: 20 } } });
    for (let i = 1; i <= 5; i++) {
      const r = await sb.getJson('/v19.0/me');
      expect(appUsage(r.headers).call_count).toBe(i * 20);
    }
    const refused = await sb.getJson(`/v19.0/${B}`);
    expect(refused.body.error).toMatchObject({ code: 17, type: 'OAuthException' });
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(appUsage(refused.headers).call_count).toBe(100);
    expect((await sb.getJson('/v19.0/me/businesses')).body.error.code).toBe(17);
    // test endpoints are never limited
    expect((await sb.getJson('/__sandbox/session')).status).toBe(200);
    sb.clock.advance(20_000);
    expect((await sb.getJson('/v19.0/me')).status).toBe(200);
  });

  test('the defaults are perAccount 60/300/300 and perUser 9000/300/60', async () => {
    await sb.post('/__sandbox/reset', {});
    const f = (await sb.getJson('/__sandbox/faults')).body;
    expect(f.budget).toEqual({ perAccount: { points: 60, decayS: 300, blockS: 300 }, perUser: { points: 9000, decayS: 300, blockS: 60 } });
  });
});

describe('batch entries count one by one', () => {
  test('entries past the budget get their own rate-limit error in their slot', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perAccount: { points: 5 } } });
    const batch = Array.from({ length: 8 }, () => ({ method: 'GET', relative_url: `${A}?fields=name` }));
    const r = await sb.post('/v19.0/', { batch: JSON.stringify(batch) });
    expect(r.status).toBe(200);
    expect(r.body.map((e: { code: number }) => e.code)).toEqual([200, 200, 200, 200, 200, 400, 400, 400]);
    const err = JSON.parse(r.body[5].body).error;
    expect(err.code).toBe(80004);
    const retry = r.body[5].headers.find((h: { name: string }) => h.name === 'Retry-After');
    expect(retry.value).toBe('300');
    expect(buc(r.headers, A).call_count).toBe(100);
  });
});
