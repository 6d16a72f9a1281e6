import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { schemas, validators } from '../../src/generated/validators.js';
import type { LocaleTree } from '../../src/kernel/plugin/types';
import { renderWithKernel } from '../harness/render-with-kernel';
import { loadPluginLocale } from '../../src/kernel/i18n';
// @ts-expect-error -- plain ESM build script without type declarations; the one list of our schema keywords
import { addTesseraKeywords, listActionSchemas, schemaKey } from '../../scripts/compile-schemas.mjs';

const modules = import.meta.glob('/plugins/*/index.ts', { eager: true });
const registry = createRegistry(modules);
/**
 * The per-plugin checks (locale keys, every route renders) for these areas only, when set
 * (`TESSERA_CHECK_AREAS=<id>,…`): the scaffold test runs them for the new area on its copy, the rest
 * having run in the suite itself. The checks over all plugins always run.
 */
const ONLY = process.env.TESSERA_CHECK_AREAS?.split(',').filter(Boolean);
const SPEC_AREAS = ['dashboard', 'adaccount', 'bm', 'page', 'pixel', 'target', 'adcomment', 'friend', 'payment', 'user'];

/** Every key, plural forms folded into one (each language has its own plural categories: zh `_other`, en `_one`/`_other`). */
function keys(tree: LocaleTree, prefix = ''): string[] {
  const all = Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k.replace(/_(zero|one|two|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`)));
  return [...new Set(all)];
}
function has(tree: LocaleTree, key: string): boolean {
  let node: string | LocaleTree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim().length > 0;
}

describe('every plugin keeps the contract', () => {
  it('every plugin folder has a valid manifest and none is refused', () => {
    expect(registry.refused).toEqual([]);
    expect(registry.plugins.map((p) => p.id)).toEqual(expect.arrayContaining(SPEC_AREAS));
  });

  it('menu order follows the spec; payment and user are hidden', () => {
    const order = Object.fromEntries(registry.plugins.map((p) => [p.id, p.order]));
    expect(order).toMatchObject({ dashboard: 0, adaccount: 1, workspace: 2, bm: 3, page: 4, pixel: 5, target: 6, adcomment: 7, friend: 8 });
    const hidden = registry.plugins.filter((p) => p.hideInMenu).map((p) => p.id).sort();
    expect(hidden).toEqual(expect.arrayContaining(['payment', 'user']));
  });

  it('every schema compiles and every action names a compiled schema; only the manifest\'s schema stays in schemas/', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addTesseraKeywords(ajv);
    expect(fs.readdirSync(path.resolve(__dirname, '../../schemas'), { recursive: true }).map(String)).toEqual(['plugin.schema.json']);
    const files = [path.resolve(__dirname, '../../schemas/plugin.schema.json'), ...listActionSchemas()];
    for (const f of files) expect(() => ajv.compile(JSON.parse(fs.readFileSync(f, 'utf8'))), f).not.toThrow();
    for (const p of registry.plugins) for (const a of p.actions) if (a.schema) expect(validators[a.schema], `${a.id} → ${a.schema}`).toBeTypeOf('function');
  });

  it('a schema file beside an action only where it has parameters, and only for a declared action', () => {
    const declared = new Set(registry.plugins.flatMap((p) => p.actions.map((a) => a.id)));
    const files: string[] = listActionSchemas();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const id: string = schemaKey(file);
      expect(declared.has(id), `${id} has a schema but no action`).toBe(true);
      // beside its handlers: actions/<verb in kebab-case>.ts
      expect(fs.existsSync(file.replace(/\.schema\.json$/, '.ts')), `${file} beside its action`).toBe(true);
      const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { properties?: object };
      expect(Object.keys(schema.properties ?? {}).length, `${id}: an action without parameters needs no schema file`).toBeGreaterThan(0);
    }
  });

  it('each plugin contributes its own row types; views and actions name only contributed ones; the manifest schema lists none', () => {
    const manifests = registry.plugins.map((p) => (modules[`/plugins/${p.id}/index.ts`] as { default: { manifest: { id: string; rowTypes?: string[] } } }).default.manifest);
    const owners = manifests.flatMap((m) => (m.rowTypes ?? []).map((t) => [t, m.id] as const));
    expect(new Set(owners.map(([t]) => t)).size, 'a row type contributed twice').toBe(owners.length);
    const contributed = new Set([...owners.map(([t]) => t), 'job']);
    for (const p of registry.plugins) {
      for (const v of p.views) if (v.rowType) expect(contributed.has(v.rowType), `${v.id} → ${v.rowType}`).toBe(true);
      for (const a of p.actions) expect(contributed.has(a.target), `${a.id} → ${a.target}`).toBe(true);
    }
    expect(JSON.stringify(schemas.plugin)).not.toMatch(/"enum":\["adaccount"/);
  });

  it('every action module loads and is bound to its own id', async () => {
    for (const p of registry.plugins) {
      for (const a of p.actions) {
        const handlers = await a.load();
        expect(handlers.run, a.id).toBeTypeOf('function');
        if (a.pairs) expect((schemas[a.schema ?? ''] as { properties?: Record<string, unknown> } | undefined)?.properties?.[a.pairs.param], `${a.id} pairs`).toBeTruthy();
      }
    }
  });

  for (const p of registry.plugins.filter((q) => !ONLY || ONLY.includes(q.id))) {
    describe(p.id, () => {
      it('has every locale key in both languages, each loaded on its own, and its title keys resolve', async () => {
        // each language is bound as a loader, or two (the first screen's part and the rest: docs/PLUGINS.md,
        // "Strings"), so a page loads only the operator's
        for (const lng of ['zh-CN', 'en-US'] as const) {
          const source = p.locales[lng] as unknown as Record<string, unknown>;
          if (typeof source !== 'function') {
            expect(source.first, `${lng} first-part loader`).toBeTypeOf('function');
            expect(source.rest, `${lng} rest loader`).toBeTypeOf('function');
          }
        }
        const locales = { 'zh-CN': await loadPluginLocale(p.locales['zh-CN']), 'en-US': await loadPluginLocale(p.locales['en-US']) };
        const zh = keys(locales['zh-CN']).sort();
        const en = keys(locales['en-US']).sort();
        expect(en).toEqual(zh);
        const outputKeys = p.actions.flatMap((a) => {
          const row = (a.output?.type === 'array' ? a.output.items : a.output) as { properties?: Record<string, unknown> } | undefined;
          return Object.keys(row?.properties ?? {}).map((col) => `actions.${a.verb}.output.${col}`);
        });
        const settingKeys = Object.keys((p.settings?.properties ?? {}) as Record<string, unknown>).map((k) => `settings.fields.${k}`);
        const titleKeys = [p.titleKey, ...p.routes.map((r) => r.titleKey), ...p.views.map((v) => v.titleKey), ...p.actions.map((a) => a.titleKey), ...p.widgets.map((w) => w.titleKey), ...(p.needs ?? []).map((n) => n.titleKey), ...outputKeys, ...settingKeys];
        for (const k of titleKeys) {
          expect(has(locales['zh-CN'], k), `zh-CN ${k}`).toBe(true);
          expect(has(locales['en-US'], k), `en-US ${k}`).toBe(true);
        }
      });

      for (const route of p.routes) {
        it(`route ${route.path} renders`, async () => {
          const roles = route.roles ?? p.roles;
          const role = roles.includes('*') ? 'user' : roles[0];
          const { container } = await renderWithKernel({ plugins: Object.values(modules).map((m) => (m as { default: unknown }).default), route: route.path, locale: 'en-US', user: { role } });
          // a route's screen is loaded lazily: on a busy machine that takes longer than waitFor's default second
          await waitFor(() => expect(container.querySelector(`[data-screen="${route.path}"]`)?.textContent?.length ?? 0).toBeGreaterThan(0), { timeout: 10_000 });
          expect(screen.queryByText('Whoops, this page is gone')).toBeNull();
        });
      }
    });
  }
});

/**
 * The menu as decided, written out: the app's registry and the server's catalogue (server/catalog.ts)
 * both read plugins/<id>/plugin.json, so comparing one with the other cannot tell a reader that drops
 * or reorders entries; each is compared with this instead, in the order it gives.
 */
const DECIDED_MENU = [
  { id: 'dashboard', path: '/dashboard/index', icon: 'dashboard', order: 0, hide: false, roles: ['*'] },
  { id: 'adaccount', path: '/adaccount/index', icon: 'credit-card', order: 1, hide: false, roles: ['*'] },
  { id: 'bm', path: '/bm/index', icon: 'office', order: 3, hide: false, roles: ['*'] },
  { id: 'page', path: '/page/index', icon: 'document', order: 4, hide: false, roles: ['*'] },
  { id: 'pixel', path: '/pixel/index', icon: 'locate', order: 5, hide: false, roles: ['*'] },
  { id: 'target', path: '/target/index', icon: 'geosearch', order: 6, hide: false, roles: ['*'] },
  { id: 'adcomment', path: '/adcomment/index', icon: 'comment', order: 7, hide: false, roles: ['*'] },
  { id: 'friend', path: '/friend/index', icon: 'people', order: 8, hide: false, roles: ['*'] },
  { id: 'payment', path: '/payment/index', icon: 'dollar', order: 9, hide: true, roles: ['*'] },
  { id: 'user', path: '/user/index', icon: 'user', order: 10, hide: true, roles: ['*'] },
  { id: 'admin', path: '/admin/index', icon: 'key', order: 20, hide: false, roles: ['admin'] },
];
/** the decided areas only: a new area (the scaffold test's copy has one) is held to the other side below */
const decided = <T extends { id: string }>(entries: T[]) => entries.filter((e) => DECIDED_MENU.some((d) => d.id === e.id));

describe('the server menu matches the plugins', () => {
  const fromPlugins = () => registry.plugins.map((p) => ({ id: p.id, path: p.routes[0].path, icon: p.icon, order: p.order, hide: !!p.hideInMenu, roles: p.roles }));
  const fromServer = async () => (await import('../../server/catalog')).MENU.map((m) => ({ id: m.id, path: m.path, icon: m.icon, order: m.order, hide: m.hide, roles: m.roles }));

  it('the app\'s registry gives the decided menu, in menu order', () => {
    expect(decided(fromPlugins())).toEqual(DECIDED_MENU);
  });

  it('the server\'s catalogue gives the decided menu, in menu order', async () => {
    expect(decided(await fromServer())).toEqual(DECIDED_MENU);
  });

  it('any other area: the same ids, paths, icons, order, hidden flags and roles on both sides', async () => {
    expect(await fromServer()).toEqual(fromPlugins());
  });
});

describe('kernel strings', () => {
  it('the kernel has every key in both languages', async () => {
    const { loadKernelLocale } = await import('../../src/kernel/i18n');
    const [zhCN, enUS] = await Promise.all([loadKernelLocale('zh-CN'), loadKernelLocale('en-US')]);
    expect(keys(enUS).sort()).toEqual(keys(zhCN).sort());
  });
});
