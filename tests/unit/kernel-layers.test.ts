import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The kernel's layers, as drawn: every folder of src/kernel (and every file at its root) belongs to
 * one layer, the layers are ordered from the bottom up, and a layer imports only the layers it lists
 * below, all of them lower than itself, so no two folders can import each other, even through a
 * third. Type-only imports count: a loop of types is still a loop (to the reader, and to the build
 * order of whatever is split off later).
 */
const KERNEL = path.resolve(__dirname, '../../src/kernel');
const ROOT = path.resolve(KERNEL, '../..');

/** Bottom first. A layer may import only layers earlier in this list (checked below). */
const ORDER = [
  'base', 'core', 'i18n', 'jobs', 'import', 'api', 'bridge', 'graph', 'platform', 'store', 'library', 'plugin',
  'context', 'auth', 'table', 'check', 'runner', 'list', 'workspace', 'shell', 'top',
] as const;
type Layer = (typeof ORDER)[number];

/** The files at src/kernel's root, each in a layer like a folder. */
const ROOT_FILES: Record<string, Layer> = {
  // Leaves any layer may use: browser storage keys, the event bus, the build's version, the validators' loader, icon loading.
  // Platform codes as words and counts as numbers (code-words.ts): the lists' columns and the runner's job outputs both word codes.
  'storage.ts': 'base', 'bus.ts': 'base', 'version.ts': 'base', 'validators.ts': 'base', 'icons.ts': 'base', 'code-words.ts': 'base',
  // The React context every screen reads (useKernel) and the types of what it holds: above what it holds (api, bridge, store, plugins).
  'KernelProvider.tsx': 'context', 'context-types.ts': 'context',
  // The entry points compose everything: the barrel (@kernel), boot, the root and the signed-in tree.
  'index.ts': 'top', 'boot.tsx': 'top', 'KernelRoot.tsx': 'top', 'SignedIn.tsx': 'top',
};

/** Every layer under `layer`: the shell and the entry points compose the rest, so they may import all of it. */
const below = (layer: Layer): Layer[] => ORDER.slice(0, ORDER.indexOf(layer));

/** Each folder's layer is its own name. What each layer may import, and why (docs/DECISIONS.md, "The kernel's layers"). */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  base: [],
  // Reading and writing spreadsheet files (XLSX on fflate): self-contained, loaded with import() on first use.
  import: [],
  // Under everything: settings, the session (token, user, menu), toasts, membership labels, visit statistics.
  // It imports none of the runner, the bridge or the server api, nor the plugins.
  core: ['base'],
  // The kernel's strings and the locale types (plugins' strings are handed in, not looked up in the registry).
  i18n: ['base'],
  // What a job is made of, shared by the plugin contract and the runner: the item type and lane declarations with their checks.
  jobs: ['base'],
  // The server's api client: reads and clears the session, nothing above.
  api: ['base', 'core'],
  // The extension's transport: the runtime config and extension status come from the server api,
  // the refusal texts use the locale type. Not core's UI parts (checked below): the bridge shows nothing.
  bridge: ['base', 'core', 'i18n', 'api'],
  // Graph calls over the bridge; the document catalogue is read from the server once there is a session. No core UI either.
  graph: ['base', 'core', 'api', 'bridge'],
  // The platform client areas call (calls, ids, pasted ids, recent objects) and platform errors as toasts.
  platform: ['base', 'core', 'api', 'bridge', 'graph'],
  // The user's tinybase store, its persistence and tab sharing: it knows the session, not the runner
  // (the runner's tables are named by whoever opens the store) nor the React context.
  store: ['base', 'core'],
  // The store's library tables kept in step with the server's library (its api is handed in by the shell).
  library: ['base', 'store'],
  // The plugin contract and registry: a plugin's action gets a bridge and may build Graph batches, its
  // activate gets the store; items and lanes come from jobs/. Nothing of the runner (not even its types).
  plugin: ['base', 'core', 'i18n', 'jobs', 'bridge', 'graph', 'store'],
  context: ['base', 'core', 'api', 'bridge', 'store', 'plugin'],
  // Login screens and dialogs: they read the context and the route table.
  auth: ['base', 'core', 'i18n', 'api', 'plugin', 'context'],
  // The data table: shows toasts, knows nothing of plugins, jobs or the platform.
  table: ['base', 'core'],
  // The platform check: probes plugins' call families over a bridge it is handed (the runner's background
  // reads, or a job's), keeps findings in the store and shows them. Below the runner, whose availability reads them.
  check: ['base', 'core', 'bridge', 'graph', 'platform', 'store', 'plugin', 'context'],
  // Runs plugins' actions as jobs over the bridge, Graph and the platform client, keeps them in the store,
  // shows its dialogs with the table. Not the server api nor auth: the context hands it what it needs.
  // Its palette, drawer and toasts wait for the strings the first screen does not load (i18n's loadAllStrings).
  runner: ['base', 'core', 'i18n', 'jobs', 'import', 'bridge', 'graph', 'platform', 'store', 'plugin', 'context', 'table', 'check'],
  // The list hooks and chrome areas build screens with: a list re-reads what a job touched, so it sits above the runner.
  list: ['base', 'core', 'bridge', 'platform', 'store', 'plugin', 'context', 'table', 'check', 'runner'],
  // Tiles of views with their selections and the runner's actions; not the shell, which places the workspace.
  // The named workspaces are rows of the store's library table.
  workspace: ['base', 'core', 'store', 'plugin', 'context', 'table', 'runner'],
  // The shell and the entry points compose the rest; nothing below imports them.
  shell: below('shell'),
  top: below('top'),
};

/**
 * Core's parts that show something (toasts, overlays, drawers, the Escape key of overlays); the bridge
 * and Graph, which a job uses with no screen at all, import none of them. Every core file is in one of
 * the two lists, so a new one is placed on purpose.
 */
const CORE_UI = ['core/toaster.ts', 'core/overlay-toaster.ts', 'core/drawer-space.ts', 'core/use-escape-from-page.ts', 'core/focus-return.ts'];
// lazy-overlay.tsx imports nothing but React and draws nothing of its own: it defers the import of a
// dialog that its caller names (the bridge's extension dialogs among them).
const CORE_PLAIN = ['core/settings.ts', 'core/session.ts', 'core/membership.ts', 'core/visit-statistics.ts', 'core/lazy-overlay.tsx', 'core/active-org.ts'];
const NO_CORE_UI: readonly Layer[] = ['bridge', 'graph'];

/** Outside src/kernel, the kernel imports only the shared protocol and the build's generated modules (the extension is another program). */
const OUTSIDE_ALLOWED = ['protocol/', 'src/generated/'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every module a file imports or re-exports, statically or dynamically. */
function importsOf(source: string): string[] {
  const specs: string[] = [];
  const patterns = [/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) specs.push(m[1]);
  return specs;
}

/** The file a relative import names (with its extension or index), or the bare path when none is found (a generated module). */
function resolveImport(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(file), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const rel = (file: string) => path.relative(KERNEL, file).split(path.sep).join('/');

/** The layer of a file inside src/kernel (undefined: a root file or folder the table does not place). */
function layerOfFile(file: string): Layer | undefined {
  const parts = rel(file).split('/');
  if (parts.length === 1) return ROOT_FILES[parts[0]];
  return (ORDER as readonly string[]).includes(parts[0]) ? (parts[0] as Layer) : undefined;
}

interface Edge { from: string; to: string }

/** Every import of a kernel file, resolved: `to` is relative to src/kernel, or to the repository when it leaves the kernel. */
function kernelEdges(): Edge[] {
  return sourceFiles(KERNEL).flatMap((file) => importsOf(fs.readFileSync(file, 'utf8')).flatMap((spec) => {
    const target = resolveImport(file, spec);
    if (!target) return [];
    const inside = !path.relative(KERNEL, target).startsWith('..');
    return [{ from: rel(file), to: inside ? rel(target) : `../../${path.relative(ROOT, target).split(path.sep).join('/')}` }];
  }));
}

/** Strongly connected sets of files with more than one file (Tarjan), each with its edges. */
function fileCycles(edges: readonly Edge[]): Edge[][] {
  const graph = new Map<string, string[]>();
  for (const e of edges) {
    if (e.to.startsWith('../')) continue;
    graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
    if (!graph.has(e.to)) graph.set(e.to, []);
  }
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const cycles: Edge[][] = [];
  const visit = (v: string) => {
    index.set(v, next); low.set(v, next); next++; stack.push(v); onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = new Set<string>();
    let w: string;
    do { w = stack.pop()!; onStack.delete(w); members.add(w); } while (w !== v);
    if (members.size > 1) cycles.push(edges.filter((e) => members.has(e.from) && members.has(e.to)));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

const show = (problems: readonly string[]) => `${problems.length} offending import(s):\n${problems.join('\n')}`;

describe('the kernel’s layers', () => {
  it('finds the imports of a file, static, re-exported and dynamic', () => {
    expect(importsOf(`import a from './a';\nimport type { B } from "../b";\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');\nimport {\n  f,\n} from '../f';`))
      .toEqual(['./a', '../b', './c', '../f', './d.css', './e']);
  });

  it('place every folder and every root file of the kernel, and allow only imports downwards', () => {
    const unplaced = fs.readdirSync(KERNEL, { withFileTypes: true })
      .filter((e) => (e.isDirectory() ? !(ORDER as readonly string[]).includes(e.name) : /\.(ts|tsx)$/.test(e.name) && !ROOT_FILES[e.name]))
      .map((e) => e.name);
    expect(unplaced, 'kernel folders or root files with no layer: add them to ORDER / ROOT_FILES').toEqual([]);
    const upwards = Object.entries(MAY_IMPORT).flatMap(([layer, allowed]) =>
      allowed.filter((a) => ORDER.indexOf(a) >= ORDER.indexOf(layer as Layer)).map((a) => `${layer} may import ${a}, which is not below it`));
    expect(upwards).toEqual([]);
    const coreFiles = sourceFiles(path.join(KERNEL, 'core')).map(rel).sort();
    expect(coreFiles, 'each core file is either UI or plain').toEqual([...CORE_UI, ...CORE_PLAIN].sort());
  });

  it('run one way: each folder imports only the folders drawn below it', () => {
    const problems: string[] = [];
    for (const { from, to } of kernelEdges()) {
      const source = layerOfFile(path.join(KERNEL, from));
      if (to.startsWith('../')) {
        const outside = to.slice('../../'.length);
        if (!OUTSIDE_ALLOWED.some((p) => outside.startsWith(p))) problems.push(`${from} → ${outside} (outside the kernel: only ${OUTSIDE_ALLOWED.join(', ')})`);
        continue;
      }
      const target = layerOfFile(path.join(KERNEL, to));
      if (!source || !target || source === target) continue;
      if (!MAY_IMPORT[source].includes(target)) problems.push(`${from} → ${to} (${source} may not import ${target})`);
      else if (NO_CORE_UI.includes(source) && CORE_UI.includes(to)) problems.push(`${from} → ${to} (${source} imports none of core's UI parts)`);
    }
    expect(problems, show(problems)).toEqual([]);
  });

  it('have no file-level import cycle through the plugin contract (plugin/types.ts)', () => {
    const problems = fileCycles(kernelEdges())
      .filter((cycle) => cycle.some((e) => e.from === 'plugin/types.ts' || e.to === 'plugin/types.ts'))
      .flatMap((cycle) => cycle.map((e) => `${e.from} → ${e.to}`));
    expect(problems, show(problems)).toEqual([]);
  });
});
