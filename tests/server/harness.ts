// Test harness: the real server built in-process on PGlite or on a throwaway PostgreSQL cluster,
// driven with app.inject(), with a movable clock and the outbox at hand.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../server/app';
import { defaultRateLimits, loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { mailQueue, outboxPath } from '../../server/mail';

export type DbKind = 'pglite' | 'postgres';

/** TESSERA_DEMO_ADMIN_PASSWORD of the tests (a real demo makes one at start). */
export const DEMO_ADMIN_PASSWORD = 'demo-admin-test-1';

// ---------------------------------------------------------------------------------------------
// A throwaway PostgreSQL cluster (Debian's postgresql; root may not run it, so as the postgres user)

export function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export interface PgCluster {
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

export async function startPostgres(bin: string): Promise<PgCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pg-'));
  if (asRoot) spawnSync('chown', ['postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] as const : [path.join(bin, cmd), args] as const;
    const result = spawnSync(full[0], [...full[1]], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  const port = 20000 + Math.floor(Math.random() * 20000);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'log'), 'start', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -F`]);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let n = 0;
  return {
    async createDatabase() {
      const name = `tessera_test_${++n}`;
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      return `${base}/${name}`;
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-w', 'stop', '-m', 'fast']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh database on the given kind of server. */
export async function freshDatabase(kind: DbKind, cluster: PgCluster | null): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  if (!cluster) throw new Error('no PostgreSQL cluster');
  return openDatabase({ databaseUrl: await cluster.createDatabase(), pgliteDir: '' });
}

// ---------------------------------------------------------------------------------------------
// The server under test

export interface Answer<T = any> {
  http: number;
  status: number;
  code: number;
  info: string;
  data: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

export interface CallOptions {
  body?: unknown;
  /** a raw payload sent as is (malformed JSON, huge bodies) */
  payload?: string;
  token?: string | null;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  ip?: string;
  lang?: 'zh-CN' | 'en-US';
  /** the browser's cookies (read and written); the harness's own jar unless given, null = none */
  jar?: Map<string, string> | null;
  /** the body's password is junk (injection strings) that may legitimately show up elsewhere, e.g. in a logged URL */
  junk?: boolean;
}

export interface Harness {
  app: FastifyInstance;
  config: ServerConfig;
  database: Database;
  dataDir: string;
  /** every password, code and token the tests used: none may appear in a log line */
  secrets: Set<string>;
  logs: string[];
  /** the first log line holding a secret (a code counts only as a whole number), else null */
  findLeak(): string | null;
  clock: { offset: number; advance(ms: number): void; reset(): void };
  /** the cookies of the default browser */
  jar: Map<string, string>;
  /** the cookies of another browser */
  newJar(): Map<string, string>;
  call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'HEAD', url: string, opts?: CallOptions): Promise<Answer<T>>;
  outbox(): { to: string; subject: string; text: string; code?: string }[];
  lastCode(email: string): string;
  uniqueEmail(prefix?: string): string;
  /** register + activate; returns the token */
  signUp(email?: string, password?: string): Promise<{ email: string; password: string; token: string; uid: number }>;
  login(email: string, password: string, ip?: string): Promise<Answer>;
  adminToken(): Promise<string>;
  /** The demo admin's password (a request that changes what the extension trusts carries it). */
  adminPassword(): string;
  close(): Promise<void>;
}

let counter = 0;

export async function createHarness(database: Database, overrides: Partial<ServerConfig> = {}, opts: Omit<BuildOptions, 'database' | 'logStream'> = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-data-'));
  const clock = { offset: 0, advance(ms: number) { this.offset += ms; }, reset() { this.offset = 0; } };
  const logs: string[] = [];
  const logStream = new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } });
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', TESSERA_DEMO: '1', TESSERA_DEMO_ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD }, {
    clock: () => Date.now() + clock.offset,
    distDir: path.join(dataDir, 'no-dist'),
    rateLimits: { ...defaultRateLimits(100_000) },
    // the tests drive alert delivery themselves (deliverDue), unless a test starts the timer
    watchOutboxPollMs: 0,
    ...overrides,
  });
  const app = await buildApp(config, { ...opts, database, logStream });
  const secrets = new Set<string>();
  const remember = (value: unknown) => { if (typeof value === 'string' && value.length >= 5) secrets.add(value); };

  const h: Harness = {
    app, config, database, dataDir, secrets, logs, clock,
    jar: new Map(),
    newJar: () => new Map(),
    findLeak() {
      for (const secret of secrets) {
        const pattern = /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`) : null;
        const line = logs.find((l) => (pattern ? pattern.test(l) : l.includes(secret)));
        if (line) return `${secret} in ${line}`;
      }
      return null;
    },
    async call(method, url, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.lang) headers['accept-language'] = o.lang;
      let payload: string | undefined = o.payload;
      if (o.body !== undefined) {
        payload = JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
        if (!o.junk) for (const key of ['password', 'confirmPassword', 'code']) remember((o.body as Record<string, unknown>)?.[key]);
      }
      const jar = o.jar === undefined ? h.jar : o.jar;
      if (jar?.size && !headers.cookie) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await app.inject({ method, url, headers, payload, query: o.query, remoteAddress: o.ip ?? '127.0.0.1' });
      // mail goes out from a queue after the answer: wait for it, so the outbox is up to date
      await mailQueue(app.ctx.mailer).idle();
      const setCookie = res.headers['set-cookie'];
      for (const line of (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
        remember(value);
        if (jar) { if (value && !/max-age=0/i.test(line)) jar.set(name, value); else jar.delete(name); }
      }
      let json: any = {};
      try { json = JSON.parse(res.body); } catch { /* not JSON: the assertions will say so */ }
      remember(json?.data?.token);
      const auth = res.headers.authorization;
      if (typeof auth === 'string') remember(auth.replace(/^Bearer /, ''));
      return { http: res.statusCode, status: json.status, code: json.code, info: json.info, data: json.data, headers: res.headers, raw: res.body };
    },
    outbox() {
      const file = outboxPath(dataDir);
      if (!fs.existsSync(file)) return [];
      return fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    },
    lastCode(email) {
      // the newest mail with a code (a notice such as "your password was changed" carries none)
      const mail = h.outbox().filter((m) => m.to === email && m.code).pop();
      if (!mail?.code) throw new Error(`no code mailed to ${email}`);
      remember(mail.code);
      return mail.code;
    },
    uniqueEmail(prefix = 'user') {
      return `${prefix}.${process.pid}.${++counter}@example.test`;
    },
    async signUp(email = h.uniqueEmail(), password = 'secret-1') {
      const reg = await h.call('POST', '/api/user/register', { body: { email, password, confirmPassword: password, agree: true } });
      if (reg.status !== 1) throw new Error(`register failed: ${reg.raw}`);
      const act = await h.call('POST', '/api/user/emailActivation', { body: { email, code: h.lastCode(email) } });
      if (act.status !== 1) throw new Error(`activation failed: ${act.raw}`);
      const info = await h.call('POST', '/api/user/info', { token: act.data.token });
      return { email, password, token: act.data.token, uid: info.data.uid };
    },
    login(email, password, ip) {
      return h.call('POST', '/api/user/login', { body: { email, password }, ip });
    },
    adminPassword() {
      return DEMO_ADMIN_PASSWORD;
    },
    async adminToken() {
      const res = await h.login('admin@tessera.test', config.demoAdminPassword, '10.200.0.1');
      if (res.status !== 1) throw new Error(`admin login failed: ${res.raw}`);
      return res.data.token;
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  remember(config.demoPassword);
  remember(config.demoAdminPassword);
  return h;
}

export const DAY = 86_400_000;
