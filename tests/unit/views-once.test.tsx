// A view is declared once (plugin.json `views[]`: name, rowType, follow, route) and the kernel shows it
// both as its route's screen and as a workspace tile (issue 28, item 4); workspaces written before that
// change open the same tiles; the interest-targeting tile follows an ad-account tile.
import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { definePlugin } from '../../src/kernel/plugin/define-plugin';
import type { ViewProps } from '../../src/kernel/plugin/types';
import { firstTimeWorkspace, followedBy } from '../../src/kernel/workspace/Workspace';
import { loadCurrentWorkspace, loadWorkspace, moveLegacyWorkspaces } from '../../src/kernel/workspace/saved-workspaces';
import { createKernelStore } from '../../src/kernel/store/store';
import { renderWithKernel } from '../harness/render-with-kernel';
import stored from '../fixtures/workspace/browser-store-v3.json';

const modules = import.meta.glob('/plugins/*/index.ts', { eager: true });
const allPlugins = () => Object.values(modules).map((m) => (m as { default: unknown }).default);
const locales = { 'zh-CN': { title: '甲', views: { list: '列表' } }, 'en-US': { title: 'A', views: { list: 'List' } } };

/** A view that shows the props it was given. */
const propsView = () => Promise.resolve({
  default: (p: ViewProps) => <p data-testid="props-view">{`${p.placement} ${p.tileId} ${p.followedSelection === undefined ? 'undefined' : JSON.stringify(p.followedSelection)}`}</p>,
});

function withView(view: Record<string, unknown>, routes: Record<string, () => Promise<{ default: () => null }>> = {}) {
  return {
    default: definePlugin({
      id: 'one', titleKey: 'title', icon: 'cube', order: 1,
      routes: [{ name: 'index', path: '/one/index', titleKey: 'title' }],
      views: [{ name: 'list', rowType: 'business', ...view }],
    }, { routes, views: { list: propsView }, locales }),
  };
}

describe('a view declared once', () => {
  it('is the screen of the route it names: no route code in index.ts, the follow row type on the view', () => {
    const reg = createRegistry({ one: withView({ route: 'index', follow: { rowType: 'adaccount' } }) });
    expect(reg.refused).toEqual([]);
    const [plugin] = reg.plugins;
    expect(plugin.views[0]).toMatchObject({ id: 'one.list', rowType: 'business', follow: 'adaccount', route: '/one/index' });
    expect(plugin.routes[0].view).toBe(plugin.views[0].component);
    expect(plugin.routes[0].component).toBeUndefined();
  });

  it('refuses a route no view or code serves, an unknown route, a route of two views and a route bound twice', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const two = definePlugin({
      id: 'two', titleKey: 'title', icon: 'cube', order: 1, routes: [{ name: 'index', path: '/two/index', titleKey: 'title' }],
      views: [{ name: 'a', route: 'index' }, { name: 'b', route: 'index' }],
    }, { views: { a: propsView, b: propsView }, locales });
    const reg = createRegistry({
      none: withView({}),
      unknown: withView({ route: 'other' }),
      two: { default: two },
      twice: withView({ route: 'index' }, { index: async () => ({ default: () => null }) }),
    });
    expect(reg.plugins).toEqual([]);
    const messages = reg.refused.map((r) => `${r.source}: ${r.message}`).join('\n');
    expect(messages).toMatch(/none: route "index" is declared in plugin.json but index.ts binds no code to it/);
    expect(messages).toMatch(/unknown: view "list" names the route "other", which plugin.json does not declare/);
    expect(messages).toMatch(/two: route "index" is named by two views/);
    expect(messages).toMatch(/twice: route "index" is a view's screen/);
    errors.mockRestore();
  });

  it('on its route the view is told so, publishes as route:<path> and follows no tile', async () => {
    await renderWithKernel({ plugins: [withView({ route: 'index' }).default], route: '/one/index', locale: 'en-US' });
    expect((await screen.findByTestId('props-view', {}, { timeout: 10_000 })).textContent).toBe('route route:/one/index undefined');
  });

  it('every list area declares one view that is its index route, and has no Screen/ListView pair left', () => {
    const reg = createRegistry(modules);
    for (const id of ['adaccount', 'bm', 'page', 'pixel', 'target', 'adcomment', 'friend']) {
      const plugin = reg.plugins.find((p) => p.id === id)!;
      expect(plugin.views.map((v) => [v.id, v.route]), id).toEqual([[`${id}.list`, `/${id}/index`]]);
      expect(plugin.routes.find((r) => r.path === `/${id}/index`)?.view, id).toBe(plugin.views[0].component);
      const files = fs.readdirSync(path.resolve(__dirname, `../../plugins/${id}/views`));
      const wrapper = `${id[0].toUpperCase()}${id.slice(1)}Screen.tsx`;
      expect(files.filter((f) => f.endsWith('ListView.tsx') || f === wrapper), id).toEqual([]);
    }
    expect(Object.fromEntries(reg.plugins.flatMap((p) => p.views.filter((v) => v.follow).map((v) => [v.id, v.follow]))))
      .toEqual({ 'adaccount.list': 'business', 'page.list': 'business', 'pixel.list': 'business', 'adcomment.list': 'post', 'target.list': 'adaccount' });
  });
});

describe('following in the workspace', () => {
  const selection = (rowType: string) => ({ sourceTileId: 'x!1', rowType, ids: ['1'] });

  it('a view that declares follow receives only a selection of that row type; one without, every selection', () => {
    expect(followedBy({ follow: 'business' }, selection('business'))).toEqual(selection('business'));
    expect(followedBy({ follow: 'business' }, selection('adaccount'))).toBeNull();
    expect(followedBy({}, selection('adaccount'))).toEqual(selection('adaccount'));
    expect(followedBy({ follow: 'business' }, undefined)).toBeNull();
  });

  it('the first-time workspace: the default tile that follows the other\'s row type follows it, whatever the menu order', () => {
    const views = new Set(['bm.list', 'adaccount.list', 'kernel.jobs']);
    const bm = { id: 'bm.list', rowType: 'business' };
    const adaccount = { id: 'adaccount.list', rowType: 'adaccount', follow: 'business' };
    for (const order of [[adaccount, bm], [bm, adaccount]]) {
      const file = firstTimeWorkspace(views, order);
      const [source, main] = (file.layout as { children: string[] }).children;
      expect([file.configById[source].viewId, file.configById[main].viewId, file.configById[main].follow]).toEqual(['bm.list', 'adaccount.list', source]);
    }
  });
});

describe('workspaces saved before views were declared once', () => {
  it('open the same tiles, numbers and follows (a browser store written by the code before the change)', async () => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, JSON.stringify(value));
    const before = stored['tessera-current-workspace'].v.file;
    // the files read as they were written: same version, layout and tiles
    expect(loadCurrentWorkspace().file).toEqual(before);
    const store = createKernelStore();
    moveLegacyWorkspaces(store);
    expect(loadWorkspace(store, 'Morning')).toEqual(stored['tessera-workspaces'].v.Morning);

    await renderWithKernel({ plugins: allPlugins(), route: '/workspace/index', locale: 'en-US' });
    await waitFor(() => expect(document.querySelectorAll('.tessera-tile-body').length).toBe(Object.keys(before.configById).length), { timeout: 10_000 });
    const shown = [...document.querySelectorAll('.tessera-tile-body')].map((e) => [e.getAttribute('data-tile-id'), e.getAttribute('data-view-id')]).sort();
    expect(shown).toEqual(Object.entries(before.configById).map(([tile, c]) => [tile, c.viewId]).sort());
    expect(screen.queryByText('The plugin of this view is disabled or missing.')).toBeNull();
    expect(screen.getByText('Workspace: Morning')).toBeTruthy();
    const titles = [...document.querySelectorAll('.mosaic-window > .mosaic-window-toolbar > .mosaic-window-title')].map((e) => e.textContent).sort();
    expect(titles).toEqual(['Ad account list 1', 'Ad account list 2', 'Ad-post comments', 'Bulk jobs', 'Business list', 'Friend requests', 'Interest list', 'Page list', 'Pixel list']);
    const windowOf = (tileId: string) => document.querySelector(`[data-tile-id="${tileId}"]`)!.closest('.mosaic-window') as HTMLElement;
    for (const [tileId, config] of Object.entries(before.configById)) {
      if (!config.follow) continue;
      const title = windowOf(config.follow).querySelector(':scope > .mosaic-window-toolbar > .mosaic-window-title')!.textContent!;
      expect(within(windowOf(tileId)).getByRole('button', { name: (n) => n.endsWith(`is filtered by the selection in ${title}`) })).toBeTruthy();
    }
  });
});

describe('the interest-targeting tile', () => {
  it('follows an ad-account tile: browses the taxonomy of the first selected account', async () => {
    const adaccount = 'adaccount.list!aaa111';
    const target = 'target.list!ttt222';
    const file = {
      version: 3,
      layout: { type: 'split', direction: 'row', children: [adaccount, target], splitPercentages: [50, 50] },
      configById: { [adaccount]: { viewId: 'adaccount.list', n: 1, follow: null }, [target]: { viewId: 'target.list', n: 1, follow: adaccount } },
    };
    window.localStorage.setItem('tessera-current-workspace', JSON.stringify({ v: { name: null, file } }));
    const { bus } = await renderWithKernel({ plugins: allPlugins(), route: '/workspace/index', locale: 'en-US' });
    const tile = await waitFor(() => within(document.querySelector(`[data-tile-id="${target}"]`) as HTMLElement).getByTestId('target-area'), { timeout: 10_000 });
    expect(within(tile).getByTestId('target-tab-search').getAttribute('aria-selected')).toBe('true');
    // a selection of another row type is not the targeting tile's to follow
    act(() => bus.emit('selection:changed', { sourceTileId: adaccount, rowType: 'business', ids: ['b1'] }));
    expect(within(tile).getByTestId('target-tab-search').getAttribute('aria-selected')).toBe('true');
    act(() => bus.emit('selection:changed', { sourceTileId: adaccount, rowType: 'adaccount', ids: ['act_777', 'act_888'] }));
    await waitFor(() => expect(within(tile).getByTestId('target-tab-browse').getAttribute('aria-selected')).toBe('true'));
    expect((within(tile).getByTestId('target-browse-account') as HTMLSelectElement).value).toBe('act_777');
    expect(within(tile).getByTestId('target-browse-followed').textContent).toBe('The first of 2 ad accounts selected in the followed tile');
    act(() => bus.emit('selection:changed', { sourceTileId: adaccount, rowType: 'adaccount', ids: ['act_888'] }));
    await waitFor(() => expect((within(tile).getByTestId('target-browse-account') as HTMLSelectElement).value).toBe('act_888'));
    expect(within(tile).getByTestId('target-browse-followed').textContent).toBe('The ad account selected in the followed tile');
  });
});
