// The operator's role on each ad account ("My role", what the dry run's preflight reads) is computed
// with the platform identity known: the list is opened before the page knows who the social session
// is (a first sign-in: the identity is asked for a second after the page opens), and the roles still
// equal the sandbox's users of each account; an account the operator is not among the users of shows
// "Through a business" (docs/DECISIONS.md, "Lists are read as a known platform identity").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { getExtensionState, refreshIdentity } from '../../../src/kernel/bridge/extension-status';
import { identityKey, readCached } from '../../../src/kernel/store/ttl-cache';
import adaccount from '..';
import dashboard from '../../dashboard';
import { CACHE_KEY } from '../views/AccountList';
import { ROLE_THROUGH_BUSINESS } from '../mappings';
import type { AdAccount } from '../types';
import graphqlDocs from '../../../sandbox/graphql-docs.json';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small', graphqlDocs: graphqlDocs as never }); });
afterAll(async () => sandbox?.close());

const LOAD_MS = 40_000;

describe('the ad-account list reads roles as the known platform identity', () => {
  it('opened before the identity is known, it waits for it: every role equals the sandbox\'s users of the account', async () => {
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.0.0', catalogue: demoCatalogue });
    // A first sign-in: nothing in storage, and the page has not asked for the identity yet.
    const { store } = await renderWithKernel({ plugins: [dashboard, adaccount], route: '/adaccount/index', locale: 'en-US', transport, platformIdentity: null });
    // (the view's code loads lazily: a cold, busy machine may take seconds to show it)
    await waitFor(() => expect(screen.getByTestId('list-status').getAttribute('data-list-state')).toBe('loading'), { timeout: LOAD_MS });
    expect(getExtensionState().identityChecked).toBe(false);

    // What the kernel does a second after the page opens (bridge/extension-status.ts useExtensionChecks).
    await act(() => refreshIdentity(transport, undefined));
    const me = getExtensionState().identity!.id;
    expect(me).toBe((await sandbox.getJson('/__sandbox/session')).body.userId);
    await waitFor(() => expect(screen.getByTestId('list-status').getAttribute('data-list-state')).toBe('ready'), { timeout: LOAD_MS });

    const hit = readCached<AdAccount[]>(store, identityKey(CACHE_KEY, me));
    expect(hit.found).toBe(true);
    const rows = hit.found ? hit.value : [];
    expect(rows.length).toBeGreaterThan(250);
    const byRole = new Map<number, number>();
    for (const row of rows) {
      const object = (await sandbox.getJson(`/__sandbox/objects/adaccount/${row.id}`)).body as { users: { uid: string; role: number }[] };
      const expected = object.users.find((u) => u.uid === me)?.role ?? ROLE_THROUGH_BUSINESS;
      expect(row.ownerrole, row.id).toBe(expected);
      byRole.set(expected, (byRole.get(expected) ?? 0) + 1);
    }
    // the sample covers every kind of role, not only admins
    for (const role of [1001, 1002, 1003, ROLE_THROUGH_BUSINESS]) expect(byRole.get(role) ?? 0, `role ${role}`).toBeGreaterThan(0);
  }, LOAD_MS + 30_000);
});
