// The world outside Tessera (sandbox/README.md "World events", issue 34): POST /__sandbox/world changes
// the data as someone else would, each change readable through the normal Graph reads and logged in the
// ad account's activities edge; a bad batch applies nothing; the drift is deterministic on the sandbox clock.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox, toSandbox, type Sandbox } from './harness';
import type { Activity } from '../../sandbox/world';

let sb: Sandbox;
let fx: Sandbox['state']['data']['fixtures'];
beforeAll(async () => { sb = await startSandbox(); });
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/drift', { everyS: 0 });
  fx = sb.state.data.fixtures;
});

const world = async (events: unknown[]) => {
  const r = await fetch(`${sb.base}/__sandbox/world`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
  return { status: r.status, body: await r.json() as any };
};
const FIELDS = 'event_type,event_time,actor_id,actor_name,extra_data,translated_event_type,object_id,object_name,object_type,date_time_in_timezone';
const activities = async (act: string, q = '') => (await sb.getJson(`/v24.0/${act}/activities?fields=${FIELDS}${q}`));

describe('world events', () => {
  test('disableAccount and enableAccount: the status and reason on the account, each change in its activities with old and new values', async () => {
    const act = fx.adaccounts.active!;
    const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
    const t0 = Math.floor(sb.clock.now() / 1000) * 1000;
    const r = await world([{ kind: 'disableAccount', id: act, reason: 3 }]);
    expect(r.status).toBe(200);
    expect(r.body.applied).toEqual([{ kind: 'disableAccount', accounts: [act] }]);
    expect((await sb.getJson(`/v24.0/${act}?fields=account_status,disable_reason`)).body).toMatchObject({ account_status: 2, disable_reason: 3 });
    // in the list the product reads too
    const list = (await sb.getJson(`/v24.0/me/adaccounts?fields=account_status&filtering=${encodeURIComponent(JSON.stringify([{ field: 'account_status', operator: 'IN', value: [2] }]))}&limit=500`)).body;
    expect(list.data.map((a: { id: string }) => a.id)).toContain(act);

    sb.clock.advance(60_000);
    await world([{ kind: 'enableAccount', id: act }]);
    expect((await sb.getJson(`/v24.0/${act}?fields=account_status,disable_reason`)).body).toMatchObject({ account_status: 1, disable_reason: 0 });

    const log = (await activities(act)).body;
    expect(log.data).toHaveLength(2);
    const [enabled, disabled] = log.data;
    expect(disabled).toMatchObject({
      event_type: 'ad_account_update_status', translated_event_type: 'Account status updated',
      actor_id: '0', actor_name: 'Meta', object_id: act.slice(4), object_type: 'ACCOUNT',
      event_time: at(t0),
    });
    expect(JSON.parse(disabled.extra_data)).toEqual({ old_value: { account_status: 1, disable_reason: 0 }, new_value: { account_status: 2, disable_reason: 3 } });
    expect(JSON.parse(enabled.extra_data)).toEqual({ old_value: { account_status: 2, disable_reason: 3 }, new_value: { account_status: 1, disable_reason: 0 } });
    expect(enabled.event_time).toBe(at(t0 + 60_000));
    expect(enabled.date_time_in_timezone).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(enabled).not.toHaveProperty('id');
  });

  test('needsPayment and fillCap: status 3 and the amount spent at the cap, with the platform\'s event types', async () => {
    const act = fx.adaccounts.spendCap!;
    await world([{ kind: 'needsPayment', id: act }, { kind: 'fillCap', id: act, pct: 95 }]);
    const a = (await sb.getJson(`/v24.0/${act}?fields=account_status,amount_spent,spend_cap`)).body;
    expect(a.account_status).toBe(3);
    expect(Number(a.amount_spent)).toBe(Math.round(Number(a.spend_cap) * 0.95));
    await world([{ kind: 'fillCap', id: act }]);
    const b = (await sb.getJson(`/v24.0/${act}?fields=amount_spent,spend_cap`)).body;
    expect(b.amount_spent).toBe(b.spend_cap);
    const log = (await activities(act)).body.data;
    expect(log.map((x: { event_type: string }) => x.event_type)).toEqual(['account_spending_limit_reached', 'ad_account_billing_charge', 'ad_account_billing_charge_failed']);
    expect(JSON.parse(log[0].extra_data)).toMatchObject({ old_value: { amount_spent: Number(a.amount_spent) }, new_value: { amount_spent: Number(b.spend_cap) }, currency: 'USD' });
    // an account without a cap cannot be filled
    const none = await world([{ kind: 'fillCap', id: fx.adaccounts.active! }]);
    expect(none).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^events\[0\]: .*no spend cap/) } });
  });

  test('addAdmin to a business: a stranger in business_users as ADMIN, logged in each owned account with its actor; removeUser takes them out', async () => {
    const bm = fx.businesses.main!;
    const r = await world([{ kind: 'addAdmin', business: bm, name: 'Mallory Outsider', email: 'mallory@evil.example' }]);
    expect(r.status).toBe(200);
    const uid = r.body.applied[0].user as string;
    const owned = sb.state.data.businesses.get(bm)!.owned_accounts;
    expect(r.body.applied[0].accounts).toEqual(owned);
    const people = (await sb.getJson(`/v24.0/${bm}/business_users?fields=name,email,role&limit=300`)).body.data;
    expect(people).toContainEqual(expect.objectContaining({ name: 'Mallory Outsider', email: 'mallory@evil.example', role: 'ADMIN' }));

    const entry = (await activities(owned[0]!)).body.data[0];
    expect(entry).toMatchObject({ event_type: 'ad_account_add_user_to_role', translated_event_type: 'Added user to business' });
    // the actor is someone other than the session user (an admin of the business), not Tessera's user
    expect(entry.actor_id).not.toBe(fx.sessionUser);
    expect(entry.actor_name).toBe(sb.state.data.users.get(entry.actor_id)!.name);
    expect(JSON.parse(entry.extra_data)).toMatchObject({ old_value: null, new_value: { user_id: uid, user_name: 'Mallory Outsider', role: 'ADMIN' }, business_id: bm });

    // adding the same person twice is a bad event
    expect((await world([{ kind: 'addAdmin', business: bm, name: 'Mallory Outsider', email: 'mallory@evil.example' }])).status).toBe(400);
    await world([{ kind: 'removeUser', business: bm, user: uid, actor: fx.sessionUser }]);
    const after = (await sb.getJson(`/v24.0/${bm}/business_users?fields=email&limit=300`)).body.data;
    expect(after.map((p: { email: string }) => p.email)).not.toContain('mallory@evil.example');
    const removed = (await activities(owned[0]!)).body.data[0];
    expect(removed).toMatchObject({ event_type: 'ad_account_remove_user_from_role', actor_id: fx.sessionUser });
    expect(JSON.parse(removed.extra_data)).toMatchObject({ old_value: { user_id: uid, role: 'ADMIN' }, new_value: null });
  });

  test('addAdmin on an ad account: a role 1001 in act_…/users; removeUser on the account', async () => {
    const act = fx.adaccounts.active!;
    const r = await world([{ kind: 'addAdmin', id: act, name: 'Eve Stranger', email: 'eve@evil.example', actor: { id: '999', name: 'Hijacker' } }]);
    const uid = r.body.applied[0].user as string;
    const users = (await sb.getJson(`/v24.0/${act}/users?fields=name,role`)).body.data;
    expect(users).toContainEqual(expect.objectContaining({ id: uid, name: 'Eve Stranger', role: 1001 }));
    const entry = (await activities(act)).body.data[0];
    expect(entry).toMatchObject({ event_type: 'ad_account_add_user_to_role', actor_id: '999', actor_name: 'Hijacker' });
    await world([{ kind: 'removeUser', id: act, user: uid }]);
    expect((await sb.getJson(`/v24.0/${act}/users?fields=name`)).body.data.map((u: { id: string }) => u.id)).not.toContain(uid);
    expect((await activities(act)).body.data[0].event_type).toBe('ad_account_remove_user_from_role');
  });

  test('restrictBusiness, addPartner, unpublishPage, unsharePixel: visible through the Graph reads', async () => {
    const bm = fx.businesses.main!;
    const partner = sb.state.data.businessList.find((b) => b.id !== bm && !sb.state.data.businesses.get(bm)!.agencies.includes(b.id))!.id;
    const page = fx.pages.main!;
    const pixel = fx.pixels.main!;
    const shared = (await sb.getJson(`/v24.0/${pixel}/shared_accounts?business=${bm}&fields=id`)).body.data[0].id as string;
    const r = await world([
      { kind: 'restrictBusiness', id: bm },
      { kind: 'addPartner', business: bm, partner },
      { kind: 'unpublishPage', id: page },
      { kind: 'unsharePixel', pixel, account: shared },
    ]);
    expect(r.status).toBe(200);
    expect((await sb.getJson(`/v24.0/${bm}?fields=is_disabled_for_integrity_reasons`)).body.is_disabled_for_integrity_reasons).toBe(true);
    expect((await sb.getJson(`/v24.0/${bm}/agencies?fields=id&limit=100`)).body.data.map((b: { id: string }) => b.id)).toContain(partner);
    expect((await sb.getJson(`/v24.0/${page}?fields=is_published`)).body.is_published).toBe(false);
    expect(r.body.applied[2]).toEqual({ kind: 'unpublishPage', accounts: [] });
    expect((await sb.getJson(`/v24.0/${pixel}/shared_accounts?business=${bm}&fields=id&limit=100`)).body.data.map((a: { id: string }) => a.id)).not.toContain(shared);
    const pixelEntry = (await activities(shared)).body.data.find((x: { translated_event_type: string }) => x.translated_event_type === 'Pixel unshared from ad account');
    expect(JSON.parse(pixelEntry.extra_data)).toMatchObject({ old_value: { pixel_id: pixel, shared: true }, new_value: { pixel_id: pixel, shared: false } });
    const owned = sb.state.data.businesses.get(bm)!.owned_accounts[0]!;
    const types = (await activities(owned)).body.data.map((x: { translated_event_type: string }) => x.translated_event_type);
    expect(types).toEqual(expect.arrayContaining(['Business restricted from advertising', 'Partner added to business']));
  });

  test('a bad batch applies nothing and names the bad event', async () => {
    const act = fx.adaccounts.active!;
    const bm = fx.businesses.main!;
    const before = (await sb.getJson(`/__sandbox/objects/adaccount/${act}`)).body;
    const businessBefore = (await sb.getJson(`/__sandbox/objects/business/${bm}`)).body;
    const usersBefore = sb.state.data.users.size;
    const member = sb.state.data.businessUsers.get(sb.state.data.businesses.get(bm)!.users[1]!)!;
    for (const [events, message] of [
      [[{ kind: 'disableAccount', id: act }, { kind: 'explode', id: act }], /^events\[1\]: kind must be one of disableAccount, enableAccount, fillCap, addAdmin, removeUser, unpublishPage, unsharePixel, restrictBusiness/],
      [[{ kind: 'disableAccount', id: act, reason: 99 }], /^events\[0\]: reason must be a disable reason from 0 to 15/],
      [[{ kind: 'addAdmin', business: bm, name: 'X', email: 'not-an-email' }], /^events\[0\]: email/],
      [[{ kind: 'fillCap', id: act, pct: 150 }], /^events\[0\]: pct/],
      // passes the shape checks; the second event fails on the state the first left: the first is undone
      [[{ kind: 'disableAccount', id: act, reason: 5 }, { kind: 'addAdmin', id: act, name: 'A', email: 'a@x.example' }, { kind: 'enableAccount', id: 'act_404' }], /^events\[2\]: no ad account act_404/],
      [[
        { kind: 'addAdmin', business: bm, name: 'B', email: 'b@x.example' },
        { kind: 'restrictBusiness', id: bm },
        { kind: 'removeUser', business: bm, user: member.uid },
        { kind: 'removeUser', business: bm, user: member.id },
      ], new RegExp(`^events\\[3\\]: ${member.id} is not in business ${bm}`)],
    ] as const) {
      const r = await world(events as unknown as unknown[]);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    expect((await world([])).body.error).toMatch(/non-empty array/);
    const notJson = await fetch(`${sb.base}/__sandbox/world`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'nope' });
    expect(notJson.status).toBe(400);
    expect((await sb.getJson(`/__sandbox/objects/adaccount/${act}`)).body).toEqual(before);
    expect((await sb.getJson(`/__sandbox/objects/business/${bm}`)).body).toEqual(businessBefore);
    expect(sb.state.data.users.size).toBe(usersBefore);
    expect(sb.state.data.activities).toBeUndefined();
    expect((await activities(act)).body.data).toEqual([]);
    expect((await sb.getJson(`/v24.0/${act}/users?fields=name`)).body.data.map((u: { name: string }) => u.name)).not.toContain('A');
    // the ids a refused batch drew are drawn again by the next one
    const again = await world([{ kind: 'addAdmin', id: act, name: 'A', email: 'a@x.example' }]);
    expect(again.body.applied[0].user).toBe([...sb.state.data.users.keys()][usersBefore]);
  });
});

describe('act_…/activities', () => {
  test('pages newest first with cursors and next links; since and until bound it', async () => {
    const act = fx.adaccounts.active!;
    const start = Math.floor(sb.clock.now() / 1000);
    for (let k = 0; k < 7; k++) {
      await world([{ kind: k % 2 ? 'enableAccount' : 'disableAccount', id: act }]);
      sb.clock.advance(3600_000);
    }
    const iso = (s: number) => new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, '+0000');
    const first = (await activities(act, '&limit=3')).body;
    expect(first.data).toHaveLength(3);
    expect(first.paging.cursors.after).toBeTruthy();
    expect(first.data[0].event_time).toBe(iso(start + 6 * 3600));
    const times: string[] = first.data.map((x: { event_time: string }) => x.event_time);
    let next: string | undefined = first.paging.next;
    while (next) {
      expect(next.startsWith('https://graph.facebook.com/v24.0/')).toBe(true);
      const page = (await sb.getJson(toSandbox(sb, next).slice(sb.base.length))).body;
      times.push(...page.data.map((x: { event_time: string }) => x.event_time));
      next = page.paging?.next;
    }
    expect(times).toHaveLength(7);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(times).size).toBe(7);
    // an entry logged while paging does not shift the pages already read (the cursor keys on the entry)
    const p1 = (await activities(act, '&limit=2')).body;
    await world([{ kind: 'disableAccount', id: act }]);
    const p2 = (await sb.getJson(toSandbox(sb, p1.paging.next).slice(sb.base.length))).body;
    expect(p2.data[0].event_time).toBe(times[2]);

    const window = (await activities(act, `&since=${start + 3600}&until=${start + 3 * 3600}`)).body.data;
    expect(window.map((x: { event_time: string }) => x.event_time)).toEqual([iso(start + 3 * 3600), iso(start + 2 * 3600), iso(start + 3600)]);
    // a date as text; the entry logged after the loop counts too
    expect((await activities(act, `&since=${encodeURIComponent(new Date((start + 5.5 * 3600) * 1000).toISOString())}`)).body.data).toHaveLength(2);
  });

  test('admins and advertisers read it; an analyst is refused with (#200)', async () => {
    await world([
      { kind: 'disableAccount', id: fx.adaccounts.advertiserRole },
      { kind: 'disableAccount', id: fx.adaccounts.analystRole },
    ]);
    expect((await activities(fx.adaccounts.advertiserRole!)).body.data).toHaveLength(1);
    const refused = await activities(fx.adaccounts.analystRole!);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 200 });
    // out of reach: the account itself does not exist for the caller
    expect((await activities(fx.adaccounts.outOfReach!)).status).toBe(400);
  });
});

describe('drift', () => {
  const runDrift = async (seed: string) => {
    await sb.post('/__sandbox/reset', { seed: 'test' });
    const d = await sb.putJson('/__sandbox/drift', { everyS: 60, seed });
    expect(d.body).toMatchObject({ everyS: 60, seed, ticks: 0 });
    await fetch(`${sb.base}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceS: 600 }) });
    expect((await sb.getJson('/__sandbox/drift')).body.ticks).toBe(10);
    const data = sb.state.data;
    const log = [...(data.activities ?? new Map<string, Activity[]>()).entries()].map(([id, list]) => [id, list.map((x) => [x.time, x.event_type, JSON.stringify(x.extra_data)])]);
    const statuses = data.accountList.map((a) => `${a.account_status}/${a.disable_reason}/${a.amount_spent}`).join(',');
    const published = data.pageList.filter((p) => !p.is_published).length;
    return { log, statuses, published };
  };

  test('off by default: the clock moves, the world does not', async () => {
    const before = sb.state.data.accountList.map((a) => a.account_status).join();
    await fetch(`${sb.base}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceS: 86400 }) });
    expect(sb.state.data.accountList.map((a) => a.account_status).join()).toBe(before);
    expect(sb.state.data.activities).toBeUndefined();
    expect((await sb.getJson('/__sandbox/drift')).body).toEqual({ everyS: 0 });
  });

  test('one event per interval of the sandbox clock, the same for the same seed, other for another', async () => {
    const a = await runDrift('demo');
    const b = await runDrift('demo');
    const c = await runDrift('other');
    expect(a.log.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    const changes = a.log.reduce((n, [, list]) => n + (list as unknown[]).length, 0);
    expect(changes).toBeGreaterThan(0);
  });

  test('a reading request applies the events due, and nonsense settings are refused', async () => {
    await sb.putJson('/__sandbox/drift', { everyS: 30, seed: 's' });
    sb.clock.advance(95_000);
    expect((await sb.getJson('/__sandbox/drift')).body.ticks).toBe(3);
    expect((await sb.putJson('/__sandbox/drift', { everyS: -1 })).status).toBe(400);
    expect((await sb.putJson('/__sandbox/drift', { everyS: 0.5 })).status).toBe(400);
    expect((await sb.putJson('/__sandbox/drift', { everyS: 0 })).body).toEqual({ everyS: 0 });
  });
});
