// The ad-account plugin inside the real kernel, against the graph sandbox over HTTP (demo transport).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { setItem } from '../../../src/kernel/storage';
import adaccount from '..';
import dashboard from '../../dashboard';
import graphqlDocs from '../../../sandbox/graphql-docs.json';

let sandbox: Sandbox;
// the catalogue is passed as an object: jsdom's URL class cannot open files
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small', graphqlDocs: graphqlDocs as never }); });
afterAll(async () => sandbox?.close());

// Paging waits 500 ms between pages: real timers, a generous timeout.
const LOAD_MS = 40_000;

async function mountList() {
  setItem('fbid', '61550000000001');
  const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.0.0' , catalogue: demoCatalogue });
  const utils = await renderWithKernel({ plugins: [dashboard, adaccount], route: '/adaccount/index', locale: 'en-US', transport });
  await waitFor(() => expect(document.querySelectorAll('[data-row-id]').length).toBeGreaterThan(5), { timeout: LOAD_MS });
  // Rows stream in before their details: wait until the whole load ended.
  await waitFor(() => expect(screen.getByTestId('list-status').getAttribute('data-list-state')).toBe('ready'), { timeout: LOAD_MS });
  return utils;
}

describe('the ad-account plugin on the sandbox', () => {
  it('loads accounts with the spec\'s labels and filters by a business selection published on the bus', async () => {
    const { bus } = await mountList();
    expect(document.querySelector('[data-row-id="act_120200000000002"]')?.textContent).toContain('Disabled');
    expect(document.querySelector('[data-row-id="act_120200000000001"]')?.textContent).toContain('$12.34');
    const total = Number(/(\d+) rows/.exec(document.body.textContent ?? '')?.[1]);
    expect(total).toBeGreaterThan(250);

    act(() => bus.emit('selection:changed', { sourceTileId: 'bm-tile', rowType: 'business', ids: ['100200000000002'] }));
    await waitFor(() => expect(screen.getByText('Filtered by 1 selected item')).toBeTruthy());
    const filtered = Number(/(\d+) rows/.exec(document.body.textContent ?? '')?.[1]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    act(() => bus.emit('selection:changed', { sourceTileId: 'bm-tile', rowType: 'business', ids: [] }));
    await waitFor(() => expect(Number(/(\d+) rows/.exec(document.body.textContent ?? '')?.[1])).toBe(total));
  }, LOAD_MS + 10_000);

  it('publishes its selection with the account names for the bulk actions', async () => {
    const { bus } = await mountList();
    const seen: { rowType: string; items?: readonly { id: string; name?: unknown }[] }[] = [];
    bus.on('selection:changed', (e) => seen.push(e));
    const box = document.querySelector('[data-row-id="act_120200000000001"] input[type=checkbox]') as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(seen.at(-1)?.rowType).toBe('adaccount'));
    const shownName = (await (await fetch(`${sandbox.base}/__sandbox/objects/adaccount/act_120200000000001`)).json()).name;
    expect(seen.at(-1)?.items?.[0]).toMatchObject({ id: 'act_120200000000001', name: shownName });
    expect(document.querySelector('[data-row-id="act_120200000000001"]')?.textContent).toContain(shownName);
  }, LOAD_MS + 10_000);
});
