// The keyboard and the names a screen reader says (issue 33): Ctrl/Cmd+A and Escape in a table, the
// row open buttons, the tab bar's close buttons and the tiles' buttons, in both languages.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DataTable } from '../../src/kernel/table';
import { accountColumns, accountId, accounts, renderWithI18n, type Account } from './table/helpers';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import alpha from '../fixtures/plugins/alpha';
import beta from '../fixtures/plugins/beta';
import { Workspace } from '../../src/kernel';

const selected = () => screen.queryByTestId('table-selection')?.textContent ?? null;

function renderTable(lng: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithI18n(
    <DataTable<Account> viewId="a11y" rows={accounts} columns={accountColumns} getRowId={accountId} height={500} onRowOpen={() => undefined} />,
    lng,
  );
}

describe('Ctrl/Cmd+A and Escape in a table', () => {
  it('Ctrl+A selects the rows shown (after the filter); again clears them; Escape clears the selection', () => {
    renderTable();
    const grid = screen.getByRole('grid');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'beta' } });
    const shown = grid.querySelectorAll('[data-row-id]').length;
    expect(shown).toBe(2);
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(selected()).toMatch(/^Selected: 2/);
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(selected()).toBeNull();
    // Cmd+A on a Mac, from a row's checkbox
    fireEvent.keyDown(grid.querySelector('[data-row-id] input[type="checkbox"]')!, { key: 'a', metaKey: true });
    expect(selected()).toMatch(/^Selected: 2/);
    fireEvent.keyDown(grid, { key: 'Escape' });
    expect(selected()).toBeNull();
  });

  it('in the search box Ctrl+A is the text\'s, not the rows\'', () => {
    renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    const event = fireEvent.keyDown(search, { key: 'a', ctrlKey: true });
    expect(event).toBe(true); // not prevented: the browser selects the text
    expect(selected()).toBeNull();
  });

  it('Ctrl+A without a filter selects every row, and the header checkbox agrees', () => {
    renderTable();
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'A', ctrlKey: true });
    expect(selected()).toMatch(new RegExp(`^Selected: ${accounts.length}`));
    expect((screen.getByLabelText('Select all rows in the current view') as HTMLInputElement).checked).toBe(true);
  });
});

describe('names that say what a control does', () => {
  it('a row\'s open button names the row by its name, in both languages', () => {
    const en = renderTable();
    expect(screen.getByRole('button', { name: 'Open details of Delta' })).toBeTruthy();
    en.unmount();
    renderTable('zh-CN');
    expect(screen.getByRole('button', { name: '打开 Delta 的详情' })).toBeTruthy();
  });

  const locales = (zh: string, en: string) => ({ 'zh-CN': { title: zh }, 'en-US': { title: en } });
  const tabPlugins = [
    inlinePlugin({ id: 'dashboard', titleKey: 'title', icon: 'dashboard', order: 0, routes: [{ path: '/dashboard/index', titleKey: 'title', component: async () => ({ default: () => <p>home screen</p> }) }], locales: locales('工作台', 'Dashboard') }),
    inlinePlugin({ id: 'adaccount', titleKey: 'title', icon: 'credit-card', order: 1, routes: [{ path: '/adaccount/index', titleKey: 'title', component: async () => ({ default: () => <p>accounts screen</p> }) }], locales: locales('广告账户', 'Ad accounts') }),
  ];

  it('a tab\'s close button says which tab it closes; Delete on a tab closes it', async () => {
    window.localStorage.clear();
    const first = await renderWithKernel({ plugins: tabPlugins, route: '/dashboard/index', locale: 'en-US' });
    await screen.findByText('home screen', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getAllByText('Ad accounts')[0]);
    await screen.findByText('accounts screen', undefined, { timeout: 10_000 });
    const bar = screen.getByRole('navigation', { name: 'Open screens' });
    expect(within(bar).getByRole('button', { name: 'Close tab Ad accounts' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Close tab Dashboard' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Remove tag' })).toBeNull();
    // the current screen's tab is the bar's one Tab stop
    const current = within(bar).getByRole('button', { name: 'Ad accounts' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.tabIndex).toBe(0);
    expect(within(bar).getByRole('button', { name: 'Dashboard' }).tabIndex).toBe(-1);
    first.unmount();
    await renderWithKernel({ plugins: tabPlugins, route: '/adaccount/index', locale: 'zh-CN' });
    await screen.findByText('accounts screen', undefined, { timeout: 10_000 });
    const zh = screen.getByRole('navigation', { name: '已打开的页面' });
    expect(within(zh).getByRole('button', { name: '关闭标签页 广告账户' })).toBeTruthy();
    fireEvent.keyDown(within(zh).getByRole('button', { name: '工作台' }), { key: 'Delete' });
    await waitFor(() => expect(within(zh).queryByRole('button', { name: '工作台' })).toBeNull(), { timeout: 5_000 });
  });

  const home = inlinePlugin({
    id: 'dashboard', titleKey: 'title', icon: 'dashboard', order: 0,
    routes: [{ path: '/dashboard/index', titleKey: 'title', component: async () => ({ default: Workspace }) }],
    locales: locales('工作台', 'Dashboard'),
  });
  const tileOf = (viewId: string) => document.querySelector<HTMLElement>(`[data-tile-id][data-view-id="${viewId}"]`)?.closest('.mosaic-window') as HTMLElement | null;

  it('a tile\'s buttons say which tile they act on, in English', async () => {
    window.localStorage.clear();
    await renderWithKernel({ plugins: [home, alpha, beta], locale: 'en-US' });
    await waitFor(() => expect(tileOf('kernel.jobs')).toBeTruthy(), { timeout: 10_000 });
    const jobs = within(tileOf('kernel.jobs')!);
    expect(jobs.getByRole('button', { name: 'Split tile Bulk jobs: open its view again beside it' })).toBeTruthy();
    expect(jobs.getByRole('button', { name: 'Close tile Bulk jobs' })).toBeTruthy();
    fireEvent.click(jobs.getByRole('button', { name: 'Maximise tile Bulk jobs' }));
    expect(jobs.getByRole('button', { name: 'Restore the layout (tile Bulk jobs is maximised)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('View to add'), { target: { value: 'alpha.list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tile' }));
    await waitFor(() => expect(tileOf('alpha.list')).toBeTruthy(), { timeout: 10_000 });
    expect(within(tileOf('alpha.list')!).getByRole('button', { name: "Tile Alpha list: follow another tile's selection" })).toBeTruthy();
  });

  it('and in Chinese', async () => {
    window.localStorage.clear();
    await renderWithKernel({ plugins: [home, alpha, beta], locale: 'zh-CN' });
    await waitFor(() => expect(tileOf('kernel.jobs')).toBeTruthy(), { timeout: 10_000 });
    const jobs = within(tileOf('kernel.jobs')!);
    expect(jobs.getByRole('button', { name: '关闭面板“批量任务”' })).toBeTruthy();
    expect(jobs.getByRole('button', { name: '最大化面板“批量任务”' })).toBeTruthy();
    expect(jobs.getByRole('button', { name: '拆分面板“批量任务”：在旁边再打开一个此视图' })).toBeTruthy();
  });
});
