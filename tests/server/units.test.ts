// The server's pure parts: settings, languages, messages, the limiter, token parsing, the CSP.
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, isLoopback, loadConfig } from '../../server/config';
import { messageKeys, pickLang, t } from '../../server/i18n';
import { RateLimiter, SLOT_LEASE_MS } from '../../server/rate-limit';
import { openDatabase } from '../../server/db';
import { tokenFromHeader } from '../../server/auth/sessions';
import { contentSecurityPolicy } from '../../server/app';
import { describeValidation } from '../../server/envelope';
import { MENU, pluginOfModule } from '../../server/catalog';

describe('settings', () => {
  test('defaults of docs/INTERFACES.md section 1', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: null, smtpUrl: null, demo: true, demoPassword: 'tessera-demo', adminEmail: null, websocketUrl: null, paymentPublicKey: null });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.pgliteDir).toBe(`${c.dataDir}/pglite`);
  });

  test('demo mode refuses a non-loopback HOST unless TESSERA_DEMO_PUBLIC=1', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '192.168.1.5', TESSERA_DEMO: '1' })).toThrow(/TESSERA_DEMO_PUBLIC/);
    expect(loadConfig({ HOST: '0.0.0.0', TESSERA_DEMO_PUBLIC: '1', TESSERA_DEMO_PASSWORD: 'our-own-pass' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', TESSERA_DEMO: '0' }).demo).toBe(false);
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'example.com']) expect(isLoopback(host), host).toBe(false);
  });

  test('values are checked', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TESSERA_WEBSOCKET_URL: 'http://x' })).toThrow(/TESSERA_WEBSOCKET_URL/);
    expect(() => loadConfig({ TESSERA_DEMO_PASSWORD: 'abc' })).toThrow(/5 to 30/);
    const c = loadConfig({ TESSERA_ADMIN_EMAIL: ' Boss@Example.com ', TESSERA_WEBSOCKET_URL: 'wss://ws.example.com/x', TESSERA_PAYMENT_PUBLIC_KEY: 'pk_1' });
    expect(c).toMatchObject({ adminEmail: 'boss@example.com', websocketUrl: 'wss://ws.example.com/x', paymentPublicKey: 'pk_1' });
  });
});

describe('languages and messages', () => {
  test('Accept-Language picks zh-CN by default and en-US when English is preferred', () => {
    expect(pickLang(undefined)).toBe('zh-CN');
    expect(pickLang('en-US,en;q=0.9')).toBe('en-US');
    expect(pickLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLang('fr-FR, en;q=0.5, zh;q=0.4')).toBe('en-US');
    expect(pickLang('zh;q=0.9, en;q=0.1')).toBe('zh-CN');
    expect(pickLang('de-DE')).toBe('zh-CN');
    expect(pickLang('en;q=0, zh-TW')).toBe('zh-CN');
  });

  test('TESSERA_WEBHOOK_ALLOW_LOOPBACK only for a demo on a loopback address; TESSERA_TELEGRAM_API an http(s) URL', () => {
    expect(loadConfig({}).webhookAllowLoopback).toBe(false);
    expect(loadConfig({ TESSERA_WEBHOOK_ALLOW_LOOPBACK: '1' }).webhookAllowLoopback).toBe(true);
    expect(() => loadConfig({ TESSERA_WEBHOOK_ALLOW_LOOPBACK: '1', TESSERA_DEMO: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ TESSERA_WEBHOOK_ALLOW_LOOPBACK: '1', HOST: '0.0.0.0', TESSERA_DEMO_PUBLIC: '1', TESSERA_DEMO_PASSWORD: 'own-pass-1' })).toThrow(ConfigError);
    expect(loadConfig({ TESSERA_TELEGRAM_API: 'http://127.0.0.1:9/' }).telegramApi).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ TESSERA_TELEGRAM_API: 'ftp://x' })).toThrow(ConfigError);
  });

  test('every message exists in both languages, with the same placeholders', () => {
    for (const key of messageKeys) {
      const zh = t('zh-CN', key);
      const en = t('en-US', key);
      expect(zh.length, key).toBeGreaterThan(0);
      expect(en.length, key).toBeGreaterThan(0);
      const holes = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect(holes(zh), key).toEqual(holes(en));
    }
    expect(t('zh-CN', 'tokenFailed')).toBe('Token authentication failed');
    expect(t('en-US', 'rateLimited', { seconds: 5 })).toBe('Too many requests; try again in 5 s');
  });

  test('validation errors read as a sentence', () => {
    expect(describeValidation('en-US', [{ keyword: 'required', instancePath: '', params: { missingProperty: 'email' } }])).toBe('email is required');
    expect(describeValidation('zh-CN', [{ keyword: 'pattern', instancePath: '/email', params: {} }])).toBe('请输入有效的邮箱地址');
    expect(describeValidation('en-US', [{ keyword: 'enum', instancePath: '/page_plen', params: {} }])).toBe('page_plen has a value that is not allowed');
    expect(describeValidation('en-US', [{ keyword: 'type', instancePath: '', params: {} }])).toBe('The request body must be a JSON object');
  });
});

describe('rate limiter (kept in the database)', () => {
  const database = openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  afterAll(async () => (await database).close());

  test('failures block at the limit for blockMs; requests block past the limit', async () => {
    const { db } = await database;
    let now = 0;
    const failures = new RateLimiter(db, 'f', { limit: 3, windowMs: 1000, blockMs: 5000 }, () => now);
    for (let i = 0; i < 2; i++) {
      expect(await failures.reserve('a')).toEqual({ ok: true });
      expect(await failures.fail('a')).toBe(0);
    }
    expect(await failures.reserve('a')).toEqual({ ok: true });
    expect(await failures.fail('a')).toBe(5);
    expect(await failures.blockedFor('a')).toBe(5);
    expect(await failures.reserve('a')).toEqual({ ok: false, blockedFor: 5 });
    expect(await failures.blockedFor('b')).toBe(0);
    now = 5001;
    expect(await failures.blockedFor('a')).toBe(0);

    const requests = new RateLimiter(db, 'r', { limit: 2, windowMs: 1000, blockMs: 2000 }, () => now);
    expect(await requests.hit('x')).toBe(0);
    expect(await requests.hit('x')).toBe(0);
    expect(await requests.hit('x')).toBe(2);
    now += 2001;
    expect(await requests.hit('x')).toBe(0);
    await requests.reset('x');
    expect(await requests.blockedFor('x')).toBe(0);
  });

  test('checks under way fill the window without a block; a right check gives its slot back', async () => {
    const { db } = await database;
    let now = 10_000;
    const slots = new RateLimiter(db, 's', { limit: 2, windowMs: 1000, blockMs: 5000 }, () => now);
    expect(await slots.reserve('k')).toEqual({ ok: true });
    expect(await slots.reserve('k')).toEqual({ ok: true });
    expect(await slots.reserve('k')).toEqual({ ok: false, full: true });
    await slots.release('k');
    expect(await slots.reserve('k')).toEqual({ ok: true });
    await slots.release('k');
    await slots.release('k');
    expect(await slots.blockedFor('k')).toBe(0);
    // a crashed instance's slot comes free after its lease
    expect(await slots.reserve('k')).toEqual({ ok: true });
    expect(await slots.reserve('k')).toEqual({ ok: true });
    now += SLOT_LEASE_MS + 1;
    expect(await slots.reserve('k')).toEqual({ ok: true });
  });

  test('the window restarts after windowMs', async () => {
    const { db } = await database;
    let now = 0;
    const limiter = new RateLimiter(db, 'w', { limit: 2, windowMs: 1000, blockMs: 5000 }, () => now);
    await limiter.reserve('k');
    await limiter.fail('k');
    now = 1500;
    await limiter.reserve('k');
    expect(await limiter.fail('k')).toBe(0);
  });
});

describe('tokens, menu, CSP', () => {
  test('the token is taken from "Bearer x" or the bare value, and nothing else', () => {
    const token = 'a'.repeat(43);
    expect(tokenFromHeader(`Bearer ${token}`)).toBe(token);
    expect(tokenFromHeader(`bearer   ${token} `)).toBe(token);
    expect(tokenFromHeader(token)).toBe(token);
    for (const bad of [undefined, '', 'Bearer', 'Bearer short', `Bearer ${token}!`, `Basic ${token}`, `${token} ${token}`]) {
      expect(tokenFromHeader(bad), String(bad)).toBeNull();
    }
  });

  test('menu entries as decided: paths, titles, orders, hidden entries, admin roles', () => {
    expect(MENU.map((m) => [m.id, m.order])).toEqual([
      ['dashboard', 0], ['adaccount', 1], ['workspace', 2], ['bm', 3], ['page', 4], ['pixel', 5], ['target', 6], ['adcomment', 7], ['friend', 8], ['payment', 9], ['user', 10], ['watch', 11], ['team', 12], ['admin', 20],
    ]);
    expect(MENU.find((m) => m.id === 'admin')).toMatchObject({ path: '/admin/index', title: 'menu.admin', roles: ['admin'], hide: false });
    expect(MENU.filter((m) => m.hide).map((m) => m.id)).toEqual(['payment', 'user']);
    expect(MENU.find((m) => m.id === 'pixel')).toMatchObject({ path: '/pixel/index', title: 'menu.pixel', roles: ['*'] });
    expect(pluginOfModule('adaccount.rename')).toBe('adaccount');
  });

  test('the CSP allows no inline script or eval, and adds a configured websocket origin', () => {
    const csp = contentSecurityPolicy(loadConfig({ TESSERA_WEBSOCKET_URL: 'wss://push.example.com/socket' }));
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.styleSrc).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.connectSrc).toEqual(["'self'", 'chrome-extension:', 'wss://push.example.com']);
    expect(JSON.stringify(csp)).not.toContain('unsafe-eval');
  });
});

/**
 * A database written by the migrations before `tag` (the migration folder as it was then, a user
 * `old@example.test` and whatever `seeds` write), opened by today's code, which migrates it; `check`
 * reads the result. The temporary folder goes afterwards.
 */
async function upgradedFrom(
  tag: string,
  seeds: ((old: import('@electric-sql/pglite').PGlite) => Promise<unknown>)[],
  check: (database: Awaited<ReturnType<typeof openDatabase>>, sql: typeof import('drizzle-orm').sql) => Promise<void>,
): Promise<void> {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { sql } = await import('drizzle-orm');
  const { migrationsFolder } = await import('../../server/db');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-mig-'));
  try {
    const before = path.join(tmp, 'migrations');
    fs.cpSync(migrationsFolder, before, { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(before, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
    const dir = path.join(tmp, 'pglite');
    const old = new PGlite(dir);
    await migrate(drizzle(old), { migrationsFolder: before });
    await old.query("insert into users (email, password_hash, created_at, updated_at) values ('old@example.test', 'x', now(), now())");
    for (const seed of seeds) await seed(old);
    await old.close();
    const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    try {
      await check(database, sql);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

describe('migration 0003 (rate_limits)', () => {
  test('a database written before it loads, keeps its rows and gains the table', async () => {
    // the migration folder as it was before this change
    await upgradedFrom('0003', [], async (database, sql) => {
      const users = await database.db.execute(sql`select email from users`);
      expect((users as unknown as { rows: unknown[] }).rows).toEqual([{ email: 'old@example.test' }]);
      const limits = await database.db.execute(sql`select count(*)::int as n from rate_limits`);
      expect((limits as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });
  });
});

describe('migration 0005 (saved_views)', () => {
  test('a database written before it loads, keeps its rows, gains the table and its unique key', async () => {
    // the migration folder as it was before saved views
    await upgradedFrom('0005', [], async (database, sql) => {
      const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
      const [user] = rows<{ id: number; email: string }>(await database.db.execute(sql`select id, email from users`));
      expect(user!.email).toBe('old@example.test');
      const add = () => database.db.execute(sql`insert into saved_views (user_id, list, name, state, created_at, updated_at)
        values (${user!.id}, 'adaccount.list', 'Near cap', '{"q":"x"}'::jsonb, now(), now())`);
      await add();
      await expect(add()).rejects.toThrow(); // one view of a name per user and list
      // they go with their user
      await database.db.execute(sql`delete from users where id = ${user!.id}`);
      expect(rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from saved_views`))[0]!.n).toBe(0);
    });
  });
});

describe('migration 0006 (watch)', () => {
  test('a database written before it loads, keeps its rows, gains the watch tables; they go with their user', async () => {
    // the migration folder as it was before the watch
    await upgradedFrom('0006', [
      (old) => old.query(`insert into job_records (user_id, job, item, attempt, action, fbid, object, outcome, before, after, created_at)
        select id, 'job-1', 'act_1', 0, 'adaccount.rename', '', 'act_1', 'done', null, '{"name":"x"}'::jsonb, now() from users`),
      (old) => old.query("insert into saved_views (user_id, list, name, state, created_at, updated_at) select id, 'adaccount.list', 'v', '{}'::jsonb, now(), now() from users"),
    ], async (database, sql) => {
      const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
      const [user] = rows<{ id: number; email: string }>(await database.db.execute(sql`select id, email from users`));
      expect(user!.email).toBe('old@example.test');
      expect(rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from job_records`))[0]!.n).toBe(1);
      expect(rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from saved_views`))[0]!.n).toBe(1);
      const addObject = () => database.db.execute(sql`insert into watch_objects (user_id, type, object_id, name, state, first_seen_at, seen_at)
        values (${user!.id}, 'adaccount', 'act_1', 'A', '{"status":"ACTIVE"}'::jsonb, now(), now())`);
      await addObject();
      await expect(addObject()).rejects.toThrow(); // one state per user, type and object
      await database.db.execute(sql`insert into watch_changes (user_id, at, type, object_id, name, field, "from", "to", by, window_from)
        values (${user!.id}, now(), 'adaccount', 'act_1', 'A', 'status', '"ACTIVE"'::jsonb, '"DISABLED"'::jsonb, 'outside', now())`);
      // the index the attribution reads job records by
      const indexes = rows<{ indexname: string }>(await database.db.execute(sql`select indexname from pg_indexes where tablename = 'job_records'`)).map((r) => r.indexname);
      expect(indexes).toContain('job_records_object_idx');
      await database.db.execute(sql`delete from users where id = ${user!.id}`);
      for (const table of ['watch_objects', 'watch_changes', 'job_records']) {
        expect(rows<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n, table).toBe(0);
      }
    });
  });
});

describe('migration 0007 (watch alerts)', () => {
  test('a database written before it loads, keeps its rows, gains the alert tables; they go with their user', async () => {
    // the migration folder as it was before alerts
    await upgradedFrom('0007', [
      (old) => old.query(`insert into watch_objects (user_id, type, object_id, name, state, first_seen_at, seen_at)
        select id, 'adaccount', 'act_1', 'A', '{"status":"ACTIVE"}'::jsonb, now(), now() from users`),
      (old) => old.query(`insert into watch_changes (user_id, at, type, object_id, name, field, "from", "to", by, window_from)
        select id, now(), 'adaccount', 'act_1', 'A', 'status', '"ACTIVE"'::jsonb, '"DISABLED"'::jsonb, 'outside', now() from users`),
    ], async (database, sql) => {
      const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
      const [user] = rows<{ id: number }>(await database.db.execute(sql`select id from users`));
      for (const table of ['watch_objects', 'watch_changes']) {
        expect(rows<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n, table).toBe(1);
      }
      const uid = user!.id;
      await database.db.execute(sql`insert into watch_rules (user_id, preset, enabled, created_at, updated_at) values (${uid}, 'pageUnpublished', false, now(), now())`);
      await expect(database.db.execute(sql`insert into watch_rules (user_id, preset, enabled, created_at, updated_at) values (${uid}, 'pageUnpublished', true, now(), now())`)).rejects.toThrow();
      const [channel] = rows<{ id: number }>(await database.db.execute(sql`insert into watch_channels (user_id, kind, secret, created_at, updated_at) values (${uid}, 'webhook', 'https://x.test/h', now(), now()) returning id`));
      const addAlert = () => database.db.execute(sql`insert into watch_alerts (user_id, rule, type, object_id, state, change, by, fired_at, updated_at)
        values (${uid}, 'accountDisabled', 'adaccount', 'act_1', 'firing', '{}'::jsonb, 'outside', now(), now()) returning id`);
      const [alert] = rows<{ id: number }>(await addAlert());
      await expect(addAlert()).rejects.toThrow(); // one firing alert per rule and object
      await database.db.execute(sql`update watch_alerts set state = 'resolved' where id = ${alert!.id}`);
      await addAlert(); // a new problem once the old one resolved
      const addRow = () => database.db.execute(sql`insert into watch_outbox (user_id, alert_id, channel_id, state, payload, status, next_at, created_at)
        values (${uid}, ${alert!.id}, ${channel!.id}, 'firing', '{}'::jsonb, 'pending', now(), now())`);
      await addRow();
      await expect(addRow()).rejects.toThrow(); // one message per alert state and channel
      await database.db.execute(sql`insert into watch_checks (user_id, "check", ok, at) values (${uid}, 'c', false, now())`);
      await database.db.execute(sql`insert into watch_settings (user_id, quiet_from, quiet_to, time_zone, updated_at) values (${uid}, '22:00', '07:00', 'UTC', now())`);
      await database.db.execute(sql`delete from users where id = ${uid}`);
      for (const table of ['watch_rules', 'watch_channels', 'watch_alerts', 'watch_outbox', 'watch_checks', 'watch_settings', 'watch_objects']) {
        expect(rows<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n, table).toBe(0);
      }
    });
  });
});

describe('migration 0008 (scheduled checks in the watch settings)', () => {
  test("a database written before it loads, keeps each operator's quiet hours, and their checks start empty", async () => {
    await upgradedFrom('0008', [
      (old) => old.query(`insert into watch_settings (user_id, quiet_from, quiet_to, time_zone, updated_at) select id, '22:00', '07:00', 'Asia/Shanghai', now() from users`),
    ], async (database, sql) => {
      const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
      const [s] = rows<{ quiet_from: string; time_zone: string; checks: unknown }>(await database.db.execute(sql`select quiet_from, time_zone, checks from watch_settings`));
      expect(s).toEqual({ quiet_from: '22:00', time_zone: 'Asia/Shanghai', checks: {} });
    });
  });
});

describe('migrations 0009 (teams), 0010 (what a team shares) and 0011 (the watch in a team)', () => {
  // one upgrade for all three (each costs a PGlite migration twice, ≈ 15 s)
  test("a database written before teams loads: each job record stays the user's own work, without parameters; a team and its members can be kept, and its records go with it", async () => {
    await upgradedFrom('0009', [
      (old) => old.query(`insert into job_records (user_id, job, item, attempt, action, fbid, object, outcome, before, after, created_at)
        select id, 'job-1', 'act_1', 0, 'adaccount.rename', '', 'act_1', 'done', '{"name":"a"}'::jsonb, '{"name":"b"}'::jsonb, now() from users`),
      (old) => old.query(`insert into saved_views (user_id, list, name, state, created_at, updated_at)
        select id, 'adaccount.list', 'Near cap', '{"q":"cap"}'::jsonb, now(), now() from users`),
      (old) => old.query(`insert into watch_rules (user_id, preset, enabled, created_at, updated_at) select id, 'pageUnpublished', false, now(), now() from users`),
      (old) => old.query(`insert into watch_rules (user_id, name, type, field, op, value, created_at, updated_at) select id, 'Mine', 'adaccount', 'status', 'eq', '"DISABLED"'::jsonb, now(), now() from users`),
      (old) => old.query(`insert into watch_channels (user_id, kind, secret, lang, created_at, updated_at) select id, 'webhook', 'https://x.test/h', 'en-US', now(), now() from users`),
      (old) => old.query(`insert into watch_alerts (user_id, rule, type, object_id, state, change, by, fired_at, updated_at)
        select id, 'accountDisabled', 'adaccount', 'act_1', 'firing', '{}'::jsonb, 'outside', now(), now() from users`),
      (old) => old.query(`insert into watch_outbox (user_id, alert_id, channel_id, state, payload, status, next_at, created_at)
        select a.user_id, a.id, c.id, 'firing', '{}'::jsonb, 'pending', now(), now() from watch_alerts a join watch_channels c on c.user_id = a.user_id`),
    ], async (database, sql) => {
      const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
      const [record] = rows<{ org_id: number | null; params: unknown; action: string }>(await database.db.execute(sql`select org_id, params, action from job_records`));
      expect(record).toEqual({ org_id: null, params: null, action: 'adaccount.rename' });
      const [user] = rows<{ id: number }>(await database.db.execute(sql`select id from users`));
      const [org] = rows<{ id: number; policy: unknown; audit_retention_days: number }>(await database.db.execute(sql`insert into organisations (name, created_by, created_at) values ('T', ${user!.id}, now()) returning id, policy, audit_retention_days`));
      expect(org).toMatchObject({ policy: {}, audit_retention_days: 365 });
      await database.db.execute(sql`insert into org_members (org_id, user_id, role, joined_at) values (${org!.id}, ${user!.id}, 'owner', now())`);
      await expect(database.db.execute(sql`insert into org_members (org_id, user_id, role, joined_at) values (${org!.id}, ${user!.id}, 'viewer', now())`)).rejects.toThrow(); // one membership per team
      await database.db.execute(sql`update job_records set org_id = ${org!.id}`);
      // a team's deletion takes its members and its records with it
      await database.db.execute(sql`delete from organisations where id = ${org!.id}`);
      for (const table of ['org_members', 'job_records']) {
        expect(rows<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n, table).toBe(0);
      }
      // 0011: a user's rules, channels, alerts and outbox rows stay the user's own; a team's rows and approval messages can be kept
      const [watcher] = rows<{ id: number }>(await database.db.execute(sql`select id from users`));
      const uid = watcher!.id;
      expect(rows(await database.db.execute(sql`select user_id, org_id, preset, name from watch_rules order by id`))).toEqual([
        { user_id: uid, org_id: null, preset: 'pageUnpublished', name: '' }, { user_id: uid, org_id: null, preset: null, name: 'Mine' },
      ]);
      expect(rows(await database.db.execute(sql`select user_id, org_id, lang from watch_channels`))).toEqual([{ user_id: uid, org_id: null, lang: 'en-US' }]);
      expect(rows(await database.db.execute(sql`select user_id, org_id, rule from watch_alerts`))).toEqual([{ user_id: uid, org_id: null, rule: 'accountDisabled' }]);
      const [outbox] = rows<{ kind: string; approval_id: number | null; alert_id: number }>(await database.db.execute(sql`select kind, approval_id, alert_id from watch_outbox`));
      expect(outbox).toMatchObject({ kind: 'alert', approval_id: null });
      expect(Number(outbox!.alert_id)).toBeGreaterThan(0);
      // the user's preset stays one per user; a team's preset is one per team, apart from the user's
      await expect(database.db.execute(sql`insert into watch_rules (user_id, preset, enabled, created_at, updated_at) values (${uid}, 'pageUnpublished', true, now(), now())`)).rejects.toThrow();
      const [watchTeam] = rows<{ id: number }>(await database.db.execute(sql`insert into organisations (name, created_at) values ('T', now()) returning id`));
      const teamPreset = () => database.db.execute(sql`insert into watch_rules (org_id, preset, enabled, created_at, updated_at) values (${watchTeam!.id}, 'pageUnpublished', true, now(), now())`);
      await teamPreset();
      await expect(teamPreset()).rejects.toThrow();
      // a row is a user's or a team's, never both nor neither
      await expect(database.db.execute(sql`insert into watch_channels (user_id, org_id, kind, created_at, updated_at) values (${uid}, ${watchTeam!.id}, 'email', now(), now())`)).rejects.toThrow();
      await expect(database.db.execute(sql`insert into watch_rules (preset, created_at, updated_at) values ('needsPayment', now(), now())`)).rejects.toThrow();
      // an approval's message: no alert, one per channel and state
      const [channel] = rows<{ id: number }>(await database.db.execute(sql`insert into watch_channels (org_id, kind, target, created_at, updated_at) values (${watchTeam!.id}, 'email', 'a@b.test', now(), now()) returning id`));
      const [approval] = rows<{ id: number }>(await database.db.execute(sql`insert into approvals (org_id, requester_id, status, reason, job, action, fbid, items, params, dry_run, digest, created_at)
        values (${watchTeam!.id}, ${uid}, 'pending', 'action', 'j', 'page.deletePage', '', '["1"]'::jsonb, '{}'::jsonb, '[]'::jsonb, 'd', now()) returning id`));
      const message = () => database.db.execute(sql`insert into watch_outbox (user_id, kind, approval_id, channel_id, state, payload, status, next_at, created_at)
        values (${uid}, 'approval', ${approval!.id}, ${channel!.id}, 'requested', '{}'::jsonb, 'pending', now(), now())`);
      await message();
      await expect(message()).rejects.toThrow();
      await expect(database.db.execute(sql`insert into watch_outbox (user_id, channel_id, state, payload, status, next_at, created_at)
        values (${uid}, ${channel!.id}, 'firing', '{}'::jsonb, 'pending', now(), now())`)).rejects.toThrow(); // an alert's row names its alert
      // the team's deletion takes its rows; the user's own stay
      await database.db.execute(sql`delete from organisations where id = ${watchTeam!.id}`);
      expect(rows(await database.db.execute(sql`select count(*)::int as n from watch_rules where user_id = ${uid}`))).toEqual([{ n: 2 }]);
      expect(rows(await database.db.execute(sql`select kind from watch_outbox`))).toEqual([{ kind: 'alert' }]);
      expect(rows(await database.db.execute(sql`select count(*)::int as n from watch_channels`))).toEqual([{ n: 1 }]);
      // 0010: each saved view stays its user's own, saved by them; a team's views and library rows stay when their author goes
      const [author] = rows<{ id: number }>(await database.db.execute(sql`select id from users`));
      const [view] = rows<{ user_id: number; org_id: number | null; updated_by: number; state: unknown }>(await database.db.execute(sql`select user_id, org_id, updated_by, state from saved_views`));
      expect(view).toEqual({ user_id: author!.id, org_id: null, updated_by: author!.id, state: { q: 'cap' } });
      // a view is either a user's or a team's, never both nor neither
      await expect(database.db.execute(sql`insert into saved_views (list, name, state, created_at, updated_at) values ('x', 'y', '{}'::jsonb, now(), now())`)).rejects.toThrow();
      const [team] = rows<{ id: number }>(await database.db.execute(sql`insert into organisations (name, created_at) values ('T', now()) returning id`));
      await database.db.execute(sql`insert into saved_views (org_id, updated_by, list, name, state, created_at, updated_at) values (${team!.id}, ${author!.id}, 'adaccount.list', 'Near cap', '{}'::jsonb, now(), now())`);
      await expect(database.db.execute(sql`insert into saved_views (org_id, list, name, state, created_at, updated_at) values (${team!.id}, 'adaccount.list', 'Near cap', '{}'::jsonb, now(), now())`)).rejects.toThrow(); // one name per list and team
      await database.db.execute(sql`insert into library_items (org_id, kind, item_id, body, updated_by, created_at, updated_at) values (${team!.id}, 'workspaces', 'Board', '{}'::jsonb, ${author!.id}, now(), now())`);
      await database.db.execute(sql`delete from users where id = ${author!.id}`);
      expect(rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from saved_views where org_id is not null and updated_by is null`))[0]!.n).toBe(1);
      expect(rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from library_items where updated_by is null`))[0]!.n).toBe(1);
      await database.db.execute(sql`delete from organisations where id = ${team!.id}`);
      for (const table of ['saved_views', 'library_items']) {
        expect(rows<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n, table).toBe(0);
      }
    });
  }, 120_000);
});

