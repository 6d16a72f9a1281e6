// The watch (server/routes/watch.ts, server/watch/): snapshots in, changes out. The first sighting of an
// object records its state without changes; a changed field is one change, recorded once; a list's added
// or removed member is one change; a change is a job's when a job record of the operator explains it,
// else from outside; the feed filters and is bounded; each operator sees their own; refused requests
// store nothing; old changes go after the retention; everything goes with its user.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { sweep } from '../../../server/housekeeping';
import type { Harness } from '../harness';
import type { SuiteEnv } from './env';
import { tableCounts } from './env';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let seq = 0;
/** Ids no other test uses (the tests share one database). */
const fresh = (prefix = '') => `${prefix}${Date.now() % 1e9}${++seq}`;

type Row = Record<string, unknown> & { id: string };

function account(id: string, over: Partial<Row> = {}): Row {
  return {
    id, name: `Account ${id}`, status: 'ACTIVE', disableReason: null, amountSpent: 1200, spendCap: 5000, balance: 0, currency: 'USD',
    myRole: 'ADMIN', users: [{ id: '100', name: 'Ann', role: 'ADMIN' }, { id: '101', name: 'Bo', role: 'ADVERTISER' }], ...over,
  };
}

async function rows(h: Harness, query: string): Promise<Record<string, unknown>[]> {
  return (await h.database.db.execute(sql.raw(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

export function watchTests(env: SuiteEnv): void {
  describe('the watch', () => {
    const snap = (h: Harness, token: string, type: string, list: Row[], lang?: 'en-US' | 'zh-CN') =>
      h.call('POST', '/api/watch/snapshots', { token, body: { type, rows: list }, lang });
    const changes = (h: Harness, token: string, query: Record<string, string> = {}) =>
      h.call('GET', '/api/watch/changes', { token, query });

    test('a first sighting records no change; unchanged rows none; a changed field one change, once', async () => {
      const { h } = env;
      const user = await h.signUp();
      const [a, b] = [fresh('act_'), fresh('act_')];
      expect(await snap(h, user.token, 'adaccount', [account(a), account(b)])).toMatchObject({ http: 200, status: 1, code: 20000, data: { objects: 2, added: 2, changes: 0 } });
      expect((await changes(h, user.token)).data).toEqual([]);
      // the same again: nothing
      h.clock.advance(60_000);
      expect(await snap(h, user.token, 'adaccount', [account(a), account(b)])).toMatchObject({ status: 1, data: { objects: 2, added: 0, changes: 0 } });
      expect((await changes(h, user.token)).data).toEqual([]);

      // the account is disabled from outside
      h.clock.advance(60_000);
      const disabled = account(a, { status: 'DISABLED', disableReason: 3 });
      expect(await snap(h, user.token, 'adaccount', [disabled, account(b)])).toMatchObject({ status: 1, data: { objects: 2, added: 0, changes: 2 } });
      const feed = await changes(h, user.token);
      expect(feed).toMatchObject({ http: 200, status: 1 });
      expect([...feed.data].sort((x: { field: string }, y: { field: string }) => x.field.localeCompare(y.field))).toEqual([
        { at: expect.any(String), object: { type: 'adaccount', id: a, name: `Account ${a}` }, field: 'disableReason', from: null, to: 3, by: 'outside' },
        { at: expect.any(String), object: { type: 'adaccount', id: a, name: `Account ${a}` }, field: 'status', from: 'ACTIVE', to: 'DISABLED', by: 'outside' },
      ]);
      // sent again (another tab, a refresh): recorded once
      h.clock.advance(60_000);
      expect(await snap(h, user.token, 'adaccount', [disabled])).toMatchObject({ status: 1, data: { changes: 0 } });
      expect((await changes(h, user.token)).data).toHaveLength(2);

      // a field left out was not read: no change; a field named later for the first time: recorded, no change
      h.clock.advance(60_000);
      expect(await snap(h, user.token, 'adaccount', [{ id: a, status: 'DISABLED' }])).toMatchObject({ status: 1, data: { changes: 0 } });
      const c = fresh('act_');
      expect(await snap(h, user.token, 'adaccount', [{ id: c, status: 'ACTIVE' }])).toMatchObject({ data: { added: 1 } });
      expect(await snap(h, user.token, 'adaccount', [{ id: c, status: 'ACTIVE', users: [{ id: '1' }] }])).toMatchObject({ data: { changes: 0 } });
      // fields of another type and unknown properties are dropped
      expect(await snap(h, user.token, 'adaccount', [{ id: c, published: false, color: 'red' }])).toMatchObject({ data: { changes: 0 } });
      const [stored] = await rows(h, `select state from watch_objects where object_id = '${c}'`);
      expect(stored!.state).toEqual({ status: 'ACTIVE', users: [{ id: '1' }] });
      // then back: one change back per field
      h.clock.advance(60_000);
      expect(await snap(h, user.token, 'adaccount', [account(a)])).toMatchObject({ data: { changes: 2 } });
      const back = (await changes(h, user.token, { id: a })).data;
      expect(back).toHaveLength(4);
      expect(back.slice(0, 2).map((x: { field: string; to: unknown }) => [x.field, x.to]).sort()).toEqual([['disableReason', null], ['status', 'ACTIVE']]);
    });

    test('a list field: each added or removed member is one change; a changed role one; order and names are no change', async () => {
      const { h } = env;
      const user = await h.signUp();
      const biz = fresh();
      const people = [{ id: '7001', name: 'Ann' }, { id: '7002', name: 'Bo' }];
      const business = (over: Partial<Row> = {}): Row => ({
        id: biz, name: 'ACME BM', restriction: null, verification: 'verified', type: 'agency',
        admins: [{ id: '9001', name: 'Owner', role: 'ADMIN' }], people, partners: [{ id: '5001', name: 'Agency A' }], ...over,
      });
      expect(await snap(h, user.token, 'business', [business()])).toMatchObject({ status: 1, data: { added: 1, changes: 0 } });
      h.clock.advance(60_000);
      // an admin added from outside: exactly one change
      const foreign = { id: '666', name: 'Mallory', role: 'ADMIN' };
      expect(await snap(h, user.token, 'business', [business({ admins: [foreign, { id: '9001', name: 'Owner', role: 'ADMIN' }] })])).toMatchObject({ data: { changes: 1 } });
      expect((await changes(h, user.token)).data).toEqual([
        { at: expect.any(String), object: { type: 'business', id: biz, name: 'ACME BM' }, field: 'admins', from: null, to: foreign, by: 'outside' },
      ]);
      h.clock.advance(60_000);
      // the same members in another order, a member renamed: nothing
      expect(await snap(h, user.token, 'business', [business({
        admins: [{ id: '9001', name: 'The Owner', role: 'ADMIN' }, foreign], people: [...people].reverse(),
      })])).toMatchObject({ data: { changes: 0 } });
      h.clock.advance(60_000);
      // a partner removed, a person added, the owner's role changed: three changes
      expect(await snap(h, user.token, 'business', [business({
        admins: [{ id: '9001', name: 'The Owner', role: 'EMPLOYEE' }, foreign], people: [...people, { id: '7003', name: 'Cy' }], partners: [],
      })])).toMatchObject({ data: { changes: 3 } });
      const latest = (await changes(h, user.token, { type: 'business' })).data.slice(0, 3);
      expect(latest.map((x: { field: string; from: unknown; to: unknown }) => ({ field: x.field, from: x.from, to: x.to })).sort((x: { field: string }, y: { field: string }) => x.field.localeCompare(y.field))).toEqual([
        { field: 'admins', from: { id: '9001', name: 'The Owner', role: 'ADMIN' }, to: { id: '9001', name: 'The Owner', role: 'EMPLOYEE' } },
        { field: 'partners', from: { id: '5001', name: 'Agency A' }, to: null },
        { field: 'people', from: null, to: { id: '7003', name: 'Cy' } },
      ]);
      // pages and pixels: their own fields
      const [page, pixel] = [fresh(), fresh()];
      await snap(h, user.token, 'page', [{ id: page, name: 'Shop', published: true, deactivation: null, roles: [{ id: '1', role: 'ADMIN' }] }]);
      await snap(h, user.token, 'pixel', [{ id: pixel, name: 'Main pixel', sharedAccounts: [{ id: 'act_1' }, { id: 'act_2' }], admins: [] }]);
      h.clock.advance(60_000);
      expect(await snap(h, user.token, 'page', [{ id: page, published: false, roles: [] }])).toMatchObject({ data: { changes: 2 } });
      expect(await snap(h, user.token, 'pixel', [{ id: pixel, sharedAccounts: [{ id: 'act_1' }] }])).toMatchObject({ data: { changes: 1 } });
      expect((await changes(h, user.token, { type: 'pixel' })).data).toEqual([
        { at: expect.any(String), object: { type: 'pixel', id: pixel, name: 'Main pixel' }, field: 'sharedAccounts', from: { id: 'act_2' }, to: null, by: 'outside' },
      ]);
      expect((await changes(h, user.token, { type: 'page', id: page })).data.map((x: { field: string }) => x.field).sort()).toEqual(['published', 'roles']);
      h.clock.advance(60_000);
      // a person given a role on the page, and one assigned to the pixel, that no job of the operator explains: from outside
      const [roleHolder, assigned] = [{ id: '4242', name: 'Eve', role: 'ads' }, { id: '4343', name: 'Trent', role: 'ADVERTISE,ANALYZE' }];
      expect(await snap(h, user.token, 'page', [{ id: page, roles: [roleHolder] }])).toMatchObject({ data: { changes: 1 } });
      expect(await snap(h, user.token, 'pixel', [{ id: pixel, admins: [assigned] }])).toMatchObject({ data: { changes: 1 } });
      expect((await changes(h, user.token, { type: 'page', id: page })).data[0]).toEqual(
        { at: expect.any(String), object: { type: 'page', id: page, name: 'Shop' }, field: 'roles', from: null, to: roleHolder, by: 'outside' },
      );
      expect((await changes(h, user.token, { type: 'pixel', id: pixel })).data[0]).toEqual(
        { at: expect.any(String), object: { type: 'pixel', id: pixel, name: 'Main pixel' }, field: 'admins', from: null, to: assigned, by: 'outside' },
      );
    });

    test("a change a job of the operator explains is the job's; one no job explains is from outside", async () => {
      const { h } = env;
      const user = await h.signUp();
      const [mine, theirs, early, numeric] = [fresh('act_'), fresh('act_'), fresh('act_'), fresh()];
      const record = (job: string, object: string, outcome = 'done') => h.call('POST', '/api/jobs/records', {
        token: user.token, body: { job, action: 'adaccount.add_user', fbid: '100012345', items: [{ item: object, attempt: 0, object, outcome, before: null, after: { role: 'ADMIN' } }] },
      });
      const earlyJob = fresh('job-early-');
      expect(await record(earlyJob, early)).toMatchObject({ status: 1 }); // before the object was seen: explains nothing later
      h.clock.advance(HOUR);
      await snap(h, user.token, 'adaccount', [account(mine), account(theirs), account(early), account(`act_${numeric}`)]);
      h.clock.advance(HOUR);
      const job = fresh('job-');
      expect(await record(job, mine)).toMatchObject({ status: 1, data: { added: 1 } });
      // the job's items name an account by its number alone: the same account
      const numericJob = fresh('job-n-');
      expect(await record(numericJob, numeric)).toMatchObject({ status: 1 });
      // a failed write explains nothing
      expect(await record(fresh('job-f-'), theirs, 'failed')).toMatchObject({ status: 1 });
      h.clock.advance(HOUR);
      const added = { id: '555', name: 'New', role: 'ADMIN' };
      const withUser = (id: string) => account(id, { users: [...(account(id).users as object[]), added] });
      expect(await snap(h, user.token, 'adaccount', [withUser(mine), withUser(theirs), withUser(early), withUser(`act_${numeric}`)])).toMatchObject({ data: { changes: 4 } });
      const by = Object.fromEntries((await changes(h, user.token)).data.map((x: { object: { id: string }; by: string }) => [x.object.id, x.by]));
      expect(by).toEqual({ [mine]: `job:${job}`, [theirs]: 'outside', [early]: 'outside', [`act_${numeric}`]: `job:${numericJob}` });

      // a record that arrives a moment after the change was seen still explains it; one much later does not
      const [late, tooLate] = [fresh('act_'), fresh('act_')];
      await snap(h, user.token, 'adaccount', [account(late), account(tooLate)]);
      h.clock.advance(HOUR);
      await snap(h, user.token, 'adaccount', [withUser(late), withUser(tooLate)]);
      h.clock.advance(2 * 60_000);
      const lateJob = fresh('job-late-');
      expect(await record(lateJob, late)).toMatchObject({ status: 1 });
      h.clock.advance(20 * 60_000);
      expect(await record(fresh('job-later-'), tooLate)).toMatchObject({ status: 1 });
      expect((await changes(h, user.token, { id: late })).data[0].by).toBe(`job:${lateJob}`);
      expect((await changes(h, user.token, { id: tooLate })).data[0].by).toBe('outside');
    });

    test('the feed: newest first, since / type / id filters, a bounded limit; a bad since is refused', async () => {
      const { h } = env;
      const user = await h.signUp();
      const [a, b] = [fresh('act_'), fresh()];
      await snap(h, user.token, 'adaccount', [account(a)]);
      await snap(h, user.token, 'business', [{ id: b, name: 'B', verification: 'none' }]);
      let middle = '';
      for (let i = 1; i <= 5; i++) {
        h.clock.advance(HOUR);
        // a minute before the last of these changes
        if (i === 5) middle = new Date(Date.now() + h.clock.offset - 60_000).toISOString();
        await snap(h, user.token, 'adaccount', [account(a, { amountSpent: 1200 + i })]);
      }
      h.clock.advance(HOUR);
      await snap(h, user.token, 'business', [{ id: b, verification: 'verified' }]);
      const all = (await changes(h, user.token)).data;
      expect(all.map((x: { field: string; to: unknown }) => `${x.field}=${x.to}`)).toEqual(['verification=verified', 'amountSpent=1205', 'amountSpent=1204', 'amountSpent=1203', 'amountSpent=1202', 'amountSpent=1201']);
      const times = all.map((x: { at: string }) => Date.parse(x.at));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect((await changes(h, user.token, { since: middle })).data.map((x: { to: unknown }) => x.to)).toEqual(['verified', 1205]);
      expect((await changes(h, user.token, { type: 'business' })).data).toHaveLength(1);
      expect((await changes(h, user.token, { type: 'adaccount' })).data).toHaveLength(5);
      expect((await changes(h, user.token, { id: b })).data).toHaveLength(1);
      expect((await changes(h, user.token, { id: a.slice(4) })).data).toHaveLength(5); // the account by its number
      expect((await changes(h, user.token, { id: 'act_0' })).data).toEqual([]);
      expect((await changes(h, user.token, { limit: '2' })).data.map((x: { to: unknown }) => x.to)).toEqual(['verified', 1205]);
      expect(await changes(h, user.token, { limit: '501' })).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(await h.call('GET', '/api/watch/changes', { token: user.token, query: { since: 'yesterday' }, lang: 'en-US' }))
        .toMatchObject({ http: 400, status: 0, code: 40000, info: 'since is not a valid time: yesterday (e.g. 2026-11-28T10:00:00Z)' });
      expect((await h.call('GET', '/api/watch/changes', { token: user.token, query: { since: 'yesterday' }, lang: 'zh-CN' })).info)
        .toBe('since 不是有效的时间：yesterday（例如 2026-11-28T10:00:00Z）');
      expect(await changes(h, user.token, { type: 'campaign' })).toMatchObject({ http: 400, code: 40000 });
      expect(await h.call('GET', '/api/watch/changes', { query: {} })).toMatchObject({ status: -1, code: 50008 });
    });

    test('the same snapshot sent by several tabs at once: each object once, each change once', async () => {
      const { h } = env;
      const user = await h.signUp();
      const ids = Array.from({ length: 20 }, () => fresh('act_'));
      const first = await Promise.all([1, 2, 3].map(() => snap(h, user.token, 'adaccount', ids.map((id) => account(id)))));
      expect(first.map((r) => r.status)).toEqual([1, 1, 1]);
      expect(first.reduce((n, r) => n + r.data.added, 0)).toBe(20);
      expect(first.reduce((n, r) => n + r.data.changes, 0)).toBe(0);
      h.clock.advance(60_000);
      const again = await Promise.all([1, 2, 3].map(() => snap(h, user.token, 'adaccount', ids.map((id) => account(id, { status: 'DISABLED' })))));
      expect(again.map((r) => r.status)).toEqual([1, 1, 1]);
      expect(again.reduce((n, r) => n + r.data.changes, 0)).toBe(20);
      expect((await changes(h, user.token)).data).toHaveLength(20);
      expect(await rows(h, `select count(*)::int as n from watch_objects where user_id = ${user.uid}`)).toEqual([{ n: 20 }]);
    });

    test("each operator has their own objects and changes; another's are invisible", async () => {
      const { h } = env;
      const [alice, bob] = [await h.signUp(), await h.signUp()];
      const a = fresh('act_');
      await snap(h, alice.token, 'adaccount', [account(a)]);
      h.clock.advance(60_000);
      await snap(h, alice.token, 'adaccount', [account(a, { status: 'DISABLED' })]);
      // bob's first sighting of the same account is his own first sighting
      expect(await snap(h, bob.token, 'adaccount', [account(a)])).toMatchObject({ data: { added: 1, changes: 0 } });
      expect((await changes(h, bob.token)).data).toEqual([]);
      expect((await changes(h, bob.token, { id: a })).data).toEqual([]);
      expect((await changes(h, bob.token, { id: a, uid: String(alice.uid) })).data).toEqual([]);
      expect((await changes(h, alice.token, { id: a })).data).toHaveLength(1);
      // a job of bob's explains nothing of alice's
      await h.call('POST', '/api/jobs/records', { token: bob.token, body: { job: fresh('job-'), action: 'adaccount.rename', fbid: '', items: [{ item: a, attempt: 0, object: a, outcome: 'done', before: null, after: null }] } });
      h.clock.advance(60_000);
      await snap(h, alice.token, 'adaccount', [account(a, { status: 'ACTIVE' })]);
      expect((await changes(h, alice.token, { id: a })).data.map((x: { by: string }) => x.by)).toEqual(['outside', 'outside']);
    });

    test('refused snapshots store nothing: bad input (400), over the body limit (413), no token', async () => {
      const { h } = env;
      const user = await h.signUp();
      const before = await tableCounts(h);
      const bad = [
        { type: 'campaign', rows: [] },
        { type: 'adaccount' },
        { type: 'adaccount', rows: [{ name: 'no id' }] },
        { type: 'adaccount', rows: [{ id: 'act 1' }] },
        { type: 'adaccount', rows: [{ id: 'act_1', status: { nested: true } }] },
        { type: 'adaccount', rows: [{ id: 'act_1', users: [{ name: 'no id' }] }] },
        { type: 'adaccount', rows: [{ id: 'act_1', users: 'Ann' }] },
        { type: 'adaccount', rows: Array.from({ length: 1001 }, (_, i) => ({ id: `act_${i}` })) },
      ];
      for (const body of bad) {
        const res = await h.call('POST', '/api/watch/snapshots', { token: user.token, body, lang: 'en-US' });
        expect(res, JSON.stringify(body).slice(0, 100)).toMatchObject({ http: 400, status: 0, code: 40000, info: expect.stringMatching(/^Invalid request: /) });
      }
      // 20,000 rows in one body: over the 64 KiB limit
      const huge = { type: 'adaccount', rows: Array.from({ length: 20_000 }, (_, i) => ({ id: `act_${i}`, status: 'ACTIVE' })).slice(0, 2000) };
      expect(Buffer.byteLength(JSON.stringify(huge))).toBeGreaterThan(65_536);
      expect(await h.call('POST', '/api/watch/snapshots', { token: user.token, body: huge, lang: 'en-US' })).toMatchObject({ http: 413, status: 0, code: 41300, info: 'The request is too large' });
      expect(await h.call('POST', '/api/watch/snapshots', { body: { type: 'adaccount', rows: [account('act_1')] } })).toMatchObject({ status: -1, code: 50008 });
      expect(await tableCounts(h)).toEqual(before);
    });

    test('changes older than the retention (an admin setting) go at housekeeping; newer ones stay', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      expect(await h.call('GET', '/api/admin/settings', { token: admin })).toMatchObject({ status: 1, data: { watchRetentionDays: 90 } });
      expect(await h.call('POST', '/api/admin/settings', { token: admin, body: { watchRetentionDays: 0 } })).toMatchObject({ http: 400, code: 40000 });
      expect(await h.call('POST', '/api/admin/settings', { token: admin, body: { watchRetentionDays: 3 } })).toMatchObject({ status: 1, data: { watchRetentionDays: 3 } });
      try {
        const user = await h.signUp();
        const [old, recent] = [fresh('act_'), fresh('act_')];
        await snap(h, user.token, 'adaccount', [account(old), account(recent)]);
        h.clock.advance(HOUR);
        await snap(h, user.token, 'adaccount', [account(old, { status: 'DISABLED' })]);
        h.clock.advance(2 * DAY);
        await snap(h, user.token, 'adaccount', [account(recent, { status: 'DISABLED' })]);
        h.clock.advance(DAY + HOUR); // the first change is 3 days and an hour old, the second an hour and a day
        await sweep(h.app.ctx);
        expect((await changes(h, user.token)).data.map((x: { object: { id: string } }) => x.object.id)).toEqual([recent]);
        // the object not seen for longer than the retention is forgotten: seen again, it is a first sighting
        expect(await rows(h, `select object_id from watch_objects where object_id in ('${old}', '${recent}') order by object_id`)).toEqual([{ object_id: recent }]);
        expect(await snap(h, user.token, 'adaccount', [account(old, { status: 'ACTIVE' })])).toMatchObject({ data: { added: 1, changes: 0 } });
      } finally {
        await h.call('POST', '/api/admin/settings', { token: admin, body: { watchRetentionDays: 90 } });
      }
    });

    test("a deleted user's objects and changes are deleted with them", async () => {
      const { h } = env;
      const [gone, stays] = [await h.signUp(), await h.signUp()];
      const a = fresh('act_');
      for (const u of [gone, stays]) {
        await snap(h, u.token, 'adaccount', [account(a)]);
        h.clock.advance(60_000);
        await snap(h, u.token, 'adaccount', [account(a, { status: 'DISABLED' })]);
      }
      await h.database.db.execute(sql.raw(`delete from users where id = ${gone.uid}`));
      for (const table of ['watch_objects', 'watch_changes']) {
        expect(await rows(h, `select count(*)::int as n from ${table} where user_id = ${gone.uid}`)).toEqual([{ n: 0 }]);
        expect(await rows(h, `select count(*)::int as n from ${table} where user_id = ${stays.uid}`)).toEqual([{ n: 1 }]);
      }
    });
  });
}
