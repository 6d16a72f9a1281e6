import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { getItem } from '../../src/kernel/storage';
import { reloadSettings, updateSettings, DEFAULT_SETTINGS } from '../../src/kernel/core/settings';
import { Chart } from '../../src/kernel/shell/Chart';
import { render } from '@testing-library/react';
import { useState } from 'react';

const locales = (zh: string, en: string) => ({ 'zh-CN': { title: zh }, 'en-US': { title: en } });

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>{label} {n}</button>;
}
const plugins = [
  { id: 'dashboard', titleKey: 'title', icon: 'dashboard', order: 0, routes: [{ path: '/dashboard/index', titleKey: 'title', component: async () => ({ default: () => <p>home screen</p> }) }], locales: locales('工作台', 'Dashboard') },
  { id: 'kept', titleKey: 'title', icon: 'cube', order: 1, cache: true, routes: [{ path: '/kept/index', titleKey: 'title', component: async () => ({ default: () => <Counter label="kept" /> }) }], locales: locales('缓存页', 'Kept') },
  { id: 'plain', titleKey: 'title', icon: 'cube', order: 2, routes: [{ path: '/plain/index', titleKey: 'title', component: async () => ({ default: () => <Counter label="plain" /> }) }], locales: locales('普通页', 'Plain') },
  { id: 'hidden', titleKey: 'title', icon: 'cube', order: 3, hideInMenu: true, routes: [{ path: '/hidden/index', titleKey: 'title', component: async () => ({ default: () => <p>hidden screen</p> }) }], locales: locales('隐藏', 'Hidden') },
  { id: 'admin', titleKey: 'title', icon: 'key', order: 9, roles: ['admin'], routes: [{ path: '/admin/index', titleKey: 'title', component: async () => ({ default: () => <p>admin screen</p> }) }], locales: locales('管理', 'Admin') },
];

const menuTexts = () => [...document.querySelectorAll('[data-menu-id]')].map((el) => el.getAttribute('data-menu-id'));

describe('the shell', () => {
  it('builds the menu from the plugins in order, leaving hidden and role-denied ones out', async () => {
    await renderWithKernel({ plugins });
    await screen.findByText('home screen');
    expect(menuTexts()).toEqual(['dashboard', 'kept', 'plain']);
    expect(screen.getAllByText('缓存页').length).toBeGreaterThan(0);
  });

  it('switches language and theme, and remembers both', async () => {
    await renderWithKernel({ plugins });
    await screen.findByText('home screen');
    fireEvent.change(screen.getByLabelText('语言'), { target: { value: 'en-US' } });
    expect(await screen.findAllByText('Kept')).not.toHaveLength(0);
    expect(getItem('arco-locale')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    fireEvent.click(screen.getByTestId('theme-toggle'));
    await waitFor(() => expect(document.body.classList.contains('bp6-dark')).toBe(true));
    expect((getItem('tessera-settings') as { theme: string }).theme).toBe('dark');
    fireEvent.click(screen.getByTestId('theme-toggle'));
    await waitFor(() => expect(document.body.classList.contains('bp6-dark')).toBe(false));
  });

  it('shows the 404 page with retry and back for unknown paths', async () => {
    await renderWithKernel({ plugins, route: '/nowhere/at-all', locale: 'en-US' });
    expect(await screen.findByText('Whoops, this page is gone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('redirects / to the dashboard', async () => {
    await renderWithKernel({ plugins, route: '/' });
    expect(await screen.findByText('home screen')).toBeTruthy();
  });

  it('a route of a plugin the admin disabled shows the 403 page with no menu entry; a role-denied route leads to the first permitted route', async () => {
    const first = await renderWithKernel({ plugins, route: '/plain/index', enabled: ['dashboard', 'kept'], locale: 'en-US' });
    expect(await screen.findByText('This area is disabled by your administrator for your role.')).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
    expect(screen.queryByText('plain 0')).toBeNull();
    expect(menuTexts()).toEqual(['dashboard', 'kept']);
    first.unmount();
    const unknown = await renderWithKernel({ plugins, route: '/nowhere/index', enabled: ['dashboard', 'kept'], locale: 'en-US' });
    expect(await screen.findByText('Whoops, this page is gone')).toBeTruthy();
    unknown.unmount();
    await renderWithKernel({ plugins, route: '/admin/index', user: { role: 'user' } });
    expect(await screen.findByText('home screen')).toBeTruthy();
  });

  it('opens tabs, keeps cached screens alive and remounts the others', async () => {
    await renderWithKernel({ plugins, route: '/kept/index', locale: 'en-US' });
    fireEvent.click(await screen.findByText('kept 0'));
    expect(screen.getByText('kept 1')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Plain')[0]);
    fireEvent.click(await screen.findByText('plain 0'));
    expect(screen.getByText('plain 1')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Open screens' });
    expect([...tabs.querySelectorAll('[data-tab-path]')].map((t) => t.getAttribute('data-tab-path'))).toEqual(['/kept/index', '/plain/index']);
    fireEvent.click(within(tabs).getByText('Kept'));
    expect(await screen.findByText('kept 1')).toBeTruthy(); // cached: state kept
    fireEvent.click(within(tabs).getByText('Plain'));
    expect(await screen.findByText('plain 0')).toBeTruthy(); // not cached: fresh
  });

  it('the redirect helper forwards and never becomes a tab', async () => {
    await renderWithKernel({ plugins, route: '/redirect/plain/index', locale: 'en-US' });
    expect(await screen.findByText('plain 0')).toBeTruthy();
    const paths = [...screen.getByRole('navigation', { name: 'Open screens' }).querySelectorAll('[data-tab-path]')].map((t) => t.getAttribute('data-tab-path'));
    expect(paths).toEqual(['/plain/index']);
  });

  it('settings hide the tab bar, footer and menu, and persist', async () => {
    await renderWithKernel({ plugins, locale: 'en-US' });
    await screen.findByText('home screen');
    fireEvent.click(screen.getByRole('button', { name: 'Page settings' }));
    const drawer = await screen.findByTestId('settings-drawer');
    fireEvent.click(within(drawer).getByLabelText('Tab bar'));
    fireEvent.click(within(drawer).getByLabelText('Menu'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Open screens' })).toBeNull());
    expect(document.querySelector('.tessera-sidemenu')).toBeNull();
    expect((getItem('tessera-settings') as { tabBar: boolean }).tabBar).toBe(false);
    act(() => updateSettings(DEFAULT_SETTINGS));
  });

  it('shows the breadcrumb with the screen title', async () => {
    await renderWithKernel({ plugins, route: '/kept/index', locale: 'en-US' });
    await screen.findByText('kept 0');
    const crumbs = document.querySelector('.tessera-breadcrumbs')!;
    expect(crumbs.textContent).toContain('Kept');
    expect(crumbs.querySelector('[data-icon="home"]')).toBeTruthy();
  });

  it('a screen that throws shows the 500 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => { throw new Error('boom'); };
    const broken = { ...plugins[2], id: 'broken', routes: [{ path: '/broken/index', titleKey: 'title', component: async () => ({ default: Boom }) }] };
    await renderWithKernel({ plugins: [plugins[0], broken], route: '/broken/index', locale: 'en-US' });
    expect(await screen.findByText('Internal server error')).toBeTruthy();
  });

  it('a screen whose code cannot be fetched says so, and its retry fetches it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fetches = 0;
    const offline = {
      ...plugins[2], id: 'offline', routes: [{
        path: '/offline/index', titleKey: 'title',
        component: async () => {
          fetches += 1;
          if (fetches === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/OfflineScreen-x1.js');
          return { default: () => <p>offline screen</p> };
        },
      }],
    };
    await renderWithKernel({ plugins: [plugins[0], offline], route: '/offline/index', locale: 'en-US' });
    expect(await screen.findByText('This part of the page could not be loaded. Check your connection and retry.')).toBeTruthy();
    expect(screen.queryByText('Internal server error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('offline screen')).toBeTruthy();
    expect(fetches).toBe(2);
  });
});

describe('the chart wrapper', () => {
  it('fills its container by default and takes explicit sizes', () => {
    render(<Chart option={{}} />);
    const el = screen.getByTestId('tessera-chart');
    expect(el.style.width).toBe('100%');
    expect(el.style.height).toBe('100%');
    render(<Chart option={{}} width={300} height="10rem" />);
    const [, second] = screen.getAllByTestId('tessera-chart');
    expect(second.style.width).toBe('300px');
    expect(second.style.height).toBe('10rem');
  });
});

reloadSettings();
