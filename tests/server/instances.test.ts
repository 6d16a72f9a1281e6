// Two server instances on one PostgreSQL (two apps, two connection pools, nothing shared in memory):
// the login, unlock, code and per-user insert limits count together, and right passwords never lock
// anyone out, even under forced concurrency (docs/DECISIONS.md, "Limits in the database").
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
