// The first admin outside demo mode (TESSERA_ADMIN_EMAIL or a one-time bootstrap token, never whoever
// registers first, never two at once), demo mode answering direct loopback requests only, and the
// per-user limits on endpoints that insert rows (docs/DECISIONS.md).
import { describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { defaultUserLimits, loadConfig, type UserLimits } from '../../../server/config';
import { graphSandbox } from '../../../sandbox';
import { createHarness, freshDatabase, type Harness } from '../harness';
import type { SuiteEnv } from './env';

async function rows<T = Record<string, unknown>>(h: Harness, query: string): Promise<T[]> {
  const result = await h.database.db.execute(sql.raw(query));
  return (result as unknown as { rows: T[] }).rows;
}

async function adminCount(h: Harness): Promise<number> {
  const [r] = await rows<{ n: number }>(h, "select count(*)::int as n from users where role = 'admin' and is_demo = false");
  return Number(r!.n);
}

const role = async (h: Harness, token: string) => (await h.call('POST', '/api/user/info', { token })).data.role as string;

function register(h: Harness, email: string) {
  return h.call('POST', '/api/user/register', { body: { email, password: 'secret-1', confirmPassword: 'secret-1', agree: true } });
}

export function guardTests(env: SuiteEnv): void {
  describe('first admin outside demo mode', () => {
    test('demo off without TESSERA_ADMIN_EMAIL: the first registrant is a user, and a bootstrap token is made', async () => {
      const database = await freshDatabase(env.kind, env.cluster);
      const tokens: string[] = [];
      const h = await createHarness(database, { demo: false }, { onBootstrapToken: (t) => tokens.push(t) });
      try {
        const first = await h.signUp();
        expect(await role(h, first.token)).toBe('user');
        expect(await adminCount(h)).toBe(0);
        expect(tokens).toHaveLength(1);
        expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
        // Stored hashed only.
        const stored = await rows<{ value: unknown }>(h, "select value from settings where key = 'bootstrapTokenHash'");
        expect(stored).toHaveLength(1);
        expect(JSON.stringify(stored[0]!.value)).not.toContain(tokens[0]!);
        // Outside demo mode proxies are fine (the demo-only rule does not apply).
        expect(await h.call('GET', '/api/runtime', { headers: { 'x-forwarded-for': '203.0.113.7', host: 'tessera.example.com' } })).toMatchObject({ status: 1 });
      } finally {
        await h.close();
        await database.close();
      }
    });

    test('TESSERA_ADMIN_EMAIL: that address is admin, the first registrant is not', async () => {
      const database = await freshDatabase(env.kind, env.cluster);
      const tokens: string[] = [];
      const boss = `boss.guard.${process.pid}@example.test`;
      const h = await createHarness(database, { demo: false, adminEmail: boss }, { onBootstrapToken: (t) => tokens.push(t) });
      try {
        const first = await h.signUp();
        const theBoss = await h.signUp(boss);
        expect(await role(h, first.token)).toBe('user');
        expect(await role(h, theBoss.token)).toBe('admin');
        expect(tokens).toEqual([]);
      } finally {
        await h.close();
        await database.close();
      }
    });

    test('the bootstrap token makes one signed-in user admin once, then it is gone', async () => {
      const database = await freshDatabase(env.kind, env.cluster);
      const tokens: string[] = [];
      try {
        const h = await createHarness(database, { demo: false }, { onBootstrapToken: (t) => tokens.push(t) });
        try {
          const [token] = tokens;
          const a = await h.signUp();
          const b = await h.signUp();
          expect(await h.call('POST', '/api/admin/bootstrap', { body: { token } })).toMatchObject({ status: -1, code: 50008 });
          expect(await h.call('POST', '/api/admin/bootstrap', { token: a.token, body: { token: 'wrong' }, lang: 'en-US' }))
            .toMatchObject({ http: 403, status: 0, code: 40300, info: 'The bootstrap token is wrong or has already been used' });
          expect(await h.call('POST', '/api/admin/bootstrap', { token: a.token, body: { token } })).toMatchObject({ status: 1, data: { role: 'admin' } });
          expect(await role(h, a.token)).toBe('admin');
          expect(await h.call('POST', '/api/admin/bootstrap', { token: b.token, body: { token } })).toMatchObject({ http: 403, code: 40300 });
          expect(await role(h, b.token)).toBe('user');
          expect(await rows(h, "select key from settings where key = 'bootstrapTokenHash'")).toEqual([]);
          expect(await h.call('GET', '/api/admin/users', { token: a.token })).toMatchObject({ status: 1 });
        } finally {
          await h.close();
        }
        // With an admin present, a restart makes no new token.
        const again = await createHarness(database, { demo: false }, { onBootstrapToken: (t) => tokens.push(t) });
        try {
          expect(tokens).toHaveLength(1);
        } finally {
          await again.close();
        }
      } finally {
        await database.close();
      }
    });

    test('parallel first registrations and parallel bootstrap calls never make two admins', async () => {
      const database = await freshDatabase(env.kind, env.cluster);
      const tokens: string[] = [];
      const h = await createHarness(database, { demo: false }, { onBootstrapToken: (t) => tokens.push(t) });
      try {
        const emails = Array.from({ length: 8 }, () => h.uniqueEmail('race'));
        const answers = await Promise.all(emails.map((email) => register(h, email)));
        expect(answers.map((a) => a.status)).toEqual(emails.map(() => 1));
        expect(await adminCount(h)).toBe(0);

        const users = await Promise.all(emails.slice(0, 4).map(async (email) => {
          const act = await h.call('POST', '/api/user/emailActivation', { body: { email, code: h.lastCode(email) } });
          return act.data.token as string;
        }));
        const redeemed = await Promise.all(users.map((token) => h.call('POST', '/api/admin/bootstrap', { token, body: { token: tokens[0] } })));
        expect(redeemed.filter((r) => r.status === 1)).toHaveLength(1);
        expect(await adminCount(h)).toBe(1);
      } finally {
        await h.close();
        await database.close();
      }
    });
  });

  describe('demo mode answers direct loopback requests only', () => {
    test('a request through a proxy or to a non-loopback host is refused with the envelope; direct loopback works', async () => {
      const { h } = env;
      const refused: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.7' },
        { forwarded: 'for=203.0.113.7;proto=https' },
        { 'x-real-ip': '203.0.113.7' },
        { host: 'tessera.example.com' },
        { host: 'localhost.example.com:8080' },
        { host: '10.0.0.5:8080' },
        { host: '127.0.0.1:8080', 'x-forwarded-for': '127.0.0.1' },
      ];
      for (const headers of refused) {
        const res = await h.call('GET', '/api/runtime', { headers, lang: 'en-US' });
        expect(res, JSON.stringify(headers)).toMatchObject({ http: 403, status: 0, code: 40300, data: null });
        expect(res.info).toMatch(/Demo mode answers direct requests from this machine only.*TESSERA_DEMO_PUBLIC=1/);
      }
      const login = await h.call('POST', '/api/user/login', { body: { email: 'admin@tessera.test', password: h.config.demoPassword }, headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(login).toMatchObject({ http: 403, status: 0, code: 40300, data: null });
      for (const host of ['localhost', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080', '127.0.0.2']) {
        expect(await h.call('GET', '/api/runtime', { headers: { host } }), host).toMatchObject({ http: 200, status: 1 });
      }
    });

    test('behind a plain reverse proxy (Host rewritten to 127.0.0.1:PORT, no forwarded headers) the published password opens no administration', async () => {
      const { h } = env;
      const proxied = { host: '127.0.0.1:8080' };
      const runtime = await h.call('GET', '/api/runtime', { headers: proxied });
      expect(runtime.data.demoAccounts).toEqual([{ email: 'operator@tessera.test', role: 'user' }]);
      expect(JSON.stringify(runtime.data)).not.toContain('admin');
      const asAdmin = await h.call('POST', '/api/user/login', { body: { email: 'admin@tessera.test', password: h.config.demoPassword }, headers: proxied, ip: '10.201.0.1' });
      expect(asAdmin).toMatchObject({ status: 0, code: 40001 });
      const operator = await h.call('POST', '/api/user/login', { body: { email: 'operator@tessera.test', password: h.config.demoPassword }, headers: proxied, ip: '10.201.0.1' });
      expect(operator).toMatchObject({ status: 1, data: { role: 'user' } });
      expect(await h.call('GET', '/api/admin/users', { token: operator.data.token, headers: proxied })).toMatchObject({ status: 0, code: 40300 });
      // a proxy or CDN that says so is refused outright
      for (const name of ['x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'via']) {
        const res = await h.call('GET', '/api/runtime', { headers: { ...proxied, [name]: name === 'via' ? '1.1 proxy.example' : '203.0.113.9' } });
        expect(res, name).toMatchObject({ http: 403, status: 0, code: 40300 });
      }
    });

    test('the demo admin password: made at start (24 characters, a new one each start) unless TESSERA_DEMO_ADMIN_PASSWORD sets it', () => {
      const [one, two] = [loadConfig({}), loadConfig({})];
      expect(one.demoAdminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(one.demoAdminPassword).not.toBe(two.demoAdminPassword);
      expect(one.demoAdminPasswordGenerated).toBe(true);
      expect(loadConfig({ TESSERA_DEMO_ADMIN_PASSWORD: 'admin-of-mine' })).toMatchObject({ demoAdminPassword: 'admin-of-mine', demoAdminPasswordGenerated: false });
      expect(() => loadConfig({ TESSERA_DEMO_ADMIN_PASSWORD: 'tessera-demo' })).toThrow(/differ/);
    });

    test('a public demo needs TESSERA_DEMO_PUBLIC=1 and a password of its own, or the server refuses to start', async () => {
      expect(() => loadConfig({ HOST: '0.0.0.0', TESSERA_DEMO_PUBLIC: '1' })).toThrow(/TESSERA_DEMO_PASSWORD/);
      expect(() => loadConfig({ HOST: '127.0.0.1', TESSERA_DEMO_PUBLIC: '1', TESSERA_DEMO_PASSWORD: 'tessera-demo' })).toThrow(/TESSERA_DEMO_PASSWORD/);
      expect(loadConfig({ HOST: '0.0.0.0', TESSERA_DEMO_PUBLIC: '1', TESSERA_DEMO_PASSWORD: 'our-own-pass' }).demoPublic).toBe(true);
      const config = { ...loadConfig({ TESSERA_DEMO: '1' }), demoPublic: true };
      await expect(buildApp(config, { database: env.h.database })).rejects.toThrow(/TESSERA_DEMO_PASSWORD/);
    });

    test('sandbox reset, faults, switches, clock, world events and drift answer direct loopback requests only, even in a public demo', async () => {
      const database = await freshDatabase(env.kind, env.cluster);
      const mountDemoGraph = async (app: Parameters<typeof graphSandbox>[0]) => {
        await app.register(graphSandbox, { prefix: '/__graph', seed: 'guard', scale: 'small' });
      };
      try {
        const local = await createHarness(database, { mountDemoGraph });
        try {
          const refused = await local.call('POST', '/__graph/__sandbox/reset', { body: { seed: 'x' }, headers: { host: 'demo.example.com' }, lang: 'en-US' });
          expect(refused).toMatchObject({ http: 403, status: 0, code: 40300 });
          expect((await local.call('POST', '/__graph/__sandbox/reset', { body: { seed: 'x' } })).http).toBe(200);
        } finally {
          await local.close();
        }
        const pub = await createHarness(database, { mountDemoGraph, demoPublic: true, demoPassword: 'our-own-pass' });
        try {
          const publicHost = { host: 'demo.example.com' };
          // The public demo itself answers through a proxy and on its public name...
          expect(await pub.call('GET', '/api/runtime', { headers: { ...publicHost, 'x-forwarded-for': '203.0.113.7' } })).toMatchObject({ status: 1 });
          expect((await pub.call('GET', '/__graph/__sandbox', { headers: publicHost })).http).toBe(200);
          // ...but never the sandbox's writes.
          for (const [method, url, body] of [
            ['POST', '/__graph/__sandbox/reset', { seed: 'x' }],
            ['PUT', '/__graph/__sandbox/faults', {}],
            ['POST', '/__graph/__sandbox/faults', {}],
            ['DELETE', '/__graph/__sandbox/calls', undefined],
            ['POST', '/__graph//__sandbox/clock', {}],
            ['PUT', '/__graph/__sandbox/switches', { versions: 'v16.0-v18.0' }],
            ['POST', '/__graph/__sandbox/world', { events: [{ kind: 'disableAccount', id: 'act_120200000000001' }] }],
            ['PUT', '/__graph/__sandbox/drift', { everyS: 60 }],
            ['POST', '/__graph/__sandbox/drift', { everyS: 60 }],
          ] as const) {
            const res = await pub.call(method, url, { body, headers: publicHost, lang: 'en-US' });
            expect(res, `${method} ${url}`).toMatchObject({ http: 403, status: 0, code: 40300 });
            expect(res.info).toMatch(/sandbox/);
            expect((await pub.call(method, url, { body, headers: { 'x-forwarded-for': '203.0.113.7' } })).http, `${method} ${url} proxied`).toBe(403);
            expect((await pub.call(method, url, { body, ip: '203.0.113.7' })).http, `${method} ${url} remote`).toBe(403);
          }
          expect((await pub.call('POST', '/__graph/__sandbox/reset', { body: { seed: 'x' } })).http).toBe(200);
          // nothing the refused world events asked for happened; a direct loopback request applies them
          const status = async () => JSON.parse((await pub.call('GET', '/__graph/v24.0/act_120200000000001?fields=account_status')).raw).account_status;
          expect(await status()).toBe(1);
          expect((await pub.call('POST', '/__graph/__sandbox/world', { body: { events: [{ kind: 'disableAccount', id: 'act_120200000000001' }] } })).http).toBe(200);
          expect(await status()).toBe(2);
        } finally {
          await pub.close();
        }
      } finally {
        await database.close();
      }
    });
  });

  describe('per-user limits on endpoints that insert rows', () => {
    const small = (patch: Partial<UserLimits>): UserLimits => ({ ...defaultUserLimits(), ...patch });

    async function limited(patch: Partial<UserLimits>) {
      return createHarness(env.h.database, { userLimits: small(patch) });
    }

    function expect429(res: { http: number; status: number; code: number; headers: Record<string, unknown>; data: unknown }) {
      expect(res).toMatchObject({ http: 429, status: 0, code: 42900 });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(res.data).toMatchObject({ retryAfter: expect.any(Number) });
    }

    test('visit statistics: N a minute per user (429 with retry-after), and only the newest rows kept', async () => {
      const h = await limited({ visits: { perMinute: 5, stored: 3, pruneEvery: 1 } });
      try {
        const [a, b] = [await h.signUp(), await h.signUp()];
        const visit = (token: string) => h.call('POST', '/api/module_statistics_visit/save', { token, body: { module: 'adaccount', func_id: 'adaccount.list' } });
        for (let i = 0; i < 5; i++) expect((await visit(a.token)).status).toBe(1);
        expect429(await visit(a.token));
        expect((await visit(b.token)).status).toBe(1);
        h.clock.advance(61_000);
        expect((await visit(a.token)).status).toBe(1);
        const [n] = await rows<{ n: number }>(h, `select count(*)::int as n from module_visits where user_id = ${a.uid}`);
        expect(Number(n!.n)).toBe(3);
      } finally {
        await h.close();
      }
    });

    test('recent-item records: N a minute per user, and a cap over all modules (oldest pruned)', async () => {
      const h = await limited({ records: { perMinute: 6, stored: 4 } });
      try {
        const user = await h.signUp();
        const add = (module_id: string, i: number) => h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id, data: { id: `r${i}` } } });
        for (let i = 0; i < 6; i++) {
          expect((await add(i % 2 ? 'bm' : 'adaccount', i)).status).toBe(1);
          h.clock.advance(1000);
        }
        expect429(await add('bm', 99));
        const kept = await rows<{ content: { id: string } }>(h, `select content from records where user_id = ${user.uid} order by created_at desc, id desc`);
        expect(kept.map((r) => r.content.id)).toEqual(['r5', 'r4', 'r3', 'r2']);
      } finally {
        await h.close();
      }
    });

    test('orders: N a minute per user, a cap on open orders, and old cancelled orders pruned', async () => {
      const h = await limited({ orders: { perMinute: 4, pending: 2, closedKept: 1 } });
      try {
        const user = await h.signUp();
        const list = await h.call('GET', '/api/pay/getMyservicesList', { token: user.token });
        const serviceId = list.data.services.find((s: { kind: string }) => s.kind === 'membership').id as number;
        const order = () => h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId, provider: 'manual' } });
        const first = await order();
        const second = await order();
        expect([first.data.order.status, second.data.order.status]).toEqual(['pending', 'pending']);
        expect(await order()).toMatchObject({ http: 200, status: 0, code: 40021 });
        for (const o of [first, second]) {
          expect((await h.call('POST', '/api/pay/cancelOrder', { token: user.token, body: { ordernum: o.data.order.ordernum } })).status).toBe(1);
        }
        expect((await order()).status).toBe(1);
        expect429(await order());
        const statuses = await rows<{ status: string }>(h, `select status from orders where user_id = ${user.uid} order by id`);
        expect(statuses.map((r) => r.status)).toEqual(['cancelled', 'pending']);
      } finally {
        await h.close();
      }
    });
  });
}
