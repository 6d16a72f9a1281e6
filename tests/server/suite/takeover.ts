// Ways into accounts that are closed (docs/DECISIONS.md, "Account takeover and guessing"): pre-activation
// takeover, login limits under parallel requests, no lock-out of the owner by strangers, code caps, no
// "already registered" leak.
import os from 'node:os';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { users } from '../../../server/db/schema';
import { CODE_FAILURES_PER_DAY, CODES_PER_DAY } from '../../../server/auth/codes';
import { UNLOCK_AFTER } from '../../../server/routes/account';
import { loadConfig } from '../../../server/config';
import { sourceKey } from '../../../server/rate-limit';
import { DAY } from '../harness';
import type { SuiteEnv } from './env';

const OWNER_PW = 'owner-pass-1';
const ATTACKER_PW = 'attacker-pw-1';

export function takeoverTests(env: SuiteEnv): void {
  describe('account takeover and guessing', () => {
    const register = (email: string, password: string, jar: Map<string, string>, ip: string) =>
      env.h.call('POST', '/api/user/register', { body: { email, password, confirmPassword: password, agree: true }, jar, ip });
    const activate = (email: string, code: string, jar: Map<string, string>) =>
      env.h.call('POST', '/api/user/emailActivation', { body: { email, code }, jar, ip: '10.70.0.1' });
    const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

    /** The owner, sent to set a password, reads the reset code from the mailbox and sets one. */
    async function ownerSetsPassword(email: string) {
      const { h } = env;
      const mail = h.outbox().filter((m) => m.to === email).pop()!;
      expect(mail.subject).toMatch(/重置密码|reset/i);
      const reset = await h.call('POST', '/api/user/createPasswords', { body: { email, code: h.lastCode(email), password: OWNER_PW, confirmPassword: OWNER_PW } });
      expect(reset).toMatchObject({ status: 1 });
      expect((await h.call('POST', '/api/user/info', { token: reset.data.token })).data.email).toBe(email);
    }

    async function attackerIsOut(email: string) {
      const { h } = env;
      expect((await h.login(email, ATTACKER_PW, '10.70.9.9')).code).toBe(40001);
      expect((await h.login(email, OWNER_PW, '10.70.9.8')).status).toBe(1);
    }

    test.each([0, 61_000])('takeover (a): owner registers, attacker registers %i ms later; the owner activates with the code in the mailbox', async (delay) => {
      const { h } = env;
      const email = h.uniqueEmail('victim-a');
      const owner = h.newJar();
      const attacker = h.newJar();
      expect((await register(email, OWNER_PW, owner, '10.70.1.1')).status).toBe(1);
      h.clock.advance(delay);
      const second = await register(email, ATTACKER_PW, attacker, '10.70.1.2');
      expect(second).toMatchObject({ status: 1, data: { email, activation: 'required' } });
      // whichever code the mailbox holds last
      const act = await activate(email, h.lastCode(email), owner);
      expect(act).toMatchObject({ status: 1, data: { email, passwordRequired: true } });
      expect(act.data.token).toBeUndefined();
      expect((await h.login(email, ATTACKER_PW, '10.70.1.3')).code).toBe(40001);
      await ownerSetsPassword(email);
      await attackerIsOut(email);
    });

    test('takeover (b): attacker registers first, the owner registers after and activates', async () => {
      const { h } = env;
      const email = h.uniqueEmail('victim-b');
      const owner = h.newJar();
      const attacker = h.newJar();
      expect((await register(email, ATTACKER_PW, attacker, '10.70.2.1')).status).toBe(1);
      expect((await register(email, OWNER_PW, owner, '10.70.2.2')).status).toBe(1);
      const act = await activate(email, h.lastCode(email), owner);
      expect(act).toMatchObject({ status: 1, data: { email } });
      expect(typeof act.data.token).toBe('string');
      await attackerIsOut(email);
    });

    test('takeover (c): attacker registers alone; the owner activates the unsolicited mail', async () => {
      const { h } = env;
      const email = h.uniqueEmail('victim-c');
      const attacker = h.newJar();
      expect((await register(email, ATTACKER_PW, attacker, '10.70.3.1')).status).toBe(1);
      const act = await activate(email, h.lastCode(email), h.newJar());
      expect(act).toMatchObject({ status: 1, data: { email, passwordRequired: true } });
      expect(act.data.token).toBeUndefined();
      expect((await h.login(email, ATTACKER_PW, '10.70.3.2')).code).toBe(40001);
      // the registering browser cannot activate again either
      expect((await activate(email, h.lastCode(email), attacker)).status).toBe(0);
      await ownerSetsPassword(email);
      await attackerIsOut(email);
    });

    test('30 parallel wrong passwords from one source: at most the limit reach the password check', async () => {
      const { h } = env;
      const user = await h.signUp();
      const answers = await Promise.all(Array.from({ length: 30 }, () => h.login(user.email, 'wrong-password', '10.71.0.1')));
      const checked = answers.filter((a) => a.code === 40001).length;
      expect(checked).toBeLessThanOrEqual(h.config.rateLimits.loginPerEmail.limit);
      expect(answers.filter((a) => a.code === 42900).length).toBe(30 - checked);
      // the owner elsewhere is not locked out
      expect((await h.login(user.email, user.password, '10.71.0.2')).status).toBe(1);
    });

    test('30 parallel wrong passwords from 30 sources: at most the soft limit reach the check, then the unlock code is needed', async () => {
      const { h } = env;
      const user = await h.signUp();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => h.login(user.email, 'wrong-password', `10.72.1.${i + 1}`)));
      expect(answers.filter((a) => a.code === 40001).length).toBeLessThanOrEqual(UNLOCK_AFTER);
      expect(answers.filter((a) => a.code === 40011).length).toBeGreaterThanOrEqual(30 - UNLOCK_AFTER);
    });

    test('sources: an IPv6 client counts by its /64', async () => {
      const { h } = env;
      const user = await h.signUp();
      for (let i = 1; i <= 5; i++) expect((await h.login(user.email, 'wrong-password', `2001:db8:7:7::${i}`)).code).toBe(40001);
      expect((await h.login(user.email, user.password, '2001:db8:7:7:ffff::1')).http).toBe(429);
      expect((await h.login(user.email, user.password, '2001:db8:7:8::1')).status).toBe(1);
    });

    test('TESSERA_TRUST_PROXY: by default the socket address counts; a hop count never takes the leftmost X-Forwarded-For', async () => {
      const ipSeen = async (setting: string | undefined) => {
        const app = Fastify({ trustProxy: loadConfig({ DATA_DIR: os.tmpdir(), PORT: '0', ...(setting === undefined ? {} : { TESSERA_TRUST_PROXY: setting }) }).trustProxy });
        app.get('/ip', async (req) => ({ ip: req.ip, key: sourceKey(req.ip) }));
        const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress: '10.79.0.1', headers: { 'x-forwarded-for': '203.0.113.7, 2001:db8:5:6:7::9' } });
        await app.close();
        return JSON.parse(res.body) as { ip: string; key: string };
      };
      expect((await ipSeen(undefined)).ip).toBe('10.79.0.1');
      expect((await ipSeen('false')).ip).toBe('10.79.0.1');
      expect(await ipSeen('1')).toEqual({ ip: '2001:db8:5:6:7::9', key: '2001:db8:5:6::/64' });
      expect((await ipSeen('2')).ip).toBe('203.0.113.7');
      expect((await ipSeen('10.79.0.0/16')).ip).toBe('2001:db8:5:6:7::9');
      expect((await ipSeen('192.0.2.0/24')).ip).toBe('10.79.0.1');
      expect(sourceKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
      expect(sourceKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    });

    test('a stranger cannot lock the owner out: past the soft limit the owner logs in with the mailed unlock code', async () => {
      const { h } = env;
      const user = await h.signUp();
      for (let i = 0; i < 5; i++) expect((await h.login(user.email, 'wrong-password', '10.74.0.1')).code).toBe(40001);
      expect((await h.login(user.email, user.password, '10.74.0.1')).http).toBe(429);
      // the owner, from their own address, is not refused
      expect((await h.login(user.email, user.password, '10.74.0.2')).status).toBe(1);
      for (let i = 0; i < UNLOCK_AFTER; i++) await h.login(user.email, 'wrong-password', `10.74.1.${i + 1}`);
      const needs = await h.call('POST', '/api/user/login', { body: { email: user.email, password: user.password }, ip: '10.74.2.1', lang: 'en-US' });
      expect(needs).toMatchObject({ http: 200, status: 0, code: 40011, data: { email: user.email, unlock: 'required' } });
      expect(needs.info).toMatch(/unlock code/);
      const unlockCode = h.lastCode(user.email);
      expect(h.outbox().filter((m) => m.to === user.email).pop()!.subject).toMatch(/解锁|unlock/i);
      const bad = await h.call('POST', '/api/user/login', { body: { email: user.email, password: user.password, unlockCode: otherCode(unlockCode) }, ip: '10.74.2.1' });
      expect(bad.code).toBe(40002);
      const wrongPassword = await h.call('POST', '/api/user/login', { body: { email: user.email, password: 'wrong-password', unlockCode }, ip: '10.74.2.1' });
      expect(wrongPassword.code).toBe(40001);
      const good = await h.call('POST', '/api/user/login', { body: { email: user.email, password: user.password, unlockCode }, ip: '10.74.2.1' });
      expect(good.status).toBe(1);
      // the unlock code is used up
      expect((await h.call('POST', '/api/user/login', { body: { email: user.email, password: user.password, unlockCode }, ip: '10.74.2.1' })).code).toBe(40002);
    });

    test('a successful password reset clears the address\'s login counters', async () => {
      const { h } = env;
      const user = await h.signUp();
      for (let i = 0; i < 5; i++) await h.login(user.email, 'wrong-password', '10.75.0.1');
      for (let i = 0; i < UNLOCK_AFTER; i++) await h.login(user.email, 'wrong-password', `10.75.1.${i + 1}`);
      expect((await h.login(user.email, user.password, '10.75.2.1')).code).toBe(40011);
      h.clock.advance(61_000);
      expect((await h.call('POST', '/api/user/forgotPassword', { body: { email: user.email } })).status).toBe(1);
      const reset = await h.call('POST', '/api/user/createPasswords', { body: { email: user.email, code: h.lastCode(user.email), password: 'after-reset-1', confirmPassword: 'after-reset-1' } });
      expect(reset.status).toBe(1);
      expect((await h.login(user.email, 'after-reset-1', '10.75.2.1')).status).toBe(1);
      expect((await h.login(user.email, 'after-reset-1', '10.75.0.1')).status).toBe(1);
    });

    test(`codes: at most ${CODES_PER_DAY} sent to an address a day`, async () => {
      const { h } = env;
      const email = h.uniqueEmail('daily');
      for (let i = 0; i < CODES_PER_DAY; i++) {
        expect((await h.call('POST', '/api/user/forgotPassword', { body: { email } })).status).toBe(1);
        h.clock.advance(61_000);
      }
      const capped = await h.call('POST', '/api/user/forgotPassword', { body: { email }, lang: 'en-US' });
      expect(capped).toMatchObject({ http: 429, code: 42900 });
      expect(capped.info).toMatch(/today/);
      expect((await h.call('POST', '/api/ems/send', { body: { email, purpose: 'activation' } })).http).toBe(429);
      h.clock.advance(DAY);
      expect((await h.call('POST', '/api/user/forgotPassword', { body: { email } })).status).toBe(1);
    });

    test(`codes: after ${CODE_FAILURES_PER_DAY} wrong guesses a day even a fresh right code is refused`, async () => {
      const { h } = env;
      const user = await h.signUp();
      const body = { email: user.email, password: 'guessed-1', confirmPassword: 'guessed-1' };
      for (let round = 0; round < CODE_FAILURES_PER_DAY / 5; round++) {
        h.clock.advance(61_000);
        expect((await h.call('POST', '/api/user/forgotPassword', { body: { email: user.email } })).status).toBe(1);
        const code = h.lastCode(user.email);
        for (let i = 0; i < 5; i++) expect((await h.call('POST', '/api/user/createPasswords', { body: { ...body, code: otherCode(code) } })).code).toBe(40002);
      }
      h.clock.advance(61_000);
      expect((await h.call('POST', '/api/user/forgotPassword', { body: { email: user.email } })).status).toBe(1);
      const right = await h.call('POST', '/api/user/createPasswords', { body: { ...body, code: h.lastCode(user.email) }, lang: 'en-US' });
      expect(right).toMatchObject({ status: 0, code: 40003 });
      expect(right.info).toMatch(/today/);
      expect((await h.login(user.email, user.password, '10.76.0.1')).status).toBe(1);
    });

    test('register answers an existing address like a new one; the owner gets a mail, nothing changes', async () => {
      const { h } = env;
      const user = await h.signUp();
      const fresh = h.uniqueEmail('fresh');
      const body = (email: string) => ({ email, password: ATTACKER_PW, confirmPassword: ATTACKER_PW, agree: true });
      const known = await h.call('POST', '/api/user/register', { body: body(user.email), jar: h.newJar() });
      const unknown = await h.call('POST', '/api/user/register', { body: body(fresh), jar: h.newJar() });
      expect(known).toMatchObject({ http: 200, status: 1, code: 20000, data: { email: user.email, activation: 'required' } });
      expect(Object.keys(known.data)).toEqual(Object.keys(unknown.data));
      expect(known.info).toBe(unknown.info);
      expect(Boolean(known.headers['set-cookie'])).toBe(Boolean(unknown.headers['set-cookie']));
      const mail = h.outbox().filter((m) => m.to === user.email).pop()!;
      expect(mail.text).toContain(mail.code);
      expect((await h.login(user.email, ATTACKER_PW, '10.77.0.1')).code).toBe(40001);
      expect((await h.login(user.email, user.password, '10.77.0.2')).status).toBe(1);
    });

    test('activation checks the code before telling that an account is active', async () => {
      const { h } = env;
      const user = await h.signUp();
      const res = await h.call('POST', '/api/user/emailActivation', { body: { email: user.email, code: '123456' } });
      expect(res).toMatchObject({ status: 0, code: 40002 });
    });

    test('a password longer than 30 characters is refused before anything is stored or hashed', async () => {
      const { h } = env;
      const email = h.uniqueEmail('long');
      const long = 'x'.repeat(31);
      const reg = await h.call('POST', '/api/user/register', { body: { email, password: long, confirmPassword: long, agree: true } });
      expect(reg).toMatchObject({ http: 400, code: 40000 });
      expect(await h.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect((await h.login(email, 'y'.repeat(1000), '10.78.0.1')).http).toBe(400);
    });
  });
}
