// The read cache (server/read-cache.ts): a cached session, user or plugin policy never outlives the write
// that changes it on the same instance, and another instance sees the change within READ_CACHE_TTL_MS.
import { describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { READ_CACHE_TTL_MS, ReadCache } from '../../../server/read-cache';
import { openDatabase } from '../../../server/db';
import { defaultUserLimits } from '../../../server/config';
import { createHarness } from '../harness';
import type { SuiteEnv } from './env';

const TOKEN_FAILED = 50008;

export function readCacheTests(env: SuiteEnv): void {
  describe('read cache', () => {
    test('logout: the next call with the token is refused at once, though the session was just cached', async () => {
      const { h } = env;
      const user = await h.signUp();
      expect((await h.call('POST', '/api/user/info', { token: user.token })).code).toBe(20000);
      expect((await h.call('POST', '/api/user/logout', { token: user.token })).code).toBe(20000);
      expect((await h.call('POST', '/api/user/info', { token: user.token })).code).toBe(TOKEN_FAILED);
    });

    test('a deactivated user is refused at once', async () => {
      const { h } = env;
      const user = await h.signUp();
      const admin = await h.adminToken();
      expect((await h.call('POST', '/api/user/menu', { token: user.token })).code).toBe(20000);
      const off = await h.call('POST', '/api/admin/users/activation', { token: admin, body: { uid: user.uid, active: false } });
      expect(off.code).toBe(20000);
      expect((await h.call('POST', '/api/user/menu', { token: user.token })).code).toBe(TOKEN_FAILED);
    });

    test('a changed role or plugin policy changes the menu at once', async () => {
      const { h } = env;
      const user = await h.signUp();
      const admin = await h.adminToken();
      const menu = async () => ((await h.call('POST', '/api/user/menu', { token: user.token })).data as { id: string }[]).map((m) => m.id);
      const before = await menu();
      expect(before).toContain('pixel');
      expect(before).not.toContain('admin');

      const policy = (await h.call('GET', '/api/admin/policy', { token: admin })).data as { roles: { user: string[] } };
      try {
        const off = await h.call('POST', '/api/admin/policy', { token: admin, body: { role: 'user', plugins: policy.roles.user.filter((id) => id !== 'pixel') } });
        expect(off.code).toBe(20000);
        expect(await menu()).not.toContain('pixel');
      } finally {
        await h.call('POST', '/api/admin/policy', { token: admin, body: { role: 'user', plugins: policy.roles.user } });
      }
      expect(await menu()).toContain('pixel');

      expect((await h.call('POST', '/api/admin/users/role', { token: admin, body: { uid: user.uid, role: 'admin' } })).code).toBe(20000);
      expect(await menu()).toContain('admin');
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data.role).toBe('admin');
    });

    test(`a change the instance did not make itself is seen within ${READ_CACHE_TTL_MS} ms`, async () => {
      const { h } = env;
      const user = await h.signUp();
      expect((await h.call('POST', '/api/user/info', { token: user.token })).code).toBe(20000);
      // as another process would: straight into the database, past this instance's query builder
      await h.database.db.execute(sql.raw(`update users set status = 'disabled' where id = ${Number(user.uid)}`));
      try {
        h.clock.advance(READ_CACHE_TTL_MS);
        expect((await h.call('POST', '/api/user/info', { token: user.token })).code).toBe(TOKEN_FAILED);
      } finally {
        h.clock.reset();
      }
    });

    test('two instances on one PostgreSQL: a logout on one is refused by the other within the bound', async () => {
      if (env.kind !== 'postgres') return;
      await withTwoInstances(env, {}, async (a, b) => {
        const user = await a.signUp();
        expect((await a.call('POST', '/api/user/info', { token: user.token })).code).toBe(20000);
        expect((await b.call('POST', '/api/user/logout', { token: user.token })).code).toBe(20000);
        expect((await b.call('POST', '/api/user/info', { token: user.token })).code).toBe(TOKEN_FAILED);
        a.clock.advance(READ_CACHE_TTL_MS);
        expect((await a.call('POST', '/api/user/info', { token: user.token })).code).toBe(TOKEN_FAILED);
      });
    });

    test('two instances on one PostgreSQL: one user\'s recent items added at once on both never fail, and the cap holds', async () => {
      if (env.kind !== 'postgres') return;
      const userLimits = defaultUserLimits();
      userLimits.records.perMinute = 10_000;
      await withTwoInstances(env, { userLimits }, async (a, b) => {
        const user = await a.signUp();
        // 8 rounds of 100 adds of one module at once (pruned to 50 each time): the prunes of the two instances
        // used to deadlock on each other's fresh rows (an internal error to the operator).
        for (let round = 0; round < 8; round++) {
          const adds = Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'adaccount', data: { id: `act_${(round * 37 + i * 7) % 80}` } } }));
          const codes = (await Promise.all(adds)).map((r) => r.code);
          expect(codes.filter((c) => c !== 20000)).toEqual([]);
        }
        const list = await a.call('GET', '/api/pay/getRecords?module_id=adaccount', { token: user.token });
        expect((list.data as unknown[]).length).toBe(50);
      });
    });

    test('recent items: a list read just before the user adds or clears items is not served after it, on either module the prune reaches', async () => {
      const { h } = env;
      const user = await h.signUp();
      const list = async (mod: string) => ((await h.call('GET', '/api/pay/getRecords', { token: user.token, query: { module_id: mod } })).data as { data: { id: string } }[]).map((r) => r.data.id);
      const add = (mod: string, id: string) => h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: mod, data: { id } } });
      expect(await list('adaccount')).toEqual([]);
      expect((await add('adaccount', 'act_1')).code).toBe(20000);
      expect(await list('adaccount')).toEqual(['act_1']); // the empty list cached a moment ago is gone
      expect(await list('bm')).toEqual([]);
      expect((await add('bm', 'b1')).code).toBe(20000);
      expect(await list('bm')).toEqual(['b1']);
      expect(await list('adaccount')).toEqual(['act_1']);
      expect((await h.call('GET', '/api/pay/clearRecords', { token: user.token, query: { module_id: 'adaccount' } })).code).toBe(20000);
      expect(await list('adaccount')).toEqual([]);
      // another user's cached list is not the first user's
      const other = await h.signUp();
      expect((await h.call('GET', '/api/pay/getRecords', { token: other.token, query: { module_id: 'bm' } })).data).toEqual([]);
    });

    test('a scope dropped while its read runs: the read is not kept, other scopes are', async () => {
      const cache = new ReadCache();
      let release!: () => void;
      const slow = cache.load('records:1:a', 0, () => new Promise<string>((resolve) => { release = () => resolve('old'); }), 'records:1');
      cache.forgetScope('records:1');
      release();
      expect(await slow).toBe('old');
      expect(await cache.load('records:1:a', 1, async () => 'new', 'records:1')).toBe('new');
      expect(await cache.load('records:1:a', 2, async () => 'newer', 'records:1')).toBe('new');
      expect(await cache.load('records:2:a', 2, async () => 'two', 'records:2')).toBe('two');
      cache.forgetScope('records:1');
      expect(await cache.load('records:1:a', 3, async () => 'after', 'records:1')).toBe('after');
      expect(await cache.load('records:2:a', 3, async () => 'not asked', 'records:2')).toBe('two');
    });

    test('a read that began before a write is not kept', async () => {
      const cache = new ReadCache();
      let release!: () => void;
      const slow = cache.load('k', 0, () => new Promise<string>((resolve) => { release = () => resolve('old'); }));
      cache.clear();
      release();
      expect(await slow).toBe('old');
      expect(await cache.load('k', 1, async () => 'new')).toBe('new');
      expect(await cache.load('k', 2, async () => 'newer')).toBe('new');
      expect(await cache.load('k', 2 + READ_CACHE_TTL_MS, async () => 'newest')).toBe('newest');
    });
  });
}

const freshDatabaseAt = (url: string) => openDatabase({ databaseUrl: url, pgliteDir: '' });

type Harness = Awaited<ReturnType<typeof createHarness>>;

/** Two servers, each with its own connection pool, on one new PostgreSQL database; closed after `body`. */
async function withTwoInstances(env: SuiteEnv, overrides: Parameters<typeof createHarness>[1], body: (a: Harness, b: Harness) => Promise<void>): Promise<void> {
  const url = await env.cluster!.createDatabase();
  const dbA = await freshDatabaseAt(url);
  const dbB = await freshDatabaseAt(url);
  const a = await createHarness(dbA, overrides);
  const b = await createHarness(dbB, overrides);
  try {
    await body(a, b);
  } finally {
    await a.close();
    await b.close();
    await dbA.close();
    await dbB.close();
  }
}
