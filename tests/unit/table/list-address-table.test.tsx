import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { DataTable, TableStateScope, type DataColumn, type TableViewState } from '../../../src/kernel/table';
import { ListAddressScope, type SavedViewsApi } from '../../../src/kernel/table/list-address-scope';
import type { SavedView } from '../../../protocol/api';
import { accountColumns, accountId, accounts, renderedIds, renderWithI18n, type Account } from './helpers';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The shell's part, by hand: a tab's table state and the screen's address (a history of searches).
 * With `navigations`, each navigation shown has a name, as the router's location objects do
 * (src/kernel/shell/Layout.tsx): `navigate()` names one (a write, or Back).
 */
function screenOf({ navigations = false } = {}) {
  const history: string[] = [''];
  const at = { index: 0 };
  const shown = { name: 1 };
  const navigate = () => { shown.name++; };
  const writes: { search: string; replace: boolean }[] = [];
  const states: Record<string, TableViewState> = {};
  const scope = (ui: ReactElement, { active = true, views = null as SavedViewsApi | null } = {}) => (
    <TableStateScope states={states} onChange={(viewId, state) => { states[viewId] = state; }}>
      <ListAddressScope active={active} search={history[at.index]!} views={views} entry={navigations ? String(shown.name) : undefined}
        write={(search, replace) => {
          writes.push({ search, replace });
          if (replace) history[at.index] = search;
          else { history.splice(at.index + 1); history.push(search); at.index++; }
        }}>
        {ui}
      </ListAddressScope>
    </TableStateScope>
  );
  return { history, at, writes, states, scope, navigate, get search() { return history[at.index]!; } };
}

const columns: DataColumn<Account>[] = accountColumns.map((c) => (c.id === 'spend' ? { ...c, filter: 'number' as const } : c.id === 'status'
  ? { ...c, filter: { options: [{ value: 'ACTIVE', label: 'Active', key: 'ACTIVE' }, { value: 'DISABLED', label: 'Disabled', key: 'DISABLED' }] } } : c));
const table = () => <DataTable<Account> viewId="accounts" rows={accounts} columns={columns} getRowId={accountId} height={500} />;

describe('a table on a route screen follows the address', () => {
  it('opens filtered and sorted as the address says (status shorthand, a number filter)', () => {
    const s = screenOf();
    s.history[0] = '?status=DISABLED&sort=spend:desc';
    const { container } = renderWithI18n(s.scope(table()));
    expect(renderedIds(container)).toEqual(['a2', 'a4']);
    expect((screen.getByLabelText('Filter "Status"') as HTMLSelectElement).value).toBe('DISABLED');
    expect(s.writes).toEqual([]);
  });

  it('a number filter compares; writes push a step, typing replaces it; Back restores', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = screenOf();
    const r = renderWithI18n(s.scope(table()));
    const spend = screen.getByLabelText('Filter "Spend"');
    expect(spend.getAttribute('placeholder')).toBe('>=90, 10..50');
    expect(spend.getAttribute('title')).toMatch(/>N, >=N/);
    fireEvent.change(spend, { target: { value: '>' } });
    expect(renderedIds(r.container)).toHaveLength(5); // half a comparison filters nothing yet
    r.rerender(s.scope(table()));
    fireEvent.change(spend, { target: { value: '>=75' } });
    r.rerender(s.scope(table()));
    expect(renderedIds(r.container)).toEqual(['a1', 'a3', 'a5']);
    expect(s.writes.map((w) => w.replace)).toEqual([false, true]);
    expect(s.search).toBe('?f.spend=%3E%3D75');
    // a sort is a step of its own
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Spend/ })).getByRole('button'));
    r.rerender(s.scope(table()));
    expect(s.search).toBe('?sort=spend:asc&f.spend=%3E%3D75');
    expect(s.writes.at(-1)!.replace).toBe(false);
    expect(renderedIds(r.container)).toEqual(['a5', 'a1', 'a3']);
    // Back, twice
    s.at.index--;
    r.rerender(s.scope(table()));
    expect(renderedIds(r.container)).toEqual(['a1', 'a3', 'a5']);
    s.at.index--;
    r.rerender(s.scope(table()));
    expect(renderedIds(r.container)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect((screen.getByLabelText('Filter "Spend"') as HTMLInputElement).value).toBe('');
  });

  it('Back pressed before the address showed the table\'s last step: the address leads', () => {
    const s = screenOf();
    s.history.push('?sort=spend:asc');
    s.at.index = 1;
    const r = renderWithI18n(s.scope(table()));
    const ascending = renderedIds(r.container);
    expect(ascending).not.toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    // a sort step written, and Back to the first entry before the screen is drawn with it
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Spend/ })).getByRole('button'));
    expect(s.search).toBe('?sort=spend:desc');
    expect(renderedIds(r.container)).toEqual([...ascending].reverse());
    s.at.index = 0;
    r.rerender(s.scope(table()));
    expect(renderedIds(r.container)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(s.search).toBe('');
  });

  it('Back to the very entry the table\'s last step left, before the screen showed that step: the address leads', () => {
    const s = screenOf({ navigations: true });
    s.history.push('?sort=spend:asc');
    s.at.index = 1;
    const r = renderWithI18n(s.scope(table()));
    const ascending = renderedIds(r.container);
    // a sort step written (a new entry, not shown yet) …
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Spend/ })).getByRole('button'));
    expect(s.search).toBe('?sort=spend:desc');
    expect(renderedIds(r.container)).toEqual([...ascending].reverse());
    // … then Back, to the entry it was written on: the same address as before the write, a new navigation
    s.navigate(); // the write's
    s.navigate(); // Back's
    s.at.index = 1;
    r.rerender(s.scope(table()));
    expect(renderedIds(r.container)).toEqual(ascending);
    expect(s.search).toBe('?sort=spend:asc');
  });

  it('says what a number filter takes, in Chinese too; money says USD', () => {
    const money: DataColumn<Account>[] = [...columns, { id: 'usd', header: 'Spent', value: (r) => r.spend, filter: 'number', filterNumber: (r) => r.spend, filterUsd: (r) => r.spend / 7 }];
    renderWithI18n(<DataTable<Account> viewId="m" rows={accounts} columns={money} getRowId={accountId} height={500} />, 'zh-CN');
    const spend = screen.getByLabelText('筛选“Spend”');
    expect(spend.getAttribute('placeholder')).toBe('>=90、10..50');
    expect(spend.getAttribute('title')).toMatch(/^按数字筛选：>N、>=N/);
    expect(screen.getByLabelText('筛选“Spent”').getAttribute('title')).toMatch(/末尾加 USD 则按美元比较/);
  });

  it('a kept tab shown again by a plain address keeps its state and puts it in the address', () => {
    const s = screenOf();
    s.history[0] = '?q=beta';
    const r = renderWithI18n(s.scope(table()));
    expect(renderedIds(r.container)).toEqual(['a2', 'a5']);
    // another tab is shown: this screen is hidden, the address is someone else's
    s.history.push('?q=other&sort=name:desc');
    s.at.index = 1;
    r.rerender(s.scope(table(), { active: false }));
    expect(renderedIds(r.container)).toEqual(['a2', 'a5']);
    // its tab again: a plain address
    s.history.push('');
    s.at.index = 2;
    r.rerender(s.scope(table()));
    expect(renderedIds(r.container)).toEqual(['a2', 'a5']);
    expect(s.writes.at(-1)).toEqual({ search: '?q=beta', replace: true });
  });

  it('a table in a tile (another table-state store) leaves the address alone', () => {
    const s = screenOf();
    s.history[0] = '?status=DISABLED';
    const r = renderWithI18n(s.scope(<TableStateScope states={{}} onChange={() => {}}>{table()}</TableStateScope>));
    expect(renderedIds(r.container)).toHaveLength(5);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'beta' } });
    expect(s.writes).toEqual([]);
  });

  it('?view=<name> applies the saved view, columns too; the Views menu saves the current state and names it in the address, and deletes', async () => {
    const saved: SavedView[] = [{ name: 'Big spenders', updatedAt: '2026-01-01T00:00:00.000Z',
      state: { sort: [{ id: 'spend', desc: true }], filters: { spend: '>=75' }, columnOrder: ['spend', 'name', 'status', 'owner'], columnVisibility: { owner: true } } }];
    const views: SavedViewsApi = {
      list: vi.fn(async () => saved),
      save: vi.fn(async (_list: string, name: string, state) => ({ name, state, updatedAt: '2026-01-02T00:00:00.000Z' })),
      remove: vi.fn(async () => {}),
    };
    const s = screenOf();
    s.history[0] = '?view=Big+spenders';
    const r = renderWithI18n(s.scope(table(), { views }));
    await act(async () => {});
    r.rerender(s.scope(table(), { views }));
    expect(views.list).toHaveBeenCalledWith('accounts');
    expect(renderedIds(r.container)).toEqual(['a3', 'a1', 'a5']);
    expect([...r.container.querySelectorAll('[role="columnheader"][data-column-id]')].map((h) => h.getAttribute('data-column-id'))).toEqual(['spend', 'name', 'status', 'owner']);
    expect(screen.getByRole('columnheader', { name: /^Owner/ })).toBeTruthy();
    expect(s.search).toBe('?view=Big+spenders&sort=spend:desc&f.spend=%3E%3D75');
    expect(s.writes.at(-1)!.replace).toBe(true);
    // a change drops the view's name
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'a' } });
    r.rerender(s.scope(table(), { views }));
    expect(s.search).toBe('?q=a&sort=spend:desc&f.spend=%3E%3D75');
    // a name the user has no view of: the list stays as it is
    s.history.push('?view=Nope');
    s.at.index = s.history.length - 1;
    r.rerender(s.scope(table(), { views }));
    await act(async () => {});
    r.rerender(s.scope(table(), { views }));
    expect(s.search).toBe('?q=a&sort=spend:desc&f.spend=%3E%3D75');

    // the Views menu: the saved views (the address names none now), and "save as"
    fireEvent.click(screen.getByTestId('views-button'));
    expect(await screen.findByText('Big spenders')).toBeTruthy();
    fireEvent.change(screen.getByTestId('view-name'), { target: { value: ' Mine ' } });
    expect(screen.getByTestId('view-save').textContent).toBe('Save');
    await act(async () => { fireEvent.click(screen.getByTestId('view-save')); });
    expect(views.save).toHaveBeenCalledWith('accounts', 'Mine', {
      q: 'a', sort: [{ id: 'spend', desc: true }], filters: { spend: '>=75' },
      columnOrder: ['spend', 'name', 'status', 'owner'], columnVisibility: expect.objectContaining({ owner: true, name: true }),
    });
    r.rerender(s.scope(table(), { views }));
    expect(s.search).toBe('?view=Mine&q=a&sort=spend:desc&f.spend=%3E%3D75');
    expect(s.writes.at(-1)!.replace).toBe(true);

    // deleting the view the address names takes its name out of the address
    saved.push({ name: 'Mine', updatedAt: '2026-01-02T00:00:00.000Z', state: {} });
    fireEvent.click(screen.getByTestId('views-button'));
    const mine = await screen.findByRole('button', { name: 'Delete the view "Mine"' });
    await act(async () => { fireEvent.click(mine); });
    expect(views.remove).toHaveBeenCalledWith('accounts', 'Mine');
    r.rerender(s.scope(table(), { views }));
    expect(s.search).toBe('?q=a&sort=spend:desc&f.spend=%3E%3D75');
    expect(screen.queryByRole('button', { name: 'Delete the view "Mine"' })).toBeNull();
  });
});
