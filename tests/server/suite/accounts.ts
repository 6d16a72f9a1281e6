// Account flows: register, codes, activation, login, logout, reset, lockout, rotation, expiry, single session.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { sessions, users } from '../../../server/db/schema';
import { DAY } from '../harness';
import type { SuiteEnv } from './env';

const PROFILE_FIELDS = [
  'name', 'avatar', 'job', 'organization', 'location', 'email', 'introduction', 'personalWebsite', 'jobName', 'organizationName',
  'locationName', 'phone', 'registrationDate', 'accountId', 'certification', 'role',
];

export function accountTests(env: SuiteEnv): void {
  describe('accounts', () => {
    test('register → code in the outbox → activate → info → logout → the old token is refused', async () => {
      const { h } = env;
      const email = h.uniqueEmail('flow');
      const password = 'pass-word-1';
      const reg = await h.call('POST', '/api/user/register', { body: { email, password, confirmPassword: password, agree: true }, lang: 'en-US' });
      expect(reg).toMatchObject({ http: 200, status: 1, code: 20000, data: { email, activation: 'required' } });
      expect(reg.data.token).toBeUndefined();

      const mail = h.outbox().filter((m) => m.to === email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toMatch(/activation/i);
      expect(mail[0]!.code).toMatch(/^\d{6}$/);
      expect(mail[0]!.text).toContain(mail[0]!.code);

      const early = await h.login(email, password);
      expect(early).toMatchObject({ http: 200, status: 0, code: 40005, data: { email, activation: 'required' } });

      const act = await h.call('POST', '/api/user/emailActivation', { body: { email, code: h.lastCode(email) } });
      expect(act).toMatchObject({ status: 1, code: 20000 });
      const token: string = act.data.token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const info = await h.call('POST', '/api/user/info', { token });
      expect(info).toMatchObject({ status: 1, code: 20000, data: { email, role: 'user', membership: { level: 'free', start: null, expiry: null } } });
      for (const field of PROFILE_FIELDS) expect(info.data).toHaveProperty(field);
      expect(info.data.plugins).toContain('dashboard');
      expect(info.data.plugins).not.toContain('admin');

      const menu = await h.call('POST', '/api/user/menu', { token });
      expect(menu.status).toBe(1);
      expect(menu.data.map((m: { id: string }) => m.id)).toEqual(['dashboard', 'adaccount', 'workspace', 'bm', 'page', 'pixel', 'target', 'adcomment', 'friend', 'payment', 'user', 'watch', 'team']);
      expect(menu.data[0]).toEqual({ id: 'dashboard', path: '/dashboard/index', title: 'menu.dashboard', icon: expect.any(String), order: 0, hide: false, roles: ['*'] });
      expect(menu.data.find((m: { id: string }) => m.id === 'payment')).toMatchObject({ order: 9, hide: true });

      // Stored as argon2id and as a hash of the token, never the secrets themselves.
      const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
      expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
      const stored = await h.database.db.select().from(sessions).where(eq(sessions.userId, row!.id));
      expect(stored.map((s) => s.tokenHash)).toContain(crypto.createHash('sha256').update(token).digest('hex'));
      expect(stored.map((s) => s.tokenHash)).not.toContain(token);

      expect(await h.call('POST', '/api/user/logout', { token })).toMatchObject({ status: 1, code: 20000 });
      const after = await h.call('POST', '/api/user/info', { token });
      expect(after).toMatchObject({ http: 200, status: -1, code: 50008, info: 'Token authentication failed' });

      const again = await h.login(email, password);
      expect(again).toMatchObject({ status: 1, data: { email, role: 'user' } });
      expect((await h.call('POST', '/api/user/info', { token: again.data.token })).status).toBe(1);
    });

    test('the token is read from "Bearer <token>" and from the bare token; uid headers grant nothing', async () => {
      const { h } = env;
      const a = await h.signUp();
      const b = await h.signUp();
      const bare = await h.call('POST', '/api/user/info', { headers: { authorization: a.token } });
      expect(bare).toMatchObject({ status: 1, data: { email: a.email } });
      const spoof = await h.call('POST', '/api/user/info', { token: a.token, headers: { uid: String(b.uid) }, query: { uid: String(b.uid) } });
      expect(spoof.data.email).toBe(a.email);
    });

    test('a wrong code is refused and the account stays inactive', async () => {
      const { h } = env;
      const email = h.uniqueEmail('wrong');
      await h.call('POST', '/api/user/register', { body: { email, password: 'secret-1', confirmPassword: 'secret-1', agree: true } });
      const good = h.lastCode(email);
      const bad = good === '000000' ? '111111' : '000000';
      expect(await h.call('POST', '/api/user/emailActivation', { body: { email, code: bad } })).toMatchObject({ status: 0, code: 40002 });
      expect((await h.login(email, 'secret-1')).code).toBe(40005);
    });

    test('an expired code (older than 10 minutes) is refused', async () => {
      const { h } = env;
      const email = h.uniqueEmail('expired');
      await h.call('POST', '/api/user/register', { body: { email, password: 'secret-1', confirmPassword: 'secret-1', agree: true } });
      const code = h.lastCode(email);
      h.clock.advance(10 * 60_000 + 1000);
      const res = await h.call('POST', '/api/user/emailActivation', { body: { email, code }, lang: 'en-US' });
      expect(res).toMatchObject({ status: 0, code: 40002, info: 'Verification code wrong or expired' });
    });

    test('after 5 attempts even the right code is refused', async () => {
      const { h } = env;
      const email = h.uniqueEmail('tries');
      await h.call('POST', '/api/user/register', { body: { email, password: 'secret-1', confirmPassword: 'secret-1', agree: true } });
      const good = h.lastCode(email);
      const bad = good === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        expect((await h.call('POST', '/api/user/emailActivation', { body: { email, code: bad } })).code).toBe(40002);
      }
      expect(await h.call('POST', '/api/user/emailActivation', { body: { email, code: good } })).toMatchObject({ status: 0, code: 40003 });
    });

    test('one code a minute; a new code replaces the old one; ems/check does not use the code up', async () => {
      const { h } = env;
      const email = h.uniqueEmail('resend');
      await h.call('POST', '/api/user/register', { body: { email, password: 'secret-1', confirmPassword: 'secret-1', agree: true } });
      const first = h.lastCode(email);
      const soon = await h.call('POST', '/api/ems/send', { body: { email, purpose: 'activation' } });
      expect(soon).toMatchObject({ http: 429, status: 0, code: 42900 });
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);

      h.clock.advance(61_000);
      expect(await h.call('POST', '/api/ems/send', { body: { email, purpose: 'activation' } })).toMatchObject({ status: 1 });
      const second = h.outbox().filter((m) => m.to === email).pop()!.code!;
      h.secrets.add(second);
      if (first !== second) {
        expect((await h.call('POST', '/api/ems/check', { body: { email, code: first, purpose: 'activation' } })).code).toBe(40002);
      }
      expect(await h.call('POST', '/api/ems/check', { body: { email, code: second, purpose: 'activation' } })).toMatchObject({ status: 1, data: { valid: true } });
      expect((await h.call('POST', '/api/user/emailActivation', { body: { email, code: second } })).status).toBe(1);
    });

    test('register answers a taken address like a new one (docs/DECISIONS.md); refuses mismatched passwords and no agreement', async () => {
      const { h } = env;
      const user = await h.signUp();
      const body = { email: user.email, password: 'other-1', confirmPassword: 'other-1', agree: true };
      expect(await h.call('POST', '/api/user/register', { body })).toMatchObject({ status: 1, code: 20000, data: { email: user.email, activation: 'required' } });
      expect((await h.login(user.email, 'other-1')).code).toBe(40001);
      const fresh = h.uniqueEmail('rules');
      expect((await h.call('POST', '/api/user/register', { body: { ...body, email: fresh, confirmPassword: 'other-2' } })).code).toBe(40004);
      expect((await h.call('POST', '/api/user/register', { body: { ...body, email: fresh, agree: false } })).code).toBe(40008);
      const short = await h.call('POST', '/api/user/register', { body: { ...body, email: fresh, password: 'abcd', confirmPassword: 'abcd' }, lang: 'en-US' });
      expect(short).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(short.info).toContain('5 to 30 characters');
      const zh = await h.call('POST', '/api/user/register', { body: { ...body, email: 'not-an-email' } });
      expect(zh.info).toContain('请输入有效的邮箱地址');
      expect(h.outbox().filter((m) => m.to === fresh)).toHaveLength(0);
    });

    test('forgotPassword answers the same for unknown addresses; reset by code gives a token and ends old sessions', async () => {
      const { h } = env;
      const user = await h.signUp();
      const ghost = h.uniqueEmail('ghost');
      const unknown = await h.call('POST', '/api/user/forgotPassword', { body: { email: ghost }, lang: 'en-US' });
      const known = await h.call('POST', '/api/user/forgotPassword', { body: { email: user.email }, lang: 'en-US' });
      expect(unknown).toMatchObject({ http: 200, status: 1, code: 20000 });
      expect(known).toMatchObject({ http: 200, status: 1, code: 20000 });
      expect(Object.keys(unknown.data)).toEqual(Object.keys(known.data));
      expect(unknown.data.token).toBeUndefined();
      expect(known.data.token).toBeUndefined();
      expect(h.outbox().filter((m) => m.to === ghost)).toHaveLength(0);
      // The one-a-minute rule holds for both, so it tells nothing either.
      expect((await h.call('POST', '/api/user/forgotPassword', { body: { email: ghost } })).http).toBe(429);
      expect((await h.call('POST', '/api/user/forgotPassword', { body: { email: user.email } })).http).toBe(429);

      const mail = h.outbox().filter((m) => m.to === user.email).pop()!;
      expect(mail.subject).toMatch(/reset/i);
      const code = h.lastCode(user.email);
      const bad = code === '999999' ? '888888' : '999999';
      const body = { email: user.email, password: 'brand-new-1', confirmPassword: 'brand-new-1' };
      expect((await h.call('POST', '/api/user/createPasswords', { body: { ...body, code: bad } })).code).toBe(40002);
      expect((await h.call('POST', '/api/user/createPasswords', { body: { ...body, code, confirmPassword: 'different-1' } })).code).toBe(40004);
      const reset = await h.call('POST', '/api/user/createPasswords', { body: { ...body, code } });
      expect(reset).toMatchObject({ status: 1, code: 20000 });
      expect(typeof reset.data.token).toBe('string');
      expect((await h.call('POST', '/api/user/info', { token: reset.data.token })).status).toBe(1);
      expect((await h.call('POST', '/api/user/info', { token: user.token })).code).toBe(50008);
      expect((await h.login(user.email, user.password)).code).toBe(40001);
      expect((await h.login(user.email, 'brand-new-1')).status).toBe(1);
      // The code is used up.
      expect((await h.call('POST', '/api/user/createPasswords', { body: { ...body, code } })).code).toBe(40002);
    });

    test('failed logins lock the address for that source (429 with retry-after), then it opens again', async () => {
      const { h } = env;
      const user = await h.signUp();
      for (let i = 0; i < 5; i++) {
        expect((await h.login(user.email, 'wrong-password', '10.1.0.1')).code).toBe(40001);
      }
      const locked = await h.login(user.email, user.password, '10.1.0.1');
      expect(locked).toMatchObject({ http: 429, status: 0, code: 42900 });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
      h.clock.advance(15 * 60_000 + 1000);
      expect((await h.login(user.email, user.password, '10.1.0.1')).status).toBe(1);
    });

    test('failed logins lock the client IP across addresses', async () => {
      const { h } = env;
      const user = await h.signUp();
      const ip = '10.2.0.9';
      for (let i = 0; i < 30; i++) {
        expect((await h.login(h.uniqueEmail('nobody'), 'wrong-password', ip)).code).toBe(40001);
      }
      expect(await h.login(user.email, user.password, ip)).toMatchObject({ http: 429, code: 42900 });
      expect((await h.login(user.email, user.password, '10.2.0.10')).status).toBe(1);
    });

    test('a token older than 7 days is rotated: new token in the header, old one works for 60 s only', async () => {
      const { h } = env;
      const user = await h.signUp();
      h.clock.advance(8 * DAY);
      const rotated = await h.call('POST', '/api/user/info', { token: user.token });
      expect(rotated).toMatchObject({ http: 200, status: -1, code: 20000, data: { email: user.email } });
      const header = String(rotated.headers.authorization);
      expect(header).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
      const fresh = header.slice('Bearer '.length);
      expect(fresh).not.toBe(user.token);

      const grace = await h.call('POST', '/api/user/info', { token: user.token });
      expect(grace).toMatchObject({ status: 1, code: 20000 });
      expect(grace.headers.authorization).toBeUndefined();
      const next = await h.call('POST', '/api/user/info', { token: fresh });
      expect(next).toMatchObject({ status: 1 });
      expect(next.headers.authorization).toBeUndefined();

      h.clock.advance(61_000);
      expect((await h.call('POST', '/api/user/info', { token: user.token })).code).toBe(50008);
      expect((await h.call('POST', '/api/user/info', { token: fresh })).status).toBe(1);
    });

    test('parallel calls with a token due for rotation get exactly one new token', async () => {
      const { h } = env;
      const user = await h.signUp();
      h.clock.advance(8 * DAY);
      const answers = await Promise.all([1, 2, 3, 4].map(() => h.call('POST', '/api/user/info', { token: user.token })));
      expect(answers.filter((a) => a.headers.authorization)).toHaveLength(1);
      for (const a of answers) expect(a.code).toBe(20000);
    });

    test('a session idle for more than 30 days has expired (50014)', async () => {
      const { h } = env;
      const user = await h.signUp();
      h.clock.advance(31 * DAY);
      expect(await h.call('POST', '/api/user/info', { token: user.token })).toMatchObject({ status: -1, code: 50014 });
    });

    test('single session per user: a new login ends the older sessions (50012)', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const user = await h.signUp();
      try {
        expect(await h.call('POST', '/api/admin/settings', { token: admin, body: { singleSessionPerUser: true } })).toMatchObject({ status: 1, data: { singleSessionPerUser: true } });
        const second = await h.login(user.email, user.password);
        expect(second.status).toBe(1);
        expect(await h.call('POST', '/api/user/info', { token: user.token })).toMatchObject({ status: -1, code: 50012 });
        expect((await h.call('POST', '/api/user/info', { token: second.data.token })).status).toBe(1);
      } finally {
        await h.call('POST', '/api/admin/settings', { token: await h.adminToken(), body: { singleSessionPerUser: false } });
      }
      const third = await h.login(user.email, user.password);
      const fourth = await h.login(user.email, user.password);
      expect((await h.call('POST', '/api/user/info', { token: third.data.token })).status).toBe(1);
      expect((await h.call('POST', '/api/user/info', { token: fourth.data.token })).status).toBe(1);
    });

    test('update_user_info stores profile fields verbatim and ignores fields it does not own', async () => {
      const { h } = env;
      const user = await h.signUp();
      const name = "Robert'); DROP TABLE users;--";
      const res = await h.call('POST', '/api/user/update_user_info', {
        token: user.token, body: { name, job: '<img src=x onerror=alert(1)>', phone: '+86 138-0000-0000', role: 'admin', email: 'x@y.z', certification: 1 },
      });
      expect(res).toMatchObject({ status: 1, data: { name, job: '<img src=x onerror=alert(1)>', phone: '+86 138-0000-0000', role: 'user', email: user.email, certification: 0 } });
      const bad = await h.call('POST', '/api/user/update_user_info', { token: user.token, body: { phone: 'call me' } });
      expect(bad).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data.phone).toBe('+86 138-0000-0000');
    });
  });
}
