// Two server instances on one PostgreSQL (two apps, two connection pools, nothing shared in memory):
// the login, unlock, code and per-user insert limits count together, and right passwords never lock
// anyone out, even under forced concurrency (docs/DECISIONS.md, "Limits in the database").
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultUserLimits } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { UNLOCK_AFTER } from '../../server/routes/account';
import { createHarness, findPgBin, startPostgres, type Answer, type Harness, type PgCluster } from './harness';
import { makeOrg, orgCalls } from './suite/approvals';

const pgBin = findPgBin();
if (!pgBin) console.log('SKIP: PostgreSQL is not installed: the two-instance tests do not run');

describe.skipIf(!pgBin)('two instances on one PostgreSQL', () => {
  let cluster: PgCluster;
  const databases: Database[] = [];
  let a: Harness;
  let b: Harness;
  /** the instance of the i-th call: a, b, a, b, … */
  const either = (i: number) => (i % 2 ? b : a);
  const checked = (answers: Answer[]) => answers.filter((r) => r.code === 40001).length;

  beforeAll(async () => {
    cluster = await startPostgres(pgBin!);
    const url = await cluster.createDatabase();
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: url, pgliteDir: '' }));
    const userLimits = { ...defaultUserLimits(), records: { perMinute: 6, stored: 100 } };
    a = await createHarness(databases[0]!, { userLimits });
    b = await createHarness(databases[1]!, { userLimits });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const d of databases) await d.close();
    await cluster?.stop();
  });

  /** An account made on instance a. */
  const account = () => a.signUp(a.uniqueEmail('two'), 'right-pass-1');

  test('12 alternating wrong passwords from one source: 5 checked, as with one instance', async () => {
    const user = await account();
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) answers.push(await either(i).login(user.email, 'wrong-pass-1', '10.90.0.1'));
    expect(checked(answers)).toBe(5);
    expect(answers.slice(5).every((r) => r.http === 429 && r.code === 42900)).toBe(true);
    // while the lock holds, even the right password is refused unchecked, on both instances
    expect((await a.login(user.email, user.password, '10.90.0.1')).http).toBe(429);
    expect((await b.login(user.email, user.password, '10.90.0.1')).http).toBe(429);
    // the owner from another address is not
    expect((await b.login(user.email, user.password, '10.90.0.2')).status).toBe(1);
  });

  test(`alternating wrong passwords from many sources: ${UNLOCK_AFTER} checked, then the unlock code`, async () => {
    const user = await account();
    const answers: Answer[] = [];
    for (let i = 0; i < 2 * UNLOCK_AFTER + 2; i++) answers.push(await either(i).login(user.email, 'wrong-pass-1', `10.91.0.${i + 1}`));
    expect(checked(answers)).toBe(UNLOCK_AFTER);
    expect(answers.slice(UNLOCK_AFTER).every((r) => r.code === 40011)).toBe(true);
  });

  test('30 parallel wrong passwords spread over both instances: at most 5 checked, the rest 429', async () => {
    const user = await account();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => either(i).login(user.email, 'wrong-pass-1', '10.92.0.1')));
    expect(checked(answers)).toBeLessThanOrEqual(5);
    expect(checked(answers)).toBeGreaterThan(0);
    expect(answers.filter((r) => r.http === 429).length).toBe(30 - checked(answers));
  });

  test('a burst of right passwords locks nobody out: 40 at once from one source over 8 accounts, 14 at once to one account', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => account()));
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => either(i).login(users[i % 8]!.email, users[i % 8]!.password, '10.93.0.1')));
    expect(burst.filter((r) => r.http === 429)).toEqual([]);
    expect(burst.every((r) => r.status === 1)).toBe(true);
    // afterwards a right login from that source still works, and wrong ones still count from zero
    expect((await a.login(users[0]!.email, users[0]!.password, '10.93.0.1')).status).toBe(1);
    const one = users[1]!;
    const many = await Promise.all(Array.from({ length: 14 }, (_, i) => either(i).login(one.email, one.password, `10.93.1.${i % 3}`)));
    expect(many.map((r) => r.code)).toEqual(many.map(() => 20000));
    const after = await b.login(one.email, one.password, '10.93.2.1');
    expect(after.status).toBe(1);
    const wrong: Answer[] = [];
    for (let i = 0; i < 6; i++) wrong.push(await either(i).login(one.email, 'wrong-pass-1', '10.93.0.1'));
    expect(checked(wrong)).toBe(5);
  });

  test('right and wrong passwords at once: the wrong ones stay bounded, the right ones all pass', async () => {
    const user = await account();
    const calls = Array.from({ length: 20 }, (_, i) => either(i).login(user.email, i % 2 ? 'wrong-pass-1' : user.password, '10.94.0.1'));
    const answers = await Promise.all(calls);
    expect(checked(answers)).toBeLessThanOrEqual(5);
    // a right password checked before the lock passes; after the lock it is refused unchecked, never 40001
    expect(answers.filter((r, i) => i % 2 === 0 && r.code === 40001)).toEqual([]);
  });

  test('codes: two instances asked at once send one code; per-user inserts count together', async () => {
    const user = await account();
    a.clock.advance(61_000);
    b.clock.advance(61_000);
    try {
      const asked = await Promise.all([a, b, a, b].map((h) => h.call('POST', '/api/user/forgotPassword', { body: { email: user.email } })));
      expect(asked.filter((r) => r.status === 1).length).toBe(1);
      expect(asked.filter((r) => r.http === 429).length).toBe(3);
    } finally {
      a.clock.reset();
      b.clock.reset();
    }
    const add = (i: number) => either(i).call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'bm', data: { id: `r${i}` } } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => add(i)));
    expect(answers.filter((r) => r.status === 1).length).toBe(6);
    expect(answers.filter((r) => r.http === 429).length).toBe(4);
  });

  // Teams (server/routes/org.ts, server/org/scope.ts): membership is read on every request from the
  // shared database, and every change of an organisation's members runs under a lock of its row, so two
  // instances cannot together leave it without an owner.
  const inOrg = (h: Harness, user: { token: string }, org: number, method: 'GET' | 'POST', url: string, body?: unknown) =>
    h.call(method, url, { token: user.token, headers: { 'x-tessera-org': String(org) }, ...(body !== undefined ? { body } : {}) });

  /** An organisation made on a, and members invited on a who accept on b. */
  async function team(roles: string[]) {
    const owner = await a.signUp(a.uniqueEmail('team'), 'right-pass-1');
    const org = (await a.call('POST', '/api/org/create', { token: owner.token, body: { name: 'Two instances' } })).data.id as number;
    const members = [];
    for (const role of roles) {
      const user = await a.signUp(a.uniqueEmail('member'), 'right-pass-1');
      expect((await inOrg(a, owner, org, 'POST', '/api/org/invite', { email: user.email, role })).status).toBe(1);
      const mail = a.outbox().filter((m) => m.to === user.email).pop()!;
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      a.secrets.add(token);
      expect(await b.call('POST', '/api/org/invites/accept', { token: user.token, body: { token } })).toMatchObject({ status: 1, data: { id: org, role } });
      members.push(user);
    }
    return { owner, org, members };
  }

  test('a member removed on instance a is refused on instance b at their next request', async () => {
    const { owner, org, members: [operator] } = await team(['operator']);
    expect(await inOrg(b, operator!, org, 'GET', '/api/org/members')).toMatchObject({ status: 1 });
    expect(await inOrg(a, owner, org, 'POST', '/api/org/members/remove', { userId: operator!.uid })).toMatchObject({ status: 1, data: { removed: 1 } });
    expect(await inOrg(b, operator!, org, 'GET', '/api/org/members')).toMatchObject({ http: 403, code: 40302 });
    expect(await inOrg(b, operator!, org, 'GET', '/api/org/policy')).toMatchObject({ http: 403, code: 40302 });
  });

  test('the last two owners demoting each other at once on the two instances leave exactly one owner', async () => {
    const { owner, org, members: [second] } = await team(['owner']);
    // both stay members (the one demoted is an admin), so either reads the list
    const owners = async () => (await inOrg(a, owner, org, 'GET', '/api/org/members')).data.filter((m: { role: string }) => m.role === 'owner');
    for (let round = 0; round < 6; round++) {
      const [one, two] = await Promise.all([
        inOrg(a, owner, org, 'POST', '/api/org/members/role', { userId: second!.uid, role: 'admin' }),
        inOrg(b, second!, org, 'POST', '/api/org/members/role', { userId: owner.uid, role: 'admin' }),
      ]);
      expect([one, two].filter((r) => r.status === 1), `round ${round}: ${one.raw} ${two.raw}`).toHaveLength(1);
      expect([one, two].filter((r) => r.status !== 1)[0]).toMatchObject({ code: 40303 });
      const left = await owners();
      expect(left).toHaveLength(1);
      // the remaining owner makes the other an owner again for the next round
      const survivor = left[0].userId === owner.uid ? owner : second!;
      const other = survivor === owner ? second! : owner;
      expect((await inOrg(round % 2 ? a : b, survivor, org, 'POST', '/api/org/members/role', { userId: other.uid, role: 'owner' })).status).toBe(1);
    }
  });

  test('1,000 job records written at once, each sent twice (once to each instance): each stored exactly once', async () => {
    // 10 members of one organisation, 100 records each (200 requests each: under the per-user limit of 240 a minute)
    const users = await Promise.all(Array.from({ length: 10 }, () => account()));
    const db = databases[0]!.db;
    const org = ((await db.execute(sql`insert into organisations (name, created_at) values ('Two instances', now()) returning id`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    for (const u of users) await db.execute(sql`insert into org_members (org_id, user_id, role, joined_at) values (${org}, ${u.uid}, 'operator', now())`);
    const send = (h: Harness, i: number) => h.call('POST', '/api/jobs/records', {
      token: users[i % 10]!.token,
      headers: { 'x-tessera-org': String(org) },
      body: { job: `job-two-${Math.floor(i / 10) % 10}`, action: 'adaccount.rename', fbid: '100088', params: { pattern: '{name}' }, items: [{ item: `act_${i}`, attempt: 0, object: `act_${i}`, outcome: 'done', before: { name: 'a' }, after: { name: 'b' } }] },
    });
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => [send(either(i), i), send(either(i + 1), i)]).flat());
    expect(answers.filter((r) => r.status !== 1).map((r) => r.raw).slice(0, 3)).toEqual([]);
    expect(answers.reduce((n, r) => n + r.data.acknowledged, 0)).toBe(2000);
    expect(answers.reduce((n, r) => n + r.data.added, 0)).toBe(1000);
    const counted = (await db.execute(sql`select count(*)::int as n, count(distinct (user_id, job, item, attempt))::int as keys from job_records where org_id = ${org}`)) as unknown as { rows: { n: number; keys: number }[] };
    expect(counted.rows[0]).toEqual({ n: 1000, keys: 1000 });
  });

  // Approvals (server/routes/approvals.ts): every change of state is one conditional UPDATE, so what
  // one instance decided is read by the other at once, and two deciding or using at once give one outcome.
  test('approvals: decided on a, read on b at once; concurrent decisions and uses on a and b give one outcome', async () => {
    const org = await makeOrg(a, ['owner', 'admin', 'operator']);
    const [owner, admin, operator] = org.m as [typeof org.m[0], typeof org.m[0], typeof org.m[0]];
    const [onA, onB] = [orgCalls(a, org.id), orgCalls(b, org.id)];
    const ask = async (i: number) => (await either(i).call('POST', '/api/org/approvals', {
      token: operator.token, headers: { 'x-tessera-org': String(org.id) },
      body: { job: `job-${i}`, action: 'page.deletePage', fbid: '1', items: [`p${i}`], params: {}, dryRun: [], reason: 'irreversible' },
    })).data as { id: number; digest: string };

    const first = await ask(0);
    expect((await onA.decide(admin, first.id, true, 'yes')).data.status).toBe('approved');
    expect(await onB.one(operator, first.id)).toMatchObject({ status: 1, data: { status: 'approved', comment: 'yes' } });
    expect((await onB.list(owner, { status: 'approved' })).data.list.map((x: { id: number }) => x.id)).toEqual([first.id]);

    for (let round = 1; round <= 5; round++) {
      const asked = await ask(round);
      // the owner approves on a while the admin rejects on b: exactly one decision stands
      const decided = await Promise.all([onA.decide(owner, asked.id, true, 'a'), onB.decide(admin, asked.id, false, 'b')]);
      expect(decided.filter((r) => r.status === 1)).toHaveLength(1);
      expect(decided.filter((r) => r.code === 40900)).toHaveLength(1);
      const winner = decided.find((r) => r.status === 1)!.data;
      expect((await onB.one(operator, asked.id)).data).toMatchObject({ status: winner.status, comment: winner.comment, decidedBy: winner.decidedBy });
      if (winner.status !== 'approved') continue;
      // two tabs start the approved job at once, on a and on b: one use
      const used = await Promise.all([onA.use(operator, asked.id, asked.digest), onB.use(operator, asked.id, asked.digest)]);
      expect(used.filter((r) => r.status === 1)).toHaveLength(1);
      expect(used.filter((r) => r.code === 40900)).toHaveLength(1);
    }
    // and the first one, used at once from both
    const used = await Promise.all([onA.use(operator, first.id, first.digest), onB.use(operator, first.id, first.digest), onA.use(operator, first.id, first.digest)]);
    expect(used.filter((r) => r.status === 1)).toHaveLength(1);
    expect((await onB.one(admin, first.id)).data.status).toBe('used');
  });
});
