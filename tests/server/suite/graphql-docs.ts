// The GraphQL document catalogue: operation name → doc id, read by anyone (the extension reads it
// without cookies), kept by admins with their password in the request; in demo mode the graph
// sandbox's own ids are the defaults.
import { describe, expect, test } from 'vitest';
import { sandboxDocIds } from '../../../sandbox/index';
import { createHarness, freshDatabase } from '../harness';
import type { SuiteEnv } from './env';
import { tableCounts } from './env';

export function graphqlDocTests(env: SuiteEnv): void {
  describe('graphql document catalogue', () => {
    const sandbox = sandboxDocIds();

    test('anyone gets the map without signing in (the extension reads it so); in demo mode the sandbox\'s operations', async () => {
      const { h } = env;
      const signedOut = await h.call('GET', '/api/graphql-docs');
      expect(signedOut).toMatchObject({ http: 200, status: 1, code: 20000 });
      expect(signedOut.data).toMatchObject(sandbox);
      const user = await h.signUp();
      const res = await h.call('GET', '/api/graphql-docs', { token: user.token });
      expect(res).toMatchObject({ http: 200, status: 1, code: 20000 });
      expect(res.data).toMatchObject(sandbox);
      expect(res.data.AdAccountAppealStatusQuery).toMatch(/^\d+$/);
      expect(Object.keys(res.data)).toEqual(expect.arrayContaining(['AdAccountAccessRequestMutation', 'AdAccountBillingTransactionsQuery', 'BusinessPartnersQuery']));
    });

    test('an admin sets, overrides and removes entries; users see the result at once', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const user = await h.signUp();
      const set = await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: { password: h.adminPassword(), docs: { AdAccountAppealStatusQuery: '24680246802468024', NewOperationQuery: '42' } } });
      expect(set).toMatchObject({ status: 1, code: 20000 });
      expect(set.data.entries.AdAccountAppealStatusQuery.docId).toBe('24680246802468024');
      expect(set.data.defaults.AdAccountAppealStatusQuery).toBe(sandbox.AdAccountAppealStatusQuery);
      let map = (await h.call('GET', '/api/graphql-docs', { token: user.token })).data;
      expect(map.AdAccountAppealStatusQuery).toBe('24680246802468024');
      expect(map.NewOperationQuery).toBe('42');
      expect(map.BusinessPartnersQuery).toBe(sandbox.BusinessPartnersQuery);

      const view = await h.call('GET', '/api/admin/graphql-docs', { token: admin });
      expect(view.data).toMatchObject({ demo: true, effective: map });

      // null removes the entry: the sandbox's default shows again; an operation without a default is gone
      await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: { password: h.adminPassword(), docs: { AdAccountAppealStatusQuery: null, NewOperationQuery: null, NeverSetQuery: null } } });
      map = (await h.call('GET', '/api/graphql-docs', { token: user.token })).data;
      expect(map.AdAccountAppealStatusQuery).toBe(sandbox.AdAccountAppealStatusQuery);
      expect(map).not.toHaveProperty('NewOperationQuery');
    });

    test('a user may not change the catalogue (40300); invalid names and ids are refused with status 0 and change nothing', async () => {
      const { h } = env;
      const user = await h.signUp();
      const admin = await h.adminToken();
      const before = await tableCounts(h);
      expect(await h.call('POST', '/api/admin/graphql-docs', { token: user.token, body: { password: user.password, docs: { AdAccountAppealStatusQuery: '1' } } })).toMatchObject({ status: 0, code: 40300 });
      expect(await h.call('GET', '/api/admin/graphql-docs', { token: user.token })).toMatchObject({ status: 0, code: 40300 });
      const bad: unknown[] = [
        { '1BadName': '123' }, { 'bad-name': '123' }, { ['a'.repeat(101)]: '123' }, { '': '123' },
        { GoodQuery: 'abc' }, { GoodQuery: '12a' }, { GoodQuery: '' }, { GoodQuery: '1'.repeat(33) }, { GoodQuery: 123 },
        { GoodQuery: { docId: '1' } }, {}, [], 'x',
      ];
      for (const docs of bad) {
        const res = await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: { password: h.adminPassword(), docs } });
        expect(res, JSON.stringify(docs)).toMatchObject({ http: 400, status: 0, code: 40000 });
      }
      // Two names for one document would let a read carry a mutation: refused, as the extension refuses such a catalogue.
      const twice = await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: { password: h.adminPassword(), docs: { AdAccountAppealStatusQuery: sandbox.BusinessRemoveAdAccountMutation } } });
      expect(twice).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(twice.info).toContain(sandbox.BusinessRemoveAdAccountMutation);
      expect(await tableCounts(h)).toEqual(before);
    });

    test('a change needs the admin\'s password in the request: the token alone changes nothing, and guessing is blocked', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const before = (await h.call('GET', '/api/graphql-docs')).data;
      const docs = { AdAccountAppealStatusQuery: sandbox.BusinessRemoveAdAccountMutation.replace(/.$/, '9') };
      expect(await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: { docs } })).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: docs })).toMatchObject({ http: 400, status: 0, code: 40000 });
      for (let i = 0; i < 5; i++) {
        expect(await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: { password: `wrong-${i}`, docs } })).toMatchObject({ status: 0, code: 40001 });
      }
      // The sixth guess is not even checked, the right password neither, until the block ends.
      expect(await h.call('POST', '/api/admin/graphql-docs', { token: admin, body: { password: h.adminPassword(), docs } })).toMatchObject({ http: 429, code: 42900 });
      expect((await h.call('GET', '/api/graphql-docs')).data).toEqual(before);
    });

    test('outside demo mode the map is the admin\'s entries only', async () => {
      const database = await freshDatabase(env.kind, env.cluster);
      const adminEmail = `docs.admin.${process.pid}@example.test`;
      const h = await createHarness(database, { demo: false, adminEmail });
      try {
        const first = await h.signUp(adminEmail);
        expect((await h.call('POST', '/api/user/info', { token: first.token })).data.role).toBe('admin');
        expect((await h.call('GET', '/api/graphql-docs', { token: first.token })).data).toEqual({});
        await h.call('POST', '/api/admin/graphql-docs', { token: first.token, body: { password: first.password, docs: { AdAccountAppealStatusQuery: '777' } } });
        expect((await h.call('GET', '/api/graphql-docs', { token: first.token })).data).toEqual({ AdAccountAppealStatusQuery: '777' });
        expect((await h.call('GET', '/api/admin/graphql-docs', { token: first.token })).data).toMatchObject({ demo: false, defaults: {} });
      } finally {
        await h.close();
        await database.close();
      }
    });
  });
}
