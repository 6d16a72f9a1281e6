import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { DataTable, TableStateScope, type DataColumn, type TableViewState } from '../../../src/kernel/table';
import {
  accountColumns,
  accountId,
  accounts,
  renderedIds,
  renderWithI18n,
  type Account,
} from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function renderAccounts(props: Partial<Parameters<typeof DataTable<Account>>[0]> = {}, wrap: (ui: ReactElement) => ReactElement = (ui) => ui) {
  return renderWithI18n(
    wrap(
      <DataTable<Account>
        viewId="test-accounts"
        rows={accounts}
        columns={accountColumns}
        getRowId={accountId}
        height={500}
        {...props}
      />,
    ),
  );
}

/** A tile's or tab's table state, kept in memory (what Workspace and the tab bar do with theirs). */
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

function tableStorageKeys(): string[] {
  return Object.keys(window.localStorage).filter((key) => key.startsWith('tessera:table:'));
}

function header(name: string) {
  return screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
}

function clickSort(name: string, init?: MouseEventInit) {
  fireEvent.click(within(header(name)).getByRole('button'), init);
}

function rowCheckbox(id: string) {
  return screen.getByRole('checkbox', { name: `Select row ${id}` });
}

function selectAllCheckbox() {
  return screen.getByRole('checkbox', { name: 'Select all rows in the current view' }) as HTMLInputElement;
}

function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: text } });
}

describe('DataTable rendering', () => {
  it('renders every row with default text cells and honours hiddenByDefault', () => {
    const { container } = renderAccounts();
    expect(renderedIds(container)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe(String(accounts.length + 2));
    expect(screen.queryByRole('columnheader', { name: /^Owner/ })).toBeNull();
    const row = container.querySelector('[data-row-id="a1"]') as HTMLElement;
    expect(within(row).getByText('Alpha shop')).toBeTruthy();
    expect(within(row).getByText('300')).toBeTruthy();
    expect(screen.getByTestId('table-count').textContent).toBe('5 rows');
  });

  it('renders a hostile platform name as literal text, never as HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const rows: Account[] = [{ id: 'x1', name: hostile, status: 'ACTIVE', spend: 1, owner: '<b>bold</b>' }];
    const { container } = renderAccounts({ rows, columns: accountColumns.map((c) => ({ ...c, hiddenByDefault: false })) });
    expect(screen.getByText(hostile)).toBeTruthy();
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
    expect(container.querySelector('[data-row-id] img')).toBeNull();
    expect(container.querySelector('[data-row-id] b')).toBeNull();
  });

  it('uses a custom cell renderer when given', () => {
    const columns: DataColumn<Account>[] = [
      ...accountColumns.slice(0, 2),
      { id: 'spend', header: 'Spend', value: (row) => row.spend, cell: (row) => <strong>${row.spend}</strong> },
    ];
    const { container } = renderAccounts({ columns });
    const row = container.querySelector('[data-row-id="a2"]') as HTMLElement;
    expect(within(row).getByText('$20').tagName).toBe('STRONG');
  });

  it('puts a worded value\'s platform code after the word in the cell\'s tooltip, never in its text', () => {
    const worded: DataColumn<Account>[] = [
      accountColumns[0]!,
      { id: 'status', header: 'Status', value: (row) => (row.status === 'ACTIVE' ? 'Active' : 'Disabled'), code: (row) => row.status },
    ];
    const { container } = renderAccounts({ columns: worded });
    const cell = container.querySelector('[data-row-id="a2"]')!.querySelectorAll('[role="gridcell"]')[2] as HTMLElement;
    expect(cell.textContent).toBe('Disabled');
    fireEvent.pointerOver(cell);
    expect(cell.getAttribute('title')).toBe('Disabled — DISABLED');
    const name = container.querySelector('[data-row-id="a2"]')!.querySelectorAll('[role="gridcell"]')[1] as HTMLElement;
    fireEvent.pointerOver(name);
    expect(name.getAttribute('title')).toBe('beta Store');
  });

  it('shows Chinese UI strings by default language zh-CN', () => {
    renderWithI18n(
      <DataTable<Account> viewId="zh" rows={[]} columns={accountColumns} getRowId={accountId} />,
      'zh-CN',
    );
    expect(screen.getByRole('searchbox', { name: '搜索' })).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByText(/^导出全部 \d+ 行$/)).toBeTruthy();
  });
});

describe('sorting', () => {
  it('cycles asc → desc → none on header clicks, with aria-sort and numeric order', () => {
    const { container } = renderAccounts();
    expect(header('Spend').getAttribute('aria-sort')).toBe('none');

    clickSort('Spend');
    expect(header('Spend').getAttribute('aria-sort')).toBe('ascending');
    expect(renderedIds(container)).toEqual(['a4', 'a2', 'a5', 'a1', 'a3']);

    clickSort('Spend');
    expect(header('Spend').getAttribute('aria-sort')).toBe('descending');
    expect(renderedIds(container)).toEqual(['a3', 'a1', 'a5', 'a2', 'a4']);

    clickSort('Spend');
    expect(header('Spend').getAttribute('aria-sort')).toBe('none');
    expect(renderedIds(container)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('sorts text case-insensitively and starts ascending', () => {
    const { container } = renderAccounts();
    clickSort('Name');
    expect(renderedIds(container)).toEqual(['a3', 'a1', 'a2', 'a5', 'a4']);
    clickSort('Name');
    expect(renderedIds(container)).toEqual(['a4', 'a5', 'a2', 'a1', 'a3']);
  });

  it('keeps empty values last in both directions', () => {
    const columns = accountColumns.map((c) => ({ ...c, hiddenByDefault: false }));
    const { container } = renderAccounts({ columns });
    clickSort('Owner');
    expect(renderedIds(container).at(-1)).toBe('a3');
    clickSort('Owner');
    expect(renderedIds(container).at(-1)).toBe('a3');
  });

  it('does not sort a column marked sortable: false', () => {
    const columns = accountColumns.map((c) => (c.id === 'name' ? { ...c, sortable: false } : c));
    renderAccounts({ columns });
    expect(within(header('Name')).queryByRole('button')).toBeNull();
    expect(header('Name').getAttribute('aria-sort')).toBeNull();
  });
});

describe('filtering', () => {
  it('global search matches any visible column, case-insensitively', () => {
    const { container } = renderAccounts();
    search('BETA');
    expect(renderedIds(container)).toEqual(['a2', 'a5']);
    search('disabled');
    expect(renderedIds(container)).toEqual(['a2', 'a4']);
    search('1000');
    expect(renderedIds(container)).toEqual(['a3']);
    expect(screen.getByTestId('table-count').textContent).toBe('1 of 5 rows');
  });

  it('global search ignores hidden columns', () => {
    const { container } = renderAccounts();
    search('zhao'); // only in the Owner column, hidden by default
    expect(renderedIds(container)).toEqual([]);
    expect(container.querySelector('[data-state="no-match"]')).not.toBeNull();
  });

  it('text column filter narrows rows and combines with the search', () => {
    const { container } = renderAccounts();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter "Name"' }), { target: { value: 'ta' } });
    expect(renderedIds(container)).toEqual(['a2', 'a4', 'a5']);
    search('two');
    expect(renderedIds(container)).toEqual(['a5']);
  });

  it('select column filter matches the option value exactly', () => {
    const { container } = renderAccounts();
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter "Status"' }), { target: { value: 'ACTIVE' } });
    expect(renderedIds(container)).toEqual(['a1', 'a3', 'a5']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter "Status"' }), { target: { value: '' } });
    expect(renderedIds(container)).toHaveLength(5);
  });

  it('a chosen option stays chosen when the columns are built again in another language', () => {
    const worded = (active: string, disabled: string): DataColumn<Account>[] => [
      accountColumns[0]!,
      { id: 'status', header: 'Status', value: (row) => (row.status === 'ACTIVE' ? active : disabled),
        filter: { options: [{ value: active, key: 'ACTIVE', label: active }, { value: disabled, key: 'DISABLED', label: disabled }] } },
    ];
    const table = (columns: DataColumn<Account>[]) => <DataTable<Account> viewId="test-accounts" rows={accounts} columns={columns} getRowId={accountId} height={500} />;
    const { container, rerender } = renderWithI18n(table(worded('Active', 'Disabled')));
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter "Status"' }), { target: { value: 'Disabled' } });
    const disabled = renderedIds(container);
    expect(disabled).toEqual(accounts.filter((a) => a.status === 'DISABLED').map((a) => a.id));
    rerender(table(worded('启用', '已停用')));
    expect((screen.getByRole('combobox', { name: 'Filter "Status"' }) as HTMLSelectElement).value).toBe('已停用');
    expect(renderedIds(container)).toEqual(disabled);
  });

  it('filter: false renders no filter input', () => {
    const columns = accountColumns.map((c) => (c.id === 'spend' ? { ...c, filter: false as const } : c));
    renderAccounts({ columns });
    expect(screen.queryByRole('searchbox', { name: 'Filter "Spend"' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Filter "Name"' })).toBeTruthy();
  });
});

describe('empty, loading and no-match states', () => {
  it('shows a spinner while loading with no rows', () => {
    const { container } = renderAccounts({ rows: [], loading: true });
    expect(container.querySelector('[data-state="loading"]')).not.toBeNull();
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(container.querySelector('[data-state="empty"]')).toBeNull();
  });

  it('shows the empty text when there is no data', () => {
    const { container } = renderAccounts({ rows: [], emptyText: 'No ad accounts yet' });
    expect(container.querySelector('[data-state="empty"]')).not.toBeNull();
    expect(screen.getByText('No ad accounts yet')).toBeTruthy();
    expect(container.querySelector('[data-state="loading"]')).toBeNull();
  });

  it('falls back to a default empty text', () => {
    renderAccounts({ rows: [] });
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('distinguishes "no rows match" from "no data" and can clear the filters', () => {
    const { container } = renderAccounts();
    search('no such account');
    expect(container.querySelector('[data-state="no-match"]')).not.toBeNull();
    expect(container.querySelector('[data-state="empty"]')).toBeNull();
    expect(screen.getByText('No rows match the filter')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(renderedIds(container)).toHaveLength(5);
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps rows visible while reloading', () => {
    const { container } = renderAccounts({ loading: true });
    expect(renderedIds(container)).toHaveLength(5);
    expect(container.querySelector('[data-state="loading"]')).toBeNull();
    expect(screen.getByRole('grid').getAttribute('aria-busy')).toBe('true');
  });
});

describe('selection', () => {
  it('survives filtering and sorting, and counts rows hidden by the filter', () => {
    const { container } = renderAccounts();
    fireEvent.click(rowCheckbox('a1'));
    fireEvent.click(rowCheckbox('a4'));
    expect(screen.getByTestId('table-selection').textContent).toContain('Selected: 2');

    search('beta'); // a2, a5 only: both selected rows are filtered out
    expect(renderedIds(container)).toEqual(['a2', 'a5']);
    const summary = screen.getByTestId('table-selection').textContent;
    expect(summary).toContain('Selected: 2');
    expect(summary).toContain('(2 hidden by the filter)');

    search('');
    clickSort('Spend');
    expect(renderedIds(container)[0]).toBe('a4');
    expect((rowCheckbox('a1') as HTMLInputElement).checked).toBe(true);
    expect((rowCheckbox('a4') as HTMLInputElement).checked).toBe(true);
    expect((rowCheckbox('a2') as HTMLInputElement).checked).toBe(false);
    expect(container.querySelector('[data-row-id="a4"]')?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('table-selection').textContent).not.toContain('hidden');
  });

  it('header checkbox selects only the rows of the current filtered view', () => {
    const onSelectionChange = vi.fn();
    renderAccounts({ onSelectionChange });
    fireEvent.click(rowCheckbox('a1')); // outside the coming filter
    search('beta');
    expect(selectAllCheckbox().checked).toBe(false);
    expect(selectAllCheckbox().indeterminate).toBe(false);

    fireEvent.click(selectAllCheckbox());
    let last = onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>;
    expect([...last].sort()).toEqual(['a1', 'a2', 'a5']);
    expect(selectAllCheckbox().checked).toBe(true);

    // Deselecting all in the view keeps the selection that the filter hides.
    fireEvent.click(selectAllCheckbox());
    last = onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>;
    expect([...last]).toEqual(['a1']);
  });

  it('header checkbox is indeterminate when part of the view is selected', () => {
    renderAccounts();
    fireEvent.click(rowCheckbox('a2'));
    expect(selectAllCheckbox().indeterminate).toBe(true);
    expect(selectAllCheckbox().checked).toBe(false);
    search('beta Store');
    expect(selectAllCheckbox().checked).toBe(true);
    expect(selectAllCheckbox().indeterminate).toBe(false);
  });

  it('shift-click selects the range between the last clicked row and this one, in view order', () => {
    const onSelectionChange = vi.fn();
    renderAccounts({ onSelectionChange });
    clickSort('Spend'); // a4 a2 a5 a1 a3
    fireEvent.click(rowCheckbox('a2'));
    fireEvent.click(rowCheckbox('a1'), { shiftKey: true });
    const last = onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>;
    expect([...last].sort()).toEqual(['a1', 'a2', 'a5']);
  });

  it('gives the selection in the order shown, and again when a sort changes that order', () => {
    const onSelectionChange = vi.fn();
    renderAccounts({ onSelectionChange });
    fireEvent.click(rowCheckbox('a1'));
    fireEvent.click(rowCheckbox('a2'));
    fireEvent.click(rowCheckbox('a4'));
    const inOrder = () => (onSelectionChange.mock.lastCall?.[1] as () => string[])();
    expect(inOrder()).toEqual(['a1', 'a2', 'a4']);
    const calls = onSelectionChange.mock.calls.length;
    clickSort('Spend'); // a4 a2 a5 a1 a3
    // the sort alone tells the owner again, with the new order (a name pattern's {index} counts it)
    expect(onSelectionChange.mock.calls.length).toBe(calls + 1);
    expect([...(onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>)].sort()).toEqual(['a1', 'a2', 'a4']);
    expect(inOrder()).toEqual(['a4', 'a2', 'a1']);
  });

  it('clear selection empties it', () => {
    renderAccounts();
    fireEvent.click(rowCheckbox('a1'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('table-selection')).toBeNull();
    expect((rowCheckbox('a1') as HTMLInputElement).checked).toBe(false);
  });

  it('is controlled when a selection prop is given', () => {
    const onSelectionChange = vi.fn();
    const { rerender } = renderAccounts({ selection: new Set(['a3']), onSelectionChange });
    expect((rowCheckbox('a3') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(rowCheckbox('a1'));
    expect([...(onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>)].sort()).toEqual(['a1', 'a3']);
    // The owner did not accept the change, so the table still shows its value.
    expect((rowCheckbox('a1') as HTMLInputElement).checked).toBe(false);
    rerender(
      <DataTable<Account>
        viewId="test-accounts"
        rows={accounts}
        columns={accountColumns}
        getRowId={accountId}
        selection={new Set(['a1'])}
        onSelectionChange={onSelectionChange}
      />,
    );
    expect((rowCheckbox('a1') as HTMLInputElement).checked).toBe(true);
    expect((rowCheckbox('a3') as HTMLInputElement).checked).toBe(false);
  });

  it('forgets uncontrolled selected ids whose rows left the data set', () => {
    const onSelectionChange = vi.fn();
    const { rerender } = renderAccounts({ onSelectionChange });
    fireEvent.click(rowCheckbox('a1'));
    fireEvent.click(rowCheckbox('a2'));
    rerender(
      <DataTable<Account>
        viewId="test-accounts"
        rows={accounts.slice(1)}
        columns={accountColumns}
        getRowId={accountId}
        onSelectionChange={onSelectionChange}
      />,
    );
    expect([...(onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>)]).toEqual(['a2']);
    expect(screen.getByTestId('table-selection').textContent).toContain('Selected: 1');
  });
});

describe('selection across a reload', () => {
  it('keeps uncontrolled selection while rows are cleared for a reload', () => {
    const view = (rows: Account[], loading: boolean) => (
      <DataTable<Account> viewId="reload" rows={rows} columns={accountColumns} getRowId={accountId} loading={loading} />
    );
    const { rerender } = renderWithI18n(view(accounts, false));
    fireEvent.click(rowCheckbox('a2'));
    rerender(view([], true));
    rerender(view(accounts.map((a) => ({ ...a })), false));
    expect((rowCheckbox('a2') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('table-selection').textContent).toContain('Selected: 1');
  });
});

describe('copy IDs', () => {
  it('copies the selected ids one per line, in view order, and confirms', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAccounts();
    fireEvent.click(rowCheckbox('a3'));
    fireEvent.click(rowCheckbox('a1'));
    fireEvent.click(rowCheckbox('a4'));
    search('a'); // every name contains an "a"
    clickSort('Spend');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy IDs' }));
    });
    expect(writeText).toHaveBeenCalledWith('a4\na1\na3');
    expect(await screen.findByText('Copied 3 IDs, one per line, as the table shows them')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('copies the ids in the form the table shows when the view says which (copyId)', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAccounts({ copyId: (a) => `shown-${a.id}` });
    fireEvent.click(rowCheckbox('a2'));
    fireEvent.click(rowCheckbox('a5'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy IDs' }));
    });
    expect(writeText).toHaveBeenCalledWith('shown-a2\nshown-a5');
    vi.unstubAllGlobals();
  });

  it('includes selected rows that the filter hides', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAccounts();
    fireEvent.click(rowCheckbox('a1'));
    fireEvent.click(rowCheckbox('a2'));
    search('beta');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy IDs' }));
    });
    expect(writeText).toHaveBeenCalledWith('a2\na1');
    vi.unstubAllGlobals();
  });

  it('reports a clipboard failure instead of throwing', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAccounts();
    fireEvent.click(rowCheckbox('a1'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy IDs' }));
    });
    expect(await screen.findByText('Copy failed: the clipboard is not available')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('is disabled with nothing selected', () => {
    renderAccounts();
    expect((screen.getByRole('button', { name: 'Copy IDs' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('row open', () => {
  it('opens a row on double click and on Enter for the active row', () => {
    const onRowOpen = vi.fn();
    const { container } = renderAccounts({ onRowOpen });
    const row = container.querySelector('[data-row-id="a2"]') as HTMLElement;
    fireEvent.doubleClick(within(row).getByText('beta Store'));
    expect(onRowOpen).toHaveBeenLastCalledWith(accounts[1]);

    fireEvent.click(within(row).getByText('beta Store'));
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(onRowOpen).toHaveBeenLastCalledWith(accounts[2]);
    expect(container.querySelector('[data-row-id="a3"]')?.className).toContain('tessera-dt__row--active');
  });

  it('opens a row with one click on its visible open button, selecting nothing; a table whose rows do not open has none', () => {
    const onRowOpen = vi.fn();
    const first = renderAccounts({ onRowOpen });
    fireEvent.click(screen.getByRole('button', { name: 'Open details of Delta' }));
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen).toHaveBeenLastCalledWith(accounts[3]);
    expect((rowCheckbox('a4') as HTMLInputElement).checked).toBe(false);
    // a double click does not select the words it lands on
    const row = first.container.querySelector('[data-row-id="a2"]') as HTMLElement;
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true, detail: 2 });
    row.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    first.unmount();
    renderAccounts();
    expect(screen.queryByRole('button', { name: /^Open details of/ })).toBeNull();
  });

  it('toggles the active row selection with Space', () => {
    const { container } = renderAccounts();
    fireEvent.click(within(container.querySelector('[data-row-id="a1"]') as HTMLElement).getByText('Alpha shop'));
    fireEvent.keyDown(screen.getByRole('grid'), { key: ' ' });
    expect((rowCheckbox('a1') as HTMLInputElement).checked).toBe(true);
  });
});

describe('paged mode', () => {
  const many: Account[] = Array.from({ length: 45 }, (_, i) => ({
    id: `p${i}`,
    name: `Page row ${String(i).padStart(2, '0')}`,
    status: 'ACTIVE',
    spend: i,
    owner: null,
  }));

  it('pages 20 rows at a time by default, moves between pages and keeps the page size in its scope', () => {
    const scope = memoryScope();
    const { container, unmount } = renderAccounts({ rows: many, paged: true, viewId: 'paged' }, scope.wrap);
    expect(renderedIds(container)).toHaveLength(20);
    expect(renderedIds(container)[0]).toBe('p0');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(renderedIds(container)[0]).toBe('p20');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(renderedIds(container)).toHaveLength(5);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '10' } });
    expect(renderedIds(container)).toHaveLength(10);
    expect(screen.getByText(/of 5$/)).toBeTruthy();
    expect(scope.states.paged.pageSize).toBe(10);
    expect(tableStorageKeys()).toEqual([]);

    unmount();
    const again = renderAccounts({ rows: many, paged: true, viewId: 'paged' }, scope.wrap);
    expect(renderedIds(again.container)).toHaveLength(10);
    again.unmount();
    // Outside that scope the table starts with the view's default.
    const elsewhere = renderAccounts({ rows: many, paged: true, viewId: 'paged' });
    expect(renderedIds(elsewhere.container)).toHaveLength(20);
  });

  it('returns to page 1 when the filter changes', () => {
    const { container } = renderAccounts({ rows: many, paged: true, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(renderedIds(container)[0]).toBe('p10');
    search('row 4'); // "Page row 40" .. "Page row 44"
    expect(renderedIds(container)).toEqual(['p40', 'p41', 'p42', 'p43', 'p44']);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('header checkbox selects the whole filtered view, not just the page', () => {
    const onSelectionChange = vi.fn();
    renderAccounts({ rows: many, paged: true, onSelectionChange });
    fireEvent.click(selectAllCheckbox());
    expect((onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>).size).toBe(45);
  });
});

describe('column visibility and order', () => {
  async function openColumnMenu() {
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    return screen.findByRole('group', { name: 'Show and arrange columns' });
  }

  it('hides a column, keeps it in its scope under the view id and restores it on remount', async () => {
    const scope = memoryScope();
    const first = renderAccounts({}, scope.wrap);
    const menu = await openColumnMenu();
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'Spend' }));
    expect(screen.queryByRole('columnheader', { name: /^Spend/ })).toBeNull();

    expect(scope.states['test-accounts'].columnVisibility?.spend).toBe(false);
    expect(tableStorageKeys()).toEqual([]);

    // Show the hidden-by-default Owner column too.
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'Owner' }));
    expect(header('Owner')).toBeTruthy();
    first.unmount();

    renderAccounts({}, scope.wrap);
    expect(screen.queryByRole('columnheader', { name: /^Spend/ })).toBeNull();
    expect(header('Owner')).toBeTruthy();

    // Another view id in the same scope keeps its own defaults.
    renderWithI18n(
      scope.wrap(<DataTable<Account> viewId="other" rows={accounts} columns={accountColumns} getRowId={accountId} />),
    );
    expect(screen.getAllByRole('columnheader', { name: /^Spend/ })).toHaveLength(1);
  });

  it('moves columns and keeps the order in its scope', async () => {
    const scope = memoryScope();
    const first = renderAccounts({}, scope.wrap);
    const menu = await openColumnMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Move "Spend" up' }));
    const titles = () =>
      [...document.querySelectorAll('.tessera-dt__row--titles [role="columnheader"][data-column-id]')].map((el) =>
        el.getAttribute('data-column-id'),
      );
    expect(titles()).toEqual(['name', 'spend', 'status']);
    fireEvent.click(within(menu).getByRole('button', { name: 'Move "Name" down' }));
    expect(titles()).toEqual(['spend', 'name', 'status']);
    expect(scope.states['test-accounts'].columnOrder).toEqual(['spend', 'name', 'status', 'owner']);
    first.unmount();
    renderAccounts({}, scope.wrap);
    expect(titles()).toEqual(['spend', 'name', 'status']);
    // Reset columns: back to the definitions' order and visibility.
    fireEvent.click(within(await openColumnMenu()).getByRole('button', { name: 'Reset columns' }));
    expect(titles()).toEqual(['name', 'status', 'spend']);
  });

  it('no longer reads the old per-view localStorage keys', () => {
    window.localStorage.setItem('tessera:table:test-accounts', JSON.stringify({ version: 1, visibility: { spend: false, owner: true }, order: ['owner'] }));
    const { container } = renderAccounts();
    expect(header('Spend')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /^Owner/ })).toBeNull();
    expect(renderedIds(container)).toHaveLength(5);
  });

  it('clears the filter of a column when it is hidden', async () => {
    const { container } = renderAccounts();
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter "Status"' }), { target: { value: 'DISABLED' } });
    expect(renderedIds(container)).toHaveLength(2);
    const menu = await openColumnMenu();
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'Status' }));
    await waitFor(() => expect(renderedIds(container)).toHaveLength(5));
  });
});
