// Start-up behaviour on a database of its own: demo accounts on and off, the first admin,
// TESSERA_ADMIN_EMAIL, configured runtime values, and mail through SMTP.
import { describe, expect, test } from 'vitest';
import { SMTPServer } from 'smtp-server';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHarness, DEMO_ADMIN_PASSWORD, freshDatabase } from '../harness';
import type { SuiteEnv } from './env';

export function startupTests(env: SuiteEnv): void {
  describe('start-up', () => {
    test('demo accounts: created active in demo mode, deactivated without it; TESSERA_ADMIN_EMAIL (not the first user) becomes admin', async () => {
      const database = await freshDatabase(env.kind, env.cluster);
      try {
        const demo = await createHarness(database);
        // the published demo password opens the operator only; the admin has TESSERA_DEMO_ADMIN_PASSWORD
        expect(await demo.login('admin@tessera.test', 'tessera-demo')).toMatchObject({ status: 0, code: 40001 });
        const admin = await demo.login('admin@tessera.test', DEMO_ADMIN_PASSWORD);
        expect(admin.data.role).toBe('admin');
        const operator = await demo.login('operator@tessera.test', 'tessera-demo');
        expect(operator.data.role).toBe('user');
        await demo.close();

        const bossEmail = `boss.${process.pid}@example.test`;
        const real = await createHarness(database, {
          demo: false, adminEmail: bossEmail, websocketUrl: 'wss://push.example.test/ws', paymentPublicKey: 'pk_test_123',
        });
        try {
          expect(await real.login('admin@tessera.test', DEMO_ADMIN_PASSWORD)).toMatchObject({ status: 0, code: 40006 });
          expect(await real.login('operator@tessera.test', 'tessera-demo')).toMatchObject({ status: 0, code: 40006 });
          expect((await real.call('POST', '/api/user/info', { token: operator.data.token })).code).toBe(50008);

          const runtime = await real.call('GET', '/api/runtime');
          expect(runtime.data).toMatchObject({ demo: false, graphBase: null, websocketUrl: 'wss://push.example.test/ws', paymentPublicKey: 'pk_test_123' });
          expect(String(runtime.headers['content-security-policy'])).toMatch(/connect-src 'self' chrome-extension: wss:\/\/push\.example\.test/);

          const first = await real.signUp();
          const second = await real.signUp();
          const boss = await real.signUp(bossEmail);
          const role = async (token: string) => (await real.call('POST', '/api/user/info', { token })).data.role;
          expect(await role(first.token)).toBe('user');
          expect(await role(second.token)).toBe('user');
          expect(await role(boss.token)).toBe('admin');

          const services = await real.call('GET', '/api/pay/getMyservicesList', { token: second.token });
          expect(services.data.defaultProvider).toBe('manual');
          expect(services.data.providers.map((p: { id: string }) => p.id)).toEqual(['manual']);
          expect(services.data.services).toEqual(expect.any(Array));
        } finally {
          await real.close();
        }

        const again = await createHarness(database, { demoPassword: 'another-pass', demoAdminPassword: 'admin-made-now-1' });
        try {
          expect((await again.login('operator@tessera.test', 'another-pass')).status).toBe(1);
          expect((await again.login('operator@tessera.test', 'tessera-demo')).code).toBe(40001);
          expect((await again.login('admin@tessera.test', 'another-pass')).code).toBe(40001);
          expect((await again.login('admin@tessera.test', 'admin-made-now-1')).data.role).toBe('admin');
          // a new admin password at start ends the sessions opened with the old one
          expect((await again.call('POST', '/api/user/info', { token: admin.data.token })).status).toBe(-1);
        } finally {
          await again.close();
        }
      } finally {
        await database.close();
      }
    });

    test('serves the built app: index.html for pages, immutable assets, webVersion from dist/version.json', async () => {
      const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-dist-'));
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tessera</title><script type="module" src="/assets/app-1a2b.js"></script>');
      fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
      fs.writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ webVersion: '9.8.7' }));
      const h = await createHarness(env.h.database, { distDir: dist });
      try {
        for (const url of ['/', '/dashboard/index', '/login/login?redirect=%2Fbm%2Findex', '/admin/users/list']) {
          const page = await h.app.inject({ method: 'GET', url });
          expect(page.statusCode, url).toBe(200);
          expect(page.body, url).toContain('<title>Tessera</title>');
          expect(page.headers['cache-control'], url).toBe('no-cache');
          expect(String(page.headers['content-security-policy']), url).toContain("script-src 'self'");
        }
        const asset = await h.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await h.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
        expect((await h.app.inject({ method: 'GET', url: '/__graph/v19.0/me' })).statusCode).toBe(404);
        expect((await h.call('GET', '/api/runtime')).data.webVersion).toBe('9.8.7');
      } finally {
        await h.close();
        fs.rmSync(dist, { recursive: true, force: true });
      }
    });

    test('mail goes through SMTP when SMTP_URL is set (in-process catcher), and not to the outbox', async () => {
      const received: { to: string; body: string }[] = [];
      const catcher = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        onData(stream, session, done) {
          let body = '';
          stream.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
            done();
          });
        },
      });
      await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
      const port = (catcher.server.address() as AddressInfo).port;
      const h = await createHarness(env.h.database, { smtpUrl: `smtp://127.0.0.1:${port}` });
      try {
        const email = h.uniqueEmail('smtp');
        const reg = await h.call('POST', '/api/user/register', { body: { email, password: 'secret-1', confirmPassword: 'secret-1', agree: true }, lang: 'en-US' });
        expect(reg.status).toBe(1);
        expect(received).toHaveLength(1);
        expect(received[0]!.to).toBe(email);
        const body = received[0]!.body.replace(/=\r?\n/g, '');
        expect(body).toMatch(/Subject: Your Tessera activation code/);
        const code = /activation code is: (\d{6})/.exec(body)?.[1];
        expect(code).toMatch(/^\d{6}$/);
        h.secrets.add(code!);
        expect(h.outbox()).toHaveLength(0);
        const act = await h.call('POST', '/api/user/emailActivation', { body: { email, code } });
        expect(act.status).toBe(1);
        expect((await h.call('POST', '/api/user/info', { token: act.data.token })).data.email).toBe(email);
        expect(h.findLeak()).toBeNull();
      } finally {
        await h.close();
        await new Promise<void>((resolve) => catcher.close(() => resolve()));
      }
    });

    test('a failing SMTP server: mail goes out from a queue (docs/DECISIONS.md), and a new code may be asked for at once', async () => {
      const h = await createHarness(env.h.database, { smtpUrl: 'smtp://127.0.0.1:1' });
      try {
        const email = h.uniqueEmail('nomail');
        const reg = await h.call('POST', '/api/user/register', { body: { email, password: 'secret-1', confirmPassword: 'secret-1', agree: true } });
        expect(reg).toMatchObject({ http: 200, status: 1 });
        const resend = await h.call('POST', '/api/ems/send', { body: { email, purpose: 'activation' } });
        expect(resend).toMatchObject({ http: 200, status: 1 });
        expect(h.logs.filter((l) => l.includes('mail could not be sent')).length).toBeGreaterThanOrEqual(2);
        const forgot = await h.call('POST', '/api/user/forgotPassword', { body: { email } });
        expect(forgot.status).toBe(1);
      } finally {
        await h.close();
      }
    });
  });
}
