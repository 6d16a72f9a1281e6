import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../../src/kernel/table';
import { accountColumns, accountId, makeAccounts, renderedIds, renderWithI18n, type Account } from './helpers';

const ROWS = 50_000;

function scrollGridTo(grid: HTMLElement, top: number) {
  Object.defineProperty(grid, 'scrollTop', { configurable: true, value: top, writable: true });
  fireEvent.scroll(grid);
}

// Generous timeout: building the model for 50k rows in jsdom takes seconds on a busy CI box.
describe('virtualized rendering at 50,000 rows', { timeout: 30_000 }, () => {
  const rows = makeAccounts(ROWS);

  it('puts only a window of rows in the DOM and moves it on scroll', () => {
    const { container } = renderWithI18n(
      <DataTable<Account> viewId="big" rows={rows} columns={accountColumns} getRowId={accountId} />,
    );
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe(String(ROWS + 2));
    const first = renderedIds(container);
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(60);
    expect(first[0]).toBe('act_0');
    expect(screen.getByTestId('table-count').textContent).toBe(`${ROWS} rows`);

    act(() => scrollGridTo(grid, 32 * 25_000));
    const later = renderedIds(container);
    expect(later.length).toBeLessThan(60);
    expect(later).toContain('act_25000');
    expect(later).not.toContain('act_0');
    const row = container.querySelector('[data-row-id="act_25000"]') as HTMLElement;
    expect(row.getAttribute('aria-rowindex')).toBe(String(25_000 + 3));
  });

  it('sorts, filters and selects all 50,000 rows without rendering them', () => {
    const onSelectionChange = vi.fn();
    const { container } = renderWithI18n(
      <DataTable<Account>
        viewId="big"
        rows={rows}
        columns={accountColumns}
        getRowId={accountId}
        onSelectionChange={onSelectionChange}
      />,
    );
    const spend = screen.getByRole('columnheader', { name: /^Spend/ });
    fireEvent.click(within(spend).getByRole('button'));
    fireEvent.click(within(spend).getByRole('button'));
    const top = renderedIds(container)[0];
    expect(rows.find((r) => r.id === top)?.spend).toBe(Math.max(...rows.map((r) => r.spend)));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'account 4999' } });
    // "Account 4999" and "Account 49990".."Account 49999"
    expect(screen.getByTestId('table-count').textContent).toBe(`11 of ${ROWS} rows`);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows in the current view' }));
    expect((onSelectionChange.mock.lastCall?.[0] as ReadonlySet<string>).size).toBe(ROWS);
    expect(renderedIds(container).length).toBeLessThan(60);
    expect(screen.getByTestId('table-selection').textContent).toContain(`Selected: ${ROWS}`);
  });
});

describe('a sort after the table has rested', () => {
  it('gives new rows only to the rows near the viewport, not to every row the resting window held', async () => {
    const rows = makeAccounts(2_000);
    const { container } = renderWithI18n(
      <DataTable<Account> viewId="rest" rows={rows} columns={accountColumns} getRowId={accountId} />,
    );
    // At rest the window widens ahead of the viewport (QUIET_MS, then an idle callback).
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    const elements = [...container.querySelectorAll<HTMLElement>('[role="row"][data-row-id]')];
    const near = Math.ceil(600 / 32) + 8; // the 600 px test viewport and the rows rendered around it
    expect(elements.length).toBeGreaterThan(near * 2); // it did widen
    const before = new Map(elements.map((el) => [el, el.getAttribute('data-row-id')]));

    const spend = screen.getByRole('columnheader', { name: /^Spend/ });
    act(() => { fireEvent.click(within(spend).getByRole('button')); });

    const cheapest = rows.reduce((a, b) => (b.spend < a.spend ? b : a));
    await waitFor(() => expect(container.querySelector('[role="row"][aria-rowindex="3"]')?.getAttribute('data-row-id')).toBe(cheapest.id));
    // Rows left over from the earlier view keep their content until unmounted, hidden and without a row
    // id: the grid never names one row twice (a stale copy of a row was a second "Select row" checkbox).
    const stale = [...before.keys()].filter((el) => el.isConnected && el.getAttribute('aria-hidden') === 'true');
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.every((el) => !el.hasAttribute('data-row-id') && el.classList.contains('tessera-dt__row--stale'))).toBe(true);
    const ids = renderedIds(container);
    expect(new Set(ids).size).toBe(ids.length);
    const changed = [...before].filter(([el, id]) => el.isConnected && !stale.includes(el) && el.getAttribute('data-row-id') !== id);
    expect(changed.length).toBeGreaterThan(0);
    // Before the fix every row of the resting window was given its new row at once (laid out and
    // painted off screen: half the sort's time in the browser bench).
    expect(changed.length).toBeLessThanOrEqual(near);
  });
});
