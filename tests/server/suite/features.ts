// The rest of the call table: config, records, statistics, notifications, the extension record, runtime.
import { describe, expect, test } from 'vitest';
import type { SuiteEnv } from './env';

export function featureTests(env: SuiteEnv): void {
  describe('features', () => {
    test('runtime tells the app its settings', async () => {
      const { h } = env;
      const res = await h.call('GET', '/api/runtime');
      expect(res).toMatchObject({ http: 200, status: 1, code: 20000 });
      expect(res.data).toEqual({
        demo: true, graphBase: '/__graph', webVersion: expect.any(String), graphVersion: 'v24.0', websocketUrl: null, paymentPublicKey: null,
        // the login box tells a newcomer what to type: the demo operator (never the admin), and the published default password only
        demoAccounts: [{ email: 'operator@tessera.test', role: 'user' }],
        demoPassword: 'tessera-demo',
      });
    });

    test('page sizes per user: defaults, written, read back, only 10/20/50/100', async () => {
      const { h } = env;
      const user = await h.signUp();
      const other = await h.signUp();
      expect((await h.call('GET', '/api/optconfig/getUserConfig', { token: user.token })).data).toEqual({ page_plen: 20, acc_plen: 20, pixel_plen: 20, bm_plen: 20 });
      const set = await h.call('POST', '/api/user/config', { token: user.token, body: { page_plen: 50, bm_plen: 100 } });
      expect(set.data).toEqual({ page_plen: 50, acc_plen: 20, pixel_plen: 20, bm_plen: 100 });
      expect((await h.call('POST', '/api/user/config', { token: user.token, body: { acc_plen: 10 } })).data).toMatchObject({ page_plen: 50, acc_plen: 10 });
      expect(await h.call('POST', '/api/user/config', { token: user.token, body: { pixel_plen: 33 } })).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(await h.call('POST', '/api/user/config', { token: user.token, body: { pixel_plen: '50' } })).toMatchObject({ http: 400, code: 40000 });
      const read = await h.call('GET', '/api/user/config', { token: user.token, query: { key: 'page_size' } });
      expect(read.data).toEqual({ page_plen: 50, acc_plen: 10, pixel_plen: 20, bm_plen: 100 });
      expect((await h.call('GET', '/api/optconfig/getUserConfig', { token: other.token })).data.page_plen).toBe(20);
      const versions = await h.call('GET', '/api/user/config', { token: user.token, query: { key: 'version_list' } });
      expect(Array.isArray(versions.data.version_list)).toBe(true);
      expect(versions.data.page_plen).toBeUndefined();
    });

    test('recent-item records: per user and module, newest first, at most 50, re-adding moves to the top, clear', async () => {
      const { h } = env;
      const user = await h.signUp();
      const other = await h.signUp();
      for (let i = 0; i < 55; i++) {
        const res = await h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'adaccount', data: { id: `act_${i}`, n: i }, uid: user.uid } });
        expect(res.status).toBe(1);
      }
      await h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'bm', data: 'business 1' } });
      let list = await h.call('GET', '/api/pay/getRecords', { token: user.token, query: { module_id: 'adaccount', uid: String(user.uid) } });
      expect(list.data).toHaveLength(50);
      expect(list.data[0].data).toEqual({ id: 'act_54', n: 54 });
      expect(list.data[49].data).toEqual({ id: 'act_5', n: 5 });
      // Key order does not matter for "the same item".
      await h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'adaccount', data: { n: 20, id: 'act_20' } } });
      list = await h.call('GET', '/api/pay/getRecords', { token: user.token, query: { module_id: 'adaccount' } });
      expect(list.data).toHaveLength(50);
      expect(list.data[0].data).toEqual({ n: 20, id: 'act_20' });
      expect(list.data.filter((r: { data: { n: number } }) => r.data.n === 20)).toHaveLength(1);

      expect((await h.call('GET', '/api/pay/getRecords', { token: other.token, query: { module_id: 'adaccount' } })).data).toEqual([]);
      expect((await h.call('GET', '/api/pay/clearRecords', { token: other.token, query: { module_id: 'adaccount' } })).data).toEqual({ deleted: 0 });
      expect((await h.call('GET', '/api/pay/clearRecords', { token: user.token, query: { module_id: 'adaccount' } })).data).toEqual({ deleted: 50 });
      expect((await h.call('GET', '/api/pay/getRecords', { token: user.token, query: { module_id: 'adaccount' } })).data).toEqual([]);
      expect((await h.call('GET', '/api/pay/getRecords', { token: user.token, query: { module_id: 'bm' } })).data).toHaveLength(1);

      const huge = await h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'bm', data: 'x'.repeat(9000) } });
      expect(huge).toMatchObject({ http: 400, status: 0, code: 40030 });
      expect(await h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'nosuch', data: 1 } })).toMatchObject({ status: 0, code: 40000 });
    });

    test('statistics: visits and bulk actions are stored and counted for admins', async () => {
      const { h } = env;
      const user = await h.signUp();
      const admin = await h.adminToken();
      const func = `adaccount.rename${Date.now()}`;
      for (let i = 0; i < 3; i++) {
        expect((await h.call('POST', '/api/module_statistics_visit/save', { token: user.token, body: { uid: user.uid, module: 'adaccount', func_id: func } })).status).toBe(1);
      }
      expect((await h.call('POST', '/api/module_statistics_visit/save', { token: user.token, body: { uid: String(user.uid), module: 'shell.jobs' } })).status).toBe(1);
      const stats = await h.call('GET', '/api/admin/statistics', { token: admin, query: { days: '7' } });
      expect(stats.data.list).toContainEqual({ module: 'adaccount', func_id: func, count: 3 });
      expect(await h.call('POST', '/api/module_statistics_visit/save', { token: user.token, body: { module: 'unknown' } })).toMatchObject({ status: 0, code: 40000 });
    });

    test('announcements: to everyone or one user, per social identity; unseen until marked seen', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const x = await h.signUp();
      const y = await h.signUp();
      const tag = `t${Date.now()}`;
      const make = async (body: Record<string, unknown>) => (await h.call('POST', '/api/admin/announcements/create', { token: admin, body: { content: 'hello', ...body } })).data;
      const all = await make({ title: `${tag}-all` });
      const toX = await make({ title: `${tag}-x`, uid: x.uid, message_type: 2 });
      const fb = await make({ title: `${tag}-fb`, email: x.email, fbid: '1000123' });
      expect(all).toMatchObject({ id: expect.any(Number), title: `${tag}-all`, message_type: 1, fbid: null });
      expect(await h.call('POST', '/api/admin/announcements/create', { token: admin, body: { title: 'a', content: 'b', uid: 999_999 } })).toMatchObject({ code: 40401 });

      const titles = async (token: string, fbid?: string) => {
        const res = await h.call('GET', '/api/message_notification/unseen', { token, query: fbid ? { fbid } : {} });
        expect(res.data.count).toBe(res.data.list.length);
        return (res.data.list as { title: string }[]).map((m) => m.title).filter((t) => t.startsWith(tag)).sort();
      };
      expect(await titles(x.token)).toEqual([`${tag}-all`, `${tag}-x`]);
      expect(await titles(x.token, '1000123')).toEqual([`${tag}-all`, `${tag}-fb`, `${tag}-x`]);
      expect(await titles(y.token)).toEqual([`${tag}-all`]);

      const seen = await h.call('POST', '/api/message_notification/update_message_to_seen', { token: x.token, query: { identity: String(all.id) } });
      expect(seen.data).toEqual({ updated: 1 });
      expect(await titles(x.token)).toEqual([`${tag}-x`]);
      expect(await titles(x.token, '1000123')).toEqual([`${tag}-all`, `${tag}-fb`, `${tag}-x`]);
      await h.call('POST', '/api/message_notification/update_message_to_seen', { token: x.token, query: { message_type: '2' } });
      expect(await titles(x.token)).toEqual([]);
      await h.call('POST', '/api/message_notification/update_message_to_seen', { token: x.token, body: { fbid: '1000123' } });
      expect(await titles(x.token, '1000123')).toEqual([]);
      expect(await titles(y.token)).toEqual([`${tag}-all`]);

      const listed = await h.call('GET', '/api/admin/announcements', { token: admin });
      expect(listed.data.list.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([all.id, toX.id, fb.id]));
      expect((await h.call('POST', '/api/admin/announcements/delete', { token: admin, body: { id: all.id } })).status).toBe(1);
      expect(await titles(y.token)).toEqual([]);
    });

    test('plugins/latest: the bundled version until an admin sets a record', async () => {
      const { h } = env;
      const before = await h.call('GET', '/api/plugins/latest', { query: { version: '1.0.0' } });
      expect(before).toMatchObject({ status: 1, data: { type: 0, func: [], clear_index: '' } });
      expect(typeof before.data.version).toBe('string');
      const admin = await h.adminToken();
      const record = { url: 'https://example.test/ext.zip', version: '9.9.9', version_web: '2.2.1', description: 'new', clear_index: 'a,b', type: 1, func: [{ identify: 'pixel.share' }, { identify: 'bm' }] };
      expect((await h.call('POST', '/api/admin/extension', { token: admin, body: record })).status).toBe(1);
      const after = await h.call('GET', '/api/plugins/latest');
      expect(after.data).toMatchObject({ ...record, create_time: expect.any(String) });
      expect(await h.call('POST', '/api/admin/extension', { token: admin, body: { version: '1', url: 'javascript:alert(1)' } })).toMatchObject({ http: 400, code: 40000 });
      const user = await h.signUp();
      const versions = await h.call('GET', '/api/user/config', { token: user.token, query: { key: 'version_list' } });
      expect(versions.data.version_list[0].version).toBe('9.9.9');
    });
  });
}
