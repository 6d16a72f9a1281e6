// An account's own sessions (server/routes/sessions.ts): the list with this one marked, ending one, all
// others or all, changing the password with the current one; a change or a reset ends every other
// session and mails a notice.
import { describe, expect, test } from 'vitest';
import type { SuiteEnv } from './env';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export function ownSessionTests(env: SuiteEnv): void {
  describe('own sessions', () => {
    async function threeBrowsers() {
      const { h } = env;
      const user = await h.signUp(h.uniqueEmail('own'), 'own-pass-1');
      const login = async (ua: string, ip: string) => {
        const res = await h.call('POST', '/api/user/login', { body: { email: user.email, password: user.password }, headers: { 'user-agent': ua }, ip });
        expect(res.status, res.raw).toBe(1);
        return res.data.token as string;
      };
      return { user, chrome: await login(CHROME, '10.60.0.1'), firefox: await login(FIREFOX, '10.60.0.2'), safari: await login(SAFARI, '10.60.0.3') };
    }
    const alive = async (token: string) => (await env.h.call('POST', '/api/user/info', { token })).status === 1;

    test('the list: browser, address, times, this one marked; end one, then all others, then all', async () => {
      const { h } = env;
      const { user, chrome, firefox, safari } = await threeBrowsers();
      const list = await h.call('GET', '/api/user/sessions', { token: chrome });
      expect(list).toMatchObject({ http: 200, status: 1 });
      // the activation's session, and the three logins
      expect(list.data).toHaveLength(4);
      const mine = list.data.find((x: { current: boolean }) => x.current);
      expect(mine).toMatchObject({ browser: 'Chrome 126 · Windows', address: '10.60.0.1', createdAt: expect.any(String), lastSeenAt: expect.any(String) });
      expect(Object.keys(mine).sort()).toEqual(['address', 'browser', 'createdAt', 'current', 'id', 'lastSeenAt']);
      expect(list.data.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
      expect(list.data.map((x: { browser: string }) => x.browser)).toEqual(expect.arrayContaining(['Firefox 128 · Linux', 'Safari 17 · iOS']));

      const firefoxId = list.data.find((x: { browser: string }) => x.browser.startsWith('Firefox')).id;
      // someone else's session is not found
      const stranger = await h.signUp();
      expect(await h.call('POST', '/api/user/sessions/revoke', { token: stranger.token, body: { id: firefoxId }, lang: 'en-US' })).toMatchObject({ status: 0, code: 40401 });
      expect(await alive(firefox)).toBe(true);
      expect(await h.call('POST', '/api/user/sessions/revoke', { token: chrome, body: { id: firefoxId } })).toMatchObject({ status: 1, data: { ended: 1, current: false } });
      expect(await h.call('POST', '/api/user/info', { token: firefox })).toMatchObject({ status: -1, code: 50008 });
      expect(await h.call('POST', '/api/user/sessions/revoke', { token: chrome, body: {} })).toMatchObject({ http: 400, code: 40000 });
      expect(await h.call('POST', '/api/user/sessions/revoke', { token: chrome, body: { id: firefoxId, which: 'all' } })).toMatchObject({ http: 400, code: 40000 });

      expect(await h.call('POST', '/api/user/sessions/revoke', { token: chrome, body: { which: 'others' } })).toMatchObject({ status: 1, data: { ended: 2, current: false } });
      expect([await alive(chrome), await alive(safari), await alive(user.token)]).toEqual([true, false, false]);
      expect((await h.call('GET', '/api/user/sessions', { token: chrome })).data).toHaveLength(1);

      expect(await h.call('POST', '/api/user/sessions/revoke', { token: chrome, body: { which: 'all' } })).toMatchObject({ status: 1, data: { ended: 1, current: true } });
      expect(await alive(chrome)).toBe(false);
    });

    test('change password: needs the current one, ends every other session, mails a notice', async () => {
      const { h } = env;
      const { user, chrome, firefox, safari } = await threeBrowsers();
      const change = (body: object, token = chrome, ip = '10.61.0.1') => h.call('POST', '/api/user/changePassword', { token, body, ip, lang: 'en-US' });
      expect(await change({ password: 'wrong-pass-9', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' })).toMatchObject({ status: 0, code: 40001, info: 'The current password is wrong' });
      expect(await change({ password: user.password, newPassword: 'new-pass-1', confirmPassword: 'new-pass-2' })).toMatchObject({ status: 0, code: 40004 });
      expect(await change({ password: user.password, newPassword: user.password, confirmPassword: user.password })).toMatchObject({ status: 0, code: 40000 });
      expect(await alive(firefox)).toBe(true);
      const before = h.outbox().length;
      expect(await change({ password: user.password, newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' })).toMatchObject({ status: 1, data: { sessionsEnded: 3 } });
      expect([await alive(chrome), await alive(firefox), await alive(safari), await alive(user.token)]).toEqual([true, false, false, false]);
      const notice = h.outbox().slice(before).find((m) => m.to === user.email)!;
      expect(notice.subject).toBe('Your Tessera password was changed');
      expect(notice.code).toBeUndefined();
      expect((await h.login(user.email, user.password, '10.61.0.2')).code).toBe(40001);
      expect((await h.login(user.email, 'new-pass-1', '10.61.0.2')).status).toBe(1);
    });

    test('change password: a stolen token cannot guess it (5 wrong, then 429)', async () => {
      const { h } = env;
      const user = await h.signUp(h.uniqueEmail('own'), 'own-pass-1');
      const codes = [];
      for (let i = 0; i < 7; i++) {
        codes.push((await h.call('POST', '/api/user/changePassword', { token: user.token, body: { password: `guess-${i}-pass`, newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }, ip: '10.62.0.1' })).code);
      }
      expect(codes).toEqual([40001, 40001, 40001, 40001, 40001, 42900, 42900]);
    });

    test('a password reset ends every session and mails a notice', async () => {
      const { h } = env;
      const { user, chrome } = await threeBrowsers();
      h.clock.advance(61_000);
      expect((await h.call('POST', '/api/user/forgotPassword', { body: { email: user.email } })).status).toBe(1);
      const before = h.outbox().length;
      const reset = await h.call('POST', '/api/user/createPasswords', { body: { email: user.email, code: h.lastCode(user.email), password: 'reset-pass-1', confirmPassword: 'reset-pass-1' } });
      expect(reset.status).toBe(1);
      expect(await alive(chrome)).toBe(false);
      expect(await alive(reset.data.token)).toBe(true);
      expect(h.outbox().slice(before).find((m) => m.to === user.email)?.subject).toMatch(/密码已更改|password was changed/);
    });
  });
}
