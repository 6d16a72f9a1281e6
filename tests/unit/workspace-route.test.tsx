// The tiled workspace has its own screen, /workspace/index (second in the menu), and the dashboard shows
// only the overview (issue 33). A browser store written by the code that kept the workspace on the
// dashboard (plugins/dashboard/tests/fixtures/browser-store-dashboard-route.json, written by that commit's
// saved-workspaces.ts) opens on the new screen: the same named workspace, tiles, follows and table state.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { menuEntries } from '../../src/kernel/shell/menu';
import { loadCurrentWorkspace, listWorkspaces, moveLegacyWorkspaces } from '../../src/kernel/workspace/saved-workspaces';
import { createKernelStore } from '../../src/kernel/store/store';
import { renderWithKernel } from '../harness/render-with-kernel';
import stored from '../../plugins/dashboard/tests/fixtures/browser-store-dashboard-route.json';

const modules = import.meta.glob('/plugins/*/index.ts', { eager: true });
const allPlugins = () => Object.values(modules).map((m) => (m as { default: unknown }).default);

describe('the workspace screen', () => {
  it('is second in the menu, after the dashboard', () => {
    const { plugins } = createRegistry(modules);
    const menu = menuEntries(plugins);
    expect(menu.slice(0, 3).map((m) => [m.id, m.path])).toEqual([['dashboard', '/dashboard/index'], ['adaccount', '/adaccount/index'], ['workspace', '/workspace/index']]);
    expect(plugins.find((p) => p.id === 'workspace')?.order).toBe(2);
  });

  it('opens the workspace saved on the dashboard by the previous version; the dashboard shows no tiles', async () => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, JSON.stringify(value));
    const before = stored['tessera-current-workspace'].v;
    // the named workspaces kept in local storage move into the store's table (the library's), once
    const store = createKernelStore();
    expect(moveLegacyWorkspaces(store)).toBe(1);
    expect(listWorkspaces(store)).toEqual(['Morning review']);
    expect(moveLegacyWorkspaces(store)).toBe(0);
    expect(loadCurrentWorkspace()).toMatchObject({ name: 'Morning review', stored: true });

    await renderWithKernel({ plugins: allPlugins(), route: '/workspace/index', locale: 'en-US' });
    await waitFor(() => expect(document.querySelectorAll('.tessera-tile-body').length).toBe(Object.keys(before.file.configById).length), { timeout: 10_000 });
    expect(screen.getByText('Workspace: Morning review')).toBeTruthy();
    const shown = [...document.querySelectorAll('.tessera-tile-body')].map((e) => [e.getAttribute('data-tile-id'), e.getAttribute('data-view-id')]).sort();
    expect(shown).toEqual(Object.entries(before.file.configById).map(([tile, c]) => [tile, c.viewId]).sort());
    const titles = [...document.querySelectorAll('.mosaic-window > .mosaic-window-toolbar > .mosaic-window-title')].map((e) => e.textContent).sort();
    expect(titles).toEqual(['Ad account list 1', 'Ad account list 2', 'Bulk jobs', 'Business list']);
    expect(screen.getByRole('button', { name: (n) => n.endsWith('is filtered by the selection in Business list') })).toBeTruthy();
    // the tile's own table state came along (the file is kept as it was read)
    expect(loadCurrentWorkspace().file.configById['adaccount.list!d1e9pq'].table).toEqual({ 'adaccount.list': { sorting: [{ id: 'amount_spent', desc: true }], columnVisibility: { timezone: false } } });
  });

  it('the dashboard is the overview and the widgets, without the workspace', async () => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, JSON.stringify(value));
    await renderWithKernel({ plugins: allPlugins(), route: '/dashboard/index', locale: 'en-US' });
    await screen.findByTestId('dashboard-overview', {}, { timeout: 10_000 });
    await screen.findByTestId('widget-board');
    expect(document.querySelector('.tessera-workspace')).toBeNull();
    expect(document.querySelector('.mosaic-window')).toBeNull();
  });
});
