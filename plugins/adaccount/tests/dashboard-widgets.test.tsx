import { describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel, TEST_IDENTITY } from '../../../tests/harness/render-with-kernel';
import { inlinePlugin } from '../../../tests/harness/inline-plugin';
import adaccount from '..';
import { CACHE_KEY } from '../views/AccountList';
import { formatAmount, moneyTotals } from '../widgets/money-totals';
import { ADACCOUNT_CACHE_KEY } from '../widgets/keys';
import type { AdAccount } from '../types';
import { cached, identityKey } from '../../../src/kernel/store/ttl-cache';

/** The list as the area caches it for the test page's social account. */
const KEY = identityKey(CACHE_KEY, TEST_IDENTITY.id);

configure({ asyncUtilTimeout: 5000 }); // routes and widgets load their code lazily; a busy CI machine is slow

const board = inlinePlugin({ id: 'dashboard', order: 0, routes: [{ path: '/dashboard/index', component: async () => ({ default: (await import('../../../src/kernel/shell/WidgetBoard')).WidgetBoard }) }] });
const acc = (id: string, currency: string, spent: string, balance: string, ratio?: number, status = 1) =>
  ({ id, name: id, account_status: status, currency, amount_spent: spent, balance, account_currency_ratio_to_usd: ratio }) as unknown as AdAccount;

describe('the ad-account widget', () => {
  it('sums spend and balance per currency and in dollars, leaving out accounts without a ratio', () => {
    const t = moneyTotals([acc('a', 'USD', '1050', '200', 1), acc('b', 'usd', '50', '0', 1), acc('c', 'JPY', '15000', '3000', 150), acc('d', 'EUR', '100', '100')]);
    expect(t.byCurrency).toEqual([
      { currency: 'JPY', spent: 15000, balance: 3000, accounts: 1, spentUsd: 100, balanceUsd: 20 },
      { currency: 'USD', spent: 11, balance: 2, accounts: 2, spentUsd: 11, balanceUsd: 2 },
      { currency: 'EUR', spent: 1, balance: 1, accounts: 1, spentUsd: 0, balanceUsd: 0 },
    ]);
    expect(t.usd).toEqual({ spent: 111, balance: 22 });
    expect(t.withoutRatio).toBe(1);
  });

  it('formats amounts in their currency, and the widget reads the list view\'s cache key', () => {
    expect(formatAmount(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatAmount(1234.5, 'XYZ1', 'en-US')).toBe('1,234.50 XYZ1'); // as the list writes it
    expect(formatAmount(5000, 'COP', 'zh-CN')).toBe('COL$5,000'); // one sign per currency, in either language
    expect(formatAmount(5, 'USD', 'zh-CN')).toBe('$5');
    expect(formatAmount(3, '?', 'en-US')).toBe('3');
    expect(ADACCOUNT_CACHE_KEY).toBe(CACHE_KEY);
  });

  it('offers to load while the list is not cached, and shows the figures once the area caches it (no load of its own)', async () => {
    const { store } = await renderWithKernel({ plugins: [board, adaccount], locale: 'en-US' });
    await waitFor(() => expect(document.querySelector('[data-widget="adaccount.byStatus"]')?.textContent).toContain('Load ad accounts'));
    // Three cards offer the load (figures, spend chart, status history); none loaded by itself.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Load ad accounts' })).toHaveLength(3));
    act(() => { store.setRow('cache', KEY, { json: JSON.stringify([acc('a', 'USD', '1050', '200', 1), acc('c', 'JPY', '15000', '3000', 150, 2)]), expires: Date.now() + 60_000 }); });
    const usd = await screen.findByTestId('widget-adaccount-usd');
    expect(usd.textContent).toContain('$110.50');
    expect(usd.textContent).toContain('$22'); // one way of writing money everywhere: a whole amount as the list writes it
    expect(within(screen.getByTestId('widget-adaccount-by-status')).getByText('2 accounts')).toBeTruthy();

    // What needs attention, each opening the list filtered to it.
    const attention = screen.getByTestId('widget-adaccount-attention');
    expect(attention.querySelector('[data-status="DISABLED"]')!.getAttribute('data-count')).toBe('1');
    expect(attention.querySelector('[data-status="UNSETTLED"]')!.getAttribute('data-count')).toBe('0');

    act(() => { store.setRow('cache', KEY, { json: '[]', expires: Date.now() + 60_000 }); });
    await waitFor(() => expect(document.querySelector('[data-widget="adaccount.byStatus"]')?.textContent).toContain('The list is loaded and has no ad accounts.'));
  });

  it('says the list is loading while an area loads it, then counts a big list (20,000 accounts, kept beside the store)', async () => {
    // The charts stay below the fold here (jsdom draws no canvas).
    vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} });
    try {
    const { store } = await renderWithKernel({ plugins: [board, adaccount], locale: 'en-US' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Load ad accounts' })).toHaveLength(3));
    // An area's list view loads the key (as use-area-list does, through the cache).
    let finish!: (rows: AdAccount[]) => void;
    let load!: Promise<AdAccount[]>;
    act(() => { load = cached(store, KEY, () => new Promise<AdAccount[]>((resolve) => { finish = resolve; })); });
    await waitFor(() => expect(screen.getAllByTestId('widget-list-loading').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryAllByRole('button', { name: 'Load ad accounts' }).length).toBeLessThan(3);
    const big = Array.from({ length: 20_000 }, (_, i) => acc(`act_${i}`, 'USD', '100', '0', 1, i % 10 === 0 ? 2 : 1));
    await act(async () => { finish(big); await load; });
    expect(store.getCell('cache', KEY, 'json')).toBeUndefined(); // a big list is no JSON string
    await waitFor(() => expect(within(screen.getByTestId('widget-adaccount-by-status')).getByText('20,000 accounts')).toBeTruthy());
    expect(screen.getByTestId('widget-adaccount-attention').querySelector('[data-status="DISABLED"]')!.getAttribute('data-count')).toBe('2000');
    expect(screen.queryAllByTestId('widget-list-loading')).toHaveLength(0);
    } finally { vi.unstubAllGlobals(); }
  });

  it('says why the area\'s last load failed and opens the area to try again; a load its view gave up on is no failure', async () => {
    vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} });
    try {
      const { store } = await renderWithKernel({ plugins: [board, adaccount], locale: 'en-US' });
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'Load ad accounts' })).toHaveLength(3));
      // A view that closes mid-load aborts it: the widgets go back to offering the load.
      const gaveUp = new AbortController();
      await act(async () => {
        gaveUp.abort();
        await cached(store, KEY, () => Promise.reject(new Error('aborted')), { signal: gaveUp.signal }).catch(() => {});
      });
      expect(screen.queryAllByTestId('widget-list-failed')).toHaveLength(0);
      await act(async () => {
        await cached(store, KEY, () => Promise.reject(new Error('Session expired, log in to Facebook again <b>now</b>'))).catch(() => {});
      });
      const failed = await screen.findAllByTestId('widget-list-failed');
      expect(failed).toHaveLength(3);
      expect(failed[0].textContent).toContain('The list could not be loaded: Session expired, log in to Facebook again <b>now</b>');
      expect(failed[0].querySelector('b')).toBeNull(); // platform text stays text
      fireEvent.click(within(failed[0]).getByRole('button', { name: 'Open the area to try again' }));
      await waitFor(() => expect(screen.queryByTestId('widget-board')).toBeNull()); // the ad-account area replaced the board
    } finally { vi.unstubAllGlobals(); }
  });
});
