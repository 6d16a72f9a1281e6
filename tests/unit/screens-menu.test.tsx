// Every screen reachable (issue 33): an area's other screens are in the menu under the area, in the
// command palette as "go to" entries, and a link to one names it as the menu does.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { RouteLink } from '../../src/kernel/list/words';
import page from '../../plugins/page';
import bm from '../../plugins/bm';

const root = path.resolve(__dirname, '../..');
const manifests = fs.readdirSync(path.join(root, 'plugins'))
  .filter((d) => fs.existsSync(path.join(root, 'plugins', d, 'plugin.json')))
  .map((d) => JSON.parse(fs.readFileSync(path.join(root, 'plugins', d, 'plugin.json'), 'utf8')) as { id: string; hideInMenu?: boolean; routes: { path: string; menu?: boolean }[] });

const demo = {
  id: 'demo', order: 0,
  routes: [{ path: '/demo/index', component: async () => ({ default: () => <p>See <RouteLink path="/page/keywords" /></p> }) }],
  locales: { 'zh-CN': { title: '演示' }, 'en-US': { title: 'Demo' } },
};

describe('every screen is reachable', () => {
  it('every route of an area in the menu is the area\'s own entry or declared "menu": true', () => {
    const missing = manifests.filter((m) => !m.hideInMenu).flatMap((m) => m.routes.slice(1).filter((r) => r.menu !== true).map((r) => `${m.id} ${r.path}`));
    expect(missing).toEqual([]);
    expect(manifests.find((m) => m.id === 'page')!.routes.filter((r) => r.menu).map((r) => r.path)).toEqual(['/page/disable', '/page/blacklist', '/page/keywords']);
    expect(manifests.find((m) => m.id === 'bm')!.routes.filter((r) => r.menu).map((r) => r.path)).toEqual(['/bm/hidden-admins']);
  });

  it('lists the sub-screens under their area in the side menu, by their titles', async () => {
    await renderWithKernel({ plugins: [demo, page, bm], locale: 'en-US', route: '/demo/index' });
    const item = (p: string) => document.querySelector(`.tessera-sidemenu [data-menu-path="${p}"]`);
    await waitFor(() => expect(item('/page/keywords')).not.toBeNull());
    expect(item('/page/index')?.textContent).toBe('Pages');
    expect(item('/page/disable')?.textContent).toBe('Page disable');
    expect(item('/page/blacklist')?.textContent).toBe('Blacklist');
    expect(item('/page/keywords')?.textContent).toBe('Blocked keywords');
    expect(item('/bm/hidden-admins')?.textContent).toBe('BM hidden administrators');
    // in menu order, each sub-screen right after its area
    const order = [...document.querySelectorAll('.tessera-sidemenu [data-menu-path]')].map((e) => e.getAttribute('data-menu-path'));
    expect(order.indexOf('/bm/hidden-admins')).toBe(order.indexOf('/bm/index') + 1);
    expect(order.slice(order.indexOf('/page/index'), order.indexOf('/page/index') + 4)).toEqual(['/page/index', '/page/disable', '/page/blacklist', '/page/keywords']);
  });

  it('the side menu is a menu of links as Blueprint draws one: roles, the current one active, Enter follows an item', async () => {
    await renderWithKernel({ plugins: [demo, page, bm], locale: 'en-US', route: '/demo/index' });
    const item = (p: string) => document.querySelector<HTMLAnchorElement>(`.tessera-sidemenu [data-menu-path="${p}"]`);
    await waitFor(() => expect(item('/page/keywords')).not.toBeNull());
    expect(document.querySelector('.tessera-sidemenu > ul')?.getAttribute('role')).toBe('menu');
    expect(screen.getByRole('menuitem', { name: 'Blocked keywords' })).toBe(item('/page/keywords'));
    expect(item('/page/keywords')!.parentElement!.getAttribute('role')).toBe('none');
    expect(item('/demo/index')!.classList.contains('bp6-active')).toBe(true);
    expect(item('/demo/index')!.querySelector('.bp6-menu-item-icon')?.getAttribute('aria-hidden')).toBe('true');
    // no popover around any item: MenuItem's is left out with its code
    expect(document.querySelector('.tessera-sidemenu .bp6-popover-target')).toBeNull();
    fireEvent.keyDown(item('/page/keywords')!, { key: 'Enter' });
    await waitFor(() => expect(item('/page/keywords')!.classList.contains('bp6-active')).toBe(true));
    expect(item('/page/index')!.classList.contains('bp6-active')).toBe(false);
    expect(item('/demo/index')!.classList.contains('bp6-active')).toBe(false);
  });

  it('offers every menu screen in the command palette as a "go to" entry, with or without a selection', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo, page, bm], locale: 'en-US', route: '/demo/index' });
    act(() => bus.emit('palette:opened', undefined));
    const goTo = (p: string) => document.querySelector(`.bp6-omnibar [data-goto-path="${p}"]`);
    // the palette's list loads its code on the first opening (src/kernel/runner/CommandPalette.tsx)
    await waitFor(() => expect(goTo('/page/keywords')).not.toBeNull(), { timeout: 10_000 });
    expect(goTo('/page/keywords')!.textContent).toBe('Pages › Blocked keywordsGo to');
    expect(goTo('/bm/hidden-admins')!.textContent).toContain('Business managers › BM hidden administrators');
    expect(goTo('/page/index')!.textContent).toContain('Pages');
    const input = screen.getByPlaceholderText(/Go to/);
    fireEvent.change(input, { target: { value: 'blacklist' } });
    await waitFor(() => expect(goTo('/page/keywords')).toBeNull());
    expect(goTo('/page/blacklist')).not.toBeNull();
    fireEvent.change(input, { target: { value: 'keywords' } });
    await waitFor(() => expect(goTo('/page/blacklist')).toBeNull());
    fireEvent.click(goTo('/page/keywords')!);
    await waitFor(() => expect(document.querySelector('[data-screen="/page/keywords"]')).not.toBeNull());
  });

  it('keeps the actions on the selection first, then the screens', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo, page], locale: 'en-US', route: '/demo/index' });
    act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'page', ids: ['1'], items: [{ id: '1' }] }));
    act(() => bus.emit('palette:opened', undefined));
    await waitFor(() => expect(document.querySelector('.bp6-omnibar [data-action-id]')).not.toBeNull(), { timeout: 10_000 });
    const items = [...document.querySelectorAll('.bp6-omnibar [data-action-id], .bp6-omnibar [data-goto-path]')];
    const firstScreen = items.findIndex((e) => e.hasAttribute('data-goto-path'));
    expect(firstScreen).toBeGreaterThan(0);
    expect(items.slice(firstScreen).every((e) => e.hasAttribute('data-goto-path'))).toBe(true);
  });

  it('names a linked screen as the menu does, and the link opens it', async () => {
    await renderWithKernel({ plugins: [demo, page], locale: 'zh-CN', route: '/demo/index' });
    const link = await waitFor(() => {
      const a = document.querySelector('a[data-route-link="/page/keywords"]');
      expect(a).not.toBeNull();
      return a as HTMLAnchorElement;
    });
    expect(link.textContent).toBe('主页管理 › 屏蔽关键词');
    expect(link.getAttribute('href')).toBe('/page/keywords');
    fireEvent.click(link);
    await waitFor(() => expect(document.querySelector('[data-screen="/page/keywords"]')).not.toBeNull());
  });
});
