import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, TableStateScope, type TableViewState } from '../../../src/kernel/table';
import { addTile, emptyWorkspace, migrateWorkspace, setTileTableState, WORKSPACE_VERSION, type WorkspaceFile } from '../../../src/kernel/workspace/workspace-file';
import { loadWorkspace, saveWorkspace } from '../../../src/kernel/workspace/saved-workspaces';
import { createKernelStore } from '../../../src/kernel/store/store';
import { Workspace } from '../../../src/kernel/workspace/Workspace';
import { renderWithKernel } from '../../harness/render-with-kernel';
import { accountColumns, accountId, accounts, renderedIds, renderWithI18n, type Account } from './helpers';

configure({ asyncUtilTimeout: 5000 }); // the workspace and route screens load their code lazily

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function memoryScope(initial: Record<string, TableViewState> = {}) {
  const states: Record<string, TableViewState> = { ...initial };
  const onChange = vi.fn((viewId: string, state: TableViewState) => {
    states[viewId] = state;
  });
  const wrap = (ui: ReactElement) => (
    <TableStateScope states={states} onChange={onChange}>
      {ui}
    </TableStateScope>
  );
  return { states, onChange, wrap };
}

function table(viewId = 'accounts') {
  return <DataTable<Account> viewId={viewId} rows={accounts} columns={accountColumns} getRowId={accountId} height={500} />;
}

function titleCell(name: string, root: HTMLElement = document.body) {
  return within(root).getByRole('columnheader', { name: new RegExp(`^${name}`) });
}

function titles(root: ParentNode = document) {
  return [...root.querySelectorAll('.tessera-dt__row--titles [role="columnheader"][data-column-id]')].map((el) => el.getAttribute('data-column-id'));
}

function resizer(name: string) {
  return screen.getByRole('separator', { name: `Resize "${name}"` });
}

async function openColumnMenu(root: HTMLElement = document.body) {
  fireEvent.click(within(root).getByRole('button', { name: /Columns/ }));
  return screen.findByRole('group', { name: 'Show and arrange columns' });
}

/** The body cell of a column in a row (the row's children: checkbox, then the cells in display order). */
function bodyCell(rowId: string, columnIndex: number) {
  return document.querySelector(`[data-row-id="${rowId}"]`)!.children[columnIndex + 1] as HTMLElement;
}

describe('column resizing', () => {
  it('dragging a header edge changes the width of the header and the cells, within the limits', () => {
    const scope = memoryScope();
    renderWithI18n(scope.wrap(table()));
    expect(titleCell('Name').style.width).toBe('160px');

    fireEvent.mouseDown(resizer('Name'), { clientX: 300 });
    fireEvent.mouseMove(document, { clientX: 360 });
    fireEvent.mouseUp(document, { clientX: 360 });
    expect(titleCell('Name').style.width).toBe('220px');
    expect(bodyCell('a1', 0).style.width).toBe('220px');
    // Kept in the scope once the drag ends.
    expect(scope.states.accounts.columnSizing).toEqual({ name: 220 });

    // No narrower than the minimum width.
    fireEvent.mouseDown(resizer('Name'), { clientX: 300 });
    fireEvent.mouseUp(document, { clientX: -400 });
    expect(titleCell('Name').style.width).toBe('60px');
  });

  it('resizes from the keyboard and restores the width on double-click', () => {
    renderWithI18n(table());
    fireEvent.keyDown(resizer('Spend'), { key: 'ArrowRight' });
    fireEvent.keyDown(resizer('Spend'), { key: 'ArrowRight', shiftKey: true });
    expect(titleCell('Spend').style.width).toBe('160px'); // 100 + 10 + 50
    fireEvent.doubleClick(resizer('Spend'));
    expect(titleCell('Spend').style.width).toBe('100px');
  });

  it('a resize does not sort the column', () => {
    renderWithI18n(table());
    fireEvent.mouseDown(resizer('Name'), { clientX: 10 });
    fireEvent.mouseUp(document, { clientX: 40 });
    fireEvent.click(resizer('Name'));
    expect(titleCell('Name').getAttribute('aria-sort')).toBe('none');
  });

  it('restores the width from the column menu', async () => {
    renderWithI18n(memoryScope({ accounts: { columnSizing: { name: 300 } } }).wrap(table()));
    expect(titleCell('Name').style.width).toBe('300px');
    const menu = await openColumnMenu();
    expect((within(menu).getByRole('button', { name: 'Restore the width of "Status"' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(menu).getByRole('button', { name: 'Restore the width of "Name"' }));
    expect(titleCell('Name').style.width).toBe('160px');
  });
});

describe('column pinning', () => {
  it('pins columns left and right from the column menu: they move to that edge and stick there', async () => {
    const scope = memoryScope();
    const { container } = renderWithI18n(scope.wrap(table()));
    const menu = await openColumnMenu();

    fireEvent.click(within(menu).getByRole('button', { name: 'Pin "Spend" to the left' }));
    expect(titles()).toEqual(['spend', 'name', 'status']);
    const spend = titleCell('Spend');
    expect(spend.style.position).toBe('sticky');
    expect(spend.style.left).toBe('36px'); // after the checkbox column, which sticks too
    expect(container.querySelector('.tessera-dt__scroll--pinned-start')).toBeTruthy();
    expect(bodyCell('a1', 0).textContent).toBe('300');
    expect(bodyCell('a1', 0).style.position).toBe('sticky');
    expect(bodyCell('a1', 1).style.position).toBe('');

    fireEvent.click(within(menu).getByRole('button', { name: 'Pin "Name" to the right' }));
    expect(titles()).toEqual(['spend', 'status', 'name']);
    expect(titleCell('Name').style.right).toBe('0px');
    expect(bodyCell('a1', 2).textContent).toBe('Alpha shop');
    expect(bodyCell('a1', 2).style.right).toBe('0px');
    expect(scope.states.accounts.columnPinning).toEqual({ start: ['spend'], end: ['name'] });

    fireEvent.click(within(menu).getByRole('button', { name: 'Unpin "Spend"' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Unpin "Name"' }));
    expect(titles()).toEqual(['name', 'status', 'spend']);
    expect(titleCell('Spend').style.position).toBe('');
    expect(container.querySelector('.tessera-dt__scroll--pinned-start')).toBeNull();
    expect(scope.states.accounts.columnPinning).toEqual({ start: [], end: [] });
  });

  it('a second left-pinned column sticks after the first one', () => {
    renderWithI18n(memoryScope({ accounts: { columnPinning: { start: ['spend', 'name'], end: [] } } }).wrap(table()));
    expect(titles()).toEqual(['spend', 'name', 'status']);
    expect(titleCell('Name').style.left).toBe(`${36 + 100}px`);
  });
});

describe('state scopes', () => {
  it('two tables of the same view id in two scopes keep separate sorting and visibility', async () => {
    const a = memoryScope();
    const b = memoryScope();
    renderWithI18n(
      <>
        {a.wrap(<div data-testid="tile-a">{table('same')}</div>)}
        {b.wrap(<div data-testid="tile-b">{table('same')}</div>)}
      </>,
    );
    const tileA = screen.getByTestId('tile-a');
    const tileB = screen.getByTestId('tile-b');
    fireEvent.click(within(titleCell('Name', tileA)).getByRole('button'));
    expect(titleCell('Name', tileA).getAttribute('aria-sort')).toBe('ascending');
    expect(titleCell('Name', tileB).getAttribute('aria-sort')).toBe('none');
    expect(renderedIds(tileA)).not.toEqual(renderedIds(tileB));

    const menu = await openColumnMenu(tileB);
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'Status' }));
    expect(titles(tileB)).toEqual(['name', 'spend']);
    expect(titles(tileA)).toEqual(['name', 'status', 'spend']);

    expect(a.states.same.sorting).toEqual([{ id: 'name', desc: false }]);
    expect(a.states.same.columnVisibility?.status).toBe(true);
    expect(b.states.same.sorting).toEqual([]);
    expect(b.states.same.columnVisibility?.status).toBe(false);
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('tessera:table:'))).toEqual([]);
  });

  it('does not write to its scope until the operator changes something', () => {
    const scope = memoryScope();
    renderWithI18n(scope.wrap(table()));
    expect(scope.onChange).not.toHaveBeenCalled();
  });
});

describe('table state in the workspace file', () => {
  it('round-trips through a saved workspace: same sort, column order and widths', async () => {
    const added = addTile(emptyWorkspace(), 'alpha.list');
    const tileId = added.tileId;
    let file: WorkspaceFile = added.file;
    const scopeOf = (f: WorkspaceFile) => (ui: ReactElement) => (
      <TableStateScope states={f.configById[tileId].table} onChange={(viewId, state) => { file = setTileTableState(file, tileId, viewId, state); }}>
        {ui}
      </TableStateScope>
    );
    const first = renderWithI18n(scopeOf(file)(table()));
    fireEvent.click(within(titleCell('Name')).getByRole('button'));
    fireEvent.click(within(titleCell('Name')).getByRole('button'));
    const menu = await openColumnMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Move "Spend" up' }));
    fireEvent.keyDown(resizer('Name'), { key: 'ArrowRight' });
    fireEvent.keyDown(resizer('Name'), { key: 'ArrowRight' });
    const before = { ids: renderedIds(first.container), titles: titles() };
    expect(before.titles).toEqual(['name', 'spend', 'status']);
    first.unmount();

    const store = createKernelStore();
    saveWorkspace(store, 'Round trip', file);
    const loaded = loadWorkspace(store, 'Round trip');
    expect(loaded.configById[tileId].table).toEqual(file.configById[tileId].table);
    expect(loaded.configById[tileId].table?.accounts).toMatchObject({
      sorting: [{ id: 'name', desc: true }],
      columnOrder: ['name', 'spend', 'status', 'owner'],
      columnSizing: { name: 180 },
    });

    const again = renderWithI18n(scopeOf(loaded)(table()));
    expect(titleCell('Name').getAttribute('aria-sort')).toBe('descending');
    expect(titles()).toEqual(before.titles);
    expect(renderedIds(again.container)).toEqual(before.ids);
    expect(titleCell('Name').style.width).toBe('180px');
  });

  it(`migrates a version-2 file to version ${WORKSPACE_VERSION}, tiles starting with default columns`, () => {
    const v2 = {
      version: 2,
      layout: { type: 'split', direction: 'row', children: ['alpha.list!a', 'beta.list!b'], splitPercentages: [50, 50] },
      configById: { 'alpha.list!a': { viewId: 'alpha.list', follow: null }, 'beta.list!b': { viewId: 'beta.list', follow: 'alpha.list!a' } },
    };
    const file = migrateWorkspace(v2);
    expect(file.version).toBe(3);
    expect(file.layout).toEqual(v2.layout);
    // Tiles get their number among the tiles of their view (n), added in version 3.
    expect(file.configById).toEqual({ 'alpha.list!a': { ...v2.configById['alpha.list!a'], n: 1 }, 'beta.list!b': { ...v2.configById['beta.list!b'], n: 1 } });
    expect(file.configById['alpha.list!a'].table).toBeUndefined();
    // Version 1 goes through both steps.
    expect(migrateWorkspace({ version: 1, layout: 'alpha.list!a', configById: {} }).version).toBe(3);
  });

  it('keeps well-formed table state of a version-3 file and drops the rest', () => {
    const file = migrateWorkspace({
      version: 3,
      layout: 'alpha.list!a',
      configById: { 'alpha.list!a': { viewId: 'alpha.list', table: { accounts: { sorting: [{ id: 'name', desc: true }], columnSizing: { name: 'wide' } }, junk: 7 } } },
    });
    expect(file.configById['alpha.list!a'].table).toEqual({ accounts: { sorting: [{ id: 'name', desc: true }], columnSizing: {} } });
  });
});

describe('tiles and tabs provide the scope', () => {
  const TableScreen = () => table('tbl.accounts');
  const plugins = [
    { id: 'dashboard', routes: [{ path: '/dashboard/index', component: async () => ({ default: Workspace }) }], locales: { 'zh-CN': { title: '工作台' }, 'en-US': { title: 'Dashboard' } } },
    {
      id: 'tbl',
      routes: [{ path: '/tbl/index', component: async () => ({ default: TableScreen }) }],
      views: [{ name: 'list', titleKey: 'view', component: async () => ({ default: TableScreen }) }],
      locales: { 'zh-CN': { title: '表', view: '表视图' }, 'en-US': { title: 'Tables', view: 'Table view' } },
    },
  ];

  it('two tiles of one view keep their own sorting, saved with the workspace', async () => {
    await renderWithKernel({ plugins, locale: 'en-US' });
    const viewSelect = await screen.findByLabelText('View to add');
    fireEvent.change(viewSelect, { target: { value: 'tbl.list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add tile' }));
    await waitFor(() => expect(document.querySelectorAll('[data-tile-id] .tessera-dt')).toHaveLength(2));
    const [first, second] = [...document.querySelectorAll<HTMLElement>('[data-tile-id][data-view-id="tbl.list"]')];
    fireEvent.click(within(titleCell('Name', first)).getByRole('button'));
    expect(titleCell('Name', first).getAttribute('aria-sort')).toBe('ascending');
    expect(titleCell('Name', second).getAttribute('aria-sort')).toBe('none');

    await waitFor(() => {
      const current = JSON.parse(window.localStorage.getItem('tessera-current-workspace')!).v.file as WorkspaceFile;
      expect(current.configById[first.getAttribute('data-tile-id')!].table?.['tbl.accounts'].sorting).toEqual([{ id: 'name', desc: false }]);
      expect(current.configById[second.getAttribute('data-tile-id')!].table).toBeUndefined();
    });
  });

  it('a route screen keeps its table state in its tab', async () => {
    const first = await renderWithKernel({ plugins, route: '/tbl/index', locale: 'en-US' });
    await screen.findByRole('grid');
    fireEvent.click(within(titleCell('Name')).getByRole('button'));
    await waitFor(() => {
      const tabs = JSON.parse(window.localStorage.getItem('tessera-tabs')!).v as { path: string; table?: Record<string, TableViewState> }[];
      expect(tabs.find((tab) => tab.path === '/tbl/index')?.table?.['tbl.accounts'].sorting).toEqual([{ id: 'name', desc: false }]);
    });
    first.unmount();
    await act(async () => {
      await renderWithKernel({ plugins, route: '/tbl/index', locale: 'en-US' });
    });
    await screen.findByRole('grid');
    expect(titleCell('Name').getAttribute('aria-sort')).toBe('ascending');
  });
});
