import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';

const demo = {
  id: 'demo',
  routes: [{ path: '/demo/index', component: async () => ({ default: () => <p>demo</p> }) }],
  actions: [{ verb: 'check', target: 'adaccount', run: async () => {} }],
  locales: { 'zh-CN': { title: '演示', actions: { check: { title: '检查' } } }, 'en-US': { title: 'Demo', actions: { check: { title: 'Check' } } } },
};

describe('the command palette', () => {
  it('opens with an empty query every time', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: ['a1'], items: [{ id: 'a1' }] }));
    act(() => bus.emit('palette:opened', undefined));
    // the palette's list loads its code on the first opening (src/kernel/runner/CommandPalette.tsx)
    const input = await screen.findByPlaceholderText(/Run on/, {}, { timeout: 10_000 });
    fireEvent.change(input, { target: { value: 'nothing matches this' } });
    await waitFor(() => expect(screen.queryByText('Check')).toBeNull());
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByPlaceholderText(/Run on/)).toBeNull());
    act(() => bus.emit('palette:opened', undefined));
    const again = await screen.findByPlaceholderText(/Run on/);
    expect((again as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Check')).toBeTruthy();
  });
});
