// The watch's rules, alerts and delivery (server/watch/alerts.ts, outbox.ts, deliver.ts): one alert per
// problem, resolved once; each alert state sent once per channel (webhook, Slack-style, Telegram-style,
// e-mail) through the outbox; retried with backoff; held in quiet hours; pending rows sent by a new
// instance; secrets never answered; another user's data invisible; SSRF refusals; everything goes with
// its user. Runs on PGlite and PostgreSQL with a second app on the suite's database whose channels may
// reach a local receiver (TESSERA_WEBHOOK_ALLOW_LOOPBACK).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { deliverDue, quietUntil, retryDelay } from '../../../server/watch/outbox';
import { refusedAddress, safePostJson } from '../../../server/watch/deliver';
import { createHarness, type Harness } from '../harness';
import { startReceiver, type Receiver } from '../receiver';
import type { SuiteEnv } from './env';

const MINUTE = 60_000;
let seq = 0;
const fresh = (prefix = '') => `${prefix}${Date.now() % 1e9}${++seq}`;
type Row = Record<string, unknown> & { id: string };
const account = (id: string, over: Partial<Row> = {}): Row => ({
  id, name: `Account ${id}`, status: 'ACTIVE', disableReason: null, amountSpent: 100, spendCap: 5000, balance: 0, currency: 'USD', myRole: 'ADMIN',
  users: [{ id: '100', name: 'Ann', role: 'ADMIN' }], ...over,
});

/** Rows of a raw query on the suite's database (the watch-team suite reads with it too). */
export async function rows(h: Harness, query: string): Promise<Record<string, any>[]> {
  return (await h.database.db.execute(sql.raw(query)) as unknown as { rows: Record<string, any>[] }).rows;
}

export function watchAlertTests(env: SuiteEnv): void {
  describe('the watch: rules, alerts and delivery', () => {
    let h: Harness;
    let rx: Receiver;

    beforeAll(async () => {
      rx = await startReceiver();
      // a second app on the suite's database: its channels may reach the local receiver, Telegram goes there too
      h = await createHarness(env.h.database, { webhookAllowLoopback: true, telegramApi: rx.url, watchOutboxPollMs: 0 });
    });
    // what earlier tests left due is sent first, so each test counts its own messages
    beforeEach(async () => { await deliverDue(h.app.ctx); });
    afterAll(async () => {
      await h?.close();
      await rx?.close();
    });

    const snap = (token: string, type: string, list: Row[]) => h.call('POST', '/api/watch/snapshots', { token, body: { type, rows: list } });
    const alerts = (token: string, state?: string, lang: 'en-US' | 'zh-CN' = 'en-US') => h.call('GET', '/api/watch/alerts', { token, query: state ? { state } : {}, lang });
    const channel = (token: string, body: object, lang?: 'en-US' | 'zh-CN') => h.call('POST', '/api/watch/channels', { token, body, lang });
    /** A user with a webhook, a Slack-style, a Telegram-style and an e-mail channel, each to the receiver's own path. */
    async function userWithChannels() {
      const user = await h.signUp();
      const tag = fresh('u');
      const hook = `/hook-${tag}`;
      const slack = `/slack-${tag}`;
      const token = `12345:tok${tag}`;
      for (const body of [
        { kind: 'webhook', name: 'hook', url: `${rx.url}${hook}` },
        { kind: 'slack', name: 'slack', url: `${rx.url}${slack}` },
        { kind: 'telegram', name: 'tg', token, chatId: '-100200' },
        { kind: 'email', name: 'mail', address: user.email },
      ]) expect(await channel(user.token, body, 'en-US'), JSON.stringify(body)).toMatchObject({ status: 1 });
      return { ...user, hook, slack, tg: `/bot${token}/sendMessage` };
    }
    /** how many of the user's outbox rows were sent */
    const sentOf = async (uid: number) => Number((await rows(h, `select count(*)::int as n from watch_outbox where user_id = ${uid} and status = 'sent'`))[0]!.n);
    const mails = (email: string) => h.outbox().filter((m) => m.to === email && m.subject.startsWith('[Tessera]'));

    test('an account already disabled when first seen: the alert shows in the app, no channel gets it, nor its resolution; a later disabling is sent', async () => {
      const u = await userWithChannels();
      const a = fresh('act_');
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED', disableReason: 3 })]);
      expect((await alerts(u.token, 'firing')).data).toMatchObject([{ rule: 'accountDisabled', object: { id: a }, change: { from: null, to: 'DISABLED' } }]);
      await deliverDue(h.app.ctx);
      expect(rx.on(u.hook)).toEqual([]);
      expect(await rows(h, `select id from watch_outbox where user_id = ${u.uid}`)).toEqual([]);
      // re-enabled: resolved in the app, and still nothing sent (nothing was announced)
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a)]);
      expect((await alerts(u.token, 'resolved')).data).toMatchObject([{ rule: 'accountDisabled', object: { id: a } }]);
      await deliverDue(h.app.ctx);
      expect(rx.on(u.hook)).toEqual([]);
      // disabled again: a change, announced on every channel, and its resolution too
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED', disableReason: 3 })]);
      await deliverDue(h.app.ctx);
      expect(rx.on(u.hook).map((r) => r.body.alert.state)).toEqual(['firing']);
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a)]);
      await deliverDue(h.app.ctx);
      expect(rx.on(u.hook).map((r) => r.body.alert.state)).toEqual(['firing', 'resolved']);
    });

    test('a disabled account: one alert while it lasts, one resolved; each channel gets each state exactly once', async () => {
      const u = await userWithChannels();
      const [a, b] = [fresh('act_'), fresh('act_')];
      await snap(u.token, 'adaccount', [account(a), account(b)]);
      expect((await alerts(u.token)).data).toEqual([]);
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED', disableReason: 3 }), account(b)]);
      // seen again, and again from a second tab at once: still one alert
      h.clock.advance(MINUTE);
      await Promise.all([1, 2, 3].map(() => snap(u.token, 'adaccount', [account(a, { status: 'DISABLED', disableReason: 3 })])));
      const firing = await alerts(u.token, 'firing');
      expect(firing).toMatchObject({ status: 1 });
      expect(firing.data).toEqual([{
        id: expect.any(String), rule: 'accountDisabled', ruleName: 'Ad account disabled', state: 'firing',
        object: { type: 'adaccount', id: a, name: `Account ${a}` }, change: { field: 'status', from: 'ACTIVE', to: 'DISABLED' }, by: 'outside',
        firedAt: expect.any(String), resolvedAt: null, at: expect.any(String),
      }]);
      const id = firing.data[0].id;
      expect((await alerts(u.token, 'firing', 'zh-CN')).data[0].ruleName).toBe('广告账户被停用');
      expect(await deliverDue(h.app.ctx)).toBe(4);
      expect(await deliverDue(h.app.ctx)).toBe(0);
      expect(rx.on(u.hook).map((r) => r.body)).toEqual([{ alert: {
        id, rule: 'accountDisabled', state: 'firing', object: { type: 'adaccount', id: a, name: `Account ${a}` },
        change: { field: 'status', from: 'ACTIVE', to: 'DISABLED' }, by: 'outside', at: firing.data[0].firedAt, url: expect.stringContaining(`alert=${id}`),
      } }]);
      expect(rx.on(u.slack)).toHaveLength(1);
      expect(rx.on(u.slack)[0]!.body.text).toContain('Ad account disabled');
      expect(rx.on(u.tg).map((r) => r.body)).toEqual([{ chat_id: '-100200', text: expect.stringContaining(a) }]);
      expect(mails(u.email)).toHaveLength(1);

      // re-enabled: resolved once
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a)]);
      await snap(u.token, 'adaccount', [account(a)]);
      expect((await alerts(u.token, 'firing')).data).toEqual([]);
      expect((await alerts(u.token, 'resolved')).data).toMatchObject([{ id, state: 'resolved', resolvedAt: expect.any(String), change: { field: 'status', from: 'DISABLED', to: 'ACTIVE' } }]);
      expect(await deliverDue(h.app.ctx)).toBe(4);
      expect(await deliverDue(h.app.ctx)).toBe(0);
      expect(rx.on(u.hook).map((r) => r.body.alert.state)).toEqual(['firing', 'resolved']);
      expect(rx.on(u.slack)).toHaveLength(2);
      expect(rx.on(u.tg)).toHaveLength(2);
      expect(mails(u.email)).toHaveLength(2);
      // disabled again: a new problem, a new alert
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED' })]);
      const again = (await alerts(u.token, 'firing')).data;
      expect(again).toHaveLength(1);
      expect(again[0].id).not.toBe(id);
    });

    test('the presets: needs payment, spend ≥ 90 % of the cap, business restricted, page unpublished, pixel unshared; a preset switched off fires nothing', async () => {
      const user = await h.signUp();
      const [acc, biz, page, pixel] = [fresh('act_'), fresh(), fresh(), fresh()];
      await snap(user.token, 'adaccount', [account(acc)]);
      await snap(user.token, 'business', [{ id: biz, name: 'B', restriction: null, admins: [] }]);
      await snap(user.token, 'page', [{ id: page, name: 'P', published: true }]);
      await snap(user.token, 'pixel', [{ id: pixel, name: 'X', sharedAccounts: [{ id: 'act_1' }, { id: 'act_2' }] }]);
      h.clock.advance(MINUTE);
      await snap(user.token, 'adaccount', [account(acc, { status: 'UNSETTLED', amountSpent: 4500 })]);
      await snap(user.token, 'business', [{ id: biz, restriction: 'ADS_RESTRICTED' }]);
      await snap(user.token, 'page', [{ id: page, published: false }]);
      await snap(user.token, 'pixel', [{ id: pixel, sharedAccounts: [{ id: 'act_1' }] }]);
      const rules = (await alerts(user.token, 'firing')).data.map((x: { rule: string }) => x.rule).sort();
      expect(rules).toEqual(['businessRestricted', 'needsPayment', 'pageUnpublished', 'pixelUnshared', 'spendNearCap']);
      // the pixel shared again: resolved
      h.clock.advance(MINUTE);
      await snap(user.token, 'pixel', [{ id: pixel, sharedAccounts: [{ id: 'act_1' }, { id: 'act_2' }] }]);
      expect((await alerts(user.token, 'resolved')).data.map((x: { rule: string }) => x.rule)).toEqual(['pixelUnshared']);

      // switched off: the page's alert resolves at its next sighting, and another page fires nothing
      expect(await h.call('POST', '/api/watch/rules', { token: user.token, body: { id: 'pageUnpublished', enabled: false } })).toMatchObject({ status: 1, data: { id: 'pageUnpublished', enabled: false } });
      expect(await h.call('POST', '/api/watch/rules', { token: user.token, body: { id: 'pageUnpublished', field: 'x' }, lang: 'en-US' })).toMatchObject({ http: 400, info: 'A preset can only be switched on or off' });
      const listed = (await h.call('GET', '/api/watch/rules', { token: user.token })).data;
      expect(listed.filter((r: { preset: boolean }) => r.preset).map((r: { id: string; enabled: boolean }) => `${r.id}:${r.enabled}`)).toEqual([
        'accountDisabled:true', 'needsPayment:true', 'spendNearCap:true', 'businessRestricted:true', 'foreignMember:true', 'pageUnpublished:false', 'pixelUnshared:true', 'checkFailed:true',
      ]);
      const other = fresh();
      await snap(user.token, 'page', [{ id: other, published: true }, { id: page, published: false }]);
      h.clock.advance(MINUTE);
      await snap(user.token, 'page', [{ id: other, published: false }]);
      expect((await alerts(user.token, 'firing')).data.map((x: { rule: string }) => x.rule).sort()).toEqual(['businessRestricted', 'needsPayment', 'spendNearCap']);
    });

    test("an admin added from outside fires; one a job's record names does not; a second foreign admin joins the alert; removed, it resolves", async () => {
      const user = await h.signUp();
      const [biz, acc] = [fresh(), fresh('act_')];
      const business = (admins: object[]) => ({ id: biz, name: 'ACME', admins });
      const owner = { id: '9001', name: 'Owner', role: 'ADMIN' };
      await snap(user.token, 'business', [business([owner])]);
      await snap(user.token, 'adaccount', [account(acc)]);
      h.clock.advance(MINUTE);
      // a job invites 7001 (its record names the member)
      const job = fresh('job-');
      await h.call('POST', '/api/jobs/records', { token: user.token, body: { job, action: 'bm.inviteUser', fbid: '', items: [{ item: biz, attempt: 0, object: biz, outcome: 'done', before: null, after: { user: '7001', role: 'ADMIN' } }] } });
      // the attribution fix: a job renamed the account (it wrote `name`), someone outside added an admin to it
      await h.call('POST', '/api/jobs/records', { token: user.token, body: { job: fresh('job-'), action: 'adaccount.rename', fbid: '', items: [{ item: acc, attempt: 0, object: acc, outcome: 'done', before: { name: 'old' }, after: { name: 'new' } }] } });
      h.clock.advance(MINUTE);
      const mallory = { id: '666', name: 'Mallory', role: 'ADMIN' };
      await snap(user.token, 'business', [business([owner, { id: '7001', name: 'Invited', role: 'ADMIN' }, mallory])]);
      await snap(user.token, 'adaccount', [account(acc, { users: [{ id: '100', name: 'Ann', role: 'ADMIN' }, mallory] })]);
      const feed = (await h.call('GET', '/api/watch/changes', { token: user.token })).data;
      expect(Object.fromEntries(feed.map((c: { object: { id: string }; to: { id: string }; by: string }) => [`${c.object.id}/${c.to.id}`, c.by]))).toEqual({
        [`${biz}/7001`]: `job:${job}`, [`${biz}/666`]: 'outside', [`${acc}/666`]: 'outside',
      });
      const firing = (await alerts(user.token, 'firing')).data;
      expect(firing.map((x: { rule: string; object: { id: string } }) => `${x.rule}:${x.object.id}`).sort()).toEqual([`foreignMember:${acc}`, `foreignMember:${biz}`].sort());
      expect(firing.find((x: { object: { id: string } }) => x.object.id === biz)).toMatchObject({ change: { field: 'admins', from: null, to: mallory }, by: 'outside' });
      // a second foreign admin: the same alert
      h.clock.advance(MINUTE);
      const eve = { id: '667', name: 'Eve', role: 'ADMIN' };
      await snap(user.token, 'business', [business([owner, { id: '7001', role: 'ADMIN' }, mallory, eve])]);
      expect((await alerts(user.token, 'firing')).data).toHaveLength(2);
      // one removed: still firing; both removed: resolved
      h.clock.advance(MINUTE);
      await snap(user.token, 'business', [business([owner, { id: '7001', role: 'ADMIN' }, eve])]);
      expect((await alerts(user.token, 'firing')).data).toHaveLength(2);
      h.clock.advance(MINUTE);
      await snap(user.token, 'business', [business([owner, { id: '7001', role: 'ADMIN' }])]);
      expect((await alerts(user.token, 'resolved')).data.map((x: { object: { id: string } }) => x.object.id)).toEqual([biz]);

      // a record that arrives a moment late and names the member: the change is the job's, the alert resolves
      h.clock.advance(MINUTE);
      await snap(user.token, 'business', [business([owner, { id: '7001', role: 'ADMIN' }, { id: '8001', name: 'Late', role: 'ADMIN' }])]);
      expect((await alerts(user.token, 'firing')).data.map((x: { object: { id: string } }) => x.object.id).sort()).toEqual([acc, biz].sort());
      h.clock.advance(MINUTE);
      const late = fresh('job-');
      await h.call('POST', '/api/jobs/records', { token: user.token, body: { job: late, action: 'bm.inviteUser', fbid: '', items: [{ item: biz, attempt: 0, object: biz, outcome: 'done', before: null, after: { user: '8001' } }] } });
      expect((await h.call('GET', '/api/watch/changes', { token: user.token, query: { id: biz, limit: '1' } })).data[0]).toMatchObject({ to: { id: '8001' }, by: `job:${late}` });
      expect((await alerts(user.token, 'firing')).data.map((x: { object: { id: string } }) => x.object.id)).toEqual([acc]);
    });

    test("an operator's rule: field, comparison, value, listed objects; refused rules say why; rules are the operator's own", async () => {
      const [user, other] = [await h.signUp(), await h.signUp()];
      const [a, b] = [fresh('act_'), fresh('act_')];
      const save = (token: string, body: object, lang: 'en-US' | 'zh-CN' = 'en-US') => h.call('POST', '/api/watch/rules', { token, body, lang });
      const rule = await save(user.token, { name: 'Balance low', type: 'adaccount', field: 'balance', op: 'lt', value: 10, objects: [a] });
      expect(rule).toMatchObject({ status: 1, data: { id: expect.stringMatching(/^rule:\d+$/), preset: false, name: 'Balance low', enabled: true, type: 'adaccount', field: 'balance', op: 'lt', value: 10, objects: [a] } });
      expect(await save(user.token, { name: 'x', type: 'adaccount', field: 'published', op: 'eq', value: true })).toMatchObject({ http: 400, info: 'The type adaccount has no field published' });
      expect(await save(user.token, { name: 'x', type: 'adaccount', field: 'users', op: 'gt', value: 1 })).toMatchObject({ http: 400, info: 'The comparison gt does not apply to the field users' });
      expect((await save(user.token, { name: 'x', type: 'adaccount' }, 'zh-CN')).info).toBe('新规则需要名称、类型、字段和比较方式');
      expect(await save(user.token, { name: 'x', type: 'adaccount', field: 'balance', op: 'between' })).toMatchObject({ http: 400, code: 40000 });
      // a list rule: an admin that must never be missing
      const must = await save(user.token, { name: 'Ann stays', type: 'adaccount', field: 'users', op: 'notContains', value: '100' });
      expect(must).toMatchObject({ status: 1 });
      // the other user can neither see nor change nor delete it
      expect((await h.call('GET', '/api/watch/rules', { token: other.token })).data.filter((r: { preset: boolean }) => !r.preset)).toEqual([]);
      expect(await save(other.token, { id: rule.data.id, enabled: false })).toMatchObject({ http: 404, info: `No such rule: ${rule.data.id}` });
      expect(await save(other.token, { id: rule.data.id, delete: true })).toMatchObject({ http: 404 });

      await snap(user.token, 'adaccount', [account(a, { balance: 50 }), account(b, { balance: 50 })]);
      await snap(other.token, 'adaccount', [account(a, { balance: 50 })]);
      h.clock.advance(MINUTE);
      await snap(user.token, 'adaccount', [account(a, { balance: 5 }), account(b, { balance: 5, users: [] })]);
      await snap(other.token, 'adaccount', [account(a, { balance: 5 })]);
      const firing = (await alerts(user.token, 'firing')).data;
      expect(firing.map((x: { rule: string; object: { id: string } }) => `${x.rule}:${x.object.id}`).sort()).toEqual([`${rule.data.id}:${a}`, `${must.data.id}:${b}`].sort());
      expect(firing.find((x: { rule: string }) => x.rule === rule.data.id)).toMatchObject({ ruleName: 'Balance low', change: { field: 'balance', from: 50, to: 5 } });
      // another user's alerts are invisible
      expect((await alerts(other.token)).data).toEqual([]);
      // the rule changed to every account: b fires at its next sighting; deleted: its alerts resolve
      expect(await save(user.token, { id: rule.data.id, objects: 'all' })).toMatchObject({ status: 1, data: { objects: 'all' } });
      h.clock.advance(MINUTE);
      await snap(user.token, 'adaccount', [account(b, { balance: 5, users: [] })]);
      expect((await alerts(user.token, 'firing')).data).toHaveLength(3);
      expect(await save(user.token, { id: rule.data.id, delete: true })).toMatchObject({ status: 1, data: null });
      h.clock.advance(MINUTE);
      await snap(user.token, 'adaccount', [account(a, { balance: 5 }), account(b, { balance: 5, users: [] })]);
      expect((await alerts(user.token, 'firing')).data.map((x: { rule: string }) => x.rule)).toEqual([must.data.id]);
    });

    test('a scheduled check that could not run fires checkFailed; when it runs again, resolved', async () => {
      const user = await h.signUp();
      const check = (body: object) => h.call('POST', '/api/watch/checks', { token: user.token, body });
      expect(await check({ check: 'adaccount.health', ok: true })).toMatchObject({ status: 1, data: { check: 'adaccount.health', ok: true, at: expect.any(String) } });
      expect((await alerts(user.token)).data).toEqual([]);
      expect(await check({ check: 'adaccount.health', ok: false, reason: 'no tab open' })).toMatchObject({ status: 1 });
      await check({ check: 'adaccount.health', ok: false, reason: 'no tab open' });
      expect((await alerts(user.token, 'firing')).data).toMatchObject([{ rule: 'checkFailed', object: { type: 'check', id: 'adaccount.health' }, change: { field: 'ok', from: 'ok', to: 'no tab open' } }]);
      await check({ check: 'adaccount.health', ok: true });
      expect((await alerts(user.token, 'resolved')).data).toMatchObject([{ rule: 'checkFailed', state: 'resolved' }]);
      expect(await check({ check: 'bad name!', ok: false })).toMatchObject({ http: 400 });
    });

    test("the scheduled checks' choices are kept per operator, merged by key and bounded; each check's last outcome reads back", async () => {
      const [user, other] = [await h.signUp(), await h.signUp()];
      const settings = (token: string, body: object) => h.call('POST', '/api/watch/settings', { token, body, lang: 'en-US' });
      expect(await h.call('GET', '/api/watch/settings', { token: user.token })).toMatchObject({ data: { quietHours: null, checks: {} } });
      expect(await settings(user.token, { checks: { 'adaccount.health': { enabled: true, everyS: 60 } } })).toMatchObject({ status: 1, data: { checks: { 'adaccount.health': { enabled: true, everyS: 60 } } } });
      // another key is added, the first kept; quiet hours left out stay as they were
      const quiet = { from: '22:00', to: '07:00', timeZone: 'Asia/Shanghai' };
      await settings(user.token, { quietHours: quiet });
      expect(await settings(user.token, { checks: { 'business.people': { enabled: false, everyS: 86400 } } })).toMatchObject({
        data: { quietHours: quiet, checks: { 'adaccount.health': { enabled: true, everyS: 60 }, 'business.people': { enabled: false, everyS: 86400 } } },
      });
      // bounds: the interval, the key's shape, the fields
      for (const bad of [
        { 'adaccount.health': { enabled: true, everyS: 4 } },
        { 'adaccount.health': { enabled: true, everyS: 8 * 24 * 3600 } },
        { 'adaccount.health': { enabled: true, everyS: 1.5 } },
        { 'friends.health': { enabled: true, everyS: 60 } },
        { 'adaccount.': { enabled: true, everyS: 60 } },
        { 'adaccount.health': { enabled: true } },
      ]) expect(await settings(user.token, { checks: bad }), JSON.stringify(bad)).toMatchObject({ http: 400, code: 40000 });
      expect((await h.call('GET', '/api/watch/settings', { token: user.token })).data.checks['adaccount.health']).toEqual({ enabled: true, everyS: 60 });
      // the other operator's are their own
      expect(await h.call('GET', '/api/watch/settings', { token: other.token })).toMatchObject({ data: { quietHours: null, checks: {} } });
      // the last outcome of each check, the latest first
      await h.call('POST', '/api/watch/checks', { token: user.token, body: { check: 'adaccount.health', ok: true } });
      h.clock.advance(MINUTE);
      await h.call('POST', '/api/watch/checks', { token: user.token, body: { check: 'business.people', ok: false, reason: 'The platform session is signed out' } });
      const last = await h.call('GET', '/api/watch/checks', { token: user.token });
      expect(last.data).toEqual([
        { check: 'business.people', ok: false, reason: 'The platform session is signed out', at: expect.any(String) },
        { check: 'adaccount.health', ok: true, reason: '', at: expect.any(String) },
      ]);
      expect(Date.parse(last.data[0].at) - Date.parse(last.data[1].at)).toBeGreaterThanOrEqual(MINUTE);
      expect((await h.call('GET', '/api/watch/checks', { token: other.token })).data).toEqual([]);
      expect(await h.call('GET', '/api/watch/checks', {})).toMatchObject({ status: -1, code: 50008 });
    });

    test('channels: secrets are write-only (last 4 characters), another user cannot see, test or change them; the test message', async () => {
      const [user, other] = [await h.signUp(), await h.signUp()];
      const url = `${rx.url}/secret-hook-${fresh()}-abcd`;
      const token = `98765:AAsecret${fresh()}wxyz`;
      const hook = await channel(user.token, { kind: 'webhook', name: 'Ops', url });
      const tg = await channel(user.token, { kind: 'telegram', name: 'TG', token, chatId: '4242' });
      expect(hook).toMatchObject({ status: 1, data: { id: expect.any(Number), kind: 'webhook', name: 'Ops', enabled: true, target: null, host: '127.0.0.1', secretEnd: 'abcd' } });
      expect(tg).toMatchObject({ status: 1, data: { kind: 'telegram', target: '4242', host: null, secretEnd: 'wxyz' } });
      const list = await h.call('GET', '/api/watch/channels', { token: user.token });
      expect(list.data).toHaveLength(2);
      for (const answer of [hook, tg, list]) {
        expect(answer.raw).not.toContain(url);
        expect(answer.raw).not.toContain(token);
        expect(answer.raw).not.toContain(token.split(':')[1]!.slice(0, -4));
      }
      // renamed without a new secret: the secret stays; a new one replaces it
      expect(await channel(user.token, { id: hook.data.id, name: 'Ops 2' })).toMatchObject({ status: 1, data: { name: 'Ops 2', secretEnd: 'abcd' } });
      // another user: not found, and nothing sent
      const before = rx.received.length;
      expect(await channel(other.token, { id: hook.data.id, name: 'mine' })).toMatchObject({ http: 404, code: 40401 });
      expect(await h.call('POST', '/api/watch/channels/test', { token: other.token, body: { id: hook.data.id } })).toMatchObject({ http: 404 });
      expect((await h.call('GET', '/api/watch/channels', { token: other.token })).data).toEqual([]);
      expect(rx.received.length).toBe(before);
      // the test message
      expect(await h.call('POST', '/api/watch/channels/test', { token: user.token, body: { id: hook.data.id }, lang: 'en-US' })).toMatchObject({ status: 1, data: { sent: true } });
      expect(rx.on(new URL(url).pathname).map((r) => r.body)).toEqual([{ test: true, text: '[Tessera] This is a test message of the channel "Ops 2".' }]);
      expect(await h.call('POST', '/api/watch/channels/test', { token: user.token, body: { id: tg.data.id } })).toMatchObject({ status: 1 });
      expect(rx.on(`/bot${token}/sendMessage`).map((r) => r.body.chat_id)).toEqual(['4242']);
      // a receiver that fails: the test says why, in the caller's language
      rx.answer.set(new URL(url).pathname, { status: 503 });
      expect(await h.call('POST', '/api/watch/channels/test', { token: user.token, body: { id: hook.data.id }, lang: 'en-US' }))
        .toMatchObject({ status: 0, code: 40040, info: 'The test message could not be sent: the receiver answered HTTP 503' });
      expect((await h.call('POST', '/api/watch/channels/test', { token: user.token, body: { id: hook.data.id }, lang: 'zh-CN' })).info).toBe('测试消息未能发送：对方返回 HTTP 503');
      rx.answer.delete(new URL(url).pathname);
      // http to a public name is refused at once; incomplete channels say what they need
      expect(await channel(user.token, { kind: 'webhook', url: 'http://example.com/hook' }, 'en-US')).toMatchObject({ http: 400, info: 'The test message could not be sent: only https addresses are accepted' });
      expect(await channel(user.token, { kind: 'telegram', token }, 'en-US')).toMatchObject({ http: 400, info: 'A telegram channel needs token, chatId' });
      // deleted
      expect(await channel(user.token, { id: tg.data.id, delete: true })).toMatchObject({ status: 1, data: null });
      expect((await h.call('GET', '/api/watch/channels', { token: user.token })).data).toHaveLength(1);
    });

    test('a failed send is retried with backoff; a redirect is not followed', async () => {
      const u = await userWithChannels();
      rx.answer.set(u.hook, { status: 500, times: 2 });
      rx.answer.set(u.slack, { status: 302, location: `${rx.url}/elsewhere` });
      const a = fresh('act_');
      await snap(u.token, 'adaccount', [account(a)]);
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED' })]);
      expect(await deliverDue(h.app.ctx)).toBe(2); // telegram and mail
      expect(rx.on(u.hook)).toHaveLength(1);
      const [row] = await rows(h, `select o.status, o.attempts, o.next_at, o.last_error from watch_outbox o join watch_channels c on c.id = o.channel_id where o.user_id = ${u.uid} and c.kind = 'webhook'`);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'watchHttpStatus {"status":500}' });
      expect(new Date(row!.next_at).getTime() - (Date.now() + h.clock.offset)).toBeGreaterThan(retryDelay(1) - 5000);
      // not before the wait
      expect(await deliverDue(h.app.ctx)).toBe(0);
      expect(rx.on(u.hook)).toHaveLength(1);
      h.clock.advance(retryDelay(1) + 1000);
      expect(await deliverDue(h.app.ctx)).toBe(0); // the second failure; the wait doubles
      expect(rx.on(u.hook)).toHaveLength(2);
      h.clock.advance(retryDelay(1) + 1000);
      expect(await deliverDue(h.app.ctx)).toBe(0);
      h.clock.advance(retryDelay(2));
      expect(await deliverDue(h.app.ctx)).toBe(1);
      expect(rx.on(u.hook)).toHaveLength(3);
      expect(rx.on(u.hook).map((r) => r.body.alert.state)).toEqual(['firing', 'firing', 'firing']);
      // the redirect: never followed
      expect(rx.on('/elsewhere')).toEqual([]);
      const [slack] = await rows(h, `select o.status, o.last_error from watch_outbox o join watch_channels c on c.id = o.channel_id where o.user_id = ${u.uid} and c.kind = 'slack'`);
      expect(slack).toMatchObject({ status: 'pending', last_error: 'watchRedirect {"status":302}' });
      rx.answer.delete(u.slack);
    });

    test('quiet hours hold messages (the alert shows in the app at once) and send them when they end', async () => {
      const u = await userWithChannels();
      const now = new Date(Date.now() + h.clock.offset);
      const hhmm = (d: Date) => d.toISOString().slice(11, 16);
      const quiet = { from: hhmm(new Date(now.getTime() - 10 * MINUTE)), to: hhmm(new Date(now.getTime() + 30 * MINUTE)), timeZone: 'UTC' };
      expect(await h.call('POST', '/api/watch/settings', { token: u.token, body: { quietHours: { ...quiet, timeZone: 'Mars/Olympus' } }, lang: 'en-US' })).toMatchObject({ http: 400, code: 40000 });
      expect(await h.call('POST', '/api/watch/settings', { token: u.token, body: { quietHours: quiet } })).toMatchObject({ status: 1, data: { quietHours: quiet } });
      expect(await h.call('GET', '/api/watch/settings', { token: u.token })).toMatchObject({ data: { quietHours: quiet } });
      expect(quietUntil(now, quiet)).not.toBeNull();
      const a = fresh('act_');
      await snap(u.token, 'adaccount', [account(a)]);
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED' })]);
      expect((await alerts(u.token, 'firing')).data).toHaveLength(1);
      await deliverDue(h.app.ctx);
      expect(await sentOf(u.uid)).toBe(0);
      expect(rx.on(u.hook)).toEqual([]);
      const held = await rows(h, `select attempts, next_at from watch_outbox where user_id = ${u.uid}`);
      expect(held).toHaveLength(4);
      for (const r of held) expect(r.attempts).toBe(0);
      h.clock.advance(20 * MINUTE);
      await deliverDue(h.app.ctx);
      expect(await sentOf(u.uid)).toBe(0);
      h.clock.advance(11 * MINUTE);
      await deliverDue(h.app.ctx);
      expect(await sentOf(u.uid)).toBe(4);
      expect(rx.on(u.hook)).toHaveLength(1);
      expect(await h.call('POST', '/api/watch/settings', { token: u.token, body: { quietHours: null } })).toMatchObject({ data: { quietHours: null } });
    });

    test('a new instance on the same database sends what a stopped one left pending (and a lease that ran out)', async () => {
      const u = await userWithChannels();
      const a = fresh('act_');
      await snap(u.token, 'adaccount', [account(a)]);
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED' })]);
      // one row claimed by an instance that then stopped mid-send: its lease runs out
      const lease = new Date(Date.now() + h.clock.offset + MINUTE).toISOString();
      await rows(h, `update watch_outbox set locked_until = '${lease}'::timestamptz, attempts = 1 where id = (select min(id) from watch_outbox where user_id = ${u.uid})`);
      const second = await createHarness(env.h.database, { webhookAllowLoopback: true, telegramApi: rx.url, watchOutboxPollMs: 0 });
      try {
        second.clock.offset = h.clock.offset;
        expect(await deliverDue(second.app.ctx)).toBe(3);
        second.clock.advance(5 * MINUTE);
        expect(await deliverDue(second.app.ctx)).toBe(1);
        expect(await deliverDue(second.app.ctx)).toBe(0);
      } finally {
        await second.close();
      }
      expect(rx.on(u.hook)).toHaveLength(1);
      expect(rx.on(u.slack)).toHaveLength(1);
      expect(rx.on(u.tg)).toHaveLength(1);
    });

    test('unsafe targets are refused: loopback, private, link-local, CGNAT, ULA, IPv4-mapped; a name resolving to 127.0.0.1; http', async () => {
      for (const address of ['127.0.0.1', '127.8.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.255',
        '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
        '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:c0a8:101::1']) {
        expect(refusedAddress(address), address).not.toBeNull();
      }
      for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(refusedAddress(address), address).toBeNull();
      expect(refusedAddress('127.0.0.1', true)).toBeNull();
      expect(refusedAddress('10.0.0.1', true)).toBe('private');

      const to127 = async () => [{ address: '127.0.0.1', family: 4 }];
      await expect(safePostJson('https://hooks.example.com/x', {}, { allowLoopback: false, resolve: to127 })).rejects.toMatchObject({ key: 'watchAddressRefused', params: { address: '127.0.0.1', why: 'loopback' } });
      // one bad address among several refuses the name
      const mixed = async () => [{ address: '93.184.216.34', family: 4 }, { address: '::ffff:192.168.0.1', family: 6 }];
      await expect(safePostJson('https://hooks.example.com/x', {}, { allowLoopback: false, resolve: mixed })).rejects.toMatchObject({ key: 'watchAddressRefused', params: { why: 'private' } });
      await expect(safePostJson('https://[::ffff:127.0.0.1]/x', {}, { allowLoopback: false })).rejects.toMatchObject({ key: 'watchAddressRefused' });
      await expect(safePostJson('http://hooks.example.com/x', {}, { allowLoopback: false })).rejects.toMatchObject({ key: 'watchNotHttps' });
      await expect(safePostJson(`${rx.url}/hook`, {}, { allowLoopback: false })).rejects.toMatchObject({ key: 'watchNotHttps' });
      await expect(safePostJson('https://user:pw@hooks.example.com/x', {}, { allowLoopback: false })).rejects.toMatchObject({ key: 'watchBadUrl' });
      // the connection goes to the checked address, the name kept in the Host header
      const before = rx.received.length;
      const pinned = `/pinned-${fresh()}`;
      await safePostJson(`http://localhost:${rx.port}${pinned}`, { x: 1 }, { allowLoopback: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
      expect(rx.on(pinned)).toEqual([{ path: pinned, host: `localhost:${rx.port}`, body: { x: 1 } }]);
      expect(rx.received.length).toBe(before + 1);
      // a redirect is a failure and is not followed
      const hop = `/hop-${fresh()}`;
      rx.answer.set(hop, { status: 301, location: `${rx.url}/landed` });
      await expect(safePostJson(`${rx.url}${hop}`, {}, { allowLoopback: true })).rejects.toMatchObject({ key: 'watchRedirect' });
      expect(rx.on('/landed')).toEqual([]);
      // a channel of the suite's own app (loopback not allowed): its test message is refused, nothing received
      const user = await env.h.signUp();
      const made = await env.h.call('POST', '/api/watch/channels', { token: user.token, body: { kind: 'webhook', url: `${rx.url}/never` }, lang: 'en-US' });
      expect(made).toMatchObject({ http: 400, info: 'The test message could not be sent: only https addresses are accepted' });
    });

    test('housekeeping drops resolved alerts and sent messages older than the retention; firing alerts stay', async () => {
      const u = await userWithChannels();
      const [a, b] = [fresh('act_'), fresh('act_')];
      await snap(u.token, 'adaccount', [account(a), account(b)]);
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED' }), account(b, { status: 'DISABLED' })]);
      h.clock.advance(MINUTE);
      await snap(u.token, 'adaccount', [account(a)]);
      await deliverDue(h.app.ctx);
      expect(await rows(h, `select count(*)::int as n from watch_outbox where user_id = ${u.uid} and status = 'sent'`)).toEqual([{ n: 12 }]);
      h.clock.advance(91 * 24 * 60 * MINUTE);
      const { sweep } = await import('../../../server/housekeeping');
      await sweep(h.app.ctx);
      expect((await rows(h, `select object_id, state from watch_alerts where user_id = ${u.uid}`)).map((x) => `${x.object_id}:${x.state}`)).toEqual([`${b}:firing`]);
      expect(await rows(h, `select state, status from watch_outbox where user_id = ${u.uid}`)).toEqual([]);
    });

    test("a deleted user's rules, channels, alerts, outbox rows, checks and settings are deleted with them", async () => {
      const [gone, stays] = [await userWithChannels(), await userWithChannels()];
      for (const u of [gone, stays]) {
        const a = fresh('act_');
        await h.call('POST', '/api/watch/rules', { token: u.token, body: { name: 'r', type: 'adaccount', field: 'balance', op: 'gt', value: 1 } });
        await h.call('POST', '/api/watch/rules', { token: u.token, body: { id: 'spendNearCap', enabled: false } });
        await h.call('POST', '/api/watch/checks', { token: u.token, body: { check: 'c', ok: false } });
        await h.call('POST', '/api/watch/settings', { token: u.token, body: { quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Berlin' } } });
        await snap(u.token, 'adaccount', [account(a)]);
        h.clock.advance(MINUTE);
        await snap(u.token, 'adaccount', [account(a, { status: 'DISABLED' })]);
      }
      const tables = ['watch_rules', 'watch_channels', 'watch_alerts', 'watch_outbox', 'watch_checks', 'watch_settings'];
      for (const table of tables) expect((await rows(h, `select count(*)::int as n from ${table} where user_id = ${gone.uid}`))[0]!.n, table).toBeGreaterThan(0);
      await rows(h, `delete from users where id = ${gone.uid}`);
      for (const table of tables) {
        expect((await rows(h, `select count(*)::int as n from ${table} where user_id = ${gone.uid}`))[0]!.n, table).toBe(0);
        expect((await rows(h, `select count(*)::int as n from ${table} where user_id = ${stays.uid}`))[0]!.n, table).toBeGreaterThan(0);
      }
    });
  });
}
