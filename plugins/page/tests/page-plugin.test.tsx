// The page plugin inside the real kernel, against the graph sandbox over HTTP (demo transport).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { setItem } from '../../../src/kernel/storage';
import pagePlugin from '..';
import dashboard from '../../dashboard';
import graphqlDocs from '../../../sandbox/graphql-docs.json';
import { sandboxDocIds } from '../../../sandbox/index';
import { setDocCatalogue } from '../../../src/kernel/graph/doc-catalogue';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small', graphqlDocs: graphqlDocs as never }); });
afterAll(async () => sandbox?.close());

const LOAD_MS = 30_000;

describe('the page plugin on the sandbox', () => {
  it('lists pages with their columns, publishes a selection of page rows, and deactivates two through the runner with the 7-day state', async () => {
    setItem('fbid', '61550000000001');
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.2.0' , catalogue: demoCatalogue });
    const { bus } = await renderWithKernel({ plugins: [dashboard, pagePlugin], route: '/page/disable', locale: 'en-US', transport });
    await waitFor(() => expect(screen.getByTestId('list-status').getAttribute('data-list-state')).toBe('ready'), { timeout: LOAD_MS });
    // the shell's catalogue answer is empty here; the sandbox's ids stand in for the server's
    act(() => setDocCatalogue(sandboxDocIds()));
    const data = sandbox.state.data;
    const main = data.pages.get(data.fixtures.pages.main)!;
    const row = document.querySelector(`[data-row-id="${main.id}"]`)!;
    expect(row.textContent).toContain(main.category);
    const rows = document.querySelectorAll('[data-row-id]');
    const mine = data.pageList.filter((p) => p.roles.some((r) => r.uid === data.sessionUserId)).length;
    expect(screen.getByText(`${mine} rows`)).toBeTruthy(); // the table renders only the rows in view

    const seen: { rowType: string; ids: readonly string[]; items?: readonly { id: string; tasks?: unknown }[] }[] = [];
    bus.on('selection:changed', (e) => seen.push(e));
    const two = [...rows].slice(0, 2).map((r) => r.getAttribute('data-row-id')!);
    for (const id of two) fireEvent.click(document.querySelector(`[data-row-id="${id}"] input[type=checkbox]`)!);
    await waitFor(() => expect(seen.at(-1)?.ids.length).toBe(2));
    expect(seen.at(-1)).toMatchObject({ rowType: 'page' });
    // each published row carries the session user's tasks on that page, as the platform has them
    const tasksOf = (id: string) => data.pages.get(id)!.roles.find((r) => r.uid === data.sessionUserId)!.tasks;
    expect(seen.at(-1)?.items?.map((i) => [i.id, i.tasks])).toEqual(two.map((id) => [id, tasksOf(id)]));

    const finished: string[] = [];
    bus.on('job:finished', (e) => finished.push(`${e.actionId} ${e.status} ${e.done}`));
    await act(async () => { fireEvent.click(screen.getByTestId('page-deactivate')); });
    await waitFor(() => expect(finished).toContain('page.deactivate done 2'), { timeout: 20_000 });
    for (const id of two) {
      const obj = await (await fetch(`${sandbox.base}/__sandbox/objects/page/${id}`)).json();
      expect(obj.deactivated_until - obj.deactivated_time).toBe(7 * 86400);
    }
    await waitFor(() => expect(document.querySelector(`[data-row-id="${two[0]}"]`)!.textContent).toMatch(/Deactivated until \d{4}-\d\d-\d\d/), { timeout: 10_000 });
  }, LOAD_MS + 30_000);
});
