// When the checks' code (the ajv validators, loaded on first need) cannot be fetched, the action dialog
// says the part could not be loaded, in the operator's words, and starts nothing.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import type { JobItem } from '../../src/kernel/runner/types';

vi.mock('../../src/kernel/runner/params', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/kernel/runner/params')>()),
  loadValidators: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/validators-x1.js')),
}));

const demo = {
  id: 'demo',
  routes: [{ path: '/demo/index', component: async () => ({ default: () => <p>demo</p> }) }],
  actions: [{ verb: 'check', target: 'adaccount', run: async () => {} }],
  locales: {
    'zh-CN': { title: '演示', actions: { check: { title: '检查' } } },
    'en-US': { title: 'Demo', actions: { check: { title: 'Check' } } },
  },
};

describe('the action dialog when the checks cannot be loaded', () => {
  it('says the part could not be loaded and starts nothing', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const started = vi.fn();
    bus.on('job:started', started);
    const items: JobItem[] = [{ id: 'a1' }];
    act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: ['a1'], items }));
    act(() => bus.emit('palette:opened', undefined));
    // the palette's list loads its code on the first opening (src/kernel/runner/CommandPalette.tsx)
    fireEvent.click(await screen.findByText('Check', {}, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    const { default: en } = await import('../../src/kernel/i18n/locales/en-US.json');
    await within(dialog).findByText(en.error.loadFailed);
    expect(dialog.textContent).not.toMatch(/Failed to fetch|validators-x1/);
    expect(started).not.toHaveBeenCalled();
  });
});
