// What needs the operator, contributed by the areas through their manifests (issue 33): the declaration
// is checked by the manifest's schema and the registry, counted by the area's code over its cached lists,
// and gathered by the dashboard with the kernel's own figure (failed or interrupted jobs).
import { describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { validateManifest } from '../../src/kernel/plugin/validate-manifest';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { definePlugin } from '../../src/kernel/plugin/define-plugin';
import type { NeedCounters, PluginNeed } from '../../src/kernel/plugin/types';
import { countNeeds, jobsNeedingOperator, neededLists, summariseNeeds } from '../../src/kernel/shell/dashboard/needs';
import { DashboardOverview } from '../../src/kernel/shell/dashboard/DashboardOverview';
import { createKernelStore } from '../../src/kernel/store/store';
import { identityKey } from '../../src/kernel/store/ttl-cache';
import { renderWithKernel, TEST_IDENTITY } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import adaccountNeeds from '../../plugins/adaccount/needs';
import { capUsedPct } from '../../plugins/adaccount/cap-columns';
import type { JobRow } from '../../src/kernel/runner/types';

configure({ asyncUtilTimeout: 5000 });

const locales = { 'zh-CN': { title: '甲', needs: { broken: '坏的' } }, 'en-US': { title: 'A', needs: { broken: 'Broken things' } } };
const base = { id: 'area', titleKey: 'title', icon: 'cube', order: 1, routes: [{ name: 'index', path: '/area/index', titleKey: 'title' }] };
const need = { name: 'broken', link: '/area/index?status=BROKEN' };
const screenCode = { index: async () => ({ default: () => null }) };
const counters = async () => ({ default: { broken: { lists: ['area:list'], count: ([l]) => (l ? l.length : null) } } satisfies NeedCounters });

describe('the needs declaration', () => {
  it('the manifest schema takes a need with its name and link, and refuses one without a link, with a bad link or intent, or naming cache keys', () => {
    expect(validateManifest({ ...base, needs: [need] })).toEqual([]);
    expect(validateManifest({ ...base, needs: [{ ...need, titleKey: 'needs.other', intent: 'danger' }] })).toEqual([]);
    expect(validateManifest({ ...base, needs: [{ name: 'broken' }] }).join()).toMatch(/link/);
    expect(validateManifest({ ...base, needs: [{ ...need, name: 'Bad name' }] }).join()).toMatch(/name/);
    expect(validateManifest({ ...base, needs: [{ ...need, lists: ['area:list'] }] }).join()).toMatch(/additional/);
    expect(validateManifest({ ...base, needs: [{ ...need, link: 'https://example.com/area' }] }).join()).toMatch(/link/);
    expect(validateManifest({ ...base, needs: [{ ...need, intent: 'primary' }] }).join()).toMatch(/intent/);
    expect(validateManifest({ ...base, needs: [{ ...need, count: 3 }] }).join()).toMatch(/additional/);
  });

  it('the registry binds the counters, derives the title key and intent, and refuses needs without code, code without needs, a need twice or a link outside the area', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ok = createRegistry({ ok: { default: definePlugin({ ...base, needs: [need] }, { routes: screenCode, needs: counters, locales }) } });
    expect(ok.refused).toEqual([]);
    expect(ok.plugins[0].needs).toEqual([{ id: 'area.broken', pluginId: 'area', name: 'broken', titleKey: 'needs.broken', link: '/area/index?status=BROKEN', intent: 'warning' }]);
    expect(ok.plugins[0].countNeeds).toBe(counters);
    const refused = createRegistry({
      nocode: { default: definePlugin({ ...base, id: 'nocode', routes: [{ ...base.routes[0], path: '/nocode/index' }], needs: [{ ...need, link: '/nocode/index' }] }, { routes: screenCode, locales }) },
      noneed: { default: definePlugin({ ...base, id: 'noneed', routes: [{ ...base.routes[0], path: '/noneed/index' }] }, { routes: screenCode, needs: counters, locales }) },
      twice: { default: definePlugin({ ...base, id: 'twice', routes: [{ ...base.routes[0], path: '/twice/index' }], needs: [{ ...need, link: '/twice/index' }, { ...need, link: '/twice/index' }] }, { routes: screenCode, needs: counters, locales }) },
      elsewhere: { default: definePlugin({ ...base, id: 'elsewhere', routes: [{ ...base.routes[0], path: '/elsewhere/index' }], needs: [{ ...need, link: '/adaccount/index?status=DISABLED' }] }, { routes: screenCode, needs: counters, locales }) },
    });
    expect(refused.plugins).toEqual([]);
    const messages = refused.refused.map((r) => `${r.source}: ${r.message}`).join('\n');
    expect(messages).toMatch(/nocode: needs are declared in plugin.json but index.ts binds no code to them/);
    expect(messages).toMatch(/noneed: index.ts binds needs, which plugin.json does not declare/);
    expect(messages).toMatch(/twice: need "broken" is declared twice/);
    expect(messages).toMatch(/elsewhere: need "broken" links to \/adaccount\/index, which is not a route of this plugin/);
    errors.mockRestore();
  });
});

describe('counting the needs', () => {
  const store = createKernelStore();
  const declared = (name: string, pluginId = 'area'): PluginNeed => ({ id: `${pluginId}.${name}`, pluginId, name, titleKey: `needs.${name}`, link: `/${pluginId}/index`, intent: 'warning' });

  it('counts each need over the lists its counter names; a need whose lists are not cached, whose counter is missing or throws is not counted (never 0)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const needs = [declared('a'), declared('b'), declared('c'), declared('d'), declared('e')];
    const code = new Map([['area', {
      a: { lists: ['one'], count: ([l]) => l!.length },
      b: { lists: ['two'], count: ([l]) => (l ? l.length : null) },
      d: { lists: ['one', 'two'], count: ([x, y]) => (x?.length ?? 0) + (y?.length ?? 0) },
      e: { lists: ['one'], count: () => { throw new Error('bad row'); } },
    } satisfies NeedCounters]]);
    const lists: Record<string, unknown[] | null> = { one: [1, 2, 3], two: null };
    const figures = countNeeds(needs, code, (k) => lists[k] ?? null, store);
    expect(figures.map((f) => [f.need.name, f.count])).toEqual([['a', 3], ['b', null], ['c', null], ['d', 3], ['e', null]]);
    expect(neededLists(code)).toEqual(['one', 'two']);
    expect(summariseNeeds(figures)).toMatchObject({ notCounted: ['area'], allCounted: false });
    expect(summariseNeeds(countNeeds([declared('a')], code, () => [], store))).toMatchObject({ pending: [], notCounted: [], allCounted: true });
  });

  it('the kernel counts jobs that failed in the last 7 days and interrupted ones', () => {
    const now = Date.parse('2026-11-28T08:00:00Z');
    const job = (status: JobRow['status'], daysAgo: number) => ({ status, finishedAt: now - daysAgo * 86_400_000, updatedAt: 0, createdAt: 0 }) as JobRow;
    expect(jobsNeedingOperator([job('failed', 1), job('failed', 8), job('interrupted', 30), job('done', 0), job('paused', 0)], now)).toEqual({ failed: 1, interrupted: 1 });
  });

  it('ad accounts: disabled, need payment, and at 90 % of their cap or more (no cap: never near it)', () => {
    const a = (account_status: number, spend_cap?: string, amount_spent?: string) => ({ id: 'act_1', account_id: '1', name: 'A', account_status, spend_cap, amount_spent });
    const rows = [a(2), a(2, '1000', '950'), a(3), a(1, '1000', '899'), a(1, '1000', '900'), a(1, '0', '5000'), a(1)];
    expect(capUsedPct(rows[1])).toBe(95);
    expect(capUsedPct(rows[5])).toBeUndefined();
    const ctx = { store, now: Date.now() };
    expect([adaccountNeeds.disabled.count([rows], ctx), adaccountNeeds.needPayment.count([rows], ctx), adaccountNeeds.nearCap.count([rows], ctx)]).toEqual([2, 1, 2]);
    expect(adaccountNeeds.disabled.count([null], ctx)).toBeNull();
    expect(adaccountNeeds.disabled.lists).toEqual(['adaccount:list']); // the list view's cache key
  });
});

describe('what needs you now, on the dashboard', () => {
  const home = inlinePlugin({ id: 'dashboard', order: 0, routes: [{ path: '/dashboard/index', component: async () => ({ default: DashboardOverview }) }] });
  const area = definePlugin({ ...base, needs: [need, { name: 'calm', link: '/area/index?f.calm=yes' }] }, {
    routes: screenCode,
    needs: async () => ({ default: {
      broken: { lists: ['area:list'], count: ([l]) => (l ? (l as { ok: boolean }[]).filter((r) => !r.ok).length : null) },
      calm: { lists: ['area:list'], count: ([l]) => (l ? 0 : null) },
    } }),
    locales: { 'zh-CN': { title: '甲', needs: { broken: '坏的', calm: '平静' } }, 'en-US': { title: 'Things', needs: { broken: 'Broken things', calm: 'Calm things' } } },
  });

  it('says what it could not count yet, then the figures once the area caches its list, each a link to the list filtered', async () => {
    const { store } = await renderWithKernel({ plugins: [home, area], locale: 'en-US' });
    const counts = await screen.findByTestId('needs-me-counts');
    await waitFor(() => expect(screen.getByTestId('needs-me-not-counted').textContent).toContain('Things'));
    expect(screen.queryByTestId('needs-me-nothing')).toBeNull();
    expect(counts.querySelector('[data-need="kernel.jobs"]')!.getAttribute('data-count')).toBe('0');
    act(() => { store.setRow('cache', identityKey('area:list', TEST_IDENTITY.id), { json: JSON.stringify([{ ok: false }, { ok: true }, { ok: false }]), expires: Date.now() + 60_000 }); });
    await waitFor(() => expect(counts.querySelector('[data-need="area.broken"]')?.getAttribute('data-count')).toBe('2'));
    const link = counts.querySelector('[data-need="area.broken"]') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/area/index?status=BROKEN');
    expect(link.textContent).toBe('2Broken things');
    expect(counts.querySelector('[data-need="area.calm"]')!.getAttribute('data-count')).toBe('0');
    expect(screen.queryByTestId('needs-me-not-counted')).toBeNull();
    expect(counts.getAttribute('data-ready')).toBe('true');
    // the figure above zero comes first
    expect([...counts.querySelectorAll('[data-need]')].map((e) => e.getAttribute('data-need'))).toEqual(['area.broken', 'area.calm', 'kernel.jobs']);
  });
});
