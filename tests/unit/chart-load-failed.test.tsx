// A chart whose ECharts code cannot be fetched (offline, or a new version replaced the chunks) says so
// in the operator's language and offers a retry, instead of pulsing as a placeholder for ever.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { CHART_SETTLE_MS, Chart } from '../../src/kernel/shell/Chart';
import { createI18n } from '../../src/kernel/i18n';

const fetchState = vi.hoisted(() => ({ fail: true, attempts: 0 }));
const init = vi.fn(() => ({ setOption: () => {}, resize: () => {}, dispose: () => {} }));
vi.mock('../../src/kernel/shell/dashboard/echarts-parts', () => {
  fetchState.attempts += 1;
  if (fetchState.fail) throw new TypeError('Failed to fetch dynamically imported module: /assets/echarts-parts-x1.js');
  return { init };
});

class SeenObserver {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) { this.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], this as unknown as IntersectionObserver); }
  disconnect() {}
}

beforeEach(() => { vi.stubGlobal('IntersectionObserver', SeenObserver); vi.spyOn(console, 'error').mockImplementation(() => {}); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

async function renderChart(locale: 'en-US' | 'zh-CN') {
  const i18n = await createI18n([], locale);
  render(<I18nextProvider i18n={i18n}><Chart option={{ series: [] }} height={200} label="Spend by currency" /></I18nextProvider>);
}

// The module registry keeps a module once it loaded (a failed load is asked for again, as a browser
// does): the test that ends with ECharts loaded comes last.
describe('a chart whose code cannot be loaded', () => {
  it('words the failure in Chinese for a Chinese page', async () => {
    fetchState.fail = true;
    await renderChart('zh-CN');
    await act(() => new Promise((r) => setTimeout(r, CHART_SETTLE_MS + 50)));
    expect(await screen.findByText('图表没能加载，请检查网络后重试。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
  it('says so with a retry, and draws once the retry loads it', async () => {
    fetchState.fail = true;
    await renderChart('en-US');
    await act(() => new Promise((r) => setTimeout(r, CHART_SETTLE_MS + 50)));
    const message = await screen.findByText('The chart could not be loaded. Check your connection and retry.');
    const box = screen.getByRole('group', { name: 'Spend by currency' });
    expect(box.contains(message)).toBe(true);
    expect(box.className).not.toContain('bp6-skeleton'); // no placeholder pulsing for ever
    expect(init).not.toHaveBeenCalled();

    fetchState.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => new Promise((r) => setTimeout(r, CHART_SETTLE_MS + 50)));
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.getByRole('img', { name: 'Spend by currency' })).toBeTruthy();
  });

});
