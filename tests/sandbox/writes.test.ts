// Writes change state; later reads, /__sandbox/objects and /__sandbox/calls show it.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from './harness';

let sb: Sandbox;
let fx: Sandbox['state']['data']['fixtures'];
beforeAll(async () => { sb = await startSandbox(); });
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/faults', { latencyMs: 0, jitterMs: 0, errorRate: 0 });
  fx = sb.state.data.fixtures;
});

describe('ad accounts', () => {
  test('rename, spend cap, business info: visible on reads and in objects', async () => {
    const act = fx.adaccounts.active!;
    expect((await sb.post(`/v19.0/${act}`, { name: 'New name' })).body).toEqual({ success: true });
    expect((await sb.post(`/v19.0/${act}`, { spend_cap: '5000.5' })).status).toBe(200);
    expect((await sb.post(`/v19.0/${act}`, { business_info: JSON.stringify({ business_city: 'Lyon' }), business_country_code: 'fr' })).status).toBe(200);
    const r = (await sb.getJson(`/v19.0/${act}?fields=name,spend_cap,business_city,business_country_code,currency`)).body;
    expect(r).toMatchObject({ name: 'New name', spend_cap: '500050', business_city: 'Lyon', business_country_code: 'FR', currency: 'USD' });
    const obj = (await sb.getJson(`/__sandbox/objects/adaccount/${act}`)).body;
    expect(obj).toMatchObject({ type: 'adaccount', name: 'New name', spend_cap: 500050 });
    expect((await sb.post(`/v19.0/${act}`, { spend_cap_action: 'delete' })).status).toBe(200);
    expect((await sb.getJson(`/v19.0/${act}?fields=spend_cap`)).body.spend_cap).toBe('0');
    expect((await sb.getJson('/__sandbox/calls')).body.writesByObject[act]).toBe(4);
  });

  test('no-decimal currencies take spend caps in whole units', async () => {
    const act = fx.adaccounts.jpy!;
    await sb.post(`/v19.0/${act}`, { spend_cap_action: 'reset' });
    await sb.post(`/v19.0/${act}`, { spend_cap: '120000' });
    expect((await sb.getJson(`/v19.0/${act}?fields=spend_cap,currency`)).body).toMatchObject({ spend_cap: '120000', currency: 'JPY' });
  });

  test('users: add, list, add twice is an error, remove', async () => {
    const act = fx.adaccounts.active!;
    const uid = fx.users.notOnAnyAccount!;
    expect((await sb.post(`/v19.0/${act}/users`, { uid, role: '1002' })).body).toEqual({ success: true });
    const users = (await sb.getJson(`/v19.0/${act}/users?fields=id,role,tasks`)).body.data;
    expect(users).toContainEqual({ id: uid, role: 1002, tasks: ['ADVERTISE', 'ANALYZE', 'DRAFT'] });
    const twice = await sb.post(`/v19.0/${act}/users`, { uid, role: '1001' });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(twice.body.error.error_user_msg).toContain('already');
    const removed = await sb.del(`/v19.0/${act}/users?uid=${uid}`);
    expect(removed.body).toEqual({ success: true });
    expect((await sb.getJson(`/v19.0/${act}?fields=users{id}`)).body.users.data.map((u: { id: string }) => u.id)).not.toContain(uid);
    const calls = (await sb.getJson('/__sandbox/calls')).body;
    expect(calls.writesByObject[act]).toBe(2);
  });

  test('agencies: share with tasks, list, remove by POST method=delete', async () => {
    const act = fx.adaccounts.active!;
    const agency = fx.businesses.agency!;
    expect((await sb.post(`/v19.0/${act}/agencies`, { business: agency, permitted_tasks: '["ADVERTISE","ANALYZE"]' })).status).toBe(200);
    const list = (await sb.getJson(`/v19.0/${act}/agencies?fields=id,name,permitted_tasks`)).body.data;
    expect(list).toContainEqual(expect.objectContaining({ id: agency, permitted_tasks: ['ADVERTISE', 'ANALYZE'] }));
    const client = (await sb.getJson(`/v19.0/${agency}/client_ad_accounts?fields=id,permitted_tasks&limit=500`)).body.data;
    expect(client.map((a: { id: string }) => a.id)).toContain(act);
    expect((await sb.post(`/v19.0/${act}/agencies`, { business: agency, method: 'delete' })).body).toEqual({ success: true });
    expect((await sb.getJson(`/v19.0/${act}/agencies`)).body.data.map((b: { id: string }) => b.id)).not.toContain(agency);
    expect((await sb.post(`/v19.0/${act}/agencies`, { business: agency, permitted_tasks: '["FLY"]' })).body.error.code).toBe(100);
  });

  test('assign to a business with client_ad_accounts (adaccount_id act_…)', async () => {
    const act = fx.adaccounts.noBusiness!;
    const bm = fx.businesses.agency!;
    const r = await sb.post(`/v19.0/${bm}/client_ad_accounts`, { adaccount_id: act, access_type: 'AGENCY', permitted_tasks: '["MANAGE","ADVERTISE","ANALYZE","DRAFT"]' });
    expect(r.body).toEqual({ access_status: 'CONFIRMED' });
    const s = (await sb.getJson(`/v19.0/${bm}/client_ad_accounts?fields=account_id,name,account_status,permitted_tasks&search_query=${act.slice(4)}`)).body.data;
    expect(s).toEqual([expect.objectContaining({ id: act, permitted_tasks: ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT'] })]);
    const owned = await sb.post(`/v19.0/${fx.businesses.main}/owned_ad_accounts`, { adaccount_id: act });
    expect(owned.body).toEqual({ access_status: 'CONFIRMED' });
    expect((await sb.getJson(`/v19.0/${act}?fields=owner_business{id}`)).body.owner_business).toEqual({ id: fx.businesses.main });
  });

  test('refused and injected-error writes are not counted', async () => {
    const analyst = fx.adaccounts.analystRole!;
    const refused = await sb.post(`/v19.0/${analyst}`, { name: 'nope' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(200);
    await sb.putJson('/__sandbox/faults', { errorRate: 1 });
    const act = fx.adaccounts.active!;
    const injected = await sb.post(`/v19.0/${act}`, { name: 'lost' });
    expect(injected.status).toBe(500);
    await sb.putJson('/__sandbox/faults', { errorRate: 0 });
    expect((await sb.getJson(`/__sandbox/objects/adaccount/${act}`)).body.name).not.toBe('lost');
    const calls = (await sb.getJson('/__sandbox/calls')).body;
    expect(calls.writesByObject).toEqual({});
    expect(calls.injectedErrors).toBe(1);
    expect(calls.total).toBe(2);
    expect(calls.byMethod).toEqual({ POST: 2 });
  });

  test('DELETE /__sandbox/calls zeroes the counters', async () => {
    await sb.post(`/v19.0/${fx.adaccounts.active}`, { name: 'x' });
    expect((await sb.del('/__sandbox/calls')).body.total).toBe(0);
    expect((await sb.getJson('/__sandbox/calls')).body).toMatchObject({ total: 0, writesByObject: {} });
  });
});

describe('businesses', () => {
  test('invite, list pending, cancel; update and remove a business user', async () => {
    const bm = fx.businesses.main!;
    const inv = await sb.post(`/v19.0/${bm}/business_users`, { email: 'new.person@example.test', role: 'EMPLOYEE' });
    expect(inv.body.id).toMatch(/^\d+$/);
    const pending = (await sb.getJson(`/v19.0/${bm}/pending_users?fields=id,email,role,status`)).body.data;
    expect(pending).toContainEqual({ id: inv.body.id, email: 'new.person@example.test', role: 'EMPLOYEE', status: 'PENDING' });
    expect((await sb.post(`/v19.0/${bm}/business_users`, { email: 'new.person@example.test', role: 'EMPLOYEE' })).body.error.code).toBe(100);
    expect((await sb.post(`/v19.0/${inv.body.id}`, { method: 'delete' })).body).toEqual({ success: true });

    const users = (await sb.getJson(`/v19.0/${bm}/business_users?fields=id,role,email&limit=300`)).body.data;
    const other = users.find((u: { email: string }) => !u.email.startsWith(sb.state.data.users.get(sb.state.data.sessionUserId)!.email));
    expect((await sb.post(`/v19.0/${other.id}`, { role: 'ADMIN' })).body).toEqual({ success: true });
    expect((await sb.getJson(`/v19.0/${other.id}?fields=role`)).body.role).toBe('ADMIN');
    expect((await sb.post(`/v19.0/${other.id}`, { method: 'delete' })).body).toEqual({ success: true });
    const after = (await sb.getJson(`/v19.0/${bm}/business_users?limit=300`)).body.data.map((u: { id: string }) => u.id);
    expect(after).not.toContain(other.id);
    const obj = (await sb.getJson(`/__sandbox/objects/business/${bm}`)).body;
    expect(obj.business_users.map((u: { id: string }) => u.id)).not.toContain(other.id);
    expect((await sb.getJson('/__sandbox/calls')).body.writesByObject).toEqual({ [bm]: 3, [other.id]: 1 });
  });

  test('an employee cannot invite (code 200)', async () => {
    const r = await sb.post(`/v19.0/${fx.businesses.employeeOnly}/business_users`, { email: 'x@example.test', role: 'EMPLOYEE' });
    expect(r.body.error.code).toBe(200);
  });

  test('me/businesses carries the spec fields', async () => {
    const fields = 'id,name,created_by,created_time,is_disabled_for_integrity_reasons,can_use_extended_credit,verification_status,sharing_eligibility_status,permitted_roles,allow_page_management_in_www,can_add_or_create_page';
    const r = (await sb.getJson(`/v19.0/me/businesses?fields=${fields}&limit=50`)).body;
    const restricted = r.data.find((b: { id: string }) => b.id === fx.businesses.restricted);
    expect(restricted).toMatchObject({ is_disabled_for_integrity_reasons: true, created_by: { id: sb.state.data.sessionUserId } });
    expect(Object.keys(r.data[0])).toEqual(expect.arrayContaining(fields.split(',')));
  });
});

describe('outcome journal', () => {
  test('pending while in flight, then done or failed with the HTTP status; unknown ids are unknown', async () => {
    await sb.putJson('/__sandbox/faults', { latencyMs: 300 });
    const act = fx.adaccounts.active!;
    const inflight = sb.post(`/v19.0/${act}`, { name: 'slow' }, { 'x-tessera-request-id': 'req-1' });
    await new Promise((r) => setTimeout(r, 100));
    expect((await sb.getJson('/__sandbox/outcome/req-1')).body).toEqual({ state: 'pending' });
    expect((await inflight).status).toBe(200);
    expect((await sb.getJson('/__sandbox/outcome/req-1')).body).toEqual({ state: 'done', status: 200 });
    await sb.putJson('/__sandbox/faults', { latencyMs: 0 });
    await sb.post(`/v19.0/${act}`, { name: '' }, { 'x-tessera-request-id': 'req-2' });
    expect((await sb.getJson('/__sandbox/outcome/req-2')).body).toEqual({ state: 'failed', status: 400 });
    expect((await sb.getJson('/__sandbox/outcome/never-sent')).body).toEqual({ state: 'unknown' });
  });
});

describe('the call log', () => {
  test('lists the last 1,000 calls oldest first, with the sandbox clock, and empties with the counters', async () => {
    const act = fx.adaccounts.active!;
    await sb.getJson(`/v19.0/${act}?fields=name`);
    sb.clock.advance(5_000);
    await sb.post(`/v19.0/${act}`, { name: 'Logged' });
    const { recent, total } = (await sb.getJson('/__sandbox/calls')).body;
    expect(total).toBe(2);
    expect(recent).toEqual([
      { at: expect.any(Number), method: 'GET', path: `/v19.0/${act}` },
      { at: expect.any(Number), method: 'POST', path: `/v19.0/${act}` },
    ]);
    expect(recent[1].at - recent[0].at).toBe(5_000);
    // past 1,000 the oldest calls leave the log, the counters keep counting
    for (let i = 0; i < 1_005; i++) sb.state.countCall('GET', `/v19.0/n${i}`);
    const after = (await sb.getJson('/__sandbox/calls')).body;
    expect(after.total).toBe(1_007);
    expect(after.recent).toHaveLength(1_000);
    expect(after.recent[0].path).toBe('/v19.0/n5');
    expect(after.recent[999].path).toBe('/v19.0/n1004');
    expect((await sb.del('/__sandbox/calls')).body.recent).toEqual([]);
    expect((await sb.getJson('/__sandbox/calls')).body.recent).toEqual([]);
  });
});
