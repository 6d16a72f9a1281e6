// `npm run bench:server`: the product server under load (bench/README.md, "Server").
// Starts server/main.ts as a real listening process on loopback (PGlite, PostgreSQL, two instances on one
// PostgreSQL), signs in 20 users, then drives 80 % authenticated reads and 20 % writes with autocannon.
// Prints the lines of docs/INTERFACES.md section 8.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad, type LoadRequest, type LoadResult } from './lib/autocannon';
import { findPgBin, startPostgres, type PgCluster } from '../tests/server/harness';
import { openDatabase } from '../server/db';
import { sql } from 'drizzle-orm';
import { JOB_RECORDS_MAX_ITEMS } from '../protocol/api';

const root = path.resolve(import.meta.dirname, '..');

interface Options { only: Set<string>; duration: number; connections: number; profile: string | null; logLevel: string | null; perRoute: boolean; serverRoot: string; watch: boolean; watchOnly: boolean; audit: boolean; auditOnly: boolean; auditRows: number }

function parseArgs(argv: string[]): Options {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    only: new Set((get('only') ?? 'pglite,postgres,postgres-2').split(',')),
    duration: Number(get('duration') ?? 20),
    connections: Number(get('connections') ?? 50),
    profile: get('profile') ?? null,
    logLevel: get('log-level') ?? null,
    perRoute: argv.includes('--per-route'),
    // the watch's snapshot line (watch-snapshots-20000) on each single-instance engine; --watch-only: that line alone
    watch: !argv.includes('--no-watch'),
    watchOnly: argv.includes('--watch-only'),
    // the audit log's line (audit-1000000) on each single-instance engine, after a seed of 1,000,000 entries
    // (minutes): --audit adds it to the run, --audit-only runs it alone
    audit: argv.includes('--audit') || argv.includes('--audit-only'),
    auditOnly: argv.includes('--audit-only'),
    // fewer seeded entries, for a quick try (the line is named after the count)
    auditRows: Number(get('audit-rows') ?? 1_000_000),
    // another checkout's server (e.g. the code before a change), run under the same conditions
    serverRoot: path.resolve(get('server-root') ?? root),
  };
}

// ---------------------------------------------------------------------------------------------
// The server processes

interface Server { url: string; pid: number; proc: ChildProcess; env: Record<string, string>; stop(): Promise<void> }

// Servers this bench started, stopped if the bench itself ends early.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const proc of live) if (proc.exitCode === null) proc.kill('SIGKILL');
});

async function startServer(serverRoot: string, env: Record<string, string>, profileDir: string | null): Promise<Server> {
  const logFile = path.join(env.DATA_DIR!, `server-${Date.now()}-${Math.random().toString(36).slice(2)}.log`);
  const out = fs.openSync(logFile, 'w');
  const args = [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), '--import', 'tsx', path.join(serverRoot, 'server/main.ts')];
  const proc = spawn(process.execPath, args, { cwd: serverRoot, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  live.add(proc);
  proc.once('exit', () => live.delete(proc));
  const started = Date.now();
  let url: string | null = null;
  while (!url) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}): ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (Date.now() - started > 180_000) throw new Error(`server did not start in 180 s: ${fs.readFileSync(logFile, 'utf8').slice(-1000)}`);
    url = /Tessera is running at (http:\/\/\S+?)\/?\n/.exec(fs.readFileSync(logFile, 'utf8'))?.[1] ?? null;
    if (!url) await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url, pid: proc.pid!, proc, env,
    stop: () => new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    }),
  };
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

// ---------------------------------------------------------------------------------------------
// Users: registered, activated from the outbox (with the registering browser's cookie), signed in

interface User { email: string; password: string; token: string }

const PASSWORD = 'bench-pass-1';

async function call(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { json: await res.json() as { status: number; code: number; data: any }, cookie: res.headers.get('set-cookie') };
}

async function codeFor(dataDir: string, email: string): Promise<string> {
  const file = path.join(dataDir, 'outbox.jsonl');
  for (let i = 0; i < 200; i++) {
    if (fs.existsSync(file)) {
      // the last line may still be half written: skip what does not parse yet
      const parsed = fs.readFileSync(file, 'utf8').split('\n').reverse().flatMap((l) => {
        try {
          return [JSON.parse(l) as { to: string; code?: string }];
        } catch {
          return [];
        }
      });
      const line = parsed.find((m) => m.to === email && m.code);
      if (line) return line.code as string;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${email}`);
}

async function createUsers(base: string, dataDir: string, n: number, tag: string): Promise<User[]> {
  const list: User[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-${tag}-${i}@tessera.test`;
    const reg = await call(`${base}/api/user/register`, { email, password: PASSWORD, confirmPassword: PASSWORD, agree: true });
    if (reg.json.code !== 20000) throw new Error(`register: ${JSON.stringify(reg.json)}`);
    const cookie = reg.cookie!.split(';')[0]!;
    const act = await call(`${base}/api/user/emailActivation`, { email, code: await codeFor(dataDir, email) }, { cookie });
    if (!act.json.data?.token) throw new Error(`activation: ${JSON.stringify(act.json)}`);
    list.push({ email, password: PASSWORD, token: act.json.data.token });
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// The load

type Result = LoadResult & { bad: number; samples: string[] };

/** Any non-2xx answer or an envelope whose code is not 20000 is an error; the first few are kept. */
function checker() {
  const state = { bad: 0, samples: [] as string[] };
  const onResponse = (status: number, body: string) => {
    if (status >= 200 && status < 300 && body.includes('"code":20000')) return;
    state.bad += 1;
    if (state.samples.length < 5) state.samples.push(`${status} ${body.slice(0, 200)}`);
  };
  return { state, onResponse };
}

const READS: LoadRequest[] = [
  { method: 'POST', path: '/api/user/info', headers: { 'content-type': 'application/json' } },
  { method: 'POST', path: '/api/user/menu', headers: { 'content-type': 'application/json' } },
  { method: 'GET', path: '/api/pay/getRecords?module_id=adaccount' },
  { method: 'GET', path: '/api/message_notification/unseen' },
];

function recordBody(): string {
  return JSON.stringify({ module_id: 'adaccount', data: { id: `act_${Math.floor(Math.random() * 80)}`, name: 'Bench account' } });
}

/** 10 requests per cycle: 8 reads (info, menu, records, unseen notifications ×2 each) and 2 writes (addRecord). */
function mixRequests(users: User[], onResponse: (status: number, body: string) => void): LoadRequest[] {
  const pick = () => users[Math.floor(Math.random() * users.length)]!;
  const auth = (req: LoadRequest): LoadRequest => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${pick().token}` } });
  const write = (): LoadRequest => ({
    method: 'POST', path: '/api/pay/addRecord', headers: { 'content-type': 'application/json' },
    setupRequest: (req: LoadRequest) => auth({ ...req, body: recordBody() }),
    onResponse,
  });
  const read = (r: LoadRequest): LoadRequest => ({ ...r, setupRequest: auth, onResponse });
  return [...READS.map(read), write(), ...READS.map(read), write()];
}

/** One route alone (--per-route): what each costs the server. */
function routeRequests(users: User[], route: LoadRequest | 'addRecord') {
  return (onResponse: (s: number, b: string) => void): LoadRequest[] => [{
    ...(route === 'addRecord' ? { method: 'POST', path: '/api/pay/addRecord', headers: { 'content-type': 'application/json' } } : route),
    setupRequest: (req: LoadRequest) => ({
      ...req, ...(route === 'addRecord' ? { body: recordBody() } : {}),
      headers: { ...req.headers, authorization: `Bearer ${users[Math.floor(Math.random() * users.length)]!.token}` },
    }),
    onResponse,
  }];
}

interface Figures { rps: number; total: number; p50: number; p99: number; errors: number; detail: string; samples: string[] }

/** Runs autocannon against each URL at once (connections split between them) and sums what they saw. */
async function drive(urls: string[], connections: number, duration: number, requests: (onResponse: (s: number, b: string) => void) => LoadRequest[]): Promise<Figures> {
  const results = await Promise.all(urls.map(async (url, i) => {
    const check = checker();
    const share = Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0);
    const r = await runLoad({ url, connections: share, duration, requests: requests(check.onResponse), timeout: 10 });
    return { ...r, bad: check.state.bad, samples: check.state.samples } as Result;
  }));
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = Math.max(...results.map((r) => r.duration));
  return {
    rps: total / seconds,
    // p50 weighted by each instance's share; p99 the worse of the two (conservative)
    p50: results.reduce((n, r) => n + r.latency.p50 * r.requests.total, 0) / Math.max(1, total),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    total,
    errors: results.reduce((n, r) => n + r.bad + r.errors + r.timeouts, 0),
    detail: `bad_answers=${results.reduce((n, r) => n + r.bad, 0)} socket_errors=${results.reduce((n, r) => n + r.errors, 0)} timeouts=${results.reduce((n, r) => n + r.timeouts, 0)}`,
    samples: results.flatMap((r) => r.samples),
  };
}

function loginRequests(users: User[]) {
  return (onResponse: (s: number, b: string) => void): LoadRequest[] => [{
    method: 'POST', path: '/api/user/login', headers: { 'content-type': 'application/json' },
    setupRequest: (req: LoadRequest) => {
      const u = users[Math.floor(Math.random() * users.length)]!;
      return { ...req, body: JSON.stringify({ email: u.email, password: u.password }) };
    },
    onResponse,
  }];
}

const f = (n: number, digits = 1) => n.toFixed(digits);

// ---------------------------------------------------------------------------------------------
// The watch's snapshots (bench/README.md, "Watch snapshots"): 20,000 ad-account rows as the client sends
// them, in bodies under the 64 KiB limit, one request after another from one signed-in user.

const WATCH_ROWS = 20_000;
/** The share of rows that change between the second and the third pass. */
const WATCH_CHANGED_EVERY = 20;
const BODY_MAX = 64 * 1024;

function watchRow(i: number, changed: boolean): Record<string, unknown> {
  const id = String(100_000_000_000_000 + i);
  return {
    id: `act_${id}`, name: `ACME | US | Campaign account ${i}`, status: changed ? 'DISABLED' : 'ACTIVE', disableReason: changed ? 3 : null,
    amountSpent: 1000 + (i % 997) + (changed ? 250 : 0), spendCap: 500_000, balance: i % 13, currency: 'USD', myRole: 'ADMIN',
    users: [
      { id: String(200_000_000_000_000 + (i % 50)), name: 'Ann Operator', role: 'ADMIN' },
      { id: String(300_000_000_000_000 + (i % 7)), name: 'Bo Analyst', role: 'ADVERTISER' },
      ...(changed ? [{ id: '666000000000001', name: 'Mallory', role: 'ADMIN' }] : []),
    ],
  };
}

/** The rows in request bodies under the body limit (and the server's 1000 rows a request). */
function watchBodies(rows: Record<string, unknown>[]): string[] {
  const bodies: string[] = [];
  let batch: string[] = [];
  const body = (parts: string[]) => `{"type":"adaccount","rows":[${parts.join(',')}]}`;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (batch.length && (Buffer.byteLength(body([...batch, json])) >= BODY_MAX || batch.length >= 1000)) {
      bodies.push(body(batch));
      batch = [];
    }
    batch.push(json);
  }
  if (batch.length) bodies.push(body(batch));
  return bodies;
}

/** Sends the bodies one after another; the wall time on loopback is the server's time for the set. */
async function sendWatch(base: string, token: string, bodies: string[]): Promise<{ ms: number; bytes: number; changes: number }> {
  let changes = 0;
  const started = performance.now();
  for (const payload of bodies) {
    const res = await fetch(`${base}/api/watch/snapshots`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: payload });
    const json = await res.json() as { code: number; data: { changes: number } };
    if (json.code !== 20000) throw new Error(`watch snapshot: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    changes += json.data.changes;
  }
  return { ms: performance.now() - started, bytes: bodies.reduce((n, b) => n + Buffer.byteLength(b), 0), changes };
}

async function watchBench(base: string, user: User, engine: string): Promise<void> {
  const all = Array.from({ length: WATCH_ROWS }, (_, i) => watchRow(i, false));
  const full = await sendWatch(base, user.token, watchBodies(all));
  // the same set again (a client that lost its last snapshot, e.g. after a reload): the server finds nothing
  const unchanged = await sendWatch(base, user.token, watchBodies(all));
  // then 1 row in 20 changed (disabled, spent more, a foreign admin added), and only those sent, as the client does
  const changedRows = all.flatMap((_, i) => (i % WATCH_CHANGED_EVERY === 0 ? [watchRow(i, true)] : []));
  const changed = await sendWatch(base, user.token, watchBodies(changedRows));
  if (unchanged.changes !== 0 || changed.changes !== changedRows.length * 4) throw new Error(`watch: unexpected changes ${unchanged.changes} / ${changed.changes}`);
  console.log(`watch-snapshots-${WATCH_ROWS}: server_ms=${f(full.ms, 0)} bytes_unchanged=${unchanged.bytes} bytes_changed=${changed.bytes}`
    + ` engine=${engine} requests=${watchBodies(all).length} bytes_full=${full.bytes} server_ms_unchanged=${f(unchanged.ms, 0)}`
    + ` server_ms_changed=${f(changed.ms, 0)} changed_rows=${changedRows.length} changes=${changed.changes}`);
}

// ---------------------------------------------------------------------------------------------
// The audit log (bench/README.md, "Audit log"): 1,000,000 entries of one organisation seeded with SQL
// (the server stopped: PGlite is one process's), then job records written through the route as the
// browser sends them (JOB_RECORDS_MAX_ITEMS a request) by many clients at once, then a mix of searches.

const AUDIT_SEED_CHUNK = 100_000;
const AUDIT_OBJECTS = 50_000;
const AUDIT_ACTIONS = ['adaccount.rename', 'adaccount.setSpendCap', 'adaccount.addUser', 'adaccount.removeUser', 'bm.inviteUser', 'bm.removeUser', 'page.rename', 'page.addRole', 'pixel.assignUsers', 'pixel.shareToAccounts'];
const AUDIT_AREAS = ['adaccount', 'bm', 'page', 'pixel'];
const AUDIT_DAYS = 300;

async function seedAudit(server: Server, users: User[], rowsWanted: number): Promise<{ org: number; ids: number[]; ms: number }> {
  const started = performance.now();
  const db = await openDatabase({ databaseUrl: server.env.DATABASE_URL ?? null, pgliteDir: path.join(server.env.DATA_DIR!, 'pglite') });
  try {
    const rows = async <T>(q: ReturnType<typeof sql>) => (await db.db.execute(q) as unknown as { rows: T[] }).rows;
    const ids = (await rows<{ id: number }>(sql`select id from users where email in ${users.map((u) => u.email)} order by email`)).map((r) => Number(r.id));
    const [org] = await rows<{ id: number }>(sql`insert into organisations (name, created_at) values ('Bench audit', now()) returning id`);
    for (const [i, id] of ids.entries()) await db.db.execute(sql`insert into org_members (org_id, user_id, role, joined_at) values (${org!.id}, ${id}, ${i === 0 ? 'owner' : 'operator'}, now())`);
    const actions = `array[${AUDIT_ACTIONS.map((a) => `'${a}'`).join(',')}]`;
    const members = `array[${ids.join(',')}]`;
    for (let from = 1; from <= rowsWanted; from += AUDIT_SEED_CHUNK) {
      const to = Math.min(rowsWanted, from + AUDIT_SEED_CHUNK - 1);
      // entries spread evenly over the last AUDIT_DAYS days, newest last; 20 per object on average
      await db.db.execute(sql.raw(`insert into job_records (user_id, job, item, attempt, action, fbid, object, outcome, before, after, params, org_id, created_at)
        select (${members})[1 + g % ${ids.length}], 'seed-job-' || (g / 100), 'act_' || (g % ${AUDIT_OBJECTS}) || '#' || g, 0,
          (${actions})[1 + (g / 7) % ${AUDIT_ACTIONS.length}], '100012345', 'act_' || (g % ${AUDIT_OBJECTS}), 'done',
          jsonb_build_object('name', 'Old ' || g), jsonb_build_object('name', 'ACME | US | ' || g), jsonb_build_object('pattern', 'ACME | {country} | {n}'),
          ${org!.id}, now() - make_interval(secs => (${rowsWanted} - g) * ${(AUDIT_DAYS * 86_400) / rowsWanted})
        from generate_series(${from}, ${to}) g`));
    }
    await db.db.execute(sql`analyze job_records`);
    return { org: org!.id, ids, ms: performance.now() - started };
  } finally {
    await db.close();
  }
}

let auditJobs = 0;
function auditWriteBody(): string {
  const job = `job-bench-${process.pid}-${++auditJobs}`;
  const items = Array.from({ length: JOB_RECORDS_MAX_ITEMS }, (_, i) => ({
    item: `act_${i}`, attempt: 0, object: `act_${Math.floor(Math.random() * AUDIT_OBJECTS)}`, outcome: 'done',
    before: { name: `Old ${i}` }, after: { name: `ACME | US | ${i}` }, ...(i % 10 === 0 ? { params: { name: `Own ${i}` } } : {}),
  }));
  return JSON.stringify({ job, action: 'adaccount.rename', fbid: '100012345', params: { pattern: 'ACME | {country} | {n}' }, items });
}

type SearchKind = 'object' | 'actor' | 'action' | 'window' | 'none';
const SEARCH_KINDS: SearchKind[] = ['object', 'actor', 'action', 'window', 'none'];

function auditSearchPath(kind: SearchKind, users: User[], ids: number[]): string {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const q = new URLSearchParams();
  if (kind === 'object') q.set('object', `act_${Math.floor(Math.random() * AUDIT_OBJECTS)}`);
  if (kind === 'actor') q.set('actor', Math.random() < 0.5 ? String(pick(ids)) : pick(users).email);
  if (kind === 'action') q.set('action', `${pick(AUDIT_AREAS)}.*`);
  if (kind === 'window') {
    const start = Date.now() - Math.floor(Math.random() * AUDIT_DAYS) * 86_400_000;
    q.set('since', new Date(start).toISOString());
    q.set('until', new Date(start + 86_400_000).toISOString());
  }
  return `/api/audit?${q}`;
}

async function auditBench(server: Server, users: User[], engine: string, opts: Options): Promise<Server> {
  await server.stop();
  const seed = await seedAudit(server, users, opts.auditRows);
  const restarted = await startServer(opts.serverRoot, server.env, opts.profile);
  const owner = users[0]!;
  const orgHeader = { 'x-tessera-org': String(seed.org) };
  // writes: 50 clients, each request one job's 100 records, each with a random member's token
  let added = 0;
  const writes = await drive([restarted.url], opts.connections, Math.min(15, opts.duration), (onResponse) => [{
    method: 'POST', path: '/api/jobs/records', headers: { 'content-type': 'application/json', ...orgHeader },
    setupRequest: (req: LoadRequest) => ({ ...req, body: auditWriteBody(), headers: { ...req.headers, authorization: `Bearer ${users[Math.floor(Math.random() * users.length)]!.token}` } }),
    onResponse: (status: number, body: string) => {
      onResponse(status, body);
      const m = /"added":(\d+)/.exec(body);
      if (m) added += Number(m[1]);
    },
  }]);
  const writeRps = added / Math.min(15, opts.duration);
  // searches: the owner (reads everyone's), a mix of the five kinds in turn, 8 clients
  const searchRequests = (kinds: SearchKind[]) => (onResponse: (s: number, b: string) => void): LoadRequest[] => kinds.map((kind) => ({
    method: 'GET' as const, headers: { ...orgHeader, authorization: `Bearer ${owner.token}` },
    setupRequest: (req: LoadRequest) => ({ ...req, path: auditSearchPath(kind, users, seed.ids) }),
    onResponse,
  }));
  await drive([restarted.url], 8, 3, searchRequests(SEARCH_KINDS)); // warm-up
  const mix = await drive([restarted.url], 8, Math.min(15, opts.duration), searchRequests(SEARCH_KINDS));
  const kinds: string[] = [];
  for (const kind of SEARCH_KINDS) {
    const one = await drive([restarted.url], 8, 3, searchRequests([kind]));
    kinds.push(`${kind}=${f(one.p99, 0)}`);
  }
  console.log(`audit-${opts.auditRows}: write_rps=${f(writeRps, 0)} search_p99_ms=${f(mix.p99, 0)} engine=${engine} seed_s=${f(seed.ms / 1000, 0)}`
    + ` write_requests_rps=${f(writes.rps, 1)} records_per_request=${JOB_RECORDS_MAX_ITEMS} write_p99_ms=${f(writes.p99, 0)} write_errors=${writes.errors}`
    + ` search_rps=${f(mix.rps, 0)} search_p50_ms=${f(mix.p50, 0)} search_errors=${mix.errors} search_p99_by_kind_ms=${kinds.join(',')} connections_write=${opts.connections} connections_search=8`);
  for (const sample of [...writes.samples, ...mix.samples].slice(0, 3)) console.log(`  audit error sample: ${sample}`);
  return restarted;
}

// ---------------------------------------------------------------------------------------------

interface Scenario { engine: 'pglite' | 'postgres'; instances: number }

async function scenario(s: Scenario, opts: Options, cluster: PgCluster | null): Promise<void> {
  const dataDirs = Array.from({ length: s.instances }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-server-')));
  const emptyDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-dist-'));
  const databaseUrl = s.engine === 'postgres' ? await cluster!.createDatabase() : null;
  const servers: Server[] = [];
  try {
    for (const dataDir of dataDirs) {
      servers.push(await startServer(opts.serverRoot, {
        PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, TESSERA_DIST_DIR: emptyDist, TESSERA_DEMO: '1',
        TESSERA_RATE_LIMIT_SCALE: '1000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(opts.logLevel ? { LOG_LEVEL: opts.logLevel } : {}),
      }, opts.profile));
    }
    let urls = servers.map((x) => x.url);
    const users = await createUsers(urls[0]!, dataDirs[0]!, 20, `${s.engine}${s.instances}`);
    const name = `server-${s.engine}`;
    if (s.instances === 1 && opts.watch && !opts.auditOnly) await watchBench(urls[0]!, users[0]!, s.engine);
    if (s.instances === 1 && opts.audit) {
      servers[0] = await auditBench(servers[0]!, users, s.engine, opts);
      urls = servers.map((x) => x.url);
    }
    if (opts.watchOnly || opts.auditOnly) return;
    if (s.instances === 1) {
      const login = await drive(urls, 8, Math.min(10, opts.duration), loginRequests(users));
      console.log(`${name}-login: rps=${f(login.rps)} p99_ms=${f(login.p99, 0)} errors=${login.errors} p50_ms=${f(login.p50, 0)} connections=8`);
      if (login.samples.length) console.log(`  login error samples: ${login.samples.join(' | ')}`);
    }
    await drive(urls, opts.connections, 3, (onResponse) => mixRequests(users, onResponse)); // warm-up
    if (opts.perRoute) {
      for (const route of [...READS, 'addRecord' as const]) {
        const cpu0 = cpuSeconds(servers[0]!.pid);
        const r = await drive(urls, opts.connections, 5, routeRequests(users, route));
        const label = route === 'addRecord' ? '/api/pay/addRecord' : route.path;
        console.log(`  route ${label}: rps=${f(r.rps, 0)} p50_ms=${f(r.p50, 0)} p99_ms=${f(r.p99, 0)} errors=${r.errors} server_cpu_ms_per_req=${f((cpuSeconds(servers[0]!.pid) - cpu0) * 1000 / Math.max(1, r.total), 2)}`);
      }
    }
    const cpuBefore = servers.reduce((n, x) => n + cpuSeconds(x.pid), 0);
    const mix = await drive(urls, opts.connections, opts.duration, (onResponse) => mixRequests(users, onResponse));
    const cpuMs = (servers.reduce((n, x) => n + cpuSeconds(x.pid), 0) - cpuBefore) * 1000 / Math.max(1, mix.total);
    const rss = servers.map((x) => rssMb(x.pid));
    console.log(`${name}-${s.instances}: rps=${f(mix.rps, 0)} p50_ms=${f(mix.p50, 0)} p99_ms=${f(mix.p99, 0)} errors=${mix.errors} rss_mb=${f(rss.reduce((a, b) => a + b, 0), 0)}`
      + ` server_cpu_ms_per_req=${f(cpuMs, 2)} ${mix.detail} connections=${opts.connections} duration_s=${opts.duration} mix=reads80/writes20${s.instances > 1 ? ` rss_each_mb=${rss.map((x) => f(x, 0)).join('/')}` : ''}`);
    if (mix.samples.length) console.log(`  error samples: ${mix.samples.join(' | ')}`);
  } finally {
    // let answers still in flight finish: a server closing under them logs errors that are no finding
    await new Promise((r) => setTimeout(r, 1000));
    await Promise.all(servers.map((x) => x.stop()));
    // a server's own error lines (answers 500) tell what went wrong
    for (const dir of dataDirs) {
      for (const file of fs.readdirSync(dir).filter((n) => n.endsWith('.log'))) {
        const errors = fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter((l) => l.includes('"level":50'));
        for (const line of errors.slice(0, 3)) console.log(`  server error: ${line.slice(0, 600)}`);
      }
    }
    for (const dir of [...dataDirs, emptyDist]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.profile) fs.mkdirSync(opts.profile, { recursive: true });
  const scenarios: Scenario[] = [];
  if (opts.only.has('pglite')) scenarios.push({ engine: 'pglite', instances: 1 });
  if (opts.only.has('postgres')) scenarios.push({ engine: 'postgres', instances: 1 });
  if (opts.only.has('postgres-2')) scenarios.push({ engine: 'postgres', instances: 2 });
  const pgBin = findPgBin();
  const needsPg = scenarios.some((s) => s.engine === 'postgres');
  if (needsPg && !pgBin) console.log('SKIP: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): the postgres lines are not measured');
  const cluster = needsPg && pgBin ? await startPostgres(pgBin) : null;
  try {
    for (const s of scenarios) {
      if (s.engine === 'postgres' && !cluster) continue;
      await scenario(s, opts, cluster);
    }
  } finally {
    await cluster?.stop();
  }
}

const watchdog = setTimeout(() => {
  console.error('bench:server: watchdog fired (15 min; 60 with the audit log)');
  process.exit(1);
}, (process.argv.includes('--audit') || process.argv.includes('--audit-only') ? 60 : 15) * 60_000);
watchdog.unref();
await main();
