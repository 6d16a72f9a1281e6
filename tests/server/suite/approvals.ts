// Approvals (server/routes/approvals.ts, docs/TEAMS.md "Approvals"): a job the organisation's policy
// sends to approval is asked for, decided by an owner or admin (not the requester), and used once by the
// requester for exactly the job it was given for. Organisations and memberships are written straight
// into the tables (the org routes are not needed for this).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { orgMembers, organisations, watchChannels } from '../../../server/db/schema';
import { jobDigestText } from '../../../protocol/org-policy';
import type { Harness } from '../harness';
import type { SuiteEnv } from './env';

type Role = 'owner' | 'admin' | 'operator' | 'viewer';
type Member = { email: string; token: string; uid: number };

export const digestOf = (job: { action: string; items: string[]; params: Record<string, unknown> }) =>
  createHash('sha256').update(jobDigestText(job)).digest('hex');

/** An organisation with one signed-up user per role asked for, written into the tables. */
export async function makeOrg(h: Harness, roles: Role[], policy: object = {}): Promise<{ id: number; name: string; m: Member[] }> {
  const name = `Team ${h.uniqueEmail('org')}`;
  const [org] = await h.database.db.insert(organisations).values({ name, policy, createdAt: new Date() }).returning();
  const m: Member[] = [];
  for (const role of roles) {
    const u = await h.signUp(h.uniqueEmail(role));
    await h.database.db.insert(orgMembers).values({ orgId: org!.id, userId: u.uid, role, joinedAt: new Date() });
    m.push(u);
  }
  return { id: org!.id, name, m };
}

export function orgCalls(h: Harness, orgId: number) {
  const headers = { 'x-tessera-org': String(orgId) };
  return {
    ask: (who: Member, body: Record<string, unknown>) => h.call('POST', '/api/org/approvals', { token: who.token, headers, body: { job: 'job-1-abc', fbid: '100', params: {}, dryRun: [], reason: 'irreversible', ...body } }),
    list: (who: Member, query: Record<string, string> = {}) => h.call('GET', '/api/org/approvals', { token: who.token, headers, query }),
    one: (who: Member, id: number) => h.call('GET', '/api/org/approvals/one', { token: who.token, headers, query: { id: String(id) } }),
    decide: (who: Member, id: number, approve: boolean, comment = '') => h.call('POST', '/api/org/approvals/decide', { token: who.token, headers, body: { id, approve, comment } }),
    cancel: (who: Member, id: number) => h.call('POST', '/api/org/approvals/cancel', { token: who.token, headers, body: { id } }),
    use: (who: Member, id: number, digest: string) => h.call('POST', '/api/org/approvals/use', { token: who.token, headers, body: { id, digest } }),
  };
}

const DELETE = { action: 'page.deletePage', items: ['1001', '1002'], params: { confirm: 'DELETE' } };
const dryRun = [
  { id: '1001', name: 'Shop A', changes: [{ field: 'status', from: 'published', to: 'deleted' }] },
  { id: '1002', name: 'Shop B', changes: [], skip: 'not an admin of this page' },
];

export function approvalTests(env: SuiteEnv): void {
  describe('approvals', () => {
    test('ask, decide, use once; the policy decides what may be asked; who may do what', async () => {
      const { h } = env;
      const org = await makeOrg(h, ['owner', 'admin', 'operator', 'viewer', 'operator']);
      const [owner, admin, operator, viewer, operator2] = org.m as [Member, Member, Member, Member, Member];
      // the admin's page reads English: their in-app messages are in English only
      await h.database.db.insert(watchChannels).values({ userId: admin.uid, kind: 'email', target: admin.email, lang: 'en-US', createdAt: new Date(), updatedAt: new Date() });
      const c = orgCalls(h, org.id);
      const unseen = async (who: Member) => (await h.call('GET', '/api/message_notification/unseen', { token: who.token })).data.list as { title: string; content: string }[];

      // an irreversible action asked by an operator: pending, with the digest of the exact job
      const asked = await c.ask(operator, { ...DELETE, dryRun });
      expect(asked).toMatchObject({ http: 200, status: 1, data: { status: 'pending', reason: 'irreversible', action: 'page.deletePage', items: DELETE.items, params: DELETE.params, dryRun, requester: { userId: operator.uid, email: operator.email }, decidedBy: null, comment: '', decidedAt: null } });
      expect(asked.data.digest).toBe(digestOf(DELETE));
      const id = asked.data.id as number;

      // the owners and admins are told in-app (not the requester), each in their language when known
      const [ownerMsgs, adminMsgs] = [await unseen(owner), await unseen(admin)];
      expect(ownerMsgs.filter((m) => m.content.includes('page.deletePage'))).toHaveLength(1);
      expect(ownerMsgs.find((m) => m.content.includes('page.deletePage'))!.content).toMatch(/申请在团队[\s\S]*asks to run page\.deletePage on 2 items/);
      expect(adminMsgs.filter((m) => m.content.includes('page.deletePage'))).toEqual([
        expect.objectContaining({ title: expect.stringContaining('asks for approval: page.deletePage'), content: expect.not.stringMatching(/[\u4e00-\u9fff]/) }),
      ]);
      expect((await unseen(operator)).filter((m) => m.content.includes('page.deletePage'))).toEqual([]);

      // a viewer may not run it at all; a small reversible job needs no approval; a large one does; unknown actions are refused
      expect(await c.ask(viewer, DELETE)).toMatchObject({ http: 403, status: 0, code: 40304 });
      expect((await h.call('POST', '/api/org/approvals', { token: viewer.token, lang: 'en-US', headers: { 'x-tessera-org': String(org.id) }, body: { job: 'j', fbid: '', dryRun: [], reason: 'action', ...DELETE } })).info)
        .toBe("The team's policy does not let your role (viewer) run page.deletePage, not even with an approval");
      expect((await c.ask(viewer, DELETE)).info).toMatch(/不允许您的角色（查看者）执行“page\.deletePage”/);
      expect(await c.ask(operator, { action: 'adaccount.rename', items: ['act_1', 'act_2'], params: { name: 'x' } })).toMatchObject({ status: 0, code: 40900 });
      expect((await c.ask(operator, { action: 'adaccount.rename', items: ['act_1'], params: {} })).info).toMatch(/needs no approval|无需审批/);
      const many = Array.from({ length: 201 }, (_, i) => `act_${i + 1}`);
      expect(await c.ask(operator, { action: 'adaccount.rename', items: many, params: { name: 'x' }, reason: 'action' })).toMatchObject({ status: 1, data: { status: 'pending', reason: 'size' } });
      expect(await c.ask(operator, { action: 'adaccount.nothing', items: ['act_1'] })).toMatchObject({ http: 400, code: 40000 });
      expect(await c.ask(operator, { action: 'page.*', items: ['act_1'] })).toMatchObject({ http: 400, code: 40000 });
      expect(await c.ask(operator, { items: [], action: 'page.deletePage' })).toMatchObject({ http: 400, code: 40000 });
      // an owner's job always runs: nothing to ask
      expect(await c.ask(owner, DELETE)).toMatchObject({ code: 40900 });

      // only owners and admins decide, never on their own request
      expect(await c.decide(operator2, id, true)).toMatchObject({ http: 403, code: 40303 });
      expect(await c.decide(admin, id, true, 'x'.repeat(501))).toMatchObject({ http: 400, code: 40000 });
      expect(await c.use(operator, id, asked.data.digest)).toMatchObject({ code: 40900 }); // not approved yet
      const approved = await c.decide(admin, id, true, 'OK for the two shops');
      expect(approved).toMatchObject({ status: 1, data: { status: 'approved', comment: 'OK for the two shops', decidedBy: { userId: admin.uid, email: admin.email } } });
      expect(approved.data.decidedAt).toBeTruthy();
      const again = await c.decide(owner, id, false, 'no');
      expect(again).toMatchObject({ http: 409, code: 40900 });
      expect(again.info).toMatch(/approved|已批准/);
      expect(await c.one(operator, id)).toMatchObject({ data: { status: 'approved' } });
      // the requester is told
      expect((await unseen(operator)).filter((m) => m.content.includes('page.deletePage') && m.content.includes('OK for the two shops'))).toHaveLength(1);

      // used once, and only for the job it was given for
      expect(await c.use(operator2, id, asked.data.digest)).toMatchObject({ http: 404, code: 40401 });
      expect(await c.use(admin, id, asked.data.digest)).toMatchObject({ http: 403, code: 40300 });
      const changed = await c.use(operator, id, digestOf({ ...DELETE, params: { confirm: 'DELETE', extra: 1 } }));
      expect(changed).toMatchObject({ http: 409, code: 40900 });
      expect(changed.info).toMatch(/changed since it was approved|已更改/);
      expect(await c.use(operator, id, digestOf({ ...DELETE, items: ['1001'] }))).toMatchObject({ code: 40900 });
      expect(await c.use(operator, id, asked.data.digest)).toMatchObject({ status: 1, data: { status: 'used' } });
      const twice = await c.use(operator, id, asked.data.digest);
      expect(twice).toMatchObject({ http: 409, code: 40900 });
      expect(twice.info).toMatch(/already been used|已被使用/);

      // rejected: cannot be used
      const r = (await c.ask(operator, { ...DELETE, items: ['2001'] })).data;
      expect(await c.decide(owner, r.id, false, 'not this one')).toMatchObject({ status: 1, data: { status: 'rejected', comment: 'not this one', decidedBy: { userId: owner.uid } } });
      expect(await c.use(operator, r.id, r.digest)).toMatchObject({ http: 409, code: 40900 });

      // cancelled by the requester only, pending only
      const k = (await c.ask(operator2, { ...DELETE, items: ['3001'] })).data;
      expect(await c.cancel(admin, k.id)).toMatchObject({ http: 403, code: 40300 });
      expect(await c.cancel(operator, k.id)).toMatchObject({ http: 404, code: 40401 });
      expect(await c.cancel(operator2, k.id)).toMatchObject({ status: 1, data: { status: 'cancelled' } });
      expect(await c.cancel(operator2, k.id)).toMatchObject({ http: 409, code: 40900 });
      expect(await c.decide(admin, k.id, true)).toMatchObject({ http: 409, code: 40900 });

      // an admin whose policy sends an action to approval asks; they cannot decide it, the owner can
      await h.database.db.update(organisations).set({ policy: { admin: { actions: { 'page.*': 'approval' } } } }).where(sql`id = ${org.id}`);
      const own = (await c.ask(admin, DELETE)).data;
      expect(own).toMatchObject({ status: 'pending', reason: 'action' });
      expect(await c.decide(admin, own.id, true)).toMatchObject({ http: 403, code: 40300 });
      expect(await c.decide(owner, own.id, true)).toMatchObject({ status: 1, data: { status: 'approved' } });
      // the stored policy is merged over the defaults: the admin still runs the rest without approval
      expect(await c.ask(admin, { action: 'bm.removeUser', items: ['b1'] })).toMatchObject({ code: 40900 });

      // who sees what: owners and admins the organisation's, members their own; newest first; by status
      const all = await c.list(admin);
      expect(all).toMatchObject({ status: 1, data: { total: 5, page: 1, pageSize: 20 } });
      expect(all.data.list.map((a: { id: number }) => a.id)).toEqual([...all.data.list.map((a: { id: number }) => a.id)].sort((x, y) => y - x));
      expect((await c.list(operator)).data.list.map((a: { requester: { userId: number } }) => a.requester.userId)).toEqual([operator.uid, operator.uid, operator.uid]);
      expect((await c.list(operator2)).data).toMatchObject({ total: 1, list: [{ id: k.id, status: 'cancelled' }] });
      expect((await c.list(owner, { status: 'used' })).data).toMatchObject({ total: 1, list: [{ id }] });
      expect((await c.list(owner, { status: 'pending' })).data.list.map((a: { reason: string }) => a.reason)).toEqual(['size']);
      expect((await c.list(admin, { pageSize: '2', page: '2' })).data.list).toHaveLength(2);
      expect(await c.one(operator2, id)).toMatchObject({ http: 404, code: 40401 });
      expect(await c.one(viewer, id)).toMatchObject({ http: 404, code: 40401 });
      expect(await c.one(admin, id)).toMatchObject({ status: 1, data: { id, status: 'used' } });
      expect((await c.list(viewer)).data).toMatchObject({ total: 0, list: [] });

      // not a member (or another organisation's member): 40302; no organisation named: 40032
      const outsider = await h.signUp();
      expect(await c.list(outsider)).toMatchObject({ http: 403, code: 40302 });
      expect(await c.ask(outsider, DELETE)).toMatchObject({ http: 403, code: 40302 });
      const other = await makeOrg(h, ['owner']);
      expect(await orgCalls(h, other.id).one(other.m[0]!, id)).toMatchObject({ http: 404, code: 40401 });
      expect(await orgCalls(h, other.id).decide(other.m[0]!, id, false)).toMatchObject({ http: 404, code: 40401 });
      expect(await h.call('GET', '/api/org/approvals', { token: admin.token })).toMatchObject({ code: 40032 });
    });

    test('a dry run over the limit is refused, and nothing is stored', async () => {
      const { h } = env;
      const org = await makeOrg(h, ['operator']);
      const c = orgCalls(h, org.id);
      const big = Array.from({ length: 300 }, (_, i) => ({ id: `p${i}`, name: 'n'.repeat(400), changes: [{ field: 'about', from: 'a'.repeat(1000), to: 'b'.repeat(1000) }] }));
      expect(await c.ask(org.m[0]!, { ...DELETE, dryRun: big })).toMatchObject({ http: 400, code: 40030 });
      expect((await c.list(org.m[0]!)).data.total).toBe(0);
    });
  });
}
