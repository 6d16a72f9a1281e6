// Job records (server/routes/jobs.ts): every write a job applied, reported by the browser until the
// server acknowledges it. Each record is stored once per user + job + item + attempt — a repeat, even
// across a restart of the server, is acknowledged and ignored; the owner alone reads them; a bad
// request stores nothing; they go with their user.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { defaultUserLimits } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db';
import { createHarness, type Harness } from '../harness';
import type { SuiteEnv } from './env';
import { createKernelStore } from '../../../src/kernel/store/store';
import { JobStore } from '../../../src/kernel/runner/job-store';
import { JobRecordsReporter } from '../../../src/kernel/runner/job-records';
import { tableCounts } from './env';

type Item = { item: string; attempt: number; object: string; outcome: string; before: object | null; after: object | null };

const rename = (n: number, attempt = 1): Item => ({
  item: `act_${1000 + n}`, attempt, object: `act_${1000 + n}`, outcome: 'done',
  before: { name: `Old ${n}` }, after: { name: `ACME | US | ${n}` },
});
const body = (job: string, items: unknown[], extra: object = {}) => ({ job, action: 'adaccount.rename', fbid: '100012345', items, ...extra });

let jobs = 0;
const newJob = () => `job-${Date.now().toString(36)}-${++jobs}`;

async function rowsOf(h: Harness, query: string): Promise<Record<string, unknown>[]> {
  const result = await h.database.db.execute(sql.raw(query));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function readAll(h: Harness, token: string, job: string) {
  const list: Record<string, any>[] = [];
  for (let page = 1; ; page++) {
    const res = await h.call('GET', '/api/jobs/records', { token, query: { job, page: String(page), pageSize: '100' } });
    expect(res, res.raw).toMatchObject({ http: 200, status: 1 });
    list.push(...res.data.list);
    if (list.length >= res.data.total || res.data.list.length === 0) return { list, total: res.data.total as number };
  }
}

export function jobRecordTests(env: SuiteEnv): void {
  describe('job records', () => {
    test('stores each record; a repeat is acknowledged and ignored (the first one stands)', async () => {
      const { h } = env;
      const user = await h.signUp();
      const job = newJob();
      const post = (items: Item[]) => h.call('POST', '/api/jobs/records', { token: user.token, body: body(job, items) });

      expect(await post([rename(1), rename(2), rename(3)])).toMatchObject({ http: 200, status: 1, code: 20000, data: { acknowledged: 3, added: 3 } });
      // the answer was lost: the browser sends the same again, with one more
      expect(await post([rename(2), rename(3), rename(4)])).toMatchObject({ status: 1, data: { acknowledged: 3, added: 1 } });
      // a repeat that differs keeps the first one; the same item in one request counts once
      expect(await post([{ ...rename(1), after: { name: 'changed' } }, rename(5), rename(5)])).toMatchObject({ status: 1, data: { acknowledged: 3, added: 1 } });
      // a new attempt of an item is a new record
      expect(await post([rename(1, 2)])).toMatchObject({ status: 1, data: { acknowledged: 1, added: 1 } });

      const read = await h.call('GET', '/api/jobs/records', { token: user.token, query: { job } });
      expect(read).toMatchObject({ http: 200, status: 1, data: { total: 6, page: 1, pageSize: 20 } });
      expect(read.data.list.map((r: Item) => `${r.item}#${r.attempt}`)).toEqual(['act_1001#1', 'act_1002#1', 'act_1003#1', 'act_1004#1', 'act_1005#1', 'act_1001#2']);
      const first = read.data.list[0];
      expect(first).toEqual({
        job, action: 'adaccount.rename', fbid: '100012345', item: 'act_1001', attempt: 1, object: 'act_1001', outcome: 'done',
        before: { name: 'Old 1' }, after: { name: 'ACME | US | 1' }, at: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(first.at))).toBe(false);
      // null states (a created object has no before) and the other outcomes
      const created = { item: 'new-1', attempt: 0, object: '55501', outcome: 'unknown', before: null, after: { id: '55501' } };
      expect(await post([created])).toMatchObject({ status: 1, data: { added: 1 } });
      expect((await readAll(h, user.token, job)).list.at(-1)).toMatchObject(created);
    });

    test('the same records sent by several tabs at once are stored once', async () => {
      const { h } = env;
      const user = await h.signUp();
      const job = newJob();
      const items = Array.from({ length: 30 }, (_, i) => rename(i));
      const answers = await Promise.all(Array.from({ length: 5 }, () => h.call('POST', '/api/jobs/records', { token: user.token, body: body(job, items) })));
      expect(answers.map((a) => a.status)).toEqual([1, 1, 1, 1, 1]);
      expect(answers.reduce((n, a) => n + a.data.added, 0)).toBe(30);
      expect((await readAll(h, user.token, job)).total).toBe(30);
    });

    test('the owner alone reads them; the same key from another user is another record', async () => {
      const { h } = env;
      const [alice, bob] = [await h.signUp(), await h.signUp()];
      const job = newJob();
      expect(await h.call('POST', '/api/jobs/records', { token: alice.token, body: body(job, [rename(1), rename(2)]) })).toMatchObject({ status: 1, data: { added: 2 } });
      expect(await h.call('GET', '/api/jobs/records', { token: bob.token, query: { job } })).toMatchObject({ status: 1, data: { list: [], total: 0 } });
      // the uid a client sends along picks nobody
      expect(await h.call('GET', '/api/jobs/records', { token: bob.token, query: { job, uid: String(alice.uid) } })).toMatchObject({ status: 1, data: { total: 0 } });
      expect(await h.call('GET', '/api/jobs/records', { query: { job } })).toMatchObject({ status: -1, code: 50008 });
      expect(await h.call('POST', '/api/jobs/records', { body: body(job, [rename(1)]) })).toMatchObject({ status: -1, code: 50008 });
      // bob's own report under the same job id does not touch alice's
      expect(await h.call('POST', '/api/jobs/records', { token: bob.token, body: body(job, [{ ...rename(1), after: { name: 'bob' } }]) })).toMatchObject({ status: 1, data: { added: 1 } });
      expect((await readAll(h, alice.token, job)).list.map((r) => r.after)).toEqual([{ name: 'ACME | US | 1' }, { name: 'ACME | US | 2' }]);
      expect((await readAll(h, bob.token, job)).list.map((r) => r.after)).toEqual([{ name: 'bob' }]);
    });

    test('pages: 150 records read back in order, 100 at most a page', async () => {
      const { h } = env;
      const user = await h.signUp();
      const job = newJob();
      const items = Array.from({ length: 150 }, (_, i) => rename(i));
      for (const part of [items.slice(0, 100), items.slice(100)]) {
        expect(await h.call('POST', '/api/jobs/records', { token: user.token, body: body(job, part) })).toMatchObject({ status: 1 });
      }
      const page2 = await h.call('GET', '/api/jobs/records', { token: user.token, query: { job, page: '2', pageSize: '100' } });
      expect(page2).toMatchObject({ status: 1, data: { total: 150, page: 2, pageSize: 100 } });
      expect(page2.data.list).toHaveLength(50);
      expect(page2.data.list[0].item).toBe('act_1100');
      const all = await readAll(h, user.token, job);
      expect(all.list.map((r) => r.item)).toEqual(items.map((i) => i.item));
      expect(await h.call('GET', '/api/jobs/records', { token: user.token, query: { job, pageSize: '101' } })).toMatchObject({ http: 400, code: 40000 });
    });

    test('bad shapes are refused with a clear reason in both languages, and nothing is stored', async () => {
      const { h } = env;
      const user = await h.signUp();
      const job = newJob();
      expect(await h.call('POST', '/api/jobs/records', { token: user.token, body: body(job, [rename(1)]) })).toMatchObject({ status: 1 });
      const before = await tableCounts(h);
      const send = (b: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') => h.call('POST', '/api/jobs/records', { token: user.token, body: b, lang });
      const big = { blob: 'x'.repeat(5000) };
      const bad: [unknown, RegExp][] = [
        [{ action: 'adaccount.rename', fbid: '1', items: [rename(2)] }, /job is required/],
        [body('', [rename(2)]), /job has the wrong length/],
        [body('job 1; drop', [rename(2)]), /job is not in a valid format/],
        [body('j'.repeat(65), [rename(2)]), /job has the wrong length/],
        [body(job, [rename(2)], { action: 'Not An Action' }), /action is not in a valid format/],
        [body(job, [rename(2)], { fbid: 'me@example.test' }), /fbid is not in a valid format/],
        [body(job, [rename(2)], { fbid: undefined }), /fbid is required/],
        [body(job, []), /items has the wrong length/],
        [body(job, [rename(2)], { items: { 0: rename(2) } }), /items has the wrong type/],
        [body(job, Array.from({ length: 101 }, (_, i) => ({ ...rename(i), before: null, after: null }))), /items has the wrong length/],
        [body(job, [rename(2), { ...rename(3), attempt: -1 }]), /items\.1\.attempt is out of range/],
        [body(job, [rename(2), { ...rename(3), attempt: 1.5 }]), /items\.1\.attempt has the wrong type/],
        [body(job, [rename(2), { ...rename(3), attempt: '1' }]), /items\.1\.attempt has the wrong type/],
        [body(job, [{ ...rename(3), item: '' }]), /items\.0\.item has the wrong length/],
        [body(job, [{ ...rename(3), item: 'a\nb' }]), /items\.0\.item is not in a valid format/],
        [body(job, [{ ...rename(3), object: 'o'.repeat(257) }]), /items\.0\.object has the wrong length/],
        [body(job, [{ ...rename(3), outcome: 'maybe' }]), /items\.0\.outcome has a value that is not allowed/],
        [body(job, [{ ...rename(3), before: 'Old 3' }]), /items\.0\.before has the wrong type/],
        [body(job, [{ ...rename(3), after: [1, 2] }]), /items\.0\.after has the wrong type/],
        [body(job, [{ item: 'x', attempt: 1, object: 'x', outcome: 'done', before: null }]), /items\.0\.after is required/],
      ];
      for (const [b, reason] of bad) {
        const res = await send(b);
        expect(res, JSON.stringify(b).slice(0, 200)).toMatchObject({ http: 400, status: 0, code: 40000, data: null });
        expect(res.info).toMatch(reason);
      }
      // a state over the limit: its own code, which item and field, nothing of the request stored
      const tooBig = await send(body(job, [rename(2), { ...rename(3), after: big }]));
      expect(tooBig).toMatchObject({ http: 400, status: 0, code: 40030, info: 'Item 2: after is too large (at most 4096 bytes); nothing of this request was stored' });
      const zh = await send(body(job, [{ ...rename(3), before: big }]), 'zh-CN');
      expect(zh).toMatchObject({ http: 400, code: 40030, info: '第 1 项的 before 过大（上限 4096 字节），本次请求未保存任何记录' });
      expect((await send({ ...body(job, [rename(2)]), job: 7 }, 'zh-CN')).info).toBe('请求参数无效：字段 job 的类型不正确');
      // a body over the server's limit (64 KiB): 413 in the envelope
      const huge = await send(body(job, Array.from({ length: 100 }, (_, i) => ({ ...rename(i), before: { note: 'y'.repeat(1000) } }))));
      expect(huge).toMatchObject({ http: 413, status: 0, code: 41300 });
      const malformed = await h.call('POST', '/api/jobs/records', { token: user.token, payload: '{"job": "x", "items": [', headers: { 'content-type': 'application/json' } });
      expect(malformed).toMatchObject({ http: 400, status: 0 });

      expect(await tableCounts(h)).toEqual(before);
      expect((await readAll(h, user.token, job)).list.map((r) => r.item)).toEqual(['act_1001']);
      // a full request with small states fits
      const full = Array.from({ length: 100 }, (_, i) => rename(i + 10));
      expect(JSON.stringify(body(job, full)).length).toBeLessThan(64 * 1024);
      expect(await send(body(job, full))).toMatchObject({ status: 1, data: { acknowledged: 100, added: 100 } });
    });

    test('N requests a minute per user (429, retry-after); the refused records are stored when sent again', async () => {
      const h = await createHarness(env.h.database, { userLimits: { ...defaultUserLimits(), jobRecords: { perMinute: 2 } } });
      try {
        const user = await h.signUp();
        const job = newJob();
        const post = (items: Item[]) => h.call('POST', '/api/jobs/records', { token: user.token, body: body(job, items) });
        expect((await post([rename(1)])).status).toBe(1);
        expect((await post([rename(2)])).status).toBe(1);
        const refused = await post([rename(3)]);
        expect(refused).toMatchObject({ http: 429, status: 0, code: 42900 });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        h.clock.advance(61_000);
        expect(await post([rename(2), rename(3)])).toMatchObject({ status: 1, data: { acknowledged: 2, added: 1 } });
        expect((await readAll(h, user.token, job)).total).toBe(3);
      } finally {
        await h.close();
      }
    });

    test("a deleted user's records are deleted with them", async () => {
      const { h } = env;
      const [gone, stays] = [await h.signUp(), await h.signUp()];
      const job = newJob();
      for (const u of [gone, stays]) {
        expect(await h.call('POST', '/api/jobs/records', { token: u.token, body: body(job, [rename(1), rename(2)]) })).toMatchObject({ status: 1 });
      }
      expect(await rowsOf(h, `select count(*)::int as n from job_records where user_id = ${gone.uid}`)).toEqual([{ n: 2 }]);
      await h.database.db.execute(sql.raw(`delete from users where id = ${gone.uid}`));
      expect(await rowsOf(h, `select count(*)::int as n from job_records where user_id = ${gone.uid}`)).toEqual([{ n: 0 }]);
      expect((await readAll(h, stays.token, job)).total).toBe(2);
    });

    test('the server stopped mid-job, then restarted: each applied write recorded exactly once', async () => {
      // A database of its own that outlives the first server: a PGlite directory on disk, or a PostgreSQL database.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-job-records-'));
      const where = env.kind === 'postgres'
        ? { databaseUrl: await env.cluster!.createDatabase(), pgliteDir: '' }
        : { databaseUrl: null, pgliteDir: path.join(dir, 'pglite') };
      const job = newJob();
      const writes = Array.from({ length: 40 }, (_, i) => rename(i));
      let database: Database | null = await openDatabase(where);
      let h: Harness | null = null;
      try {
        h = await createHarness(database);
        const user = await h.signUp();
        const post = (items: Item[]) => h!.call('POST', '/api/jobs/records', { token: user.token, body: body(job, items) });
        // the first 25 writes reached the server; the answer to the last request (20–24) never reached
        // the browser, which therefore keeps them and re-sends them
        expect(await post(writes.slice(0, 20))).toMatchObject({ status: 1, data: { added: 20 } });
        expect(await post(writes.slice(20, 25))).toMatchObject({ status: 1, data: { added: 5 } });
        await h.close();
        await database.close();
        h = null;
        database = null;

        // the server starts again on the same data; the browser sends what it still holds, then the rest
        database = await openDatabase(where);
        h = await createHarness(database);
        expect(await post(writes.slice(20, 30))).toMatchObject({ status: 1, data: { acknowledged: 10, added: 5 } });
        expect(await post(writes.slice(25, 40))).toMatchObject({ status: 1, data: { acknowledged: 15, added: 10 } });
        // a late duplicate of an early request changes nothing
        expect(await post(writes.slice(0, 20))).toMatchObject({ status: 1, data: { acknowledged: 20, added: 0 } });

        const { list, total } = await readAll(h, user.token, job);
        expect(total).toBe(40);
        expect(list.map((r) => r.item)).toEqual(writes.map((w) => w.item));
        expect(new Set(list.map((r) => `${r.item}#${r.attempt}`)).size).toBe(40);
        expect(list.map((r) => r.after)).toEqual(writes.map((w) => w.after));
      } finally {
        await h?.close();
        await database?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    test("the browser's outbox against a server stopped mid-job, then restarted: each applied write recorded exactly once", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-job-outbox-'));
      const where = env.kind === 'postgres'
        ? { databaseUrl: await env.cluster!.createDatabase(), pgliteDir: '' }
        : { databaseUrl: null, pgliteDir: path.join(dir, 'pglite') };
      let database: Database | null = await openDatabase(where);
      let h: Harness | null = await createHarness(database);
      const user = await h.signUp();
      // the browser's side: the job's items in its store, the outbox sending them (src/kernel/runner/job-records.ts)
      const jobs = new JobStore(createKernelStore(), () => Date.now());
      const job = newJob();
      jobs.create(job, {
        actionId: 'adaccount.rename', pluginId: 'adaccount', status: 'running', pauseReason: '', pauseMessage: '', params: '{}', secretFields: '[]', error: '', errorFields: '[]',
        settling: 0, settlingUntil: 0, total: 40, done: 0, failed: 0, skipped: 0, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 1, finishedAt: 0, dryRun: false,
        startedBy: 'op', undoOf: '', fbid: '100012345', org: 0, approval: 0,
      }, Array.from({ length: 40 }, (_, i) => ({
        jobId: job, index: i, itemId: `act_${1000 + i}`, item: JSON.stringify({ id: `act_${1000 + i}` }), state: 'pending' as const, attempts: 1, message: '', output: '', scope: '',
        requestId: '', deadline: 0, finishedAt: 0, before: JSON.stringify({ name: `Old ${i}` }), after: JSON.stringify({ name: `New ${i}` }), record: 'write',
      })));
      const apply = (from: number, to: number) => { for (let i = from; i < to; i++) jobs.patchItem(`${job}:${String(i).padStart(7, '0')}`, { state: 'done' }); };
      let loseAnswer = false;
      const sent: number[] = [];
      const reporter = new JobRecordsReporter(jobs, {
        platformUserId: () => null, gatherMs: 0, retryMs: 20, maxRetryMs: 40,
        send: async (b) => {
          if (!h) throw new Error('the server is down');
          const res = await h.call('POST', '/api/jobs/records', { token: user.token, body: b });
          if (res.status !== 1) throw new Error(res.raw);
          sent.push(b.items.length);
          if (loseAnswer) { loseAnswer = false; throw new Error('the answer was lost'); }
          return res.data;
        },
      });
      try {
        apply(0, 20);
        expect(jobs.dueRecords()).toHaveLength(20);
        expect(await reporter.flush()).toBe(20);
        expect(jobs.dueRecords()).toHaveLength(0);
        // stored by the server, but the answer never reached the browser: kept, sent again later
        apply(20, 25);
        loseAnswer = true;
        expect(await reporter.flush()).toBe(0);
        expect(jobs.dueRecords()).toHaveLength(5);
        // the server stops mid-job; the job goes on and its writes wait in the outbox
        await h.close();
        await database.close();
        h = null;
        database = null;
        apply(25, 32);
        expect(await reporter.flush()).toBe(0);
        expect(jobs.dueRecords()).toHaveLength(12);

        database = await openDatabase(where);
        h = await createHarness(database);
        const stop = reporter.start(); // the outbox sends by itself from here
        apply(32, 40);
        await expect.poll(() => jobs.dueRecords().length, { timeout: 10_000, interval: 20 }).toBe(0);
        stop();
        const { list, total } = await readAll(h, user.token, job);
        expect(total).toBe(40);
        expect(list.map((r) => r.item).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `act_${1000 + i}`).sort());
        expect(list.find((r) => r.item === 'act_1021')).toMatchObject({ attempt: 0, object: 'act_1021', before: { name: 'Old 21' }, after: { name: 'New 21' }, fbid: '100012345' });
        // records 20–24 went twice (the lost answer); the server kept them once
        expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThan(40);
      } finally {
        await h?.close();
        await database?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
