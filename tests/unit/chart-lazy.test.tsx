import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { CHART_SETTLE_MS, Chart } from '../../src/kernel/shell/Chart';
import { updateSettings } from '../../src/kernel/core/settings';

const charts: { theme?: string; options: unknown[]; disposed: boolean }[] = [];
const init = vi.fn((_el: HTMLElement, theme?: string) => {
  const chart = { theme, options: [] as unknown[], disposed: false };
  charts.push(chart);
  return { setOption: (o: unknown) => chart.options.push(o), resize: () => {}, dispose: () => { chart.disposed = true; } };
});
vi.mock('../../src/kernel/shell/dashboard/echarts-parts', () => ({ init }));

/** A stand-in IntersectionObserver the test scrolls by hand. */
const observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
class FakeObserver {
  private entry: { cb: IntersectionObserverCallback; el?: Element };
  constructor(cb: IntersectionObserverCallback) { this.entry = { cb }; observers.push(this.entry); }
  observe(el: Element) { this.entry.el = el; }
  disconnect() { observers.splice(observers.indexOf(this.entry), 1); }
}
const scroll = (isIntersecting: boolean) => act(() => {
  for (const o of [...observers]) o.cb([{ isIntersecting, target: o.el! } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
});
const scrollIntoView = () => scroll(true);

beforeEach(() => { vi.stubGlobal('IntersectionObserver', FakeObserver); charts.length = 0; init.mockClear(); });
afterEach(() => { vi.unstubAllGlobals(); updateSettings({ theme: 'light' }); });

describe('the chart wrapper', () => {
  it('loads ECharts and draws only once the chart scrolls into view', async () => {
    render(<Chart option={{ series: [] }} height={200} label="Spend by currency" />);
    expect(screen.getByRole('img', { name: 'Spend by currency' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(init).not.toHaveBeenCalled(); // below the fold: no ECharts at all
    const box = screen.getByRole('img', { name: 'Spend by currency' });
    expect(box.className).toContain('bp6-skeleton'); // a placeholder that pulses, not an empty box
    scrollIntoView();
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(box.className).not.toContain('bp6-skeleton'));
    expect(charts[0].theme).toBeUndefined();
    expect(charts[0].options[0]).toMatchObject({ series: [], backgroundColor: 'transparent' });
  });

  it('does not load ECharts for a chart that only passed through the view while the page laid out', async () => {
    render(<Chart option={{ series: [] }} height={200} label="Jobs by day" />);
    scroll(true); // the widgets above it still short
    await new Promise((r) => setTimeout(r, CHART_SETTLE_MS / 2));
    scroll(false); // they grew: the chart is below the fold again
    await new Promise((r) => setTimeout(r, CHART_SETTLE_MS * 2));
    expect(init).not.toHaveBeenCalled();
    scrollIntoView(); // the operator scrolls to it
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
  });

  it('draws in the dark theme, and again when the theme changes', async () => {
    updateSettings({ theme: 'dark' });
    render(<Chart option={{}} />);
    scrollIntoView();
    await waitFor(() => expect(charts[0]?.theme).toBe('dark'));
    act(() => updateSettings({ theme: 'light' }));
    await waitFor(() => expect(charts).toHaveLength(2));
    expect(charts[0].disposed).toBe(true);
    expect(charts[1].theme).toBeUndefined();
  });

  it('imports ECharts by module: the core and the parts it uses, never the whole package', async () => {
    const { readFileSync } = await import('node:fs');
    const parts = readFileSync('src/kernel/shell/dashboard/echarts-parts.ts', 'utf8');
    const chart = readFileSync('src/kernel/shell/Chart.tsx', 'utf8');
    for (const source of [parts, chart]) expect(source).not.toMatch(/from 'echarts'|import\('echarts'\)/);
    expect(parts).toMatch(/from 'echarts\/core'/);
    expect(chart).toMatch(/import\('\.\/dashboard\/echarts-parts'\)/);
  });
});
