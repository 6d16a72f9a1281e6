// The undo contract of the page area (tests/sandbox/undo-contract.ts): every declared inverse, written
// then undone against the sandbox, leaves the page (and the business whose people it names) exactly
// as it was. Deleting a page and releasing it from its business are irreversible (plugin.json).
import { describe, expect, it } from 'vitest';
import { sandboxArea, type Area } from '../../../tests/sandbox/area-harness';
import { undoContract } from '../../../tests/sandbox/undo-contract';

const area = sandboxArea('page');
const PASSWORD = 'sandbox-password';

/** The fixture page (the session manages it; it belongs to the main business), as the list gives it (views/PageList.tsx `toItem`). */
function mainPage(a: Area) {
  const data = a.sb.state.data;
  const p = data.pages.get(data.fixtures.pages.main!)!;
  const tasks = p.roles.find((r) => r.uid === data.sessionUserId)!.tasks;
  expect(tasks).toContain('MANAGE');
  return { id: p.id, name: p.name, tasks: [...tasks], business: p.owner_business ?? '' };
}

/** A person of the page's business with no role on it, by business-user id. */
function businessPerson(a: Area, page: { id: string; business: string }) {
  const data = a.sb.state.data;
  const roles = data.pages.get(page.id)!.roles;
  const bu = data.businesses.get(page.business)!.users.map((id) => data.businessUsers.get(id)!)
    .find((x) => x.uid !== data.sessionUserId && !roles.some((r) => r.uid === x.uid) && !x.assigned[page.id]);
  expect(bu).toBeTruthy();
  return bu!.id;
}

/** People the page has not blocked. */
function notBlocked(a: Area, pageId: string, n: number) {
  const data = a.sb.state.data;
  const blocked = new Set((data.pages.get(pageId)!.blocked ?? []).map((b) => b.id));
  const people = [data.fixtures.users.other!, data.fixtures.users.notOnAnyAccount!, ...data.users.keys()].filter((id) => id !== data.sessionUserId && !blocked.has(id));
  return [...new Set(people)].slice(0, n);
}

undoContract(area, {
  // a business person with no role gets one, and loses it again (the page and the business's people)
  'page.addRole': (a) => {
    const page = mainPage(a);
    const person = businessPerson(a, page);
    return { item: { ...page, pair: person }, params: { uids: [person], tasks: ['MODERATE', 'ANALYZE'] }, objects: [['page', page.id], ['business', page.business]] };
  },

  // a role given here first (so the person is the page's last role holder, where a role given back is
  // added), then removed: given back with the same tasks
  'page.removeRole': async (a) => {
    const page = mainPage(a);
    const person = businessPerson(a, page);
    await a.run('page.addRole', { ...page, pair: person }, { uids: [person], tasks: ['ADVERTISE', 'ANALYZE'] });
    return { item: { ...page, pair: person }, params: { uids: [person] }, objects: [['page', page.id], ['business', page.business]] };
  },

  // the invitation is cancelled (the password re-check the invitation needs is made first, as prepare does)
  'page.inviteAdmin': async (a) => {
    const page = mainPage(a);
    const uid = a.sb.state.data.fixtures.users.notOnAnyAccount!;
    await a.action('page.inviteAdmin').prepare!({ uids: [uid], full_control: false, password: PASSWORD } as never, { signal: new AbortController().signal, bridge: a.bridge, items: [] });
    return { item: { ...page, pair: uid }, params: { uids: [uid], full_control: false }, objects: [['page', page.id]] };
  },

  'page.deactivate': (a) => {
    const page = mainPage(a);
    return { item: page, objects: [['page', page.id]] };
  },

  'page.unpublish': (a) => {
    const page = mainPage(a);
    expect(a.sb.state.data.pages.get(page.id)!.is_published).toBe(true);
    return { item: page, objects: [['page', page.id]] };
  },

  // another category (by the id the category search gives), then the page's own again
  'page.updateCategory': async (a) => {
    const page = mainPage(a);
    const current = a.sb.state.data.pages.get(page.id)!.category;
    const { body } = await a.sb.getJson(`/__sandbox/objects/page/${page.id}`);
    expect(body.category).toBe(current);
    return { item: page, params: { category: current === 'Electronics' ? '2201' : '2203' }, objects: [['page', page.id]] };
  },

  // two people blocked as USER: unblocked again
  'page.block': (a) => {
    const page = mainPage(a);
    return { item: page, params: { uids: notBlocked(a, page.id, 2), action: 'BLOCK', setting_type: 'USER' }, objects: [['page', page.id]] };
  },

  // keywords added to the page's list: the list as it was is saved again
  'page.saveKeywords': (a) => {
    const page = mainPage(a);
    return { item: page, params: { words: ['undo me', 'and me too'], mode: 'add' }, objects: [['page', page.id]] };
  },
});

// ---------------------------------------------------------------------------------------------
// the paths of the inverses the contract's cases do not take

describe('undo paths beyond the contract cases', () => {
  const readCtx = () => ({ signal: new AbortController().signal, bridge: area.bridge });
  const pageObject = async (id: string) => (await area.sb.getJson(`/__sandbox/objects/page/${id}`)).body;
  const itemKey = (item: { id: string; pair?: string }) => (item.pair ? `${item.id}|${item.pair}` : item.id);
  async function readState(actionId: string, item: { id: string; pair?: string }, params: unknown) {
    return (await area.action(actionId).undo!.read([item as never], params, readCtx())).get(itemKey(item)) ?? null;
  }

  it('addRole over a role the person held with other tasks: the undo gives back those tasks', async () => {
    const page = mainPage(area);
    const person = businessPerson(area, page);
    const item = { ...page, pair: person };
    await area.run('page.addRole', item, { uids: [person], tasks: ['ADVERTISE'] });
    const was = await pageObject(page.id);
    const params = { uids: [person], tasks: ['MANAGE', 'MODERATE'] };
    const before = await readState('page.addRole', item, params);
    expect(before).toEqual({ tasks: 'ADVERTISE' });
    await area.run('page.addRole', item, params);
    await area.action('page.addRole').undo!.run(item as never, before, params, area.ctx());
    expect(await pageObject(page.id)).toEqual(was);
  });

  it('an UNBLOCK refuses its undo before writing: blocking again would start a new block', async () => {
    const page = mainPage(area);
    const blocked = area.sb.state.data.pages.get(page.id)!.blocked!;
    const people = notBlocked(area, page.id, 1);
    if (!blocked.length) await area.run('page.block', page, { uids: people, action: 'BLOCK', setting_type: 'PAGE' });
    const uid = area.sb.state.data.pages.get(page.id)!.blocked![0]!.id;
    const params = { uids: [uid], action: 'UNBLOCK', setting_type: 'PAGE' };
    const before = await readState('page.block', page, params);
    expect(before?.[uid]).toMatch(/PAGE|USER/);
    await area.run('page.block', page, params);
    const written = await pageObject(page.id);
    await expect(area.action('page.block').undo!.run(page as never, before, params, area.ctx())).rejects.toThrow(/cannot be undone exactly/);
    expect(await pageObject(page.id)).toEqual(written);
  });

  it('keywords beyond what one read gives: the undo refuses rather than save a cut list', async () => {
    const page = mainPage(area);
    area.sb.state.data.pages.get(page.id)!.keywords = Array.from({ length: 2100 }, (_, i) => `word ${i}`);
    const params = { words: ['one more'], mode: 'add' };
    const before = await readState('page.saveKeywords', page, params);
    expect(before?.count).toBe(2100);
    await expect(area.action('page.saveKeywords').undo!.run(page as never, before, params, area.ctx())).rejects.toThrow(/cannot be put back whole/);
  });

  it('a page the platform no longer finds reads as null', async () => {
    const item = { id: '999999999999999', name: 'gone', tasks: ['MANAGE'], business: '' };
    expect(await readState('page.deactivate', item, {})).toBeNull();
    expect(await readState('page.unpublish', item, {})).toBeNull();
  });
});
