// A team's watch rules and channels, and approvals through its channels (docs/TEAMS.md, "Watch rules and
// channels", "Approvals"; server/routes/watch.ts, server/watch/alerts.ts, approval-messages.ts, outbox.ts):
// in a team (x-tessera-org) the rules and channels are the team's — owners and admins edit, every member
// reads, no secret answered; a member's change is evaluated by their own rules and their teams' rules, a
// team rule's alert going to the team's channels only; a removed member's changes no longer fire them;
// an approval's request and decision reach each enabled team channel once per state, in its language.
// Runs on PGlite and PostgreSQL with a second app on the suite's database whose channels may reach a
// local receiver (as the watch's alert tests do).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { orgMembers } from '../../../server/db/schema';
import { deliverDue } from '../../../server/watch/outbox';
import { approvalBody, queueApproval } from '../../../server/watch/approval-messages';
import { createHarness, type Harness } from '../harness';
import { startReceiver, type Receiver } from '../receiver';
import { makeOrg, orgCalls } from './approvals';
import { rows } from './watch-alerts';
import type { SuiteEnv } from './env';

const MINUTE = 60_000;
let seq = 0;
const fresh = (prefix = '') => `${prefix}${Date.now() % 1e9}${++seq}`;
const account = (id: string, over: Record<string, unknown> = {}) => ({ id, name: `Account ${id}`, status: 'ACTIVE', amountSpent: 100, spendCap: 5000, ...over });

export function watchTeamTests(env: SuiteEnv): void {
  describe("the watch in a team: the team's rules and channels, approvals through its channels", () => {
    let h: Harness;
    let rx: Receiver;

    beforeAll(async () => {
      rx = await startReceiver();
      h = await createHarness(env.h.database, { webhookAllowLoopback: true, telegramApi: rx.url, watchOutboxPollMs: 0 });
    });
    beforeEach(async () => { await deliverDue(h.app.ctx); });
    afterAll(async () => {
      await h?.close();
      await rx?.close();
    });

    type Who = { token: string; uid: number; email: string };
    const inTeam = (orgId: number | null) => (orgId === null ? {} : { headers: { 'x-tessera-org': String(orgId) } });
    const saveRule = (who: Who, orgId: number | null, body: object) => h.call('POST', '/api/watch/rules', { token: who.token, body, lang: 'en-US', ...inTeam(orgId) });
    const listRules = (who: Who, orgId: number | null) => h.call('GET', '/api/watch/rules', { token: who.token, ...inTeam(orgId) });
    const saveChannel = (who: Who, orgId: number | null, body: object, lang: 'en-US' | 'zh-CN' = 'en-US') => h.call('POST', '/api/watch/channels', { token: who.token, body, lang, ...inTeam(orgId) });
    const listChannels = (who: Who, orgId: number | null) => h.call('GET', '/api/watch/channels', { token: who.token, ...inTeam(orgId) });
    const snap = (who: Who, list: object[]) => h.call('POST', '/api/watch/snapshots', { token: who.token, body: { type: 'adaccount', rows: list } });
    const alerts = (who: Who, state?: string) => h.call('GET', '/api/watch/alerts', { token: who.token, query: state ? { state } : {}, lang: 'en-US' });

    test('owners and admins edit the team\'s rules and channels, every member reads them (no secret), operators and viewers get 40303; own ones stay apart', async () => {
      const org = await makeOrg(h, ['owner', 'admin', 'operator', 'viewer']);
      const [owner, admin, operator, viewer] = org.m as Who[];
      const hook = `${rx.url}/team-${fresh()}`;
      const made = await saveChannel(owner, org.id, { kind: 'webhook', name: 'Team hook', url: hook });
      expect(made).toMatchObject({ status: 1, data: { kind: 'webhook', name: 'Team hook', host: '127.0.0.1', secretEnd: hook.slice(-4) } });
      expect(await saveRule(admin, org.id, { name: 'Big spend', type: 'adaccount', field: 'amountSpent', op: 'gt', value: 1000 })).toMatchObject({ status: 1, data: { id: expect.stringMatching(/^rule:\d+$/) } });
      // a team's presets are off until switched on
      const teamPresets = (await listRules(viewer, org.id)).data.filter((r: { preset: boolean }) => r.preset);
      expect(teamPresets.every((r: { enabled: boolean }) => !r.enabled)).toBe(true);
      expect(await saveRule(owner, org.id, { id: 'accountDisabled', enabled: true })).toMatchObject({ status: 1, data: { id: 'accountDisabled', enabled: true } });
      expect(await saveRule(owner, org.id, { id: 'accountDisabled', enabled: true })).toMatchObject({ status: 1 });

      for (const who of [operator, viewer]) {
        expect(await saveRule(who, org.id, { name: 'x', type: 'adaccount', field: 'status', op: 'eq', value: 'DISABLED' })).toMatchObject({ http: 403, code: 40303 });
        expect(await saveRule(who, org.id, { id: 'needsPayment', enabled: true })).toMatchObject({ http: 403, code: 40303 });
        expect(await saveChannel(who, org.id, { id: made.data.id, enabled: false })).toMatchObject({ http: 403, code: 40303 });
        expect(await saveChannel(who, org.id, { kind: 'email', address: who.email })).toMatchObject({ http: 403, code: 40303 });
        expect(await h.call('POST', '/api/watch/channels/test', { token: who.token, body: { id: made.data.id }, ...inTeam(org.id) })).toMatchObject({ http: 403, code: 40303 });
        // every member reads them; the URL never comes back
        const channels = await listChannels(who, org.id);
        expect(channels).toMatchObject({ status: 1, data: [{ id: made.data.id, name: 'Team hook', secretEnd: hook.slice(-4) }] });
        expect(channels.raw).not.toContain(hook);
        const listed = (await listRules(who, org.id)).data;
        expect(listed.filter((r: { preset: boolean; enabled: boolean }) => r.preset && r.enabled).map((r: { id: string }) => r.id)).toEqual(['accountDisabled']);
        expect(listed.filter((r: { preset: boolean }) => !r.preset)).toMatchObject([{ name: 'Big spend', op: 'gt', value: 1000 }]);
      }
      // a refused write changed nothing
      expect((await listChannels(owner, org.id)).data).toMatchObject([{ enabled: true }]);

      // without the header: the caller's own, apart from the team's
      expect((await listChannels(owner, null)).data).toEqual([]);
      expect((await listRules(admin, null)).data.filter((r: { preset: boolean }) => !r.preset)).toEqual([]);
      expect((await listRules(admin, null)).data.every((r: { preset: boolean; enabled: boolean }) => !r.preset || r.enabled)).toBe(true);
      expect(await saveRule(operator, null, { name: 'Mine', type: 'adaccount', field: 'status', op: 'eq', value: 'DISABLED' })).toMatchObject({ status: 1 });
      expect((await listRules(operator, org.id)).data.filter((r: { preset: boolean }) => !r.preset).map((r: { name: string }) => r.name)).toEqual(['Big spend']);
      // a team's rule or channel cannot be reached as one's own, nor another team's
      const teamRule = (await listRules(owner, org.id)).data.find((r: { preset: boolean }) => !r.preset).id;
      expect(await saveRule(owner, null, { id: teamRule, delete: true })).toMatchObject({ http: 404 });
      expect(await saveChannel(owner, null, { id: made.data.id, delete: true })).toMatchObject({ http: 404 });
      const other = await makeOrg(h, ['owner']);
      expect(await saveChannel(other.m[0]!, other.id, { id: made.data.id, delete: true })).toMatchObject({ http: 404 });
      // the team's rows are the team's: no user, and they go with the team
      expect(await rows(h, `select user_id, org_id from watch_channels where id = ${made.data.id}`)).toEqual([{ user_id: null, org_id: org.id }]);
      expect(await saveChannel(admin, org.id, { id: made.data.id, delete: true })).toMatchObject({ status: 1, data: null });
      expect((await listChannels(owner, org.id)).data).toEqual([]);
    });

    test("a team's rule fires on a member's change and goes to the team's channels only; the member's own rules to their own; a removed member's changes no longer fire it", async () => {
      const org = await makeOrg(h, ['owner', 'operator']);
      const [owner, member] = org.m as Who[];
      const [teamPath, ownPath] = [`/team-${fresh()}`, `/own-${fresh()}`];
      expect(await saveChannel(owner, org.id, { kind: 'webhook', name: 'team', url: `${rx.url}${teamPath}` })).toMatchObject({ status: 1 });
      expect(await saveChannel(member, null, { kind: 'webhook', name: 'own', url: `${rx.url}${ownPath}` })).toMatchObject({ status: 1 });
      const spend = (await saveRule(owner, org.id, { name: 'Big spend', type: 'adaccount', field: 'amountSpent', op: 'gt', value: 1000 })).data;
      expect(await saveRule(owner, org.id, { id: 'accountDisabled', enabled: true })).toMatchObject({ status: 1 });

      const a = fresh('act_');
      await snap(member, [account(a)]);
      h.clock.advance(MINUTE);
      await snap(member, [account(a, { amountSpent: 2000 })]);
      const firing = (await alerts(member, 'firing')).data;
      expect(firing).toMatchObject([{ rule: `org:${org.id}:${spend.id}`, ruleName: 'Big spend', object: { id: a }, change: { field: 'amountSpent', from: 100, to: 2000 } }]);
      expect(await rows(h, `select org_id from watch_alerts where id = ${firing[0].id}`)).toEqual([{ org_id: org.id }]);
      expect(await deliverDue(h.app.ctx)).toBe(1);
      expect(rx.on(teamPath).map((r) => `${r.body.alert.rule}:${r.body.alert.state}`)).toEqual([`org:${org.id}:${spend.id}:firing`]);
      expect(rx.on(ownPath)).toEqual([]);

      // disabled: the member's own preset to their own channel, the team's to the team's; the team's alert is named as the preset
      h.clock.advance(MINUTE);
      await snap(member, [account(a, { amountSpent: 2000, status: 'DISABLED' })]);
      expect((await alerts(member, 'firing')).data.map((x: { rule: string; ruleName: string }) => `${x.rule}/${x.ruleName}`).sort())
        .toEqual(['accountDisabled/Ad account disabled', `org:${org.id}:${spend.id}/Big spend`, `org:${org.id}:accountDisabled/Ad account disabled`].sort());
      expect(await deliverDue(h.app.ctx)).toBe(2);
      expect(rx.on(ownPath).map((r) => r.body.alert.rule)).toEqual(['accountDisabled']);
      expect(rx.on(teamPath).map((r) => r.body.alert.rule)).toEqual([`org:${org.id}:${spend.id}`, `org:${org.id}:accountDisabled`]);

      // the owner's own changes are theirs: the team's rules apply to every member, the owner too
      const b = fresh('act_');
      await snap(owner, [account(b)]);
      h.clock.advance(MINUTE);
      await snap(owner, [account(b, { amountSpent: 5000, spendCap: 0 })]);
      expect((await alerts(owner, 'firing')).data.map((x: { rule: string }) => x.rule)).toEqual([`org:${org.id}:${spend.id}`]);
      await deliverDue(h.app.ctx);
      expect(rx.on(teamPath)).toHaveLength(3);

      // removed from the team: the team's open alerts resolve at the next sighting, and its rules fire no more
      await h.database.db.delete(orgMembers).where(sql`org_id = ${org.id} and user_id = ${member.uid}`);
      h.clock.advance(MINUTE);
      await snap(member, [account(a, { amountSpent: 3000, status: 'DISABLED' })]);
      expect((await alerts(member, 'firing')).data.map((x: { rule: string }) => x.rule)).toEqual(['accountDisabled']);
      const c = fresh('act_');
      await snap(member, [account(c)]);
      h.clock.advance(MINUTE);
      await snap(member, [account(c, { amountSpent: 9000, spendCap: 0 })]);
      expect((await alerts(member, 'firing')).data.map((x: { rule: string }) => x.rule)).toEqual(['accountDisabled']);
      await deliverDue(h.app.ctx);
      // the team's channel was told the two alerts it had announced resolved, and nothing new
      expect(rx.on(teamPath).map((r) => `${r.body.alert.object.id}:${r.body.alert.state}`).slice(3).sort()).toEqual([`${a}:resolved`, `${a}:resolved`]);
      expect(rx.on(teamPath).some((r) => r.body.alert.object.id === c)).toBe(false);
      expect(rx.on(ownPath).map((r) => r.body.alert.rule)).toEqual(['accountDisabled']);
    });

    test('an approval: one message per enabled team channel per state, sent by the delivery worker in the channel\'s language; approved and rejected too', async () => {
      const org = await makeOrg(h, ['owner', 'admin', 'operator']);
      const [owner, admin, operator] = org.m as (Who & { email: string })[];
      const [hookPath, offPath] = [`/appr-${fresh()}`, `/off-${fresh()}`];
      const slack = `/slack-${fresh()}`;
      const tg = `12345:tok${fresh()}`;
      expect(await saveChannel(owner, org.id, { kind: 'webhook', name: 'hook', url: `${rx.url}${hookPath}` })).toMatchObject({ status: 1 });
      expect(await saveChannel(owner, org.id, { kind: 'slack', name: 'chat', url: `${rx.url}${slack}` }, 'zh-CN')).toMatchObject({ status: 1 });
      expect(await saveChannel(admin, org.id, { kind: 'telegram', name: 'tg', token: tg, chatId: '-100' })).toMatchObject({ status: 1 });
      expect(await saveChannel(admin, org.id, { kind: 'webhook', name: 'off', url: `${rx.url}${offPath}`, enabled: false })).toMatchObject({ status: 1 });
      // the operator's own channel gets nothing of the team's
      const ownPath = `/own-${fresh()}`;
      expect(await saveChannel(operator, null, { kind: 'webhook', url: `${rx.url}${ownPath}` })).toMatchObject({ status: 1 });

      const c = orgCalls(h, org.id);
      const asked = (await c.ask(operator, { action: 'page.deletePage', items: ['1001', '1002'], params: {}, reason: 'irreversible' })).data;
      expect(asked).toMatchObject({ status: 'pending' });
      const queued = () => rows(h, `select kind, state, alert_id, status from watch_outbox where approval_id = ${asked.id} order by id`);
      expect(await queued()).toEqual([1, 2, 3].map(() => ({ kind: 'approval', state: 'requested', alert_id: null, status: 'pending' })));
      // queued again (a retried transaction): still once per channel and state
      const [row] = await rows(h, `select * from approvals where id = ${asked.id}`);
      const again = await h.database.db.transaction((tx) => queueApproval(h.app.ctx, tx, operator.uid, approvalBody(h.app.ctx, {
        row: { id: row!.id, action: row!.action, items: row!.items, reason: row!.reason, comment: row!.comment } as never,
        state: 'requested', org: { id: org.id, name: org.name }, requester: { name: '', email: operator.email }, decidedBy: null, limit: null, at: new Date(),
      }), new Date()));
      expect(again).toBe(0);
      expect(await queued()).toHaveLength(3);

      expect(await deliverDue(h.app.ctx)).toBe(3);
      expect(await deliverDue(h.app.ctx)).toBe(0);
      expect(rx.on(hookPath).map((r) => r.body)).toEqual([{ approval: {
        id: asked.id, state: 'requested', org: { id: org.id, name: org.name }, requester: { name: '', email: operator.email }, action: 'page.deletePage', items: 2,
        reason: 'irreversible', limit: null, decidedBy: null, comment: '', at: expect.any(String), url: expect.stringMatching(/\/team\/approvals$/),
      } }]);
      const zh = rx.on(slack)[0]!.body.text as string;
      expect(zh).toContain(`${operator.email}`);
      expect(zh).toMatch(/申请在团队“.+”中对 2 个对象执行“page\.deletePage”（不可撤销的操作）/);
      expect(zh).toMatch(/\/team\/approvals$/);
      const en = rx.on(`/bot${tg}/sendMessage`)[0]!.body.text as string;
      expect(en).toContain(`asks to run page.deletePage on 2 items in the team "${org.name}" (an irreversible action)`);
      expect(rx.on(offPath)).toEqual([]);
      expect(rx.on(ownPath)).toEqual([]);

      // rejected with a comment: one more message per channel
      expect(await c.decide(admin, asked.id, false, 'not these pages')).toMatchObject({ status: 1, data: { status: 'rejected' } });
      expect((await queued()).map((r) => r.state)).toEqual(['requested', 'requested', 'requested', 'rejected', 'rejected', 'rejected']);
      expect(await deliverDue(h.app.ctx)).toBe(3);
      expect(rx.on(hookPath).map((r) => r.body.approval)).toMatchObject([{ state: 'requested' }, { state: 'rejected', comment: 'not these pages', decidedBy: { email: admin.email } }]);
      expect(rx.on(`/bot${tg}/sendMessage`)[1]!.body.text).toMatch(/rejected the request of .+ to run page\.deletePage on 2 items .*Comment: not these pages/);
      expect(rx.on(slack)[1]!.body.text).toMatch(/已拒绝了 .+在团队“.+”中对 2 个对象执行“page\.deletePage”的请求。备注：not these pages/);

      // approved: 'approved' messages; a decision refused (already decided) queues nothing
      const second = (await c.ask(operator, { action: 'page.deletePage', items: ['2001'], params: {}, reason: 'irreversible' })).data;
      expect(await c.decide(owner, second.id, true, '')).toMatchObject({ status: 1, data: { status: 'approved' } });
      expect(await c.decide(admin, second.id, false, 'late')).toMatchObject({ http: 409 });
      expect((await rows(h, `select state from watch_outbox where approval_id = ${second.id} order by id`)).map((r) => r.state)).toEqual(['requested', 'requested', 'requested', 'approved', 'approved', 'approved']);
      expect(await deliverDue(h.app.ctx)).toBe(6);
      expect(rx.on(hookPath).map((r) => `${r.body.approval.id}:${r.body.approval.state}`)).toEqual([`${asked.id}:requested`, `${asked.id}:rejected`, `${second.id}:requested`, `${second.id}:approved`]);
      expect(rx.on(`/bot${tg}/sendMessage`)[3]!.body.text).toMatch(/approved the request of .+ to run page\.deletePage on 1 items/);

      // quiet hours (the requester's or anyone's) do not hold an approval message; a team without channels queues nothing
      const quietAll = { from: '12:00', to: '11:59', timeZone: 'UTC' };
      expect(await h.call('POST', '/api/watch/settings', { token: operator.token, body: { quietHours: quietAll } })).toMatchObject({ status: 1 });
      const third = (await c.ask(operator, { action: 'page.deletePage', items: ['3001'], params: {}, reason: 'irreversible' })).data;
      expect(await deliverDue(h.app.ctx)).toBe(3);
      expect(rx.on(hookPath).at(-1)!.body.approval).toMatchObject({ id: third.id, state: 'requested' });
      const bare = await makeOrg(h, ['owner', 'operator']);
      const lone = (await orgCalls(h, bare.id).ask(bare.m[1]!, { action: 'page.deletePage', items: ['1'], params: {}, reason: 'irreversible' })).data;
      expect(await rows(h, `select id from watch_outbox where approval_id = ${lone.id}`)).toEqual([]);
      // the team's deletion takes its channels, rules, approvals and their messages
      await h.database.db.execute(sql`delete from organisations where id = ${org.id}`);
      expect(await rows(h, `select id from watch_outbox where approval_id in (${asked.id}, ${second.id}, ${third.id})`)).toEqual([]);
      expect(await rows(h, `select id from watch_channels where org_id = ${org.id}`)).toEqual([]);
    });
  });
}
