// The audit log (server/routes/audit.ts): who reads which entries (an organisation's owner or admin all of
// it, a member their own, nobody across organisations, one's own work apart), each filter, paging, the CSV
// export (BOM, escaping, formulas neutralised), the retention and who may set it. Organisations are made
// here with rows in organisations / org_members, as the organisation routes would.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Harness } from '../harness';
import type { SuiteEnv } from './env';
import { sweepAudit } from '../../../server/housekeeping';
import { AUDIT_COUNT_MAX, AUDIT_RETENTION_DAYS_DEFAULT } from '../../../protocol/api';

const DAY = 86_400_000;
let jobs = 0;
const newJob = () => `job-audit-${Date.now().toString(36)}-${++jobs}`;

async function rows<T = Record<string, unknown>>(h: Harness, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await h.database.db.execute(query) as unknown as { rows: T[] }).rows;
}

/** A new organisation with these members (user id → role). */
async function makeOrg(h: Harness, name: string, members: [number, string][]): Promise<number> {
  const [org] = await rows<{ id: number }>(h, sql`insert into organisations (name, created_at) values (${name}, now()) returning id`);
  for (const [userId, role] of members) await h.database.db.execute(sql`insert into org_members (org_id, user_id, role, joined_at) values (${org!.id}, ${userId}, ${role}, now())`);
  return org!.id;
}

type User = Awaited<ReturnType<Harness['signUp']>>;

/** Reports one job's records as the browser does, in the organisation `org` (or none). */
async function report(h: Harness, user: User, org: number | null, action: string, objects: string[], extra: { params?: object; itemParams?: object } = {}) {
  const job = newJob();
  const res = await h.call('POST', '/api/jobs/records', {
    token: user.token,
    headers: org ? { 'x-tessera-org': String(org) } : {},
    body: {
      job, action, fbid: '100077', ...(extra.params ? { params: extra.params } : {}),
      items: objects.map((object, i) => ({ item: `${object}#${i}`, attempt: 0, object, outcome: 'done', before: { name: 'old' }, after: { name: 'new' }, ...(extra.itemParams ? { params: extra.itemParams } : {}) })),
    },
  });
  expect(res, res.raw).toMatchObject({ status: 1, data: { added: objects.length } });
  return job;
}

function search(h: Harness, user: User, org: number | null, query: Record<string, string> = {}) {
  return h.call('GET', '/api/audit', { token: user.token, headers: org ? { 'x-tessera-org': String(org) } : {}, query });
}

async function objectsOf(h: Harness, user: User, org: number | null, query: Record<string, string> = {}): Promise<string[]> {
  const res = await search(h, user, org, { pageSize: '100', ...query });
  expect(res, res.raw).toMatchObject({ http: 200, status: 1 });
  return res.data.list.map((e: { object: string }) => e.object);
}

export function auditTests(env: SuiteEnv): void {
  describe('audit log', () => {
    test('visibility: an admin reads the organisation, an operator their own, nobody another organisation, own work apart', async () => {
      const { h } = env;
      const [owner, admin, operator, outsider] = await Promise.all([h.signUp(), h.signUp(), h.signUp(), h.signUp()]);
      const org = await makeOrg(h, 'Acme', [[owner.uid, 'owner'], [admin.uid, 'admin'], [operator.uid, 'operator']]);
      const other = await makeOrg(h, 'Other', [[outsider.uid, 'owner'], [operator.uid, 'viewer']]);
      await report(h, owner, org, 'adaccount.rename', ['o-owner']);
      await report(h, operator, org, 'adaccount.rename', ['o-operator']);
      await report(h, operator, null, 'adaccount.rename', ['own-operator']);
      await report(h, outsider, other, 'page.rename', ['x-outsider']);
      await report(h, operator, other, 'page.rename', ['x-operator']);

      expect(await objectsOf(h, admin, org)).toEqual(['o-operator', 'o-owner']);
      expect(await objectsOf(h, owner, org)).toEqual(['o-operator', 'o-owner']);
      expect(await objectsOf(h, operator, org)).toEqual(['o-operator']);
      // their own work outside any organisation, and nothing of the organisations there
      expect(await objectsOf(h, operator, null)).toEqual(['own-operator']);
      expect(await objectsOf(h, admin, null)).toEqual([]);
      // the other organisation: its owner sees its entries only; a viewer there their own
      expect(await objectsOf(h, outsider, other)).toEqual(['x-operator', 'x-outsider']);
      expect(await objectsOf(h, operator, other)).toEqual(['x-operator']);
      // not a member: refused
      expect(await search(h, outsider, org)).toMatchObject({ http: 403, status: 0 });
      // the entry itself
      const res = await search(h, admin, org, { object: 'o-owner' });
      expect(res.data).toMatchObject({ total: 1, totalCapped: false, page: 1, pageSize: 20 });
      expect(res.data.list[0]).toEqual({
        at: expect.any(String), actor: { userId: owner.uid, email: owner.email, name: expect.any(String) }, fbid: '100077', job: expect.any(String),
        action: 'adaccount.rename', object: 'o-owner', item: 'o-owner#0', attempt: 0, params: null, outcome: 'done', before: { name: 'old' }, after: { name: 'new' },
      });
    });

    test('filters: object, actor (id or e-mail), action (exact or area.*), since / until; paging; bad input is a clear 400', async () => {
      const { h } = env;
      const [admin, op] = await Promise.all([h.signUp(), h.signUp()]);
      const org = await makeOrg(h, 'Filters', [[admin.uid, 'admin'], [op.uid, 'operator']]);
      await report(h, admin, org, 'adaccount.rename', ['a1', 'a2'], { params: { pattern: 'ACME {n}' }, itemParams: { pattern: 'Own' } });
      await report(h, op, org, 'adaccount.setSpendCap', ['a1']);
      await report(h, op, org, 'page.rename', ['p1', 'p2', 'p3']);
      // spread the entries over time: a1/a2 ten days ago, the spend cap five days ago, the pages now
      await h.database.db.execute(sql`update job_records set created_at = now() - interval '10 days' where org_id = ${org} and action = 'adaccount.rename'`);
      await h.database.db.execute(sql`update job_records set created_at = now() - interval '5 days' where org_id = ${org} and action = 'adaccount.setSpendCap'`);

      expect(await objectsOf(h, admin, org)).toEqual(['p3', 'p2', 'p1', 'a1', 'a2', 'a1']);
      expect(await objectsOf(h, admin, org, { object: 'a1' })).toEqual(['a1', 'a1']);
      expect(await objectsOf(h, admin, org, { actor: String(op.uid) })).toEqual(['p3', 'p2', 'p1', 'a1']);
      expect(await objectsOf(h, admin, org, { actor: op.email.toUpperCase() })).toEqual(['p3', 'p2', 'p1', 'a1']);
      expect(await objectsOf(h, admin, org, { actor: 'nobody@tessera.test' })).toEqual([]);
      expect(await objectsOf(h, admin, org, { action: 'adaccount.*' })).toEqual(['a1', 'a2', 'a1']);
      expect(await objectsOf(h, admin, org, { action: 'page.rename' })).toEqual(['p3', 'p2', 'p1']);
      expect(await objectsOf(h, admin, org, { action: 'page.re' })).toEqual([]);
      const now = Date.now();
      const iso = (ms: number) => new Date(ms).toISOString();
      expect(await objectsOf(h, admin, org, { since: iso(now - 7 * DAY) })).toEqual(['p3', 'p2', 'p1', 'a1']);
      expect(await objectsOf(h, admin, org, { until: iso(now - 7 * DAY) })).toEqual(['a2', 'a1']);
      expect(await objectsOf(h, admin, org, { since: iso(now - 7 * DAY), until: iso(now - DAY) })).toEqual(['a1']);
      expect(await objectsOf(h, admin, org, { since: new Date(now - 7 * DAY).toISOString().slice(0, 10), action: 'adaccount.*' })).toEqual(['a1']);
      // the parameters: the job's with the item's own over them
      const renamed = await search(h, admin, org, { action: 'adaccount.rename' });
      expect(renamed.data.list[0].params).toEqual({ pattern: 'Own' });

      // paging: newest first, 2 a page
      const p1 = await search(h, admin, org, { pageSize: '2', page: '1' });
      const p3 = await search(h, admin, org, { pageSize: '2', page: '3' });
      expect(p1.data).toMatchObject({ total: 6, totalCapped: false, page: 1, pageSize: 2 });
      expect(p1.data.list.map((e: { object: string }) => e.object)).toEqual(['p3', 'p2']);
      expect(p3.data.list.map((e: { object: string }) => e.object)).toEqual(['a2', 'a1']);
      expect((await search(h, admin, org, { pageSize: '2', page: '4' })).data.list).toEqual([]);

      for (const query of [{ since: 'yesterday' }, { until: '2026-13-45' }, { since: '2026-11-28T25:00:00Z' }, { since: '2026-02-30' }] as Record<string, string>[]) {
        const bad = await search(h, admin, org, query);
        expect(bad, bad.raw).toMatchObject({ http: 400, status: 0, code: 40000 });
        expect(bad.info).toMatch(/ISO/);
      }
      const badActor = await search(h, admin, org, { actor: 'not an id' });
      expect(badActor).toMatchObject({ http: 400, code: 40000 });
      expect((await h.call('GET', '/api/audit', { token: admin.token, headers: { 'x-tessera-org': String(org) }, query: { actor: 'x' }, lang: 'en-US' })).info).toBe('The actor must be a user id or an e-mail address');
      expect(await search(h, admin, org, { action: 'adaccount.%' })).toMatchObject({ http: 400 });
    });

    test('the count stops at AUDIT_COUNT_MAX', async () => {
      const { h } = env;
      const admin = await h.signUp();
      const org = await makeOrg(h, 'Many', [[admin.uid, 'owner']]);
      await h.database.db.execute(sql`insert into job_records (user_id, job, item, attempt, action, fbid, object, outcome, org_id, created_at)
        select ${admin.uid}, 'bulk', 'i' || g, 0, 'adaccount.rename', '1', 'obj' || g, 'done', ${org}, now() - (g || ' seconds')::interval
        from generate_series(1, ${AUDIT_COUNT_MAX + 5}) g`);
      const res = await search(h, admin, org, { pageSize: '100', page: String(AUDIT_COUNT_MAX / 100 + 1) });
      expect(res.data).toMatchObject({ total: AUDIT_COUNT_MAX, totalCapped: true });
      // the pages go on past the count
      expect(res.data.list).toHaveLength(5);
      expect((await search(h, admin, org, { object: 'obj7' })).data).toMatchObject({ total: 1, totalCapped: false });
    });

    test('CSV export: BOM, header, escaping, formulas neutralised, the same visibility', async () => {
      const { h } = env;
      const [admin, op] = await Promise.all([h.signUp(), h.signUp()]);
      const org = await makeOrg(h, 'Export', [[admin.uid, 'admin'], [op.uid, 'operator']]);
      await h.database.db.execute(sql`update users set name = ${'=HYPERLINK("x")'} where id = ${op.uid}`);
      h.app.ctx.readCache.clear();
      await report(h, op, org, 'adaccount.rename', ['act,1'], { params: { name: '张三 "quoted"\nline' } });
      await report(h, admin, org, 'adaccount.rename', ['+cmd', '@sum', '-1']);
      await report(h, admin, null, 'adaccount.rename', ['mine-only']);

      const res = await h.app.inject({ method: 'GET', url: '/api/audit/export', headers: { authorization: `Bearer ${admin.token}`, 'x-tessera-org': String(org) } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tessera-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
      const raw = res.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.subarray(3).toString('utf8');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('at,actor email,actor name,fbid,job,action,object,item,attempt,outcome,params,before,after');
      expect(text).not.toContain('mine-only');
      // newest first: the admin's three, then the operator's
      expect(text).toContain(",'-1,'-1#2,");
      expect(text).toContain(",'@sum,'@sum#1,");
      expect(text).toContain(",'+cmd,'+cmd#0,");
      expect(text).toContain(`,"'=HYPERLINK(""x"")",`);
      expect(text).toContain(',"act,1","act,1#0",0,done,"{""name"":""张三 \\""quoted\\""\\nline""}","{""name"":""old""}","{""name"":""new""}"');
      expect(lines.filter((l) => l.length)).toHaveLength(5);

      // an operator exports their own; no token: the envelope's refusal
      const mine = await h.app.inject({ method: 'GET', url: '/api/audit/export', headers: { authorization: `Bearer ${op.token}`, 'x-tessera-org': String(org) } });
      expect(mine.rawPayload.toString('utf8').split('\r\n').filter((l) => l.length)).toHaveLength(2);
      const refused = await h.call('GET', '/api/audit/export');
      expect(refused).toMatchObject({ status: -1, code: 50008 });
      const bad = await h.call('GET', '/api/audit/export', { token: admin.token, query: { since: 'soon' } });
      expect(bad).toMatchObject({ http: 400, status: 0 });
    });

    test('retention: owner and admin set it within bounds, others not; the housekeeping deletes what is past it', async () => {
      const { h } = env;
      const [owner, admin, op] = await Promise.all([h.signUp(), h.signUp(), h.signUp()]);
      const org = await makeOrg(h, 'Keep', [[owner.uid, 'owner'], [admin.uid, 'admin'], [op.uid, 'operator']]);
      const header = { 'x-tessera-org': String(org) };
      const set = (u: User, days: unknown, headers: Record<string, string> = header) => h.call('POST', '/api/audit/retention', { token: u.token, headers, body: { days } });
      expect(await h.call('GET', '/api/audit/retention', { token: op.token, headers: header })).toMatchObject({ status: 1, data: { days: 365 } });
      expect(await h.call('GET', '/api/audit/retention', { token: op.token })).toMatchObject({ status: 1, data: { days: AUDIT_RETENTION_DAYS_DEFAULT } });
      expect(await set(op, 30)).toMatchObject({ http: 403, status: 0 });
      expect(await set(admin, 30, {})).toMatchObject({ http: 400, status: 0 });
      expect(await set(admin, 6)).toMatchObject({ http: 400, status: 0 });
      expect(await set(admin, 3651)).toMatchObject({ http: 400, status: 0 });
      expect(await set(admin, 30)).toMatchObject({ status: 1, data: { days: 30 } });
      expect(await set(owner, 20)).toMatchObject({ status: 1, data: { days: 20 } });
      expect(await h.call('GET', '/api/audit/retention', { token: op.token, headers: header })).toMatchObject({ data: { days: 20 } });

      await report(h, op, org, 'adaccount.rename', ['old-org', 'new-org']);
      await report(h, op, null, 'adaccount.rename', ['old-own', 'mid-own']);
      await h.database.db.execute(sql`update job_records set created_at = now() - interval '21 days' where object = 'old-org' and org_id = ${org}`);
      await h.database.db.execute(sql`update job_records set created_at = now() - interval '19 days' where object = 'new-org' and org_id = ${org}`);
      await h.database.db.execute(sql`update job_records set created_at = now() - interval '366 days' where object = 'old-own' and user_id = ${op.uid}`);
      await h.database.db.execute(sql`update job_records set created_at = now() - interval '200 days' where object = 'mid-own' and user_id = ${op.uid}`);
      expect(await sweepAudit(h.app.ctx)).toBeGreaterThanOrEqual(2);
      expect(await objectsOf(h, op, org)).toEqual(['new-org']);
      expect(await objectsOf(h, op, null)).toEqual(['mid-own']);
    });
  });
}
