// What a team shares (docs/TEAMS.md "What a team shares"): the library (server/routes/library.ts) —
// named workspaces, keyword and interest lists — and saved views (server/routes/views.ts), a user's
// own without a team and the team's with `x-tessera-org`: every member reads them, viewers change
// nothing, a removed member reads nothing; the one-time import adds a browser's lists to its user's own.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { LIBRARY_BODY_MAX_BYTES, LIBRARY_ITEMS_MAX } from '../../../protocol/api';
import type { Harness } from '../harness';
import type { SuiteEnv } from './env';
import { makeOrg } from './approvals';

type Member = { email: string; token: string; uid: number };

function library(h: Harness) {
  const opts = (who: Member, org?: number) => ({ token: who.token, lang: 'en-US' as const, ...(org ? { headers: { 'x-tessera-org': String(org) } } : {}) });
  return {
    list: (who: Member, kind: string, org?: number) => h.call('GET', '/api/library', { ...opts(who, org), query: { kind } }),
    save: (who: Member, kind: string, id: string, body: unknown, org?: number) => h.call('POST', '/api/library', { ...opts(who, org), body: { kind, id, body } }),
    remove: (who: Member, kind: string, id: string, org?: number) => h.call('POST', '/api/library/delete', { ...opts(who, org), body: { kind, id } }),
    import: (who: Member, kind: string, items: unknown[], org?: number) => h.call('POST', '/api/library/import', { ...opts(who, org), body: { kind, items } }),
    views: (who: Member, list: string, org?: number) => h.call('GET', '/api/views', { ...opts(who, org), query: { list } }),
    saveView: (who: Member, list: string, name: string, state: object, org?: number) => h.call('POST', '/api/views', { ...opts(who, org), body: { list, name, state } }),
    removeView: (who: Member, list: string, name: string, org?: number) => h.call('POST', '/api/views/delete', { ...opts(who, org), body: { list, name } }),
  };
}

const words = { name: 'Spam words', words: ['free', '免费', 'click here'], updatedAt: 1 };
const workspace = { file: JSON.stringify({ version: 2, layout: 'adaccount.list-1', configById: {} }), updatedAt: 2 };

export function libraryTests(env: SuiteEnv): void {
  describe('what a team shares: the library and saved views', () => {
    test("a user's own library: save, replace, list, delete; another user sees none of it", async () => {
      const { h } = env;
      const api = library(h);
      const [me, other] = [await h.signUp(), await h.signUp()];
      expect(await api.list(me, 'keyword-lists')).toMatchObject({ status: 1, data: [] });
      const saved = await api.save(me, 'keyword-lists', 'kw-1', words);
      expect(saved, saved.raw).toMatchObject({ status: 1, data: { id: 'kw-1', body: words } });
      expect(saved.data.updatedBy).not.toBe('');
      expect((await api.save(me, 'keyword-lists', 'kw-1', { ...words, words: ['free'] })).status).toBe(1);
      expect((await api.save(me, 'workspaces', 'Morning 早班', workspace)).status).toBe(1);
      expect((await api.list(me, 'keyword-lists')).data).toEqual([expect.objectContaining({ id: 'kw-1', body: { ...words, words: ['free'] } })]);
      expect((await api.list(me, 'workspaces')).data.map((i: { id: string }) => i.id)).toEqual(['Morning 早班']);
      expect((await api.list(other, 'keyword-lists')).data).toEqual([]);
      // another user cannot delete it
      expect((await api.remove(other, 'keyword-lists', 'kw-1')).data).toEqual({ deleted: 0 });
      expect((await api.remove(me, 'keyword-lists', 'kw-1')).data).toEqual({ deleted: 1 });
      expect((await api.list(me, 'keyword-lists')).data).toEqual([]);
    });

    test('bad input is refused with a clear message and stores nothing', async () => {
      const { h } = env;
      const api = library(h);
      const me = await h.signUp();
      expect(await api.save(me, 'secrets', 'x', {})).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(await api.save(me, 'keyword-lists', 'bad\u0000id', words)).toMatchObject({ http: 400, code: 40000 });
      expect(await api.save(me, 'keyword-lists', 'kw', 'not a row')).toMatchObject({ http: 400, code: 40000 });
      const huge = await api.save(me, 'keyword-lists', 'kw', { name: 'big', words: ['x'.repeat(LIBRARY_BODY_MAX_BYTES)] });
      expect(huge).toMatchObject({ http: 400, status: 0, code: 40030 });
      expect(huge.info).toMatch(/too large/);
      // a list just under the limit is more than the server's usual body limit, and saved
      const big = { name: 'big', words: Array.from({ length: 20_000 }, (_, i) => `word ${i}`) };
      expect((await api.save(me, 'keyword-lists', 'kw-big', big)).status).toBe(1);
      expect((await api.remove(me, 'keyword-lists', 'kw-big')).data).toEqual({ deleted: 1 });
      expect((await api.list(me, 'keyword-lists')).data).toEqual([]);
    });

    test(`at most ${LIBRARY_ITEMS_MAX} rows of a kind; replacing one is always allowed`, async () => {
      const { h } = env;
      const api = library(h);
      const me = await h.signUp();
      const now = new Date();
      await h.database.db.execute(sql.raw(`insert into library_items (user_id, kind, item_id, body, created_at, updated_at)
        select ${me.uid}, 'target-lists', 'l' || g, '{}'::jsonb, '${now.toISOString()}', '${now.toISOString()}' from generate_series(1, ${LIBRARY_ITEMS_MAX}) g`));
      expect(await api.save(me, 'target-lists', 'one-more', { name: 'x' })).toMatchObject({ status: 0, code: 40031 });
      expect((await api.save(me, 'target-lists', 'l7', { name: 'seven' })).status).toBe(1);
    });

    test("the import adds a browser's rows to the user's own once, never over the server's, never to a team", async () => {
      const { h } = env;
      const api = library(h);
      const org = await makeOrg(h, ['owner']);
      const me = org.m[0]!;
      expect((await api.save(me, 'keyword-lists', 'kw-a', { name: 'Server copy', words: ['a'] })).status).toBe(1);
      const items = [{ id: 'kw-a', body: { name: 'Browser copy', words: ['b'] } }, { id: 'kw-b', body: { name: 'Only here', words: ['c'] } }];
      // the team header is not sent for the import; even if it were, the rows go to the user's own
      expect((await api.import(me, 'keyword-lists', items, org.id)).data).toEqual({ added: 1 });
      expect((await api.import(me, 'keyword-lists', items)).data).toEqual({ added: 0 });
      const mine = (await api.list(me, 'keyword-lists')).data as { id: string; body: { name: string } }[];
      expect(mine.map((i) => [i.id, i.body.name])).toEqual([['kw-a', 'Server copy'], ['kw-b', 'Only here']]);
      expect((await api.list(me, 'keyword-lists', org.id)).data).toEqual([]);
    });

    test("a team's library and views: every member reads them, viewers change nothing, the user's own stay apart", async () => {
      const { h } = env;
      const api = library(h);
      const org = await makeOrg(h, ['owner', 'operator', 'viewer']);
      const [owner, operator, viewer] = org.m as [Member, Member, Member];
      expect((await api.save(owner, 'keyword-lists', 'mine', { name: 'Owner own' })).status).toBe(1);
      const shared = await api.save(operator, 'workspaces', 'Team board', workspace, org.id);
      expect(shared, shared.raw).toMatchObject({ status: 1, data: { id: 'Team board' } });
      for (const who of [owner, operator, viewer]) {
        expect((await api.list(who, 'workspaces', org.id)).data).toEqual([expect.objectContaining({ id: 'Team board', body: workspace, updatedBy: shared.data.updatedBy })]);
      }
      // the owner's own list is not the team's, and the team's is nobody's own
      expect((await api.list(owner, 'keyword-lists', org.id)).data).toEqual([]);
      expect((await api.list(operator, 'workspaces')).data).toEqual([]);
      // a viewer reads but changes nothing
      const refused = await api.save(viewer, 'workspaces', 'Team board', { file: '{}' }, org.id);
      expect(refused).toMatchObject({ http: 403, status: 0, code: 40303 });
      expect(refused.info).toMatch(/viewer/);
      expect(await api.remove(viewer, 'workspaces', 'Team board', org.id)).toMatchObject({ http: 403, code: 40303 });
      expect((await api.list(owner, 'workspaces', org.id)).data[0].body).toEqual(workspace);

      // saved views work the same way
      expect((await api.saveView(operator, 'adaccount.list', 'Near cap', { q: 'cap' }, org.id)).status).toBe(1);
      expect((await api.saveView(owner, 'adaccount.list', 'Near cap', { q: 'own' })).status).toBe(1);
      expect((await api.views(viewer, 'adaccount.list', org.id)).data).toEqual([expect.objectContaining({ name: 'Near cap', state: { q: 'cap' } })]);
      expect((await api.views(owner, 'adaccount.list')).data).toEqual([expect.objectContaining({ state: { q: 'own' } })]);
      expect((await api.saveView(owner, 'adaccount.list', 'Near cap', { q: 'team' }, org.id)).status).toBe(1);
      expect((await api.views(operator, 'adaccount.list', org.id)).data).toEqual([expect.objectContaining({ state: { q: 'team' } })]);
      expect(await api.saveView(viewer, 'adaccount.list', 'Mine', {}, org.id)).toMatchObject({ http: 403, code: 40303 });
      expect(await api.removeView(viewer, 'adaccount.list', 'Near cap', org.id)).toMatchObject({ http: 403, code: 40303 });
      expect((await api.removeView(operator, 'adaccount.list', 'Near cap', org.id)).data).toEqual({ deleted: 1 });
      expect((await api.views(owner, 'adaccount.list')).data).toHaveLength(1);
    });

    test("a removed member reads nothing of the team's; the team's rows stay when their author's account goes", async () => {
      const { h } = env;
      const api = library(h);
      const org = await makeOrg(h, ['owner', 'operator']);
      const [owner, operator] = org.m as [Member, Member];
      expect((await api.save(operator, 'target-lists', 'l1', { name: 'Fitness', items: '[]' }, org.id)).status).toBe(1);
      expect((await api.saveView(operator, 'bm.list', 'Mine', { q: 'x' }, org.id)).status).toBe(1);
      await h.database.db.execute(sql`delete from org_members where org_id = ${org.id} and user_id = ${operator.uid}`);
      expect(await api.list(operator, 'target-lists', org.id)).toMatchObject({ http: 403, code: 40302 });
      expect(await api.views(operator, 'bm.list', org.id)).toMatchObject({ http: 403, code: 40302 });
      await h.database.db.execute(sql`delete from users where id = ${operator.uid}`);
      const left = await api.list(owner, 'target-lists', org.id);
      expect(left.data).toEqual([expect.objectContaining({ id: 'l1', updatedBy: '' })]);
      expect((await api.views(owner, 'bm.list', org.id)).data).toHaveLength(1);
    });
  });
}
