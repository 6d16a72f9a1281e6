import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createRegistry, usablePlugins } from '../../src/kernel/plugin/registry';
import { renderWithKernel } from '../harness/render-with-kernel';
import alpha from '../fixtures/plugins/alpha';
import beta from '../fixtures/plugins/beta';

const locales = { 'zh-CN': { title: '甲' }, 'en-US': { title: 'A' } };
const screenOf = (text: string) => () => Promise.resolve({ default: () => <p>{text}</p> });

function plugin(id: string, extra: Record<string, unknown> = {}) {
  return { id, titleKey: 'title', icon: 'cube', order: 1, routes: [{ path: `/${id}/index`, titleKey: 'title', component: screenOf(`${id} screen`) }], locales, ...extra };
}

describe('plugin registry', () => {
  it('loads valid manifests in menu order', () => {
    const reg = createRegistry({ a: { default: plugin('zeta', { order: 5 }) }, b: { default: plugin('eta', { order: 2 }) } });
    expect(reg.refused).toEqual([]);
    expect(reg.plugins.map((p) => p.id)).toEqual(['eta', 'zeta']);
    expect(reg.plugins[0].roles).toEqual(['*']);
  });

  it('refuses an invalid manifest with a readable reason and keeps the rest', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = { ...plugin('bad'), routes: [{ path: '/bad/index', titleKey: 'title' }] }; // no component
    const reg = createRegistry({ good: { default: plugin('good') }, bad: { default: bad }, junk: { default: 42 } });
    expect(reg.plugins.map((p) => p.id)).toEqual(['good']);
    expect(reg.refused).toHaveLength(2);
    expect(reg.refused.find((r) => r.id === 'bad')?.message).toMatch(/component/);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('does not run activate of a refused plugin', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const activate = vi.fn();
    const reg = createRegistry({ x: { default: { ...plugin('x'), icon: '', activate } } });
    expect(reg.plugins).toEqual([]);
    expect(activate).not.toHaveBeenCalled();
  });

  it('refuses duplicate plugin ids, routes and action ids', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const action = (id: string) => ({ id, titleKey: 'title', target: 'x', schema: 'one.rename', idempotent: true, lane: 'graph', run: async () => null });
    const reg = createRegistry({
      '1': { default: plugin('one', { actions: [action('one.rename')] }) },
      '2': { default: plugin('one') },
      '3': { default: { ...plugin('two'), routes: [{ path: '/one/index', titleKey: 'title', component: screenOf('x') }] } },
      '4': { default: plugin('three', { actions: [action('three.go'), action('three.go')] }) },
      '5': { default: plugin('four', { actions: [action('six.go')] }) },
      '6': { default: plugin('five', { actions: [action('one.rename')] }) },
    });
    expect(reg.plugins.map((p) => p.id)).toEqual(['one']);
    const messages = reg.refused.map((r) => r.message).join('\n');
    expect(messages).toMatch(/duplicate plugin id "one"/);
    expect(messages).toMatch(/duplicate route "\/one\/index"/);
    expect(messages).toMatch(/duplicate action id "three.go"/);
    expect(messages).toMatch(/must start with "four."/);
    expect(messages).toMatch(/duplicate action id "one.rename" \(already used by one\)/);
  });

  it('computes what a role may use: manifest roles ∩ enabled ids', () => {
    const reg = createRegistry({ a: { default: plugin('open') }, b: { default: plugin('admins', { roles: ['admin'] }) }, c: { default: plugin('off') } });
    expect(usablePlugins(reg.plugins, 'user', null).map((p) => p.id).sort()).toEqual(['off', 'open']);
    expect(usablePlugins(reg.plugins, 'admin', null).map((p) => p.id).sort()).toEqual(['admins', 'off', 'open']);
    expect(usablePlugins(reg.plugins, 'admin', ['open', 'admins']).map((p) => p.id).sort()).toEqual(['admins', 'open']);
  });

  it('shows refused plugins in the UI while the others work', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithKernel({ plugins: [alpha, beta, { id: 'Broken!' }], route: '/alpha/index', locale: 'en-US' });
    expect(await screen.findByText(/Some plugins could not load \(1\)/)).toBeTruthy();
    expect(await screen.findByTestId('alpha-view')).toBeTruthy();
  });
});
