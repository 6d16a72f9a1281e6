import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import alpha from '../fixtures/plugins/alpha';
import beta from '../fixtures/plugins/beta';
import { addTile, emptyWorkspace, migrateWorkspace, pruneConfigs, viewIdOfTile, WORKSPACE_VERSION, WorkspaceFileError } from '../../src/kernel/workspace/workspace-file';
import { listWorkspaces, loadWorkspace, saveWorkspace } from '../../src/kernel/workspace/saved-workspaces';
import { createKernelStore } from '../../src/kernel/store/store';
import { Workspace } from '../../src/kernel';
import { inlinePlugin } from '../harness/inline-plugin';

const home = inlinePlugin({
  id: 'dashboard', titleKey: 'title', icon: 'dashboard', order: 0,
  routes: [{ path: '/dashboard/index', titleKey: 'title', component: async () => ({ default: Workspace }) }],
  locales: { 'zh-CN': { title: '工作台' }, 'en-US': { title: 'Dashboard' } },
});

describe('workspace files', () => {
  it('adds tiles whose ids encode their view', () => {
    const { file, tileId } = addTile(emptyWorkspace(), 'alpha.list');
    expect(viewIdOfTile(tileId)).toBe('alpha.list');
    expect(file.layout).toBe(tileId);
    const second = addTile(file, 'beta.list');
    expect(second.file.layout).toMatchObject({ type: 'split', direction: 'row', children: [tileId, second.tileId] });
  });

  it('migrates a version-1 file (legacy binary tree) to the current version', () => {
    const v1 = { version: 1, layout: { direction: 'row', first: 'alpha.list!a', second: 'beta.list!b', splitPercentage: 30 }, configById: { 'beta.list!b': { viewId: 'beta.list', follow: 'alpha.list!a' } } };
    const file = migrateWorkspace(v1);
    expect(file.version).toBe(WORKSPACE_VERSION);
    expect(file.layout).toMatchObject({ type: 'split', children: ['alpha.list!a', 'beta.list!b'] });
    expect(file.configById['alpha.list!a']).toEqual({ viewId: 'alpha.list', n: 1, follow: null });
    expect(file.configById['beta.list!b'].follow).toBe('alpha.list!a');
  });

  it('refuses files it cannot read, with a reason', () => {
    expect(() => migrateWorkspace(null)).toThrow(WorkspaceFileError);
    expect(() => migrateWorkspace({ layout: null })).toThrow(/missing version/);
    expect(() => migrateWorkspace({ version: 99, layout: null, configById: {} })).toThrow(/newer/);
    expect(() => migrateWorkspace({ version: 2, layout: { type: 'split', direction: 'row', children: [1, 2] }, configById: {} })).toThrow(/non-string/);
  });

  it('drops configs of closed tiles and follows of closed tiles', () => {
    const configs = pruneConfigs('b!1', { 'a!1': { viewId: 'a' }, 'b!1': { viewId: 'b', follow: 'a!1' } });
    expect(configs).toEqual({ 'b!1': { viewId: 'b', follow: null } });
  });

  it('saves named workspaces and refuses empty or long names', () => {
    const { file } = addTile(emptyWorkspace(), 'alpha.list');
    const store = createKernelStore();
    saveWorkspace(store, '  Morning  ', file);
    expect(listWorkspaces(store)).toEqual(['Morning']);
    expect(loadWorkspace(store, 'Morning')).toEqual(file);
    expect(() => saveWorkspace(store, '   ', file)).toThrow(/empty/);
    expect(() => saveWorkspace(store, 'x'.repeat(61), file)).toThrow(/longer/);
    expect(() => loadWorkspace(store, 'Nope')).toThrow(/no workspace/);
    // a row the library brought that is not a workspace file is refused, not opened
    store.setRow('workspaces', 'Broken', { file: '{not json' });
    expect(() => loadWorkspace(store, 'Broken')).toThrow(/damaged/);
  });
});

describe('the workspace screen', () => {
  async function openTwoTiles() {
    const utils = await renderWithKernel({ plugins: [home, alpha, beta], locale: 'en-US' });
    const viewSelect = await screen.findByLabelText('View to add');
    fireEvent.change(viewSelect, { target: { value: 'alpha.list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tile' }));
    fireEvent.change(viewSelect, { target: { value: 'beta.list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tile' }));
    await screen.findByTestId('alpha-view');
    await screen.findByTestId('beta-view');
    return utils;
  }

  it('a tile follows another tile\'s selection through the bus', async () => {
    await openTwoTiles();
    const betaTile = screen.getByTestId('beta-view').closest('[data-tile-id]')!;
    const alphaTileId = screen.getByTestId('alpha-view').closest('[data-tile-id]')!.getAttribute('data-tile-id')!;
    const betaWindow = betaTile.closest('.mosaic-window')! as HTMLElement;
    fireEvent.click(within(betaWindow).getByRole('button', { name: (n) => n.endsWith(": follow another tile's selection") }));
    // The menu names the other list tiles by their titles (the jobs tile publishes nothing: not offered).
    const menu = await screen.findByRole('menu', { name: "Follow another tile's selection" });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Follow none', 'Alpha list']);
    fireEvent.click(within(menu).getByText('Alpha list'));
    expect(menu.querySelector(`[data-follow-tile="${alphaTileId}"]`)).toBeTruthy();
    expect(await within(betaWindow).findByRole('button', { name: (n) => n.endsWith('is filtered by the selection in Alpha list') })).toBeTruthy();
    expect(within(betaTile as HTMLElement).getAllByRole('listitem')).toHaveLength(4);
    fireEvent.click(screen.getByLabelText('select b1'));
    await waitFor(() => expect(within(betaTile as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['act_1', 'act_2']));
    fireEvent.click(screen.getByLabelText('select b3'));
    await waitFor(() => expect(within(betaTile as HTMLElement).getAllByRole('listitem')).toHaveLength(3));
  });

  it('a tile that follows nothing ignores selections', async () => {
    await openTwoTiles();
    fireEvent.click(screen.getByLabelText('select b1'));
    const betaTile = screen.getByTestId('beta-view');
    expect(within(betaTile).getAllByRole('listitem')).toHaveLength(4);
  });

  it('saves a named workspace and restores tiles after a remount', async () => {
    const first = await openTwoTiles();
    expect(screen.getByText('Workspace (not saved)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save workspace as' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name for the workspace')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Workspace name'), { target: { value: 'Pair' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Workspace "Pair" saved')).toBeTruthy();
    const stored = JSON.parse(String(first.store.getCell('workspaces', 'Pair', 'file')));
    expect(Object.values(stored.configById).map((c) => (c as { viewId: string }).viewId).sort()).toEqual(['alpha.list', 'beta.list', 'kernel.jobs']);
    first.unmount();
    await renderWithKernel({ plugins: [home, alpha, beta], locale: 'en-US' });
    expect(await screen.findByTestId('alpha-view')).toBeTruthy();
    expect(await screen.findByTestId('beta-view')).toBeTruthy();
    expect(screen.getByText('Workspace: Pair')).toBeTruthy();
    expect(screen.queryByText('Workspace (not saved)')).toBeNull();
  });

  it('a tile of a disabled plugin says the view is unavailable', async () => {
    const first = await openTwoTiles();
    first.unmount();
    await renderWithKernel({ plugins: [home, alpha, beta], enabled: ['dashboard', 'alpha'], locale: 'en-US' });
    expect(await screen.findByTestId('alpha-view')).toBeTruthy();
    expect(await screen.findByText('The plugin of this view is disabled or missing.')).toBeTruthy();
  });
});
