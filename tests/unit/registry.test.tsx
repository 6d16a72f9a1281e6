import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createRegistry, usablePlugins } from '../../src/kernel/plugin/registry';
import { definePlugin, verbToFile } from '../../src/kernel/plugin/define-plugin';
import type { PluginBindings } from '../../src/kernel/plugin/types';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import alpha from '../fixtures/plugins/alpha';
import beta from '../fixtures/plugins/beta';

const locales = { 'zh-CN': { title: '甲' }, 'en-US': { title: 'A' } };
const screenOf = (text: string) => () => Promise.resolve({ default: () => <p>{text}</p> });

function manifest(id: string, extra: Record<string, unknown> = {}) {
  return { id, titleKey: 'title', icon: 'cube', order: 1, routes: [{ name: 'index', path: `/${id}/index`, titleKey: 'title' }], ...extra };
}
function bindings(id: string, extra: Partial<PluginBindings> = {}): PluginBindings {
  return { routes: { index: screenOf(`${id} screen`) }, locales, ...extra };
}
const plugin = (id: string, extra: Record<string, unknown> = {}, bound: Partial<PluginBindings> = {}) => ({ default: definePlugin(manifest(id, extra), bindings(id, bound)) });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('plugin registry', () => {
  it('loads valid manifests in menu order', () => {
    const reg = createRegistry({ a: plugin('zeta', { order: 5 }), b: plugin('eta', { order: 2 }) });
    expect(reg.refused).toEqual([]);
    expect(reg.plugins.map((p) => p.id)).toEqual(['eta', 'zeta']);
    expect(reg.plugins[0].roles).toEqual(['*']);
  });

  it('refuses an invalid manifest with a readable reason and keeps the rest', () => {
    const errors = quiet();
    const bad = { default: definePlugin({ ...manifest('bad'), routes: [{ name: 'index', path: 'no-slash', titleKey: 'title' }] }, bindings('bad')) };
    const reg = createRegistry({ good: plugin('good'), bad, junk: { default: 42 } });
    expect(reg.plugins.map((p) => p.id)).toEqual(['good']);
    expect(reg.refused).toHaveLength(2);
    expect(reg.refused.find((r) => r.id === 'bad')?.message).toMatch(/path/);
    expect(reg.refused.find((r) => r.source === 'junk')?.message).toMatch(/definePlugin/);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('matches every declaration with its code, both ways', () => {
    quiet();
    const reg = createRegistry({
      noCode: plugin('nocode', { views: [{ name: 'list' }] }),
      noDecl: plugin('nodecl', {}, { views: { list: screenOf('x') } }),
      noAction: plugin('noaction', { actions: [{ verb: 'addUser', target: 'adaccount', idempotent: false, lane: 'graph' }] }),
      helper: plugin('helper', {}, { actions: { './actions/shared.ts': async () => ({}) } }),
      ok: plugin('ok', { actions: [{ verb: 'addUser', target: 'adaccount', idempotent: false, lane: 'graph' }] }, { actions: { './actions/add-user.ts': async () => ({}) } }),
    });
    expect(reg.plugins.map((p) => p.id)).toEqual(['ok']);
    const messages = reg.refused.map((r) => `${r.id}: ${r.message}`).join('\n');
    expect(messages).toMatch(/nocode: view "list" is declared in plugin.json but index.ts binds no code to it/);
    expect(messages).toMatch(/nodecl: index.ts binds view "list", which plugin.json does not declare/);
    expect(messages).toMatch(/noaction: action ".\/actions\/add-user.ts" is declared/);
    expect(messages).toMatch(/helper: index.ts binds action ".\/actions\/shared.ts"/);
    expect(verbToFile('removeHiddenAdmins')).toBe('remove-hidden-admins');
  });

  it('derives an action\'s id, title key and schema from the plugin id and its verb; loads its code only when asked', async () => {
    const load = vi.fn(async () => ({ default: { id: 'ok.addUser', run: async () => 'done' } }));
    const reg = createRegistry({ ok: plugin('ok', { actions: [{ verb: 'addUser', target: 'adaccount', idempotent: false, lane: 'graph' }] }, { actions: { './actions/add-user.ts': load } }) });
    const [action] = reg.plugins[0].actions;
    expect(action).toMatchObject({ id: 'ok.addUser', titleKey: 'actions.addUser.title', schema: null, pluginId: 'ok', operations: [] });
    expect(load).not.toHaveBeenCalled();
    const handlers = await action.load();
    await action.load();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await handlers.run({ id: 'x' }, {}, {} as never)).toBe('done');
  });

  it('refuses an action module bound to another id when it loads', async () => {
    const reg = createRegistry({ ok: plugin('ok', { actions: [{ verb: 'go', target: 'adaccount', idempotent: true, lane: 'graph' }] }, { actions: { './actions/go.ts': async () => ({ default: { id: 'ok.stop', run: async () => null } }) } }) });
    await expect(reg.plugins[0].actions[0].load()).rejects.toThrow(/bound to "ok.go" declares "ok.stop"/);
  });

  it('refuses an action on an unknown lane, a lane that clashes, and a lane with bad steps — at registration', () => {
    quiet();
    const action = (lane: string) => ({ actions: [{ verb: 'go', target: 'adaccount', idempotent: true, lane }] });
    const code = { actions: { './actions/go.ts': async () => ({}) } };
    const reg = createRegistry({
      a: plugin('unknownlane', action('nowhere'), code),
      b: plugin('ownlane', { ...action('own-lane'), lanes: { 'own-lane': { concurrency: 1, spacingMs: 100 } } }, code),
      c: plugin('clash', { lanes: { 'own-lane': { concurrency: 1, spacingMs: 100 } } }),
      d: plugin('kernelclash', { lanes: { graph: { concurrency: 1, spacingMs: 100 } } }),
      e: plugin('badjitter', { lanes: { 'slow-lane': { concurrency: 1, spacingMs: 0, jitter: [{ ms: [5, 1] }] } } }),
    });
    expect(reg.plugins.map((p) => p.id)).toEqual(['ownlane']);
    const messages = reg.refused.map((r) => `${r.id}: ${r.message}`).join('\n');
    expect(messages).toMatch(/unknownlane: action "unknownlane.go" names the unknown lane "nowhere"/);
    expect(messages).toMatch(/clash: lane "own-lane" is already declared by ownlane/);
    expect(messages).toMatch(/kernelclash: lane "graph" is already declared by kernel/);
    expect(messages).toMatch(/badjitter: lane "slow-lane"/);
    expect(reg.plugins[0].lanes['own-lane']).toEqual({ concurrency: 1, spacingMs: 100 });
  });

  it('refuses duplicate plugin ids, routes and actions, and row types outside the contract', () => {
    quiet();
    const go = { actions: [{ verb: 'go', target: 'adaccount', idempotent: true, lane: 'graph' }] };
    const code = { actions: { './actions/go.ts': async () => ({}) } };
    const reg = createRegistry({
      '1': plugin('one'),
      '2': plugin('one'),
      '3': { default: definePlugin({ ...manifest('two'), routes: [{ name: 'index', path: '/one/index', titleKey: 'title' }] }, bindings('two')) },
      '4': plugin('three', { actions: [...go.actions, ...go.actions] }, code),
      '5': plugin('four', { views: [{ name: 'list', rowType: 'bm' }] }, { views: { list: screenOf('x') } }),
    });
    expect(reg.plugins.map((p) => p.id)).toEqual(['one']);
    const messages = reg.refused.map((r) => r.message).join('\n');
    expect(messages).toMatch(/duplicate plugin id "one"/);
    expect(messages).toMatch(/duplicate route "\/one\/index"/);
    expect(messages).toMatch(/action ".\/actions\/go.ts" is declared twice/);
    expect(messages).toMatch(/rowType/);
  });

  it('computes what a role may use: manifest roles ∩ enabled ids', () => {
    const reg = createRegistry({ a: plugin('open'), b: plugin('admins', { roles: ['admin'] }), c: plugin('off') });
    expect(usablePlugins(reg.plugins, 'user', null).map((p) => p.id).sort()).toEqual(['off', 'open']);
    expect(usablePlugins(reg.plugins, 'admin', null).map((p) => p.id).sort()).toEqual(['admins', 'off', 'open']);
    expect(usablePlugins(reg.plugins, 'admin', ['open', 'admins']).map((p) => p.id).sort()).toEqual(['admins', 'open']);
  });

  it('shows refused plugins in the UI while the others work', async () => {
    quiet();
    await renderWithKernel({ plugins: [alpha, beta, { id: 'Broken!' }], route: '/alpha/index', locale: 'en-US' });
    expect(await screen.findByText(/Some plugins could not load \(1\)/)).toBeTruthy();
    expect(await screen.findByTestId('alpha-view')).toBeTruthy();
  });

  it('shows the widgets of usable plugins on the dashboard, and none of a disabled plugin', async () => {
    const widget = (text: string) => async () => ({ default: () => <p>{text}</p> });
    const home = inlinePlugin({ id: 'dashboard', order: 0, routes: [{ path: '/dashboard/index', component: async () => ({ default: (await import('../../src/kernel/shell/WidgetBoard')).WidgetBoard }) }] });
    const on = inlinePlugin({ id: 'onarea', widgets: [{ name: 'count', titleKey: 'title', component: widget('on widget body') }] });
    const off = inlinePlugin({ id: 'offarea', widgets: [{ name: 'count', titleKey: 'title', component: widget('off widget body') }] });
    await renderWithKernel({ plugins: [home, on, off], enabled: ['dashboard', 'onarea'], route: '/dashboard/index', locale: 'en-US' });
    expect(await screen.findByText('on widget body')).toBeTruthy();
    expect(screen.queryByText('off widget body')).toBeNull();
  });
});
