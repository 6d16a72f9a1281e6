// The official SDK's AdsPixel and AssignedUser classes against the sandbox (docs/SDK.md, area "pixels").
import { describe, expect, test } from 'vitest';
import { fieldsOf, refusal, sdk, useSdkSandbox } from './sdk-harness';
import { BUSINESS_MAIN, PIXEL_MAIN, allRows, businessUsersOf } from './fixtures';

const { AdsPixel, AssignedUser, AdAccount, Business } = sdk;
useSdkSandbox();

describe('pixels', () => {
  test('a pixel reads with every field of the SDK\'s AdsPixel list', async () => {
    const px = await new AdsPixel(PIXEL_MAIN).get(fieldsOf(AdsPixel));
    expect(px.id).toBe(PIXEL_MAIN);
    expect(typeof px.name).toBe('string');
    expect(px.owner_business.id).toBe(BUSINESS_MAIN);
    const known = new Set(fieldsOf(AdsPixel));
    expect(Object.keys(px._data).filter((k) => !known.has(k))).toEqual([]);
  });

  test('a business\'s adspixels list with the SDK\'s AdsPixel fields, forward and back', async () => {
    const cursor = await new Business(BUSINESS_MAIN).getAdsPixels(fieldsOf(AdsPixel), { limit: 1 });
    const first = [...cursor].map((p: { id: string }) => p.id);
    expect(first).toHaveLength(1);
    expect(cursor.hasNext()).toBe(true);
    await cursor.next();
    expect([...cursor].map((p: { id: string }) => p.id)).not.toEqual(first);
    await cursor.previous();
    expect([...cursor].map((p: { id: string }) => p.id)).toEqual(first);
  });

  test('two pixels read at once (getByIds)', async () => {
    const other = (await new Business(BUSINESS_MAIN).getAdsPixels(['id'], { limit: 2 }))[1].id as string;
    const rows = (await AdsPixel.getByIds([PIXEL_MAIN, other], ['id', 'name'])).map((p) => (typeof p.id === 'object' ? p.id : p._data));
    expect(rows.map((r: { id: string }) => r.id).sort()).toEqual([PIXEL_MAIN, other].sort());
  });

  test('assigned_users answers AssignedUser rows: business-user ids, user_type, business', async () => {
    const members = new Set((await businessUsersOf(BUSINESS_MAIN)).map((u) => u.id));
    const rows = await allRows(await new AdsPixel(PIXEL_MAIN).getAssignedUsers([...fieldsOf(AssignedUser), 'tasks'], { business: BUSINESS_MAIN }));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows as { id: string; user_type: string; business: { id: string }; tasks: string[] }[]) {
      expect(['BUSINESS_USER', 'SYSTEM_USER']).toContain(r.user_type);
      if (r.user_type === 'BUSINESS_USER') expect(members.has(r.id)).toBe(true);
      expect(r.business.id).toBe(BUSINESS_MAIN);
      expect(r.tasks.length).toBeGreaterThan(0);
    }
  });

  test('assigned_users without business is refused', async () => {
    const e = await refusal(new AdsPixel(PIXEL_MAIN).getAssignedUsers(['id']));
    expect(e.code).toBe(100);
    expect(e.message).toBe('(#100) The parameter business is required');
  });

  test('a business user assigned to the pixel (createAssignedUser) is listed under that business-user id', async () => {
    const px = new AdsPixel(PIXEL_MAIN);
    const before = new Set((await allRows(await px.getAssignedUsers(['id'], { business: BUSINESS_MAIN }))).map((r: { id: string }) => r.id));
    const target = (await businessUsersOf(BUSINESS_MAIN)).find((u) => !before.has(u.id))!;
    await px.createAssignedUser([], { user: target.id, tasks: ['ANALYZE'], business: BUSINESS_MAIN });
    const rows = await allRows(await px.getAssignedUsers(['id', 'tasks'], { business: BUSINESS_MAIN }));
    expect((rows.find((r: { id: string }) => r.id === target.id) as { tasks: string[] } | undefined)?.tasks).toEqual(['ANALYZE']);
  });

  test('shared_accounts lists ad accounts with the SDK\'s AdAccount fields', async () => {
    const rows = await allRows(await new AdsPixel(PIXEL_MAIN).getSharedAccounts(fieldsOf(AdAccount), { business: BUSINESS_MAIN }));
    expect(rows.length).toBeGreaterThan(0);
    expect((rows[0] as { id: string }).id).toMatch(/^act_\d+$/);
  });

  test('a pixel is renamed (update)', async () => {
    expect(await new AdsPixel(PIXEL_MAIN).update([], { name: 'Pixel renamed by the SDK' })).toEqual({ success: true });
    expect((await new AdsPixel(PIXEL_MAIN).get(['name'])).name).toBe('Pixel renamed by the SDK');
  });
});
