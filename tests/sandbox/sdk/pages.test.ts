// The official SDK's Page and AssignedUser classes against the sandbox (docs/SDK.md, area "pages").
import { describe, expect, test } from 'vitest';
import { fieldsOf, refusal, sdk, useSdkSandbox } from './sdk-harness';
import { BUSINESS_MAIN, PAGE_MAIN, SESSION_USER, allRows, businessUsersOf } from './fixtures';

const { Page, AssignedUser, User } = sdk;
useSdkSandbox();

describe('pages', () => {
  test('a page reads with every field of the SDK\'s Page list; what the sandbox does not model is left out', async () => {
    const page = await new Page(PAGE_MAIN).get(fieldsOf(Page));
    expect(page.id).toBe(PAGE_MAIN);
    expect(typeof page.name).toBe('string');
    expect(typeof page.category).toBe('string');
    const known = new Set(fieldsOf(Page));
    expect(Object.keys(page._data).filter((k) => !known.has(k))).toEqual([]);
  });

  test('me/accounts lists pages with the SDK\'s Page fields, forward with next() and back with previous()', async () => {
    const cursor = await new User('me').getAccounts(fieldsOf(Page), { limit: 10 });
    const first = [...cursor].map((p: { id: string }) => p.id);
    expect(first).toHaveLength(10);
    expect(cursor.hasNext()).toBe(true);
    await cursor.next();
    const second = [...cursor].map((p: { id: string }) => p.id);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
    expect(cursor.hasPrevious()).toBe(true);
    await cursor.previous();
    expect([...cursor].map((p: { id: string }) => p.id)).toEqual(first);
  });

  test('two pages read at once (getByIds, GET /?ids=a,b)', async () => {
    const second = (await new User('me').getAccounts(['id'], { limit: 2 }))[1].id as string;
    const pages = await Page.getByIds([PAGE_MAIN, second], ['id', 'name', 'category']);
    // the SDK builds each object with the whole reply as its id (its own quirk): read the data there
    const rows = pages.map((p) => (typeof p.id === 'object' ? p.id : p._data)) as { id: string; name: string }[];
    expect(rows.map((r) => r.id).sort()).toEqual([PAGE_MAIN, second].sort());
    expect(rows.every((r) => typeof r.name === 'string')).toBe(true);
  });

  test('a multi-id read naming a page that does not exist is refused', async () => {
    const e = await refusal(Page.getByIds([PAGE_MAIN, '104999999999999'], ['id']));
    expect(e.name).toBe('FacebookRequestError');
    expect(e.status).toBe(400);
    expect(e.code).toBe(803);
    expect(e.message).toContain('104999999999999');
  });

  test('assigned_users answers AssignedUser rows: business-user ids, user_type, business', async () => {
    const members = new Set((await businessUsersOf(BUSINESS_MAIN)).map((u) => u.id));
    const rows = await allRows(await new Page(PAGE_MAIN).getAssignedUsers([...fieldsOf(AssignedUser), 'tasks', 'permitted_tasks'], { business: BUSINESS_MAIN }));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows as { id: string; name: string; user_type: string; business: { id: string }; tasks: string[] }[]) {
      expect(typeof r.name).toBe('string');
      expect(['BUSINESS_USER', 'SYSTEM_USER']).toContain(r.user_type);
      if (r.user_type === 'BUSINESS_USER') expect(members.has(r.id)).toBe(true);
      expect(r.business.id).toBe(BUSINESS_MAIN);
      expect(Array.isArray(r.tasks)).toBe(true);
    }
  });

  test('assigned_users without business is refused, as on the platform', async () => {
    const e = await refusal(new Page(PAGE_MAIN).getAssignedUsers(fieldsOf(AssignedUser)));
    expect(e.status).toBe(400);
    expect(e.code).toBe(100);
    expect(e.message).toBe('(#100) The parameter business is required');
  });

  test('a business user assigned to the page is listed under that business-user id with its tasks', async () => {
    const page = new Page(PAGE_MAIN);
    const before = new Set((await allRows(await page.getAssignedUsers(['id'], { business: BUSINESS_MAIN }))).map((r: { id: string }) => r.id));
    const target = (await businessUsersOf(BUSINESS_MAIN)).find((u) => !before.has(u.id));
    expect(target).toBeDefined();
    await page.createAssignedUser([], { user: target!.id, tasks: ['ANALYZE', 'ADVERTISE'], business: BUSINESS_MAIN });
    const after = await allRows(await page.getAssignedUsers(['id', 'tasks', 'user_type'], { business: BUSINESS_MAIN }));
    const row = after.find((r: { id: string }) => r.id === target!.id) as { tasks: string[]; user_type: string } | undefined;
    expect(row?.tasks.sort()).toEqual(['ADVERTISE', 'ANALYZE']);
    expect(row?.user_type).toBe('BUSINESS_USER');
  });

  test('an assignment naming a person\'s own user id, not a business-user id, is refused', async () => {
    const e = await refusal(new Page(PAGE_MAIN).createAssignedUser([], { user: SESSION_USER, tasks: ['ANALYZE'], business: BUSINESS_MAIN }));
    expect(e.status).toBe(400);
    expect(e.code).toBe(100);
  });

  test('removing the assignment (deleteAssignedUsers) takes that business user off the list', async () => {
    const page = new Page(PAGE_MAIN);
    const rows = await allRows(await page.getAssignedUsers(['id', 'user_type'], { business: BUSINESS_MAIN }));
    const someone = rows.find((r: { user_type: string }) => r.user_type === 'BUSINESS_USER') as { id: string };
    const reply = await page.deleteAssignedUsers({ user: someone.id, business: BUSINESS_MAIN });
    expect(reply).toEqual({ success: true });
    const after = await allRows(await page.getAssignedUsers(['id'], { business: BUSINESS_MAIN }));
    expect(after.map((r: { id: string }) => r.id)).not.toContain(someone.id);
  });

  test('a page update (is_published) answers success', async () => {
    const reply = await new Page(PAGE_MAIN).update([], { is_published: true });
    expect(reply).toEqual({ success: true });
    expect((await new Page(PAGE_MAIN).get(['is_published'])).is_published).toBe(true);
  });
});
