// The business-manager plugin inside the real kernel, against the graph sandbox over HTTP (demo transport).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { setItem } from '../../../src/kernel/storage';
import bm from '..';
import dashboard from '../../dashboard';
import graphqlDocs from '../../../sandbox/graphql-docs.json';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small', graphqlDocs: graphqlDocs as never }); });
afterAll(async () => sandbox?.close());

const LOAD_MS = 30_000;

describe('the business plugin on the sandbox', () => {
  it('lists businesses with BM type and restriction, publishes a selection of business rows, and invites through the runner', async () => {
    setItem('fbid', '61550000000001');
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.2.0' , catalogue: demoCatalogue });
    const { bus } = await renderWithKernel({ plugins: [dashboard, bm], route: '/bm/index', locale: 'en-US', transport });
    await waitFor(() => expect(screen.getByTestId('list-status').getAttribute('data-list-state')).toBe('ready'), { timeout: LOAD_MS });
    const fx = sandbox.state.data.fixtures.businesses;
    const restricted = document.querySelector(`[data-row-id="${fx.restricted}"]`)!;
    expect(restricted.textContent).toContain('Restricted');
    expect(document.querySelector(`[data-row-id="${fx.main}"]`)!.textContent).toContain('BM5000');
    expect(document.querySelector(`[data-row-id="${fx.main}"]`)!.textContent).toContain('Not restricted');

    const seen: { rowType: string; ids: readonly string[]; items?: readonly { id: string; roles?: unknown }[] }[] = [];
    bus.on('selection:changed', (e) => seen.push(e));
    for (const id of [fx.main, fx.agency]) fireEvent.click(document.querySelector(`[data-row-id="${id}"] input[type=checkbox]`)!);
    await waitFor(() => expect(seen.at(-1)?.ids.length).toBe(2));
    expect(seen.at(-1)).toMatchObject({ rowType: 'business' });
    expect(seen.at(-1)?.items?.[0]?.roles).toContain('ADMIN');

    const finished: string[] = [];
    bus.on('job:finished', (e) => finished.push(`${e.actionId} ${e.status} ${e.done}`));
    fireEvent.click(screen.getByTestId('bm-invite'));
    fireEvent.change(document.getElementById('bm-invite-emails')!, { target: { value: 'team.member@example.test\n' } });
    fireEvent.click(screen.getByTestId('bm-invite-preview-button'));
    await waitFor(() => expect(screen.getByTestId('bm-invite-preview').textContent).toContain('invite team.member@example.test as Employee to'));
    await act(async () => { fireEvent.click(screen.getByTestId('bm-invite-start')); });
    await waitFor(() => expect(finished).toContain('bm.inviteUser done 2'), { timeout: 20_000 });
    for (const id of [fx.main, fx.agency]) {
      const obj = await (await fetch(`${sandbox.base}/__sandbox/objects/business/${id}`)).json();
      expect(obj.pending_users.map((p: { email: string }) => p.email)).toContain('team.member@example.test');
    }
  }, LOAD_MS + 30_000);
});
