// Saved views (server/routes/views.ts): per user, by list and name. Saving a name again replaces the
// view; each user reads, replaces and deletes only their own; a refused request stores nothing; they go
// with their user.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { SuiteEnv } from './env';
import { tableCounts } from './env';

const LIST = 'adaccount.list';
const nearCap = { q: 'acme', sort: [{ id: 'cap_used_pct', desc: true }], filters: { status: 'ACTIVE', cap_used_pct: '>=90' }, columnOrder: ['name', 'status', 'cap_used_pct'], columnVisibility: { users: false, cap_used_pct: true } };

export function savedViewTests(env: SuiteEnv): void {
  describe('saved views', () => {
    test('saves, lists by name, replaces by name, deletes', async () => {
      const { h } = env;
      const user = await h.signUp();
      const get = (list = LIST) => h.call('GET', '/api/views', { token: user.token, query: { list } });
      const save = (name: string, state: object, list = LIST) => h.call('POST', '/api/views', { token: user.token, body: { list, name, state } });

      expect(await get()).toMatchObject({ http: 200, status: 1, code: 20000, data: [] });
      const saved = await save('Near cap', nearCap);
      expect(saved).toMatchObject({ http: 200, status: 1, data: { name: 'Near cap', state: nearCap } });
      expect(Number.isNaN(Date.parse(saved.data.updatedAt))).toBe(false);
      expect(await save('Disabled', { filters: { status: 'DISABLED' } })).toMatchObject({ status: 1 });
      expect(await save('朝鲜 — 中文', {})).toMatchObject({ status: 1, data: { name: '朝鲜 — 中文', state: {} } });
      expect((await get()).data.map((v: { name: string }) => v.name)).toEqual(['Disabled', 'Near cap', '朝鲜 — 中文']);
      // another list of the same user is another set
      expect(await save('Near cap', { q: 'bm' }, 'bm.list')).toMatchObject({ status: 1 });
      expect((await get('bm.list')).data).toEqual([expect.objectContaining({ name: 'Near cap', state: { q: 'bm' } })]);

      // the same name replaces; unknown properties of the state are dropped
      h.clock.advance(5_000);
      const replaced = await save('Near cap', { q: 'other', extra: 'dropped' });
      expect(replaced).toMatchObject({ status: 1, data: { name: 'Near cap', state: { q: 'other' } } });
      expect(replaced.data.state).not.toHaveProperty('extra');
      expect(Date.parse(replaced.data.updatedAt)).toBeGreaterThan(Date.parse(saved.data.updatedAt));
      const list = (await get()).data;
      expect(list).toHaveLength(3);
      expect(list.find((v: { name: string }) => v.name === 'Near cap').state).toEqual({ q: 'other' });

      expect(await h.call('POST', '/api/views/delete', { token: user.token, body: { list: LIST, name: 'Near cap' } })).toMatchObject({ status: 1, data: { deleted: 1 } });
      expect(await h.call('POST', '/api/views/delete', { token: user.token, body: { list: LIST, name: 'Near cap' } })).toMatchObject({ status: 1, data: { deleted: 0 } });
      expect((await get()).data.map((v: { name: string }) => v.name)).toEqual(['Disabled', '朝鲜 — 中文']);
      expect((await get('bm.list')).data).toHaveLength(1);
    });

    test('each user sees, replaces and deletes only their own views; no token, no views', async () => {
      const { h } = env;
      const [alice, bob] = [await h.signUp(), await h.signUp()];
      expect(await h.call('POST', '/api/views', { token: alice.token, body: { list: LIST, name: 'Mine', state: nearCap } })).toMatchObject({ status: 1 });
      expect(await h.call('GET', '/api/views', { token: bob.token, query: { list: LIST } })).toMatchObject({ status: 1, data: [] });
      // the uid a client sends along picks nobody
      expect(await h.call('GET', '/api/views', { token: bob.token, query: { list: LIST, uid: String(alice.uid) } })).toMatchObject({ status: 1, data: [] });
      // bob's view of the same name is his own; deleting it leaves alice's
      expect(await h.call('POST', '/api/views', { token: bob.token, body: { list: LIST, name: 'Mine', state: { q: 'bob' } } })).toMatchObject({ status: 1 });
      expect(await h.call('POST', '/api/views/delete', { token: bob.token, body: { list: LIST, name: 'Mine' } })).toMatchObject({ status: 1, data: { deleted: 1 } });
      expect(await h.call('POST', '/api/views/delete', { token: bob.token, body: { list: LIST, name: 'Mine' } })).toMatchObject({ status: 1, data: { deleted: 0 } });
      expect(await h.call('GET', '/api/views', { token: alice.token, query: { list: LIST } })).toMatchObject({ status: 1, data: [{ name: 'Mine', state: nearCap }] });

      expect(await h.call('GET', '/api/views', { query: { list: LIST } })).toMatchObject({ status: -1, code: 50008 });
      expect(await h.call('POST', '/api/views', { body: { list: LIST, name: 'x', state: {} } })).toMatchObject({ status: -1, code: 50008 });
      expect(await h.call('POST', '/api/views/delete', { token: 'not-a-token', body: { list: LIST, name: 'Mine' } })).toMatchObject({ status: -1, code: 50008 });
    });

    test('bad requests are refused with a clear reason in both languages, and nothing is stored', async () => {
      const { h } = env;
      const user = await h.signUp();
      expect(await h.call('POST', '/api/views', { token: user.token, body: { list: LIST, name: 'Kept', state: {} } })).toMatchObject({ status: 1 });
      const before = await tableCounts(h);
      const send = (body: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') => h.call('POST', '/api/views', { token: user.token, body, lang });
      const bad: [unknown, RegExp][] = [
        [{ name: 'x', state: {} }, /list is required/],
        [{ list: LIST, state: {} }, /name is required/],
        [{ list: LIST, name: 'x' }, /state is required/],
        [{ list: 'has space', name: 'x', state: {} }, /list is not in a valid format/],
        [{ list: 'l'.repeat(101), name: 'x', state: {} }, /list has the wrong length/],
        [{ list: LIST, name: '', state: {} }, /name has the wrong length/],
        [{ list: LIST, name: 'n'.repeat(61), state: {} }, /name has the wrong length/],
        [{ list: LIST, name: ' padded', state: {} }, /name is not in a valid format/],
        [{ list: LIST, name: 'line\nbreak', state: {} }, /name is not in a valid format/],
        [{ list: LIST, name: 'x', state: 'q=1' }, /state has the wrong type/],
        [{ list: LIST, name: 'x', state: { q: 5 } }, /state\.q has the wrong type/],
        [{ list: LIST, name: 'x', state: { sort: [{ id: 'a' }] } }, /state\.sort\.0\.desc is required/],
        [{ list: LIST, name: 'x', state: { sort: Array.from({ length: 11 }, (_, i) => ({ id: `c${i}`, desc: false })) } }, /state\.sort has the wrong length/],
        [{ list: LIST, name: 'x', state: { filters: { a: 1 } } }, /state\.filters\.a has the wrong type/],
        [{ list: LIST, name: 'x', state: { filters: { a: 'x'.repeat(501) } } }, /state\.filters\.a has the wrong length/],
        [{ list: LIST, name: 'x', state: { columnVisibility: { a: 'yes' } } }, /state\.columnVisibility\.a has the wrong type/],
        [{ list: LIST, name: 'x', state: { columnOrder: 'a,b' } }, /state\.columnOrder has the wrong type/],
      ];
      for (const [body, reason] of bad) {
        const res = await send(body);
        expect(res, JSON.stringify(body).slice(0, 200)).toMatchObject({ http: 400, status: 0, code: 40000, data: null });
        expect(res.info).toMatch(reason);
      }
      expect((await send({ list: LIST, name: 7, state: {} }, 'zh-CN')).info).toBe('请求参数无效：字段 name 的类型不正确');
      expect(await h.call('GET', '/api/views', { token: user.token, query: {} })).toMatchObject({ http: 400, code: 40000 });
      expect(await h.call('GET', '/api/views', { token: user.token, query: { list: 'a b' } })).toMatchObject({ http: 400, code: 40000 });
      expect(await h.call('POST', '/api/views/delete', { token: user.token, body: { list: LIST } })).toMatchObject({ http: 400, code: 40000 });

      // a state over 8 KiB: its own code and reason
      const big = { columnOrder: Array.from({ length: 200 }, (_, i) => `column_${i}_${'x'.repeat(40)}`) };
      expect(await send({ list: LIST, name: 'Big', state: big })).toMatchObject({ http: 400, status: 0, code: 40030, info: 'The view is too large (at most 8192 bytes)' });
      expect(await send({ list: LIST, name: 'Big', state: big }, 'zh-CN')).toMatchObject({ code: 40030, info: '视图内容过大（上限 8192 字节）' });
      expect(await tableCounts(h)).toEqual(before);
    });

    test('at most 50 views a list; replacing one is still allowed then', async () => {
      const { h } = env;
      const user = await h.signUp();
      const save = (name: string, lang: 'en-US' | 'zh-CN' = 'en-US') => h.call('POST', '/api/views', { token: user.token, body: { list: LIST, name, state: { q: name } }, lang });
      for (let i = 1; i <= 50; i++) expect((await save(`View ${i}`)).status, `view ${i}`).toBe(1);
      expect(await save('View 51')).toMatchObject({ http: 200, status: 0, code: 40031, info: 'At most 50 saved views per list: delete one you no longer use first' });
      expect((await save('View 51', 'zh-CN')).info).toBe('每个列表最多保存 50 个视图：请先删除不再使用的视图');
      expect(await save('View 7')).toMatchObject({ status: 1 });
      expect((await h.call('GET', '/api/views', { token: user.token, query: { list: LIST } })).data).toHaveLength(50);
      // another list has room
      expect(await h.call('POST', '/api/views', { token: user.token, body: { list: 'bm.list', name: 'View 51', state: {} } })).toMatchObject({ status: 1 });
    });

    test("a deleted user's views are deleted with them", async () => {
      const { h } = env;
      const [gone, stays] = [await h.signUp(), await h.signUp()];
      for (const u of [gone, stays]) expect(await h.call('POST', '/api/views', { token: u.token, body: { list: LIST, name: 'v', state: {} } })).toMatchObject({ status: 1 });
      await h.database.db.execute(sql.raw(`delete from users where id = ${gone.uid}`));
      const left = await h.database.db.execute(sql.raw(`select count(*)::int as n from saved_views where user_id = ${gone.uid}`));
      expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
      expect((await h.call('GET', '/api/views', { token: stays.token, query: { list: LIST } })).data).toHaveLength(1);
    });
  });
}
