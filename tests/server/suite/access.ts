// Who may call what: tokens, roles, the plugin policy, admin user management.
import { describe, expect, test } from 'vitest';
import type { SuiteEnv } from './env';
import { tableCounts } from './env';

export const USER_ROUTES: [string, string][] = [
  ['POST', '/api/user/logout'], ['POST', '/api/user/info'], ['POST', '/api/user/menu'], ['POST', '/api/user/update_user_info'],
  ['GET', '/api/user/config'], ['POST', '/api/user/config'], ['GET', '/api/optconfig/getUserConfig'],
  ['POST', '/api/module_statistics_visit/save'], ['GET', '/api/message_notification/unseen'], ['POST', '/api/message_notification/update_message_to_seen'],
  ['GET', '/api/pay/getMyservicesList'], ['GET', '/api/pay/getMyorder'], ['GET', '/api/pay/getOrderDetail'], ['POST', '/api/pay/addRecord'],
  ['GET', '/api/pay/getRecords'], ['GET', '/api/pay/clearRecords'], ['POST', '/api/pay/createOrder'], ['POST', '/api/pay/payOrder'], ['POST', '/api/pay/cancelOrder'],
];

export const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/admin/users'], ['POST', '/api/admin/users/role'], ['POST', '/api/admin/users/membership'], ['POST', '/api/admin/users/activation'],
  ['GET', '/api/admin/policy'], ['POST', '/api/admin/policy'], ['GET', '/api/admin/settings'], ['POST', '/api/admin/settings'],
  ['GET', '/api/admin/services'], ['POST', '/api/admin/services/create'], ['POST', '/api/admin/services/update'], ['POST', '/api/admin/services/delete'],
  ['GET', '/api/admin/extension'], ['POST', '/api/admin/extension'], ['GET', '/api/admin/announcements'], ['POST', '/api/admin/announcements/create'],
  ['POST', '/api/admin/announcements/delete'], ['GET', '/api/admin/orders'], ['POST', '/api/admin/orders/markPaid'], ['GET', '/api/admin/statistics'],
  ['GET', '/api/admin/graphql-docs'], ['POST', '/api/admin/graphql-docs'],
];

export const PUBLIC_ROUTES: [string, string][] = [
  ['GET', '/api/runtime'], ['GET', '/api/plugins/latest'], ['POST', '/api/user/login'], ['POST', '/api/user/register'], ['POST', '/api/ems/send'],
  ['POST', '/api/ems/check'], ['POST', '/api/user/emailActivation'], ['POST', '/api/user/forgotPassword'], ['POST', '/api/user/createPasswords'],
  // the companion extension reads the document catalogue without cookies (server/routes/graphql-docs.ts)
  ['GET', '/api/graphql-docs'],
];

type Method = 'GET' | 'POST';

export function accessTests(env: SuiteEnv): void {
  describe('access', () => {
    test('every user and admin endpoint refuses a missing or forged token with 50008', async () => {
      const { h } = env;
      for (const [method, url] of [...USER_ROUTES, ...ADMIN_ROUTES]) {
        const none = await h.call(method as Method, url, { body: method === 'POST' ? {} : undefined });
        expect(none, `${method} ${url}`).toMatchObject({ http: 200, status: -1, code: 50008, info: 'Token authentication failed' });
        const forged = await h.call(method as Method, url, { token: 'A'.repeat(43), lang: 'zh-CN' });
        expect(forged, `${method} ${url}`).toMatchObject({ status: -1, code: 50008, info: 'Token authentication failed' });
      }
    });

    test('a user calling admin endpoints is refused (40300) and nothing changes', async () => {
      const { h } = env;
      const user = await h.signUp();
      const before = await tableCounts(h);
      const bodies: Record<string, unknown> = {
        '/api/admin/users/role': { uid: user.uid, role: 'admin' },
        '/api/admin/users/activation': { uid: 1, active: false },
        '/api/admin/policy': { role: 'user', plugins: [] },
        '/api/admin/settings': { singleSessionPerUser: true },
        '/api/admin/services/create': { kind: 'fuel', name: 'free fuel', fuelAmount: 1, priceCents: 0 },
        '/api/admin/extension': { version: '99.0.0' },
        '/api/admin/announcements/create': { title: 'x', content: 'y' },
        '/api/admin/graphql-docs': { password: 'secret-1', docs: { AdAccountAppealStatusQuery: '123' } },
      };
      for (const [method, url] of ADMIN_ROUTES) {
        const res = await h.call(method as Method, url, { token: user.token, body: method === 'POST' ? bodies[url] ?? {} : undefined, lang: 'en-US' });
        expect(res, `${method} ${url}`).toMatchObject({ http: 200, status: 0, code: 40300, info: 'Access denied' });
      }
      expect(await tableCounts(h)).toEqual(before);
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data.role).toBe('user');
    });

    test('the plugin policy shapes info.plugins and the menu, and the server refuses disabled plugins', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const user = await h.signUp();
      const policy = await h.call('GET', '/api/admin/policy', { token: admin });
      expect(policy.data.roles.user).not.toContain('admin');
      expect(policy.data.roles.admin).toContain('admin');
      const all = policy.data.roles.user as string[];
      try {
        const set = await h.call('POST', '/api/admin/policy', { token: admin, body: { role: 'user', plugins: all.filter((p) => p !== 'pixel') } });
        expect(set.status).toBe(1);
        expect(set.data.roles.user).not.toContain('pixel');
        const info = await h.call('POST', '/api/user/info', { token: user.token });
        expect(info.data.plugins).not.toContain('pixel');
        const menu = await h.call('POST', '/api/user/menu', { token: user.token });
        expect(menu.data.map((m: { id: string }) => m.id)).not.toContain('pixel');

        const refused = [
          await h.call('POST', '/api/pay/addRecord', { token: user.token, body: { module_id: 'pixel', data: { id: '1' } } }),
          await h.call('GET', '/api/pay/getRecords', { token: user.token, query: { module_id: 'pixel' } }),
          await h.call('GET', '/api/pay/clearRecords', { token: user.token, query: { module_id: 'pixel.share' } }),
          await h.call('POST', '/api/module_statistics_visit/save', { token: user.token, body: { module: 'pixel', func_id: 'pixel.share' } }),
        ];
        for (const r of refused) expect(r).toMatchObject({ http: 200, status: 0, code: 40301 });
        // Admins keep it.
        expect((await h.call('POST', '/api/module_statistics_visit/save', { token: admin, body: { module: 'pixel' } })).status).toBe(1);
        // Other plugins still work for the user.
        expect((await h.call('POST', '/api/module_statistics_visit/save', { token: user.token, body: { module: 'adaccount' } })).status).toBe(1);
      } finally {
        await h.call('POST', '/api/admin/policy', { token: admin, body: { role: 'user', plugins: all } });
      }
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data.plugins).toContain('pixel');
    });

    test('the admin plugin can be neither given to users nor taken from admins; unknown plugins are refused', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      expect(await h.call('POST', '/api/admin/policy', { token: admin, body: { role: 'user', plugins: ['dashboard', 'admin'] } })).toMatchObject({ status: 0, code: 40000 });
      expect(await h.call('POST', '/api/admin/policy', { token: admin, body: { role: 'admin', plugins: ['dashboard'] } })).toMatchObject({ status: 0, code: 40000 });
      expect(await h.call('POST', '/api/admin/policy', { token: admin, body: { role: 'user', plugins: ['dashboard', 'nosuch'] } })).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect((await h.call('GET', '/api/admin/policy', { token: admin })).data.roles.user).toContain('adaccount');
    });

    test('admins manage users: list, role, membership, deactivation and reactivation', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const user = await h.signUp();
      const list = await h.call('GET', '/api/admin/users', { token: admin, query: { q: user.email } });
      expect(list).toMatchObject({ status: 1, data: { total: 1, page: 1, pageSize: 20 } });
      expect(list.data.list[0]).toMatchObject({ uid: user.uid, email: user.email, role: 'user', status: 'active', isDemo: false });
      const percent = await h.call('GET', '/api/admin/users', { token: admin, query: { q: '%' } });
      expect(percent.data.total).toBe(0);

      expect((await h.call('POST', '/api/admin/users/role', { token: admin, body: { uid: user.uid, role: 'admin' } })).data.role).toBe('admin');
      expect((await h.call('GET', '/api/admin/settings', { token: user.token })).status).toBe(1);
      expect((await h.call('POST', '/api/user/menu', { token: user.token })).data.map((m: { id: string }) => m.id)).toContain('admin');
      expect((await h.call('POST', '/api/admin/users/role', { token: admin, body: { uid: user.uid, role: 'user' } })).data.role).toBe('user');
      expect((await h.call('GET', '/api/admin/settings', { token: user.token })).code).toBe(40300);

      const expiry = new Date(h.config.clock() + 90 * 86_400_000).toISOString();
      const member = await h.call('POST', '/api/admin/users/membership', { token: admin, body: { uid: user.uid, level: 'pro', expiry, fuel: 5 } });
      expect(member.data.membership).toMatchObject({ level: 'pro', expiry, active: true });
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data).toMatchObject({ membership: { level: 'pro', expiry }, fuel: 5 });
      expect(await h.call('POST', '/api/admin/users/membership', { token: admin, body: { uid: user.uid, level: 'pro', expiry: 'soon' } })).toMatchObject({ http: 400, code: 40000 });

      expect((await h.call('POST', '/api/admin/users/activation', { token: admin, body: { uid: user.uid, active: false } })).data.status).toBe('disabled');
      expect((await h.call('POST', '/api/user/info', { token: user.token })).code).toBe(50008);
      expect((await h.login(user.email, user.password)).code).toBe(40006);
      expect((await h.call('POST', '/api/admin/users/activation', { token: admin, body: { uid: user.uid, active: true } })).data.status).toBe('active');
      expect((await h.login(user.email, user.password)).status).toBe(1);

      expect(await h.call('POST', '/api/admin/users/role', { token: admin, body: { uid: 999_999, role: 'user' } })).toMatchObject({ status: 0, code: 40401 });
    });

    test('an admin cannot deactivate themselves, nor remove the last active admin', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const me = (await h.call('POST', '/api/user/info', { token: admin })).data.uid;
      expect(await h.call('POST', '/api/admin/users/activation', { token: admin, body: { uid: me, active: false } })).toMatchObject({ status: 0, code: 40900 });
      const admins = await h.call('GET', '/api/admin/users', { token: admin, query: { role: 'admin', status: 'active', pageSize: '100' } });
      if (admins.data.total === 1) {
        expect(await h.call('POST', '/api/admin/users/role', { token: admin, body: { uid: me, role: 'user' } })).toMatchObject({ status: 0, code: 40900 });
      }
      expect((await h.call('POST', '/api/user/info', { token: admin })).data.role).toBe('admin');
    });
  });
}
