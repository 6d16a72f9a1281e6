// Each language file in two parts (docs/PLUGINS.md, "Strings"; docs/DECISIONS.md, "The dashboard loads
// what it shows"): the first screen's (the key paths of locales/first-screen.json, loaded at sign-in)
// and the rest (loaded before any other screen, the palette, a drawer, a dialog or a runner's toast).
import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import type { i18n as I18n } from 'i18next';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { createI18n, hasAllStrings, loadAllStrings, loadKernelFirstLocale, loadPluginFirstLocale } from '../../src/kernel/i18n';
import type { LocaleTree, SupportedLocale } from '../../src/kernel/i18n/types';
import { renderWithKernel } from '../harness/render-with-kernel';

const root = path.resolve(__dirname, '../..');
const modules = import.meta.glob('/plugins/*/index.ts', { eager: true });
const registry = createRegistry(modules);
const LANGUAGES: readonly SupportedLocale[] = ['zh-CN', 'en-US'];

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as LocaleTree;
/** A namespace's whole source: the kernel's two files, or a plugin's one. */
function source(ns: string, lng: SupportedLocale): LocaleTree {
  if (ns === 'kernel') return { ...read(`src/kernel/i18n/locales/${lng}.json`), ...read(`src/kernel/table/locales/${lng}.json`) };
  return read(`plugins/${ns}/locales/${lng}.json`);
}
function leaves(tree: LocaleTree, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(leaves(v, `${prefix}${k}.`)))));
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Whether a key (or a plural key's forms, or a group) is in a tree. */
function holds(tree: LocaleTree, key: string): boolean {
  const segments = key.split('.');
  let node: LocaleTree | string | undefined = tree;
  for (const [i, seg] of segments.entries()) {
    if (typeof node !== 'object') return false;
    const here: LocaleTree = node;
    if (i === segments.length - 1 && !(seg in here)) return Object.keys(here).some((k) => PLURAL.test(k) && k.replace(PLURAL, '') === seg);
    node = here[seg];
  }
  return node !== undefined;
}
const namespaces = ['kernel', ...registry.plugins.map((p) => p.id)];
const bundleOf = (i18n: I18n, lng: SupportedLocale, ns: string) => (i18n.getResourceBundle(lng, ns) ?? {}) as LocaleTree;

describe('first-screen strings and the rest', () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: the first part is a part of the file, and after the rest every key of the file is in, with its text`, async () => {
      const i18n = await createI18n(registry.plugins, lng, { firstScreen: true });
      expect(hasAllStrings(i18n)).toBe(false);
      let split = 0;
      for (const ns of namespaces) {
        const whole = leaves(source(ns, lng));
        const first = leaves(bundleOf(i18n, lng, ns));
        for (const [key, text] of Object.entries(first)) expect(whole[key], `${ns}:${key}`).toBe(text);
        if (Object.keys(first).length < Object.keys(whole).length) split++;
      }
      // the kernel and every area with a locales/first-screen.json keep most of their strings for later
      expect(split).toBeGreaterThanOrEqual(10);
      await loadAllStrings(i18n);
      expect(hasAllStrings(i18n)).toBe(true);
      for (const ns of namespaces) expect(leaves(bundleOf(i18n, lng, ns)), ns).toEqual(leaves(source(ns, lng)));
      // the other language has none yet; a switch loads both its parts
      expect(i18n.hasResourceBundle(lng === 'zh-CN' ? 'en-US' : 'zh-CN', 'kernel')).toBe(false);
      const other = lng === 'zh-CN' ? 'en-US' : 'zh-CN';
      await i18n.changeLanguage(other);
      expect(hasAllStrings(i18n)).toBe(true);
      for (const ns of namespaces) expect(leaves(bundleOf(i18n, other, ns)), `${other} ${ns}`).toEqual(leaves(source(ns, other)));
    });
  }

  it('the first part of every area holds its menu titles, its widgets and its needs', async () => {
    for (const p of registry.plugins) {
      for (const lng of LANGUAGES) {
        const first = await loadPluginFirstLocale(p.locales[lng]);
        const keys = [p.titleKey, ...p.routes.map((r) => r.titleKey), ...p.widgets.map((w) => w.titleKey), ...(p.needs ?? []).map((n) => n.titleKey)];
        for (const key of keys) expect(holds(first, key), `${p.id} ${lng} ${key}`).toBe(true);
        // each widget's own strings are its group `widgets.<name>`
        for (const w of p.widgets) expect(holds(first, `widgets.${w.id.slice(p.id.length + 1)}`), `${p.id} ${lng} ${w.id}`).toBe(true);
      }
    }
  });

  it("every key the signed-in shell's, the dashboard's and the widgets' code names is in the first part", async () => {
    const firstOf = Object.fromEntries(await Promise.all(namespaces.map(async (ns) => {
      const p = registry.plugins.find((q) => q.id === ns);
      return [ns, ns === 'kernel' ? await loadKernelFirstLocale('en-US') : await loadPluginFirstLocale(p!.locales['en-US'])] as const;
    })));
    const wholeOf = Object.fromEntries(namespaces.map((ns) => [ns, source(ns, 'en-US')]));
    const problems: string[] = [];
    const files = firstScreenFiles();
    // the walk reaches the shell, the overview and the widgets
    for (const f of ['src/kernel/shell/TopNavbar.tsx', 'src/kernel/shell/dashboard/NeedsMe.tsx', 'src/kernel/auth/ReloginDialog.tsx', 'plugins/bm/widgets/Overview.tsx', 'plugins/adaccount/mappings.ts']) expect(files).toContain(f);
    let checked = 0;
    for (const file of files) {
      const owner = file.startsWith('plugins/') ? file.split('/')[1]! : 'kernel';
      const exempt = EXEMPT[file];
      if (exempt === '*') continue;
      for (const named of namedKeys(fs.readFileSync(path.join(root, file), 'utf8'))) {
        const prefixed = /^([a-z]+):(.+)$/.exec(named);
        const candidates = prefixed ? [[prefixed[1]!, prefixed[2]!]] : [[owner, named], ['kernel', named]];
        const found = candidates.find(([ns, key]) => wholeOf[ns] && holds(wholeOf[ns], key.replace(/\.$/, '')));
        if (!found) continue; // not a key (a path, an id…), or another namespace's
        const [ns, key] = found as [string, string];
        if (exempt?.some((group) => key === group || key.startsWith(`${group}.`))) continue;
        checked++;
        if (!holds(firstOf[ns]!, key.replace(/\.$/, ''))) problems.push(`${file}: ${ns}:${key}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  for (const lng of LANGUAGES) {
    it(`${lng}: the dashboard renders with the first part only, and the palette waits for the rest`, async () => {
      const missing = new Set<string>();
      const { i18n, container } = await renderWithKernel({ plugins: Object.values(modules).map((m) => (m as { default: unknown }).default), locale: lng, firstScreenStrings: true });
      i18n.options.saveMissing = true;
      i18n.options.missingKeyHandler = (_lngs, ns, key) => { missing.add(`${ns}:${key}`); };
      await waitFor(() => expect(container.querySelector('[data-testid="widget-board"]')).not.toBeNull(), { timeout: 10_000 });
      await waitFor(() => expect(container.querySelectorAll('[data-widget]').length).toBeGreaterThan(3));
      await act(async () => { await new Promise((r) => setTimeout(r, 300)); });
      expect([...missing]).toEqual([]);
      expect(hasAllStrings(i18n)).toBe(false);

      // the palette (Ctrl+K) loads every string with its code
      fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
      await waitFor(() => expect(hasAllStrings(i18n)).toBe(true), { timeout: 10_000 });
      expect([...missing]).toEqual([]);
      await waitFor(() => expect(document.querySelector('.bp6-omnibar')).not.toBeNull(), { timeout: 10_000 });
      await act(async () => { await new Promise((r) => setTimeout(r, 300)); });
      expect([...missing]).toEqual([]);
    });
  }

  it("an area's screen loads the rest before it renders", async () => {
    const missing = new Set<string>();
    const { i18n, container } = await renderWithKernel({ plugins: Object.values(modules).map((m) => (m as { default: unknown }).default), route: '/bm/index', locale: 'en-US', firstScreenStrings: true });
    i18n.options.saveMissing = true;
    i18n.options.missingKeyHandler = (_lngs, ns, key) => { missing.add(`${ns}:${key}`); };
    await waitFor(() => expect(container.querySelector('[data-screen="/bm/index"]')?.textContent?.length ?? 0).toBeGreaterThan(0), { timeout: 10_000 });
    expect(hasAllStrings(i18n)).toBe(true);
    await act(async () => { await new Promise((r) => setTimeout(r, 300)); });
    expect([...missing]).toEqual([]);
  });
});

/**
 * Files of the first screen whose strings are shown only after every string is in: the runner's toasts
 * wait for them (RunnerHost.tsx), and the texts below are those of a job: its refusals, estimates,
 * parameters' messages and the platform check's findings before it starts, shown in its toasts, the
 * action dialog and an area's action menus. A listed group is exempt in that file only.
 */
const EXEMPT: Record<string, '*' | string[]> = {
  'src/kernel/runner/RunnerHost.tsx': '*',
  'src/kernel/runner/refusal-text.ts': '*',
  'src/kernel/runner/estimate.ts': '*',
  'src/kernel/runner/VersionRetired.tsx': '*',
  'src/kernel/runner/params.ts': '*',
  'src/kernel/check/text.ts': '*',
  // a scheduled check's problem is worded after every string is loaded (src/kernel/shell/watch-checks-start.ts)
  'src/kernel/shell/watch-checks-start.ts': ['watch.checkProblem'],
  // a refused library change is worded after every string is loaded
  'src/kernel/shell/library-run.ts': ['library'],
  // the area's list columns' mappings; the widgets read statusKey only
  'plugins/adaccount/mappings.ts': ['roles', 'disableReason', 'appealStatus', 'billStatus', 'requestStatus', 'accessStatus', 'tasks'],
};

/**
 * The keys a source file names: the string literals of its t() calls (with a ternary's both sides),
 * a template's static start (`runner.status.${s}` names the group `runner.status.`), and any literal
 * that is a whole key path with a dot (the key tables of mappings.ts).
 */
function namedKeys(code: string): Set<string> {
  const out = new Set<string>();
  for (const call of code.matchAll(/\b(?:t|tk|i18n\.t)\(([^)]*)/g)) {
    for (const lit of call[1]!.matchAll(/'([A-Za-z][\w.:-]*)'/g)) out.add(lit[1]!);
    for (const tpl of call[1]!.matchAll(/`([A-Za-z][\w.:-]*\.)\$\{/g)) out.add(tpl[1]!);
  }
  for (const lit of code.matchAll(/'([A-Za-z][\w-]*(?:\.[\w-]+)+)'/g)) out.add(lit[1]!);
  return out;
}

/**
 * The code of the first screen: the modules the signed-in shell (KernelRoot with its login page,
 * SignedIn, Layout), the dashboard's screen, its charts and every area's widgets and needs import
 * statically. What they import lazily (an area's screen, the palette, the drawers' content, the other
 * account screens) waits for every string and is not walked. An import of a barrel (`@kernel`,
 * table/index.ts…) follows the names it imports, as the build does (vite.config.ts, barrelsWithoutSideEffects).
 */
function firstScreenFiles(): string[] {
  const entries = [
    'src/kernel/KernelRoot.tsx', 'src/kernel/SignedIn.tsx', 'src/kernel/shell/Layout.tsx', 'plugins/dashboard/views/DashboardScreen.tsx',
    'src/kernel/shell/dashboard/JobsChart.tsx',
    // Loaded on first opening, but with the first screen's strings only: the dialogs that open by
    // themselves (signed out, a new version, the extension) and the navbar's popovers must not wait
    // for (or fail with) the rest. The drawers' content waits for every string (AllStrings).
    'src/kernel/auth/ReloginDialogBox.tsx', 'src/kernel/shell/VersionDialog.tsx', 'src/kernel/bridge/ExtensionDialogBoxes.tsx', 'src/kernel/shell/ShellPopovers.tsx',
    ...fs.readdirSync(path.join(root, 'plugins')).flatMap((id) => {
      const widgets = path.join(root, 'plugins', id, 'widgets');
      const own = fs.existsSync(widgets) ? fs.readdirSync(widgets).filter((f) => f.endsWith('.tsx')).map((f) => `plugins/${id}/widgets/${f}`) : [];
      return fs.existsSync(path.join(root, 'plugins', id, 'needs.ts')) ? [...own, `plugins/${id}/needs.ts`] : own;
    }),
  ];
  const barrels = new Set(['src/kernel/index.ts', 'src/kernel/table/index.ts', 'src/kernel/graph/index.ts', 'src/kernel/platform/index.ts', 'protocol/index.ts']);
  const resolve = (from: string, spec: string): string | null => {
    let base: string;
    if (spec === '@kernel') base = 'src/kernel/index';
    else if (spec.startsWith('@kernel/')) base = `src/kernel/${spec.slice(8)}`;
    else if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(from), spec);
    else return null;
    for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
      const file = base.replace(/\.(ts|tsx)$/, '') === base ? base + ext : base;
      if (/\.tsx?$/.test(file) && fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile()) return path.posix.normalize(file);
    }
    return null;
  };
  const seen = new Set<string>();
  const walk = (file: string | null) => {
    if (!file || seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of code.matchAll(/^\s*(?:import|export)\s+([^;]*?)\s*from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)) {
      if (m[1] && /^type\s/.test(m[1])) continue;
      const target = resolve(file, m[2] ?? m[3]!);
      if (target && barrels.has(target) && m[1]) {
        seen.add(target);
        const names = (/\{([^}]*)\}/.exec(m[1])?.[1] ?? '').split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type ')).map((s) => s.split(/\s+as\s+/)[0]!);
        const barrel = fs.readFileSync(path.join(root, target), 'utf8');
        for (const e of barrel.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
          if (e[1]) continue;
          const exported = e[2]!.split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type ')).map((s) => s.split(/\s+as\s+/).pop()!);
          if (exported.some((n) => names.includes(n))) walk(resolve(target, e[3]!));
        }
        for (const e of barrel.matchAll(/export\s+\*\s+from\s+'([^']+)'/g)) walk(resolve(target, e[1]!));
      } else walk(target);
    }
  };
  entries.forEach(walk);
  return [...seen].filter((f) => !barrels.has(f)).sort();
}
