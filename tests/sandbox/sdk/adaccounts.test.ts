// The official SDK's AdAccount, AdAccountUser and AssignedUser classes against the sandbox
// (docs/SDK.md, area "ad accounts").
import { describe, expect, test } from 'vitest';
import { fieldsOf, refusal, sdk, useSdkSandbox } from './sdk-harness';
import { ACCOUNT_ACTIVE, ACCOUNT_JPY, BUSINESS_MAIN, PIXEL_MAIN, allRows, businessUsersOf } from './fixtures';

const { AdAccount, AdAccountUser, AssignedUser, AdsPixel, User } = sdk;
useSdkSandbox();

describe('ad accounts', () => {
  test('an ad account reads with every field of the SDK\'s AdAccount list', async () => {
    const a = await new AdAccount(ACCOUNT_ACTIVE).get(fieldsOf(AdAccount));
    expect(a.id).toBe(ACCOUNT_ACTIVE);
    expect(a.account_status).toBe(1);
    expect(a.currency).toBe('USD');
    const known = new Set(fieldsOf(AdAccount));
    expect(Object.keys(a._data).filter((k) => !known.has(k))).toEqual([]);
  });

  test('me/adaccounts lists with the SDK\'s AdAccount fields, forward and back', async () => {
    const cursor = await new User('me').getAdAccounts(fieldsOf(AdAccount), { limit: 25 });
    const first = [...cursor].map((a: { id: string }) => a.id);
    expect(first).toHaveLength(25);
    await cursor.next();
    expect([...cursor].some((a: { id: string }) => first.includes(a.id))).toBe(false);
    await cursor.previous();
    expect([...cursor].map((a: { id: string }) => a.id)).toEqual(first);
  });

  test('two ad accounts read at once (getByIds)', async () => {
    const rows = (await AdAccount.getByIds([ACCOUNT_ACTIVE, ACCOUNT_JPY], ['id', 'currency'])).map((a) => (typeof a.id === 'object' ? a.id : a._data));
    expect(Object.fromEntries(rows.map((r: { id: string; currency: string }) => [r.id, r.currency]))).toEqual({ [ACCOUNT_ACTIVE]: 'USD', [ACCOUNT_JPY]: 'JPY' });
  });

  test('users lists people with the SDK\'s AdAccountUser fields', async () => {
    const rows = await allRows(await new AdAccount(ACCOUNT_ACTIVE).getUsers(fieldsOf(AdAccountUser)));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows as { id: string; name: string; tasks: string[] }[]) {
      expect(typeof r.name).toBe('string');
      expect(r.tasks.length).toBeGreaterThan(0);
    }
  });

  test('act_…/assigned_users answers AssignedUser rows with business-user ids', async () => {
    const members = new Set((await businessUsersOf(BUSINESS_MAIN)).map((u) => u.id));
    const rows = await allRows(await new AdAccount(ACCOUNT_ACTIVE).getAssignedUsers([...fieldsOf(AssignedUser), 'tasks'], { business: BUSINESS_MAIN }));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows as { id: string; user_type: string; business: { id: string }; tasks: string[] }[]) {
      expect(['BUSINESS_USER', 'SYSTEM_USER']).toContain(r.user_type);
      if (r.user_type === 'BUSINESS_USER') expect(members.has(r.id)).toBe(true);
      expect(r.business.id).toBe(BUSINESS_MAIN);
      expect(r.tasks.length).toBeGreaterThan(0);
    }
  });

  test('act_…/assigned_users without business is refused', async () => {
    const e = await refusal(new AdAccount(ACCOUNT_ACTIVE).getAssignedUsers(['id']));
    expect(e.code).toBe(100);
    expect(e.message).toBe('(#100) The parameter business is required');
  });

  test('a business user is assigned to the account and removed again (createAssignedUser, deleteAssignedUsers)', async () => {
    const a = new AdAccount(ACCOUNT_ACTIVE);
    const before = new Set((await allRows(await a.getAssignedUsers(['id'], { business: BUSINESS_MAIN }))).map((r: { id: string }) => r.id));
    const target = (await businessUsersOf(BUSINESS_MAIN)).find((u) => !before.has(u.id))!;
    await a.createAssignedUser([], { user: target.id, tasks: ['ANALYZE', 'ADVERTISE'] });
    const listed = await allRows(await a.getAssignedUsers(['id', 'tasks'], { business: BUSINESS_MAIN }));
    expect((listed.find((r: { id: string }) => r.id === target.id) as { tasks: string[] } | undefined)?.tasks.sort()).toEqual(['ADVERTISE', 'ANALYZE']);
    expect(await a.deleteAssignedUsers({ user: target.id })).toEqual({ success: true });
    const after = await allRows(await a.getAssignedUsers(['id'], { business: BUSINESS_MAIN }));
    expect(after.map((r: { id: string }) => r.id)).not.toContain(target.id);
  });

  test('an ad account is renamed (update)', async () => {
    expect(await new AdAccount(ACCOUNT_ACTIVE).update([], { name: 'Renamed by the SDK' })).toEqual({ success: true });
    expect((await new AdAccount(ACCOUNT_ACTIVE).get(['name'])).name).toBe('Renamed by the SDK');
  });

  test('adspixels lists the account\'s pixels with the SDK\'s AdsPixel fields', async () => {
    const shared = (await new AdsPixel(PIXEL_MAIN).getSharedAccounts(['id'], { business: BUSINESS_MAIN }))[0].id as string;
    const rows = await allRows(await new AdAccount(shared).getAdsPixels(fieldsOf(AdsPixel)));
    expect(rows.map((r: { id: string }) => r.id)).toContain(PIXEL_MAIN);
  });

  test('a spend cap below the amount spent is refused with the platform\'s subcode', async () => {
    const e = await refusal(new AdAccount(ACCOUNT_ACTIVE).update([], { spend_cap: 0.01 }));
    expect(e.status).toBe(400);
    expect(e.code).toBe(100);
    expect(e.subcode).toBe(1885650);
  });
});
