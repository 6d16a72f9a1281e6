// Equal timing of the account answers for known and unknown addresses (docs/DECISIONS.md, "Account takeover
// and guessing"): `npx tsx bench/auth-timing.ts [rounds]` prints the median ms of register, forgotPassword and
// login for an existing account and for a new/unknown address. The real server on in-memory PGlite, outbox mail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../server/app';
import { defaultRateLimits, loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { mailQueue, outboxPath } from '../server/mail';

const rounds = Number(process.argv[2]) || 30;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
let offset = 0;
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0' }, { clock: () => Date.now() + offset, distDir: path.join(dataDir, 'no-dist'), rateLimits: defaultRateLimits(1_000_000) });
const database = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
const app = await buildApp(config, { database, logStream: new Writable({ write(_c, _e, done) { done(); } }) });

let ipCounter = 0;
const ip = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${++ipCounter & 255}`;
async function post(url: string, body: unknown, cookie?: string) {
  const started = process.hrtime.bigint();
  const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, remoteAddress: ip() });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  await mailQueue(app.ctx.mailer).idle();
  return { ms, res };
}
const lastCode = (email: string) => fs.readFileSync(outboxPath(dataDir), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((m) => m.to === email).pop().code as string;
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

// existing accounts
const existing: string[] = [];
for (let i = 0; i < rounds; i++) {
  const email = `known.${i}@bench.test`;
  const { res } = await post('/api/user/register', { email, password: 'bench-pass-1', confirmPassword: 'bench-pass-1', agree: true });
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  await post('/api/user/emailActivation', { email, code: lastCode(email) }, cookie);
  existing.push(email);
}

const times: Record<string, { known: number[]; unknown: number[] }> = { register: { known: [], unknown: [] }, forgotPassword: { known: [], unknown: [] }, login: { known: [], unknown: [] } };
for (let i = 0; i < rounds; i++) {
  const known = existing[i]!;
  const unknown = `new.${i}@bench.test`;
  for (const [kind, email] of [['known', known], ['unknown', unknown]] as const) {
    times.register![kind].push((await post('/api/user/register', { email, password: 'other-pass-1', confirmPassword: 'other-pass-1', agree: true })).ms);
  }
}
// past the one-code-a-minute rule of the registrations above
offset += 61_000;
for (let i = 0; i < rounds; i++) {
  const known = existing[i]!;
  for (const [kind, email] of [['known', known], ['unknown', `ghost.${i}@bench.test`]] as const) {
    times.forgotPassword![kind].push((await post('/api/user/forgotPassword', { email })).ms);
    times.login![kind].push((await post('/api/user/login', { email, password: 'wrong-pass-1' })).ms);
  }
}

console.log(`median ms over ${rounds} rounds (existing account vs new/unknown address)`);
for (const [name, t] of Object.entries(times)) {
  console.log(`${name.padEnd(15)} existing ${median(t.known).toFixed(1).padStart(7)}   new ${median(t.unknown).toFixed(1).padStart(7)}`);
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
