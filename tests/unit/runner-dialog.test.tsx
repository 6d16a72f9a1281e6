import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { setDocCatalogue } from '../../src/kernel/graph/doc-catalogue';
import type { JobItem } from '../../src/kernel/runner/types';

const locales = {
  'zh-CN': { title: '演示', actions: { check: { title: '检查' }, appeal: { title: '申诉' } }, problems: { closed: '{{id}} 已关闭' } },
  'en-US': { title: 'Demo', actions: { check: { title: 'Check' }, appeal: { title: 'Appeal' } }, problems: { closed: '{{id}} is closed' } },
};

const demo = {
  id: 'demo',
  routes: [{ path: '/demo/index', component: async () => ({ default: () => <p>demo</p> }) }],
  actions: [
    {
      verb: 'check', target: 'adaccount',
      preflight: (item: JobItem) => (item.closed ? { key: 'problems.closed', values: { id: item.id } } : null),
      run: async () => {},
    },
    { verb: 'appeal', target: 'adaccount', operations: ['DemoAppealSubmit'], run: async () => {} },
  ],
  locales,
};

const selection: JobItem[] = [{ id: 'a1' }, { id: 'a2', closed: true }, { id: 'a3' }];

async function openPalette(bus: Awaited<ReturnType<typeof renderWithKernel>>['bus']) {
  act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: selection.map((i) => i.id), items: selection }));
  act(() => bus.emit('palette:opened', undefined));
  // the palette's list loads its code on the first opening (src/kernel/runner/CommandPalette.tsx)
  return screen.findByText('Check', {}, { timeout: 10_000 });
}

afterEach(() => { setDocCatalogue(null); });

describe('the action dialog and the palette', () => {
  it('list the items preflight flags, translated in the plugin’s namespace, and start without them', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const started = vi.fn();
    bus.on('job:started', started);
    fireEvent.click(await openPalette(bus));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Preview changes/ }));
    const flagged = await within(dialog).findByTestId('preflight');
    expect(flagged.textContent).toContain('a2 is closed');
    expect(flagged.textContent).not.toContain('a1');
    fireEvent.click(within(flagged).getByRole('button', { name: 'Start without these 1' }));
    await waitFor(() => expect(started).toHaveBeenCalledWith(expect.objectContaining({ actionId: 'demo.check', total: 2 })));
  });

  it('show an action whose web operations have no document id disabled, with the reason', async () => {
    setDocCatalogue({ SomethingElse: '1' });
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    await openPalette(bus);
    const appeal = (await screen.findByText('Appeal')).closest('[data-action-id]')!;
    expect(appeal.getAttribute('data-disabled-reason')).toMatch(/does not know the web operations DemoAppealSubmit/);
    expect(appeal.className).toMatch(/disabled/);
    act(() => setDocCatalogue({ DemoAppealSubmit: '123' }));
    await waitFor(() => expect(screen.getByText('Appeal').closest('[data-action-id]')!.getAttribute('data-disabled-reason')).toBeNull());
  });
});
