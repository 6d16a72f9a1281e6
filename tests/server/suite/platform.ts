// The Graph API version is data: the server holds it (default v24.0 or TESSERA_GRAPH_VERSION), an admin
// changes it with their password in the request, and /api/runtime carries it to every tab.
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { createHarness, freshDatabase, type Harness } from '../harness';
import type { SuiteEnv } from './env';
import { tableCounts } from './env';

export function platformTests(env: SuiteEnv): void {
  describe('platform settings: the Graph API version', () => {
    // A database of its own: the password checks here count against the admin like logins do.
    const withHarness = async (fn: (h: Harness) => Promise<void>, overrides: Parameters<typeof createHarness>[1] = {}) => {
      const database = await freshDatabase(env.kind, env.cluster);
      const h = await createHarness(database, overrides);
      try {
        await fn(h);
      } finally {
        await h.close();
        await database.close();
      }
    };

    test('v24.0 by default; an admin sets it with their password; /api/runtime carries it at once', async () => {
      await withHarness(async (h) => {
        expect((await h.call('GET', '/api/runtime')).data.graphVersion).toBe('v24.0');
        const admin = await h.adminToken();
        const view = await h.call('GET', '/api/admin/platform', { token: admin });
        expect(view).toMatchObject({ http: 200, status: 1, data: { graphVersion: 'v24.0', defaultGraphVersion: 'v24.0', updatedAt: null } });
        const set = await h.call('POST', '/api/admin/platform', { token: admin, body: { password: h.adminPassword(), graphVersion: 'v25.0' } });
        expect(set).toMatchObject({ http: 200, status: 1, code: 20000, data: { graphVersion: 'v25.0', defaultGraphVersion: 'v24.0' } });
        expect(typeof set.data.updatedAt).toBe('string');
        expect((await h.call('GET', '/api/runtime')).data.graphVersion).toBe('v25.0');
        expect((await h.call('GET', '/api/admin/platform', { token: admin })).data.graphVersion).toBe('v25.0');
        // back again: the value is data, not a one-way switch
        await h.call('POST', '/api/admin/platform', { token: admin, body: { password: h.adminPassword(), graphVersion: 'v23.0' } });
        expect((await h.call('GET', '/api/runtime')).data.graphVersion).toBe('v23.0');
      });
    });

    test('TESSERA_GRAPH_VERSION sets the default; a bad one stops the server from starting', async () => {
      await withHarness(async (h) => {
        expect((await h.call('GET', '/api/runtime')).data.graphVersion).toBe('v21.0');
        expect((await h.call('GET', '/api/admin/platform', { token: await h.adminToken() })).data).toMatchObject({ graphVersion: 'v21.0', defaultGraphVersion: 'v21.0' });
      }, { graphVersion: 'v21.0' });
      expect(loadConfig({ TESSERA_GRAPH_VERSION: 'v22.0', PORT: '0' }).graphVersion).toBe('v22.0');
      expect(loadConfig({ PORT: '0' }).graphVersion).toBe('v24.0');
      for (const bad of ['24.0', 'v24', 'v24.1', 'v240.0', 'latest', 'v24.0/../me']) {
        expect(() => loadConfig({ TESSERA_GRAPH_VERSION: bad, PORT: '0' }), bad).toThrow(ConfigError);
      }
    });

    test('only admins, only with their own password, only a version: refusals change nothing', async () => {
      await withHarness(async (h) => {
        const admin = await h.adminToken();
        const user = await h.signUp();
        const before = await tableCounts(h);
        expect(await h.call('GET', '/api/admin/platform', { token: user.token })).toMatchObject({ status: 0, code: 40300 });
        expect(await h.call('POST', '/api/admin/platform', { token: user.token, body: { password: user.password, graphVersion: 'v20.0' } })).toMatchObject({ status: 0, code: 40300 });
        expect(await h.call('GET', '/api/admin/platform')).toMatchObject({ status: -1, data: null });
        for (const graphVersion of ['24.0', 'v24', 'v24.1', 'v100.0', '', 'v24.0?x=1', 24]) {
          const res = await h.call('POST', '/api/admin/platform', { token: admin, body: { password: h.adminPassword(), graphVersion } });
          expect(res, String(graphVersion)).toMatchObject({ http: 400, status: 0, code: 40000 });
        }
        // the token alone is not enough
        expect(await h.call('POST', '/api/admin/platform', { token: admin, body: { graphVersion: 'v20.0' } })).toMatchObject({ http: 400, status: 0, code: 40000 });
        const wrong = await h.call('POST', '/api/admin/platform', { token: admin, body: { password: 'not-the-password', graphVersion: 'v20.0' }, lang: 'en-US' });
        expect(wrong).toMatchObject({ status: 0, code: 40001 });
        expect(wrong.info).toBe('Wrong admin password; nothing was changed');
        expect((await h.call('GET', '/api/runtime')).data.graphVersion).toBe('v24.0');
        expect(await tableCounts(h)).toEqual(before);
      });
    });
  });
}
