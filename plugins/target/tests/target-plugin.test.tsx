// The interest-targeting plugin inside the real kernel, against the graph sandbox over HTTP (demo
// transport): search, select across searches, save to a list kept in the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import target from '..';
import dashboard from '../../dashboard';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small' }); });
afterAll(async () => sandbox?.close());

async function search(q: string) {
  fireEvent.change(screen.getByTestId('target-query'), { target: { value: q } });
  fireEvent.click(screen.getByTestId('target-search'));
  await waitFor(() => expect(screen.getByTestId('target-result-count').textContent).toContain(q), { timeout: 20_000 });
}

describe('the interest-targeting plugin on the sandbox', () => {
  it('searches, keeps the selection across searches and saves it to a list in the store', async () => {
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.2.0' , catalogue: demoCatalogue });
    const { store } = await renderWithKernel({ plugins: [dashboard, target], route: '/target/index', locale: 'en-US', transport });
    await waitFor(() => screen.getByTestId('target-query'), { timeout: 20_000 });
    await search('fitness');
    await waitFor(() => expect(document.querySelectorAll('[data-row-id]').length).toBeGreaterThan(3));
    const ids = [...document.querySelectorAll('[data-row-id]')].slice(0, 2).map((e) => e.getAttribute('data-row-id')!);
    for (const id of ids) fireEvent.click(document.querySelector(`[data-row-id="${id}"] input[type=checkbox]`)!);
    await waitFor(() => expect(screen.getByTestId('target-selected-count').textContent).toBe('2'));
    await search('yoga');
    const yoga = document.querySelector('[data-row-id]')!.getAttribute('data-row-id')!;
    fireEvent.click(document.querySelector(`[data-row-id="${yoga}"] input[type=checkbox]`)!);
    await waitFor(() => expect(screen.getByTestId('target-selected-count').textContent).toBe('3'));

    fireEvent.change(screen.getByTestId('target-list-name'), { target: { value: 'Mixed' } });
    fireEvent.click(screen.getByTestId('target-add-to-list'));
    await waitFor(() => expect(Object.keys(store.getTable('target-lists'))).toHaveLength(1));
    const row = Object.values(store.getTable('target-lists'))[0]!;
    expect(row.name).toBe('Mixed');
    expect((JSON.parse(String(row.items)) as { id: string }[]).map((i) => i.id)).toEqual([...ids, yoga]);
    // adding the same interests again adds nothing
    fireEvent.click(screen.getByTestId('target-add-to-list'));
    await waitFor(() => expect(JSON.parse(String(Object.values(store.getTable('target-lists'))[0]!.items))).toHaveLength(3));
  }, 60_000);

  it('says a search reply without interest names changed, and shows no rows of empty cells', async () => {
    const demo = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.2.0', catalogue: demoCatalogue });
    // the platform as it would answer after a change: search rows without their names
    const transport = {
      ...demo,
      request: async (...args: Parameters<typeof demo.request>) => {
        const response = await demo.request(...args);
        if (!/\/search\?/.test(args[0].url) || !response.ok) return response;
        const body = structuredClone(response.body) as { data?: Record<string, unknown>[] };
        for (const row of body.data ?? []) delete row.name;
        return { ...response, body };
      },
    };
    await renderWithKernel({ plugins: [dashboard, target], route: '/target/index', locale: 'en-US', transport });
    await waitFor(() => screen.getByTestId('target-query'), { timeout: 20_000 });
    fireEvent.change(screen.getByTestId('target-query'), { target: { value: 'fitness' } });
    fireEvent.click(screen.getByTestId('target-search'));
    await waitFor(() => expect(screen.getByText(/The platform's reply changed: name missing/)).toBeTruthy(), { timeout: 20_000 });
    expect(document.querySelectorAll('[data-row-id]')).toHaveLength(0);
  }, 60_000);
});
