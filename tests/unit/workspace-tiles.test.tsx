import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import alpha from '../fixtures/plugins/alpha';
import beta from '../fixtures/plugins/beta';
import { Workspace } from '../../src/kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { addTile, defaultWorkspace, emptyWorkspace, migrateWorkspace, nextTileNumber, pruneConfigs } from '../../src/kernel/workspace/workspace-file';
import { followCandidates, tileTitles } from '../../src/kernel/workspace/tile-titles';

const home = inlinePlugin({
  id: 'dashboard', titleKey: 'title', icon: 'dashboard', order: 0,
  routes: [{ path: '/dashboard/index', titleKey: 'title', component: async () => ({ default: Workspace }) }],
  locales: { 'zh-CN': { title: '工作台' }, 'en-US': { title: 'Dashboard' } },
});

describe('tile numbers and titles', () => {
  const title = (viewId: string) => ({ 'alpha.list': 'Alpha list', 'kernel.jobs': 'Jobs' })[viewId] ?? viewId;
  const numbered = (t: string, n: number) => `${t} ${n}`;

  it('numbers the tiles of a view and gives a closed tile\'s number to the next one', () => {
    let file = addTile(emptyWorkspace(), 'alpha.list').file;
    const second = addTile(file, 'alpha.list');
    file = second.file;
    expect(Object.values(file.configById).map((c) => c.n)).toEqual([1, 2]);
    const first = Object.keys(file.configById)[0];
    const pruned = pruneConfigs(second.tileId, file.configById);
    expect(nextTileNumber(pruned, 'alpha.list')).toBe(1);
    expect(first).not.toBe(second.tileId);
  });

  it('titles: the view\'s title alone, with the number when a view has several tiles, never the id', () => {
    let file = addTile(emptyWorkspace(), 'alpha.list').file;
    file = addTile(file, 'kernel.jobs').file;
    expect(Object.values(tileTitles(file.configById, title, numbered)).sort()).toEqual(['Alpha list', 'Jobs']);
    file = addTile(file, 'alpha.list').file;
    const titles = Object.values(tileTitles(file.configById, title, numbered)).sort();
    expect(titles).toEqual(['Alpha list 1', 'Alpha list 2', 'Jobs']);
    expect(titles.join(' ')).not.toMatch(/!/);
  });

  it('a file without numbers gets them in layout order, and duplicates are renumbered', () => {
    const file = migrateWorkspace({
      version: 3,
      layout: { type: 'split', direction: 'row', children: ['alpha.list!a', 'alpha.list!b', 'alpha.list!c'] },
      configById: { 'alpha.list!a': { viewId: 'alpha.list', n: 2 }, 'alpha.list!b': { viewId: 'alpha.list' }, 'alpha.list!c': { viewId: 'alpha.list', n: 2 } },
    });
    expect(['alpha.list!a', 'alpha.list!b', 'alpha.list!c'].map((id) => file.configById[id].n)).toEqual([2, 1, 3]);
  });

  it('only list tiles (with a row type) are offered to follow', () => {
    let file = addTile(emptyWorkspace(), 'alpha.list').file;
    const jobs = addTile(file, 'kernel.jobs');
    file = addTile(jobs.file, 'beta.list').file;
    const beta = Object.keys(file.configById).find((id) => id.startsWith('beta'))!;
    const rowTypes: Record<string, string> = { 'alpha.list': 'business', 'beta.list': 'adaccount' };
    expect(followCandidates(beta, file.configById, (v) => rowTypes[v]).map((id) => file.configById[id].viewId)).toEqual(['alpha.list']);
  });
});

describe('the default workspace', () => {
  it('is the view a plugin declares as its default tile beside the jobs panel, or the jobs panel alone without one', () => {
    const file = defaultWorkspace(new Set(['adaccount.list', 'kernel.jobs', 'bm.list']), ['adaccount.list']);
    expect(file.layout).toMatchObject({ type: 'split', direction: 'row', splitPercentages: [65, 35] });
    expect(Object.values(file.configById).map((c) => c.viewId)).toEqual(['adaccount.list', 'kernel.jobs']);
    const jobsOnly = defaultWorkspace(new Set(['kernel.jobs']), ['adaccount.list']);
    expect(Object.values(jobsOnly.configById).map((c) => c.viewId)).toEqual(['kernel.jobs']);
    expect(typeof jobsOnly.layout).toBe('string');
  });
});

describe('the workspace screen', () => {
  const tilesOf = (viewId: string) => [...document.querySelectorAll<HTMLElement>(`[data-tile-id][data-view-id="${viewId}"]`)];
  const windowOf = (tile: HTMLElement) => tile.closest('.mosaic-window') as HTMLElement;

  it('a first-time user sees the default layout, not an empty mosaic', async () => {
    await renderWithKernel({ plugins: [home, alpha, beta], locale: 'en-US' });
    await waitFor(() => expect(tilesOf('kernel.jobs')).toHaveLength(1));
    expect(screen.queryByText('No Windows Present')).toBeNull();
    // The jobs panel filters by nothing, so it offers no follow.
    expect(within(windowOf(tilesOf('kernel.jobs')[0])).queryByRole('button', { name: /follow another tile's selection/i })).toBeNull();
  });

  it('split opens the same view beside the tile and numbers both; close removes one', async () => {
    await renderWithKernel({ plugins: [home, alpha, beta], locale: 'en-US' });
    fireEvent.change(await screen.findByLabelText('View to add'), { target: { value: 'alpha.list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tile' }));
    await waitFor(() => expect(tilesOf('alpha.list')).toHaveLength(1));
    fireEvent.click(within(windowOf(tilesOf('alpha.list')[0])).getByRole('button', { name: 'Split tile Alpha list: open its view again beside it' }));
    await waitFor(() => expect(tilesOf('alpha.list')).toHaveLength(2));
    const titles = [...document.querySelectorAll('.mosaic-window > .mosaic-window-toolbar > .mosaic-window-title')].map((el) => el.textContent).sort();
    expect(titles).toEqual(['Alpha list 1', 'Alpha list 2', 'Bulk jobs']);
    fireEvent.click(within(windowOf(tilesOf('alpha.list')[1])).getByRole('button', { name: /^Close tile Alpha list \d$/ }));
    await waitFor(() => expect(tilesOf('alpha.list')).toHaveLength(1));
    expect([...document.querySelectorAll('.mosaic-window > .mosaic-window-toolbar > .mosaic-window-title')].map((el) => el.textContent).sort()).toEqual(['Alpha list', 'Bulk jobs']);
  });

  it('maximise covers the workspace with one tile and restore brings the layout back unchanged', async () => {
    await renderWithKernel({ plugins: [home, alpha, beta], locale: 'en-US' });
    await waitFor(() => expect(tilesOf('kernel.jobs')).toHaveLength(1));
    const before = window.localStorage.getItem('tessera-current-workspace');
    const jobsWindow = windowOf(tilesOf('kernel.jobs')[0]);
    fireEvent.click(within(jobsWindow).getByRole('button', { name: 'Maximise tile Bulk jobs' }));
    expect(jobsWindow.classList.contains('tessera-tile-maximised')).toBe(true);
    expect(document.querySelector('.tessera-mosaic-host')!.getAttribute('data-maximised')).toBe(tilesOf('kernel.jobs')[0].getAttribute('data-tile-id'));
    fireEvent.click(within(jobsWindow).getByRole('button', { name: 'Restore the layout (tile Bulk jobs is maximised)' }));
    expect(jobsWindow.classList.contains('tessera-tile-maximised')).toBe(false);
    expect(document.querySelector('.tessera-mosaic-host')!.hasAttribute('data-maximised')).toBe(false);
    expect(window.localStorage.getItem('tessera-current-workspace')).toBe(before);
  });

  it('closing every tile shows a translated empty state that restores the default layout', async () => {
    await renderWithKernel({ plugins: [home, alpha, beta], locale: 'zh-CN' });
    await waitFor(() => expect(tilesOf('kernel.jobs')).toHaveLength(1));
    fireEvent.click(within(windowOf(tilesOf('kernel.jobs')[0])).getByRole('button', { name: '关闭面板“批量任务”' }));
    expect(await screen.findByText('还没有打开任何面板')).toBeTruthy();
    expect(screen.queryByText('No Windows Present')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '默认布局' }));
    await waitFor(() => expect(tilesOf('kernel.jobs')).toHaveLength(1));
  });
});
