import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import pkg from './package.json' with { type: 'json' };
// @ts-expect-error -- plain ESM build script without type declarations
import { compileSchemas, manifestProblems } from './scripts/compile-schemas.mjs';

/**
 * Recompiles the standalone ajv validators whenever a schema changes (the page may not eval). A production
 * build checks every plugin manifest and fails on a problem: the built page does not check them again
 * (src/kernel/plugin/validate-manifest.ts); the dev server and the tests do.
 */
function schemaValidators(): Plugin {
  let isBuild = false;
  return {
    name: 'tessera-schema-validators',
    config(_config, env) {
      isBuild = env.command === 'build';
      return { define: { __MANIFESTS_CHECKED_AT_BUILD__: JSON.stringify(isBuild) } };
    },
    async buildStart() {
      await compileSchemas();
      if (!isBuild) return;
      const problems = (manifestProblems() as string[]);
      if (problems.length) this.error(`invalid plugin manifests:\n${problems.join('\n')}`);
    },
    configureServer(server) {
      server.watcher.add(fileURLToPath(new URL('./schemas', import.meta.url)));
      // schemas/plugin.schema.json, an action's schema beside it (plugins/<id>/actions/*.schema.json), a manifest
      const isSchema = (file: string) => file.includes('/schemas/') || file.endsWith('.schema.json') || file.endsWith('/plugin.json');
      for (const event of ['change', 'add', 'unlink'] as const) server.watcher.on(event, (file) => { if (isSchema(file)) void compileSchemas(); });
    },
  };
}

/** dist/version.json tells the server which web version it serves (the 5-minute check compares it). */
function webVersionFile(): Plugin {
  return {
    name: 'tessera-web-version',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ webVersion: pkg.version }) });
    },
  };
}

/**
 * A plugin's index.ts (its manifest module, loaded at boot for every plugin) imports only `definePlugin`
 * from `@kernel`. Resolving that import to the module that defines it keeps the rest of the kernel's
 * public API (tables, runner, workspace…) out of the first screen's code; the areas' screens still
 * import the whole `@kernel` and get it with their lazy chunks (docs/DECISIONS.md, "First-screen bundle").
 */
function manifestKernelImport(): Plugin {
  const definePlugin = fileURLToPath(new URL('./src/kernel/plugin/define-plugin.ts', import.meta.url));
  const kernelIndex = fileURLToPath(new URL('./src/kernel/index.ts', import.meta.url));
  return {
    name: 'tessera-manifest-kernel-import',
    enforce: 'pre',
    resolveId(source, importer) {
      // the alias has already turned '@kernel' into the index's path when this hook sees it
      if ((source === '@kernel' || source === kernelIndex) && importer && /[\\/]plugins[\\/][^\\/]+[\\/]index\.ts$/.test(importer)) return definePlugin;
      return null;
    },
  };
}

/**
 * Each Blueprint icon's paths (16 and 20 px) become their own chunk at a fixed address that carries the
 * icons' version (`/assets/blueprint-icons-<version>/16px/paths/add.js`), so src/kernel/icons.ts loads an icon
 * by name without a 4,000-entry import map in the first screen's code. The dev server serves the same
 * modules from node_modules.
 */
function blueprintIconChunks(): Plugin {
  const generated = fileURLToPath(new URL('./node_modules/@blueprintjs/icons/lib/esm/generated', import.meta.url));
  const version = (JSON.parse(fs.readFileSync(new URL('./node_modules/@blueprintjs/icons/package.json', import.meta.url), 'utf8')) as { version: string }).version;
  let isBuild = false;
  return {
    name: 'tessera-blueprint-icon-chunks',
    enforce: 'pre',
    config(_config, env) {
      isBuild = env.command === 'build';
      const base = isBuild ? `/assets/blueprint-icons-${version}` : '/node_modules/@blueprintjs/icons/lib/esm/generated';
      return { define: { __ICON_PATHS_BASE__: JSON.stringify(base) } };
    },
    // Blueprint's own loaders (every path of a size in one chunk) are never called once ours is set
    // (src/kernel/icons.ts); leaving them out keeps each icon's module whole instead of shared.
    // The loader's name check (`Icons.isValidIconName`) needs the list of all 2,000 icon names, ≈ 12 kB
    // gzipped on the login page; here it only checks the name's shape (which also keeps it inside the
    // icons' folder) and an unknown icon fails to load instead, with the same console error.
    resolveId(source, importer) {
      if (!isBuild || !importer?.includes('@blueprintjs/icons')) return null;
      const loader = /paths-loaders\/(splitPathsBySizeLoader|allPathsLoader)(\.js)?$/.exec(source);
      if (loader) return `\0tessera-unused-icon-loader:${loader[1]}`;
      if (/[\\/]iconLoader\.js$/.test(importer) && /^\.\/iconNames(\.js)?$/.test(source)) return '\0tessera-icon-name-shape';
      return null;
    },
    load(id) {
      if (id === '\0tessera-icon-name-shape') {
        return 'export const IconNames = {};\nexport const IconNamesSet = { has: (name) => typeof name === "string" && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) };';
      }
      if (!id.startsWith('\0tessera-unused-icon-loader:')) return null;
      const name = id.slice(id.indexOf(':') + 1);
      return `export const ${name} = () => Promise.reject(new Error('Blueprint icons load one by one (src/kernel/icons.ts)'));`;
    },
    buildStart() {
      if (!isBuild) return;
      for (const size of ['16px', '20px']) {
        for (const file of fs.readdirSync(`${generated}/${size}/paths`)) {
          if (!file.endsWith('.js') || file === 'index.js') continue;
          this.emitFile({ type: 'chunk', preserveSignature: 'strict', id: `${generated}/${size}/paths/${file}`, fileName: `assets/blueprint-icons-${version}/${size}/paths/${file}` });
        }
      }
    },
  };
}

/**
 * The kernel's barrels (`@kernel`, and the table's, graph's and platform's index modules) only
 * re-export. Declared without side effects, a screen that imports two names from `@kernel` loads the
 * modules that define those two names, not every module the barrel re-exports with whatever they
 * import (the table engine, the forms, the action dialog…): Rolldown otherwise keeps an import of each
 * re-exported module that has side effects of its own (a stylesheet is one) in the barrel's chunk
 * (docs/DECISIONS.md, "The dashboard loads what it shows"). The manifests' generated validator is one
 * too: its top-level statements only set up its own functions, so a production build, which does not
 * call it (src/kernel/plugin/validate-manifest.ts), leaves it out.
 */
const barrels = new Set(['./src/kernel/index.ts', './src/kernel/table/index.ts', './src/kernel/graph/index.ts', './src/kernel/platform/index.ts', './protocol/index.ts',
  './src/generated/boot-validators.js']
  .map((path) => fileURLToPath(new URL(path, import.meta.url))));
function barrelsWithoutSideEffects(): Plugin {
  return {
    name: 'tessera-barrels-without-side-effects',
    transform(code, id) {
      return barrels.has(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * The signed-in shell's code in one chunk. After sign-in every screen runs src/kernel/SignedIn.tsx and
 * the shell's layout, and what they import (the runner, the tab bar, the menu…) came as some 60 chunks
 * of 0.5 to 3 kB that Rolldown cut by which lazy screens share each module: gzipped one by one they
 * weighed ≈ 18 kB more than together. A module in this set is one the shell imports statically and the
 * entry (the sign-in page) does not: every signed-in screen loads all of it anyway, and the sign-in page
 * none of it (docs/DECISIONS.md, "The dashboard loads what it shows").
 */
const signedInShell = new Set<string>();
const SHELL_ROOTS = [/src[\\/]kernel[\\/]SignedIn\.tsx$/, /src[\\/]kernel[\\/]shell[\\/]Layout\.tsx$/];
function signedInShellChunk(): Plugin {
  return {
    name: 'tessera-signed-in-shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      // A barrel's re-exports are not followed: an importer gets only the modules whose names it uses
      // (barrelsWithoutSideEffects), which Rolldown places itself.
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          if (!barrels.has(id)) stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const initial = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      signedInShell.clear();
      for (const id of closure(ids.filter((id) => SHELL_ROOTS.some((r) => r.test(id))))) if (!initial.has(id)) signedInShell.add(id);
    },
  };
}

/**
 * A language file's first-screen strings and the rest (docs/PLUGINS.md, "Strings"; docs/DECISIONS.md,
 * "The dashboard loads what it shows"): `./locales/zh-CN.json?first` is the part of the file that the
 * key paths listed in `first-screen.json` beside it name, `?rest` everything else. Developers keep one
 * file per language; a path names a group (`widgets`) or a key inside one (`runner.jobs`, its plural
 * forms `runner.jobs_one`… included). Without a `first-screen.json` the whole file is the first part.
 * A listed path the file lacks fails the load, so a typo cannot drop strings from the first screen.
 * The same in the build, the dev server and vitest (all use this config).
 */
type StringTree = { [key: string]: string | StringTree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function splitStrings(tree: StringTree, paths: readonly string[] | null, file = 'strings'): { first: StringTree; rest: StringTree } {
  if (paths === null) return { first: tree, rest: {} };
  const first: StringTree = {};
  for (const p of paths) {
    const segments = p.split('.');
    let from: StringTree = tree;
    let to: StringTree = first;
    segments.slice(0, -1).forEach((seg) => {
      const next = from[seg];
      if (typeof next !== 'object') throw new Error(`${file}: first-screen.json names "${p}", which is not in the file`);
      from = next;
      to = (to[seg] ??= {}) as StringTree;
    });
    const last = segments[segments.length - 1]!;
    const keys = Object.keys(from).filter((k) => k === last || (PLURAL.test(k) && k.replace(PLURAL, '') === last));
    if (keys.length === 0) throw new Error(`${file}: first-screen.json names "${p}", which is not in the file`);
    for (const k of keys) to[k] = from[k]!;
  }
  const without = (whole: StringTree, taken: StringTree): StringTree => {
    const out: StringTree = {};
    for (const [k, v] of Object.entries(whole)) {
      const t = taken[k];
      if (t === undefined) out[k] = v;
      else if (typeof v === 'object' && typeof t === 'object' && t !== v) {
        const left = without(v, t);
        if (Object.keys(left).length) out[k] = left;
      }
    }
    return out;
  };
  return { first, rest: without(tree, first) };
}

function localeParts(): Plugin {
  return {
    name: 'tessera-locale-parts',
    enforce: 'pre',
    load(id) {
      const m = /^(.*[\\/]locales[\\/][A-Za-z]{2}-[A-Za-z]{2}\.json)\?(?:.*&)?(first|rest)(?:&.*)?$/.exec(id);
      if (!m) return null;
      const [, file, part] = m as unknown as [string, string, 'first' | 'rest'];
      const declaration = path.join(path.dirname(file), 'first-screen.json');
      this.addWatchFile(file);
      this.addWatchFile(declaration);
      const paths = fs.existsSync(declaration) ? JSON.parse(fs.readFileSync(declaration, 'utf8')) as string[] : null;
      if (paths !== null && (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))) throw new Error(`${declaration}: a list of key paths`);
      const strings = splitStrings(JSON.parse(fs.readFileSync(file, 'utf8')) as StringTree, paths, file)[part];
      // a module whose default export is the part (JSON.parse of a string literal: the fastest to parse)
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(strings))});\n`, map: null, moduleType: 'js' };
    },
  };
}

export default defineConfig({
  plugins: [localeParts(), manifestKernelImport(), barrelsWithoutSideEffects(), signedInShellChunk(), blueprintIconChunks(), schemaValidators(), react(), webVersionFile()],
  resolve: { alias: { '@kernel': fileURLToPath(new URL('./src/kernel/index.ts', import.meta.url)) } },
  define: { __WEB_VERSION__: JSON.stringify(pkg.version) },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/__graph': 'http://127.0.0.1:8080' } },
  // Every browser Blueprint 6 supports knows <link rel="modulepreload">: no polyfill in the first screen's code.
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'signed-in', test: (id) => signedInShell.has(id), includeDependenciesRecursively: false }] } } },
  },
});
