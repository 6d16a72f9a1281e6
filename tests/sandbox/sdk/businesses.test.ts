// The official SDK's Business, BusinessUser and BusinessRoleRequest classes against the sandbox
// (docs/SDK.md, area "businesses").
import { describe, expect, test } from 'vitest';
import { fieldsOf, refusal, sdk, useSdkSandbox } from './sdk-harness';
import { BUSINESS_EMPLOYEE_ONLY, BUSINESS_MAIN, SESSION_USER, allRows, businessUsersOf } from './fixtures';

const { Business, BusinessUser, BusinessRoleRequest, Page, AdsPixel, AdAccount, User } = sdk;
useSdkSandbox();

describe('businesses', () => {
  test('a business reads with every field of the SDK\'s Business list', async () => {
    const b = await new Business(BUSINESS_MAIN).get(fieldsOf(Business));
    expect(b.id).toBe(BUSINESS_MAIN);
    expect(typeof b.name).toBe('string');
    expect(b.verification_status).toBeDefined();
    const known = new Set(fieldsOf(Business));
    expect(Object.keys(b._data).filter((k) => !known.has(k))).toEqual([]);
  });

  test('me/businesses lists with the SDK\'s Business fields, forward and back', async () => {
    const cursor = await new User('me').getBusinesses(fieldsOf(Business), { limit: 4 });
    const first = [...cursor].map((b: { id: string }) => b.id);
    expect(first).toHaveLength(4);
    await cursor.next();
    expect([...cursor].some((b: { id: string }) => first.includes(b.id))).toBe(false);
    await cursor.previous();
    expect([...cursor].map((b: { id: string }) => b.id)).toEqual(first);
  });

  test('two businesses read at once (getByIds)', async () => {
    const rows = (await Business.getByIds([BUSINESS_MAIN, BUSINESS_EMPLOYEE_ONLY], ['id', 'name'])).map((b) => (typeof b.id === 'object' ? b.id : b._data));
    expect(rows.map((r: { id: string }) => r.id).sort()).toEqual([BUSINESS_MAIN, BUSINESS_EMPLOYEE_ONLY].sort());
  });

  test('business_users lists with every field of the SDK\'s BusinessUser list', async () => {
    const rows = await allRows(await new Business(BUSINESS_MAIN).getBusinessUsers(fieldsOf(BusinessUser), { limit: 3 }));
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows as { id: string; name: string; role: string; email: string; business: { id: string } }[]) {
      expect(r.id).toMatch(/^\d+$/);
      expect(typeof r.name).toBe('string');
      expect(r.role).toMatch(/^[A-Z_]+$/);
      expect(r.business.id).toBe(BUSINESS_MAIN);
    }
  });

  test('a business user reads by its id with every field of the SDK\'s BusinessUser list', async () => {
    const [someone] = await businessUsersOf(BUSINESS_MAIN);
    const bu = await new BusinessUser(someone!.id).get(fieldsOf(BusinessUser));
    expect(bu.id).toBe(someone!.id);
    expect(bu.name).toBe(someone!.name);
    expect(bu.role).toBe(someone!.role);
  });

  test('pending_users lists invitations with the SDK\'s BusinessRoleRequest fields', async () => {
    const rows = await allRows(await new Business(BUSINESS_MAIN).getPendingUsers(fieldsOf(BusinessRoleRequest)));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows as { email: string; status: string }[]) {
      expect(r.email).toContain('@');
      expect(r.status).toBe('PENDING');
    }
  });

  test('an invitation is created through createBusinessUser and lists as pending', async () => {
    const created = await new Business(BUSINESS_MAIN).createBusinessUser([], { email: 'sdk.invitee@example.test', role: 'EMPLOYEE' });
    expect(created.id).toMatch(/^\d+$/);
    const rows = await allRows(await new Business(BUSINESS_MAIN).getPendingUsers(['id', 'email']));
    expect(rows.map((r: { id: string }) => r.id)).toContain(created.id);
  });

  test('a business user\'s role is updated, then the person is removed (update, delete)', async () => {
    const users = await businessUsersOf(BUSINESS_MAIN);
    const bu = users.find((u) => u.role === 'EMPLOYEE')!;
    expect(await new BusinessUser(bu.id).update([], { role: 'FINANCE_EDITOR' })).toEqual({ success: true });
    expect((await new BusinessUser(bu.id).get(['role'])).role).toBe('FINANCE_EDITOR');
    expect(await new BusinessUser(bu.id).delete([])).toEqual({ success: true });
    expect((await businessUsersOf(BUSINESS_MAIN)).map((u) => u.id)).not.toContain(bu.id);
  });

  test('owned pages, pixels and ad accounts list with the SDK\'s field lists', async () => {
    const b = new Business(BUSINESS_MAIN);
    const pages = await b.getOwnedPages(fieldsOf(Page), { limit: 5 });
    const pixels = await b.getAdsPixels(fieldsOf(AdsPixel), { limit: 5 });
    const accounts = await b.getOwnedAdAccounts(fieldsOf(AdAccount), { limit: 5 });
    expect(pages.length).toBeGreaterThan(0);
    expect(pixels.length).toBeGreaterThan(0);
    expect(accounts.length).toBe(5);
    expect(accounts[0].id).toMatch(/^act_\d+$/);
  });

  test('a business write by an employee is refused with the platform\'s permission error', async () => {
    const e = await refusal(new Business(BUSINESS_EMPLOYEE_ONLY).update([], { name: 'Renamed by the SDK' }));
    expect(e.name).toBe('FacebookRequestError');
    expect(e.status).toBe(403);
    expect(e.code).toBe(200);
  });

  test('the session user\'s business-user rows name them', async () => {
    const rows = await allRows(await new Business(BUSINESS_MAIN).getBusinessUsers(['id', 'name', 'email'], { limit: 100 }));
    const me = await new User(SESSION_USER).get(['id', 'name']);
    expect(rows.some((r: { name: string }) => r.name === me.name)).toBe(true);
  });
});
