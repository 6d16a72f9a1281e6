// The page area against the sandbox over HTTP, through the demo transport: the list loader (with the
// alternate token), id resolving, the bulk actions as the runner calls them one item at a time, the
// password re-check, the 7-day deactivation on the sandbox clock, and the platform's refusals;
// /__sandbox/objects shows what changed.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../tests/sandbox/harness';
import { noWait, refusal, sandboxArea } from '../../../tests/sandbox/area-harness';
import type { Bridge } from '../../../src/kernel/bridge/bridge';
import { idsOf, readPasted, recognise } from '../../../src/kernel/platform/pasted';
import { NAMED_ROLES, ROLE_TASKS } from '../roles';

// The plugin's modules are loaded the way the app loads them (its `@kernel` alias is the app's, not this project's).
interface PageRow { id: string; name: string; tasks?: string[]; access_token?: string }
interface PageLoad { loadPages(bridge: Bridge, o?: { sleep?: (ms: number) => Promise<void> }): Promise<{ rows: PageRow[]; token: string; stoppedBy: Error | null }> }
interface PageApi {
  keywords(bridge: Bridge, id: string): Promise<{ words: string[]; count: number }>;
  categorySearch(bridge: Bridge, q: string): Promise<{ id: string; name: string }[]>;
  profileSearch(bridge: Bridge, term: string): Promise<{ id: string; name: string; type: string }[]>;
}
let loadPages: PageLoad['loadPages'];
let keywords: PageApi['keywords'];
let categorySearch: PageApi['categorySearch'];
let profileSearch: PageApi['profileSearch'];

const PASSWORD = 'sandbox-password';
const area = sandboxArea('page');
const { action, ctx, run, sent } = area;
let sb: Sandbox;
let bridge: Bridge;
let fx: Record<string, string>;

beforeAll(async () => {
  ({ sb, bridge } = area);
  ({ loadPages } = await area.module<PageLoad>('load.ts'));
  ({ keywords, categorySearch, profileSearch } = await area.module<PageApi>('api.ts'));
});
beforeEach(() => { fx = { ...sb.state.data.fixtures.pages, foreign: foreignPage() }; });

const prepare = (id: string, params: unknown) => action(id).prepare!(params as never, { signal: new AbortController().signal, bridge, items: [] });
const page = async (id: string) => (await sb.getJson(`/__sandbox/objects/page/${id}`)).body;
const mine = () => sb.state.data.pageList.filter((p) => p.roles.some((r) => r.uid === sb.state.data.sessionUserId));
/** A page the session has no task on: no role, and not an admin of its business. */
function foreignPage(): string {
  const d = sb.state.data;
  const admin = (bid: string | null) => !!bid && d.businesses.get(bid)!.users.some((id) => d.businessUsers.get(id)?.uid === d.sessionUserId && d.businessUsers.get(id)?.role === 'ADMIN');
  return d.pageList.find((p) => !p.roles.some((r) => r.uid === d.sessionUserId) && !admin(p.owner_business))!.id;
}

describe('the page list loader', () => {
  it('reads me/accounts 200 a page with the list fields and the page tokens left as placeholders', async () => {
    const { rows, token, stoppedBy } = await loadPages(bridge, { sleep: noWait });
    expect(token).toBe('access_token');
    expect(stoppedBy).toBeNull();
    expect(rows.map((r) => r.id).sort()).toEqual(mine().map((p) => p.id).sort());
    const first = rows.find((r) => r.id === fx.main)!;
    expect(first.access_token).toBe(`{{page_token:${fx.main}}}`);
    expect(first.tasks).toContain('MANAGE');
    const list = sent.find((p) => p.url.includes('/me/accounts'))!;
    expect(list.url).toContain('limit=200');
    expect(list.url).toContain('access_token={{access_token}}');
  });

  it('asks again with the alternate token when the user token is refused, and the sandbox session provides that token', async () => {
    const session = (await sb.getJson('/__sandbox/session')).body;
    expect(session.access_token_alt).toMatch(/^EAA/);
    expect(session.access_token_alt).not.toBe(session.access_token);
    sb.state.token = 'a-token-the-transport-does-not-have';
    const { rows, token } = await loadPages(bridge, { sleep: noWait });
    expect(token).toBe('access_token_alt');
    expect(rows.length).toBe(mine().length);
    const asked = sent.filter((p) => p.url.includes('/me/accounts')).map((p) => p.url.replace(/.*access_token=/, ''));
    expect(asked).toEqual(['{{access_token}}', '{{access_token_alt}}']);
  });
});

describe('page ids from links, user names and ids (the kernel\'s page format)', () => {
  it('keeps digits, looks up the user names of https links on the main host in batches of 10, reports the rest', async () => {
    const pages = sb.state.data.pageList.slice(0, 12);
    const text = [
      ...pages.slice(0, 11).map((p) => `https://www.facebook.com/${p.username}`),
      pages[11]!.id,
      `http://www.facebook.com/${pages[0]!.username}x`,
      'https://evil.example/page',
      'no-such-page.999',
    ].join('\n');
    const lines = await recognise(bridge, 'page', readPasted('page', text));
    expect(idsOf(lines)).toEqual(pages.map((p) => p.id));
    expect(lines.filter((l) => l.id).map((l) => l.name)).toEqual(pages.map((p) => p.name));
    expect(lines.filter((l) => l.state === 'refused').map((l) => l.problem)).toEqual(['https', 'host']);
    const missing = lines.find((l) => l.text === 'no-such-page.999')!;
    expect(missing.state).toBe('notFound');
    expect(missing.id).toBeUndefined();
    const routeCalls = sent.filter((p) => p.url.includes('bulk-route-definitions'));
    expect(routeCalls).toHaveLength(2); // 12 user names: 10 + 2 (the id is read as it is)
  });
});

describe('roles and admins', () => {
  it('gives business people (by business-user id) a role with full control (every task) on many pages, then removes it; refused where the session cannot manage', async () => {
    const d = sb.state.data;
    const main = d.fixtures.businesses.main;
    // two people of the business that owns the pages, by the ids its business_users edge gives
    const people = d.businesses.get(main)!.users.map((id) => d.businessUsers.get(id)!).filter((bu) => bu.uid !== d.sessionUserId).slice(0, 2);
    const users = people.map((bu) => bu.id);
    const targets = d.pageList.filter((p) => p.owner_business === main && !p.deleted).slice(0, 2).map((p) => p.id);
    expect(targets).toHaveLength(2);
    for (const id of targets) for (const uid of users) await run('page.addRole', { id, pair: uid, business: main }, { uids: users, role: 'full' });
    for (const id of targets) {
      const roles = (await page(id)).roles as { uid: string; tasks: string[] }[];
      for (const bu of people) expect(roles.find((r) => r.uid === bu.uid)?.tasks).toEqual(['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE']);
    }
    const posted = sent.filter((p) => p.url.includes('/assigned_users') && p.options.method === 'POST');
    expect(posted.at(-1)?.options.body).toContain(`business=${main}`);
    // a page pasted by link (no business known) finds its business itself
    expect(await action('page.addRole').verify!({ id: targets[0], pair: users[0] } as never, { uids: users }, ctx())).toBe(true);
    await run('page.removeRole', { id: targets[0], pair: users[0] }, { uids: users });
    expect(await action('page.removeRole').verify!({ id: targets[0], pair: users[0] } as never, { uids: users }, ctx())).toBe(true);
    expect(((await page(targets[0])).roles as { uid: string }[]).some((r) => r.uid === people[0]!.uid)).toBe(false);
    const e = await refusal(run('page.addRole', { id: fx.foreign, pair: users[0], business: main }, { uids: users, role: 'full' }));
    expect(e.code).toBe(200);
  });

  it('gives each role by name exactly its tasks (roles.ts), a custom task set its own, and a job stored with tasks alone those', async () => {
    const d = sb.state.data;
    const main = d.fixtures.businesses.main;
    const person = d.businesses.get(main)!.users.map((id) => d.businessUsers.get(id)!).find((bu) => bu.uid !== d.sessionUserId)!;
    const target = d.pageList.find((p) => p.owner_business === main && !p.deleted)!.id;
    const tasksNow = async () => ((await page(target)).roles as { uid: string; tasks: string[] }[]).find((r) => r.uid === person.uid)?.tasks;
    for (const role of NAMED_ROLES) {
      await run('page.addRole', { id: target, pair: person.id, business: main }, { uids: [person.id], role });
      expect(await tasksNow(), role).toEqual([...ROLE_TASKS[role]]);
    }
    await run('page.addRole', { id: target, pair: person.id, business: main }, { uids: [person.id], role: 'custom', tasks: ['MESSAGING', 'MODERATE'] });
    expect(await tasksNow()).toEqual(['MODERATE', 'MESSAGING']);
    await run('page.addRole', { id: target, pair: person.id, business: main }, { uids: [person.id], tasks: ['ANALYZE', 'CREATE_CONTENT'] });
    expect(await tasksNow()).toEqual(['CREATE_CONTENT', 'ANALYZE']);
  });

  it('a person\'s own id is not a business-user id: the platform refuses the role; a page outside any business is stopped before sending', async () => {
    const d = sb.state.data;
    const main = d.fixtures.businesses.main;
    const e = await refusal(run('page.addRole', { id: fx.main, pair: d.fixtures.users.notOnAnyAccount, business: main }, { uids: [d.fixtures.users.notOnAnyAccount], role: 'ads' }));
    expect(e.code).toBe(100);
    const loose = d.pageList.find((p) => !p.owner_business && p.roles.some((r) => r.uid === d.sessionUserId));
    expect(loose).toBeDefined();
    expect(action('page.addRole').preflight!({ id: loose!.id, business: '' } as never, { uids: ['1'] } as never)).toEqual(expect.objectContaining({ key: 'preflight.noBusiness' }));
    const before = sent.length;
    await expect(run('page.addRole', { id: loose!.id, pair: '1' }, { uids: ['1'], role: 'full' })).rejects.toThrow(/belongs to no business/);
    expect(sent.slice(before).filter((p) => p.url.includes('/assigned_users'))).toEqual([]);
  });

  it('invites an admin only after the reauth check asks for the password; removes the invitation again', async () => {
    const uid = sb.state.data.fixtures.users.notOnAnyAccount;
    await expect(prepare('page.inviteAdmin', { uids: [uid], full_control: true })).rejects.toThrow(/password/);
    await expect(prepare('page.inviteAdmin', { uids: [uid], full_control: true, password: 'wrong' })).rejects.toThrow(/incorrect/);
    const prepared = await prepare('page.inviteAdmin', { uids: [uid], full_control: true, password: PASSWORD });
    await run('page.inviteAdmin', { id: fx.main, pair: uid }, { uids: [uid], full_control: true }, prepared);
    expect((await page(fx.main)).admin_invites).toEqual([expect.objectContaining({ uid, full_control: true })]);
    await run('page.removeAdmin', { id: fx.main, pair: uid }, { uids: [uid] });
    expect((await page(fx.main)).admin_invites).toEqual([]);
  });
});

describe('lifecycle', () => {
  it('deletes a page only after the password re-check: a wrong password stops the job and changes nothing', async () => {
    const id = mine()[1]!.id;
    await expect(prepare('page.deletePage', { password: 'not-it' })).rejects.toThrow(/password you entered is incorrect/);
    expect((await page(id)).deleted).toBeUndefined();
    // without a re-check the platform refuses the delete itself
    const refused = await refusal(run('page.deletePage', { id }, { password: 'x' }));
    expect(refused.code).toBe(1404);
    const prepared = await prepare('page.deletePage', { password: PASSWORD });
    await run('page.deletePage', { id }, { password: PASSWORD }, prepared);
    expect((await page(id)).deleted).toBe(true);
    expect(await action('page.deletePage').verify!({ id } as never, {}, ctx())).toBe(true);
    expect((await loadPages(bridge, { sleep: noWait })).rows.map((r) => r.id)).not.toContain(id);
  });

  it('deactivates for 7 days on the sandbox clock, then the page is back; reactivates by profile id', async () => {
    const [a, b] = mine().slice(2, 4).map((p) => p.id);
    const out = await run('page.deactivate', { id: a });
    expect(out.until).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const state = await page(a!);
    expect(state.deactivated_until - state.deactivated_time).toBe(7 * 86400);
    expect(await run('page.deactivationState', { id: a })).toMatchObject({ deactivated: true });
    await expect(run('page.deactivate', { id: a })).rejects.toThrow(/already deactivated/);
    await run('page.deactivate', { id: b });
    await run('page.reactivate', { id: b });
    expect(await run('page.deactivationState', { id: b })).toMatchObject({ deactivated: false });
    await fetch(`${sb.base}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceS: 7 * 86400 + 60 }) });
    expect(await run('page.deactivationState', { id: a })).toMatchObject({ deactivated: false, until: '' });
    expect((await page(a!)).deactivated_until).toBeNull();
  });

  it('unpublishes with the page token, releases from the business after the re-check', async () => {
    const owned = mine().find((p) => p.owner_business && p.id !== fx.main)!;
    await run('page.unpublish', { id: owned.id });
    expect((await page(owned.id)).is_published).toBe(false);
    const post = sent.find((p) => p.options.method === 'POST' && p.url.endsWith(`/${owned.id}`))!;
    expect(post.options.body).toContain(`access_token={{page_token:${owned.id}}}`);
    const prepared = await prepare('page.releaseFromBusiness', { password: PASSWORD });
    await run('page.releaseFromBusiness', { id: owned.id }, { password: PASSWORD }, prepared);
    expect((await page(owned.id)).owner_business).toBeNull();
  });

  it('renames: status 1 with the reply as text when the name field comes back, 0 with the tips when it does not', async () => {
    const ok = await run('page.rename', { id: fx.main }, { name: 'Fresh <b>Name</b>', password: PASSWORD });
    expect(ok.status).toBe(1);
    expect(ok.text).toContain('Your request to change the name to Fresh <b>Name</b> is being reviewed.');
    expect((await page(fx.main)).name).toBe('Fresh <b>Name</b>');
    const again = await run('page.rename', { id: fx.main }, { name: 'Other', password: PASSWORD });
    expect(again).toEqual({ status: 0, text: expect.stringContaining('Page names can be changed once every 7 days.') });
    const wrong = await run('page.rename', { id: mine()[1]!.id }, { name: 'Other', password: 'nope' });
    expect(wrong.status).toBe(0);
    expect(wrong.text).toContain('The password you entered is incorrect.');
  });
});

describe('moderation', () => {
  it('blocks and unblocks (default UNBLOCK, setting type PAGE or USER); refused on a page without the task', async () => {
    const users = [sb.state.data.fixtures.users.other, sb.state.data.fixtures.users.notOnAnyAccount];
    await run('page.block', { id: fx.main }, { uids: users, action: 'BLOCK', setting_type: 'USER' });
    const blocked = (await page(fx.main)).blocked as { id: string; type: string }[];
    for (const uid of users) expect(blocked.find((b) => b.id === uid)?.type).toBe('USER');
    const listed = await run('page.listBlocked', { id: fx.main });
    expect(listed.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining(users));
    await run('page.block', { id: fx.main }, { uids: [users[0]] });
    expect(((await page(fx.main)).blocked as { id: string }[]).map((b) => b.id)).not.toContain(users[0]);
    const e = await refusal(run('page.block', { id: fx.foreign }, { uids: users, action: 'BLOCK' }));
    expect(e.code).toBe(200);
  });

  it('adds and removes blocked keywords as one saved list; profanity filter and reviews', async () => {
    await run('page.saveKeywords', { id: fx.main }, { words: ['alpha', 'Beta'], mode: 'replace' });
    await run('page.saveKeywords', { id: fx.main }, { words: ['beta', 'gamma'], mode: 'add' });
    expect((await keywords(bridge, fx.main)).words).toEqual(['alpha', 'Beta', 'gamma']);
    await run('page.saveKeywords', { id: fx.main }, { words: ['ALPHA'], mode: 'remove' });
    expect((await page(fx.main)).keywords).toEqual(['Beta', 'gamma']);
    await run('page.profanityFilter', { id: fx.main }, { level: 'HIGH' });
    await run('page.reviewsToggle', { id: fx.main }, { enabled: false });
    expect(await page(fx.main)).toMatchObject({ profanity_filter: 'HIGH', reviews_enabled: false });
    expect(await run('page.liveVideoEligibility', { id: fx.main })).toHaveProperty('eligible');
    expect((await run('page.transparency', { id: fx.main })).creation_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((await run('page.adminPermissions', { id: fx.main })).length).toBeGreaterThan(0);
  });

  it('appeals a restricted page once', async () => {
    const id = fx.restricted!;
    expect(await run('page.appealStatus', { id })).toEqual({ restricted: true, status: 'NONE', canAppeal: true });
    expect(await run('page.appealSubmit', { id }, { appeal_comment: 'Please look again' })).toEqual({ status: 'PENDING' });
    await expect(run('page.appealSubmit', { id }, { appeal_comment: 'again' })).rejects.toThrow(/already/);
    expect(await action('page.appealSubmit').verify!({ id } as never, {}, ctx())).toBe(true);
  });
});

describe('creating, and the user\'s own appeal', () => {
  it('creates a page in a searched category and an additional profile in the fixed default category', async () => {
    const cats = await categorySearch(bridge, 'games');
    expect(cats).toEqual([{ id: expect.stringMatching(/^\d+$/), name: 'Games/toys' }]);
    const made = await run('page.createPage', { id: 'new-1', name: 'Brand New Shop' }, { category: cats[0]!.id });
    expect(await page(made.id)).toMatchObject({ name: 'Brand New Shop', category: 'Games/toys' });
    expect(await action('page.createPage').verify!({ id: 'new-1', name: 'Brand New Shop' } as never, { category: cats[0]!.id }, ctx())).toBe(true);
    const profile = await run('page.createProfile', { id: 'new-1', name: 'Side Profile' }, {});
    expect((await page(profile.id)).category).toBe('Health/beauty'); // category 2214, the default
    expect(action('page.createPage').preflight!({ id: 'new-2', name: ' ' } as never, { category: '2200' })).toMatchObject({ key: 'preflight.noName' });
  });

  it('finds people by name and appeals the user\'s own restriction once', async () => {
    const other = sb.state.data.users.get(sb.state.data.fixtures.users.other!)!;
    expect((await profileSearch(bridge, other.name)).map((p) => p.id)).toContain(other.id);
    expect(await run('page.userAppealStatus', { id: 'me' })).toEqual({ status: 'NONE', canAppeal: true });
    expect(await run('page.userAppealSubmit', { id: 'me' }, { appeal_comment: 'I am a real person' })).toEqual({ status: 'PENDING' });
    await expect(run('page.userAppealSubmit', { id: 'me' }, { appeal_comment: 'again' })).rejects.toThrow(/already/);
  });
});
