import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel, TEST_IDENTITY } from '../harness/render-with-kernel';
import { identityKey } from '../../src/kernel/store/ttl-cache';
import { inlinePlugin } from '../harness/inline-plugin';
import { useCachedList, type WidgetProps } from '../../src/kernel';
import { useLocation } from 'react-router';
import { addressOfFilter } from '../../src/kernel/shell/WidgetBoard';

configure({ asyncUtilTimeout: 5000 }); // widgets load their code lazily; a busy CI machine is slow

const board = inlinePlugin({ id: 'dashboard', order: 0, routes: [{ path: '/dashboard/index', component: async () => ({ default: (await import('../../src/kernel/shell/WidgetBoard')).WidgetBoard }) }] });

/** A test area whose widget counts its cached list and offers to open the area filtered. */
function CountWidget({ open }: WidgetProps) {
  const list = useCachedList<{ id: string; odd: boolean }>('probe:list');
  if (!list) return <button type="button" onClick={() => open('/probe/index')}>Load probes</button>;
  return <button type="button" data-testid="probe-odd" onClick={() => open('/probe/index', { odd: 'true' })}>{list.filter((r) => r.odd).length} odd</button>;
}
const loads = vi.fn();
function ProbeArea() {
  loads();
  const location = useLocation();
  return <p data-testid="probe-area">{location.pathname}{location.search}</p>;
}
const probeSpec = {
  id: 'probe',
  routes: [{ path: '/probe/index', component: async () => ({ default: ProbeArea }) }],
  widgets: [{ name: 'count', titleKey: 'widgets.count.title', component: async () => ({ default: CountWidget }) }],
  locales: { 'zh-CN': { title: '探针', widgets: { count: { title: '探针数量' } } }, 'en-US': { title: 'Probes', widgets: { count: { title: 'Probe count' } } } },
};
const probe = inlinePlugin(probeSpec);
const hidden = inlinePlugin({
  id: 'hidden',
  routes: [{ path: '/hidden/index', component: async () => ({ default: () => <p>hidden area</p> }) }],
  widgets: [{ name: 'secret', titleKey: 'title', component: async () => ({ default: () => <p>secret widget</p> }) }],
  locales: { 'zh-CN': { title: '隐藏' }, 'en-US': { title: 'Hidden' } },
});

afterEach(() => loads.mockReset());

describe('widgets contributed by plugins', () => {
  it('shows a test plugin\'s widget in the common frame; it reads the cache only and follows it as the area writes it', async () => {
    const { store } = await renderWithKernel({ plugins: [board, probe, hidden], enabled: ['dashboard', 'probe'], locale: 'en-US' });
    const card = await waitFor(() => {
      const el = document.querySelector('[data-widget="probe.count"]') as HTMLElement | null;
      expect(el).not.toBeNull();
      return el!;
    });
    expect(card.querySelector('.tessera-widget-title')!.textContent).toBe('Probe count');
    await within(card).findByRole('button', { name: 'Load probes' });
    expect(loads).not.toHaveBeenCalled(); // the widget never loads the area by itself

    // The disabled plugin's widget is gone with it, as its route is.
    expect(document.querySelector('[data-widget="hidden.secret"]')).toBeNull();
    expect(screen.queryByText('secret widget')).toBeNull();

    // The list as another social account read it is not this one's.
    act(() => { store.setRow('cache', identityKey('probe:list', '61550000000999'), { json: JSON.stringify([{ id: 'z', odd: true }]), expires: Date.now() + 60_000 }); });
    const key = identityKey('probe:list', TEST_IDENTITY.id);
    act(() => { store.setRow('cache', key, { json: JSON.stringify([{ id: 'a', odd: true }, { id: 'b', odd: false }, { id: 'c', odd: true }]), expires: Date.now() + 60_000 }); });
    expect((await within(card).findByTestId('probe-odd')).textContent).toBe('2 odd');
    act(() => { store.setRow('cache', key, { json: JSON.stringify([{ id: 'a', odd: true }]), expires: Date.now() + 60_000 }); });
    await waitFor(() => expect(within(card).getByTestId('probe-odd').textContent).toBe('1 odd'));
    // An expired entry counts as not cached.
    act(() => { store.setRow('cache', key, { json: '[]', expires: Date.now() - 1 }); });
    await within(card).findByRole('button', { name: 'Load probes' });
  });

  it('a widget opens its area', async () => {
    await renderWithKernel({ plugins: [board, probe], locale: 'en-US' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load probes' }));
    expect(await screen.findByTestId('probe-area')).toBeTruthy();
  });

  it('a figure opens its area\'s list filtered, in the list\'s address form (f.<column>)', async () => {
    const { store } = await renderWithKernel({ plugins: [board, probe], locale: 'en-US' });
    act(() => { store.setRow('cache', identityKey('probe:list', TEST_IDENTITY.id), { json: JSON.stringify([{ id: 'a', odd: true }]), expires: Date.now() + 60_000 }); });
    fireEvent.click(await screen.findByTestId('probe-odd'));
    expect((await screen.findByTestId('probe-area')).textContent).toBe('/probe/index?f.odd=true');
    expect(addressOfFilter({ status: 'DISABLED' })).toBe('?status=DISABLED');
    expect(addressOfFilter({ cap_used_pct: '>=90', q: 'acme' })).toBe('?q=acme&f.cap_used_pct=%3E%3D90');
  });

  it('an admin policy that disables every area leaves only the kernel\'s own card', async () => {
    await renderWithKernel({ plugins: [board, probe, hidden], enabled: ['dashboard'], locale: 'zh-CN' });
    expect(await screen.findByTestId('jobs-chart')).toBeTruthy();
    expect(document.querySelectorAll('[data-widget]')).toHaveLength(0);
    expect(screen.getByTestId('jobs-chart').textContent).toContain('还没有批量任务');
  });

  it('shows every plugin\'s figures before any chart, whatever the plugins\' order', async () => {
    const charts = inlinePlugin({
      id: 'charts', order: 1,
      routes: [{ path: '/charts/index', component: async () => ({ default: () => <p>charts area</p> }) }],
      widgets: [
        { name: 'trend', titleKey: 'title', chart: true, component: async () => ({ default: () => <p>trend chart</p> }) },
        { name: 'total', titleKey: 'title', component: async () => ({ default: () => <p>total figure</p> }) },
      ],
      locales: { 'zh-CN': { title: '图表' }, 'en-US': { title: 'Charts' } },
    });
    const later = inlinePlugin({ ...probeSpec, order: 2 });
    await renderWithKernel({ plugins: [board, charts, later], locale: 'en-US' });
    await waitFor(() => expect(document.querySelector('[data-widget="probe.count"]')).not.toBeNull());
    const order = [...document.querySelectorAll('[data-widget]')].map((el) => el.getAttribute('data-widget'));
    expect(order.slice(0, 3)).toEqual(['charts.total', 'probe.count', 'charts.trend']);
  });
});
