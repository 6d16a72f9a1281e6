import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const pluginsDir = path.join(root, 'plugins');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

const SPECIFIER = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** A plugin's own tests (plugins/<id>/tests/…): test code, never part of the app. */
export const TESTS_FOLDER = 'tests';

/**
 * Besides @kernel and their own plugin, an area's tests may import what a test needs and the app never
 * ships: the test harnesses, the kernel's internals, the graph sandbox the tests run against, the
 * protocol the bridge speaks, and another plugin's manifest module (to render the kernel with it).
 * Paths relative to the repository, without extension; a trailing `/` admits the folder.
 */
export const TEST_ONLY_IMPORTS = [
  'tests/harness/',
  'tests/sandbox/harness',
  'tests/sandbox/area-harness',
  // the undo contract each area's <id>-undo.sandbox.test.ts runs (docs/UNDO.md)
  'tests/sandbox/undo-contract',
  'tests/e2e/browser',
  'tests/e2e/fixtures',
  'tests/e2e/server',
  'src/',
  'sandbox/',
  'protocol/',
] as const;

/** Whether a plugin's test may import this file of the repository (`rel`, relative to the root). */
function testMayImport(rel: string): boolean {
  const target = rel.split(path.sep).join('/').replace(/\.(ts|tsx|js|mjs|json)$/, '');
  if (/^plugins\/[^/]+(\/index)?$/.test(target)) return true; // another plugin's manifest module (plugins/<id>/index.ts)
  return TEST_ONLY_IMPORTS.some((allowed) => (allowed.endsWith('/') ? `${target}/`.startsWith(allowed) : target === allowed));
}

/**
 * Problems with one plugin file's imports. The plugin's code imports only `@kernel`, packages and files of
 * its own folder, never its own tests; the files of its tests/ folder may also import what
 * TEST_ONLY_IMPORTS lists.
 */
export function importProblems(file: string, source: string): string[] {
  const [area, first] = path.relative(pluginsDir, file).split(path.sep);
  const pluginRoot = path.join(pluginsDir, area);
  const testsRoot = path.join(pluginRoot, TESTS_FOLDER);
  const isTest = first === TESTS_FOLDER;
  const problems: string[] = [];
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec === '@kernel') continue;
    if (spec.startsWith('@kernel/')) problems.push(`${spec}: kernel internals; import from '@kernel'`);
    else if (spec.startsWith('.')) {
      const target = path.resolve(path.dirname(file), spec);
      const inPlugin = target === pluginRoot || target.startsWith(pluginRoot + path.sep);
      if (inPlugin && !isTest && (target === testsRoot || target.startsWith(testsRoot + path.sep))) problems.push(`${spec}: the plugin's tests; its code never imports them`);
      else if (!inPlugin && !(isTest && testMayImport(path.relative(root, target)))) {
        problems.push(isTest ? `${spec}: outside the plugin's own folder and not a test harness` : `${spec}: outside the plugin's own folder`);
      }
    } else if (spec.startsWith('/') || spec.startsWith('src/') || spec.startsWith('plugins/')) problems.push(`${spec}: absolute path into the project`);
  }
  // a glob (`import.meta.glob('./actions/*.ts')`) is an import too: the plugin's code may not glob its tests in
  if (!isTest) {
    for (const m of source.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|['"][^'"]+['"])/g)) {
      for (const [, pattern] of m[1].matchAll(/['"]([^'"]+)['"]/g)) {
        if (pattern.startsWith('!')) continue;
        const star = pattern.search(/[*?{[]/);
        const fixed = star < 0 ? pattern : pattern.slice(0, pattern.lastIndexOf('/', star) + 1);
        const base = path.resolve(fixed.startsWith('/') ? root : path.dirname(file), fixed.replace(/^\//, '') || '.');
        const rest = pattern.slice(fixed.length);
        const reachesTests = (testsRoot + path.sep).startsWith(base + path.sep) && (rest.includes('**') || rest.includes('/') || base === testsRoot);
        if (reachesTests) problems.push(`import.meta.glob('${pattern}'): can match the plugin's tests`);
      }
    }
  }
  return problems;
}

describe('plugin import boundaries', () => {
  it('every plugin imports only @kernel, packages and its own files; its tests also the harnesses', () => {
    const problems = fs.readdirSync(pluginsDir).flatMap((area) =>
      sourceFiles(path.join(pluginsDir, area)).flatMap((file) =>
        importProblems(file, fs.readFileSync(file, 'utf8')).map((p) => `${path.relative(root, file)}: ${p}`)),
    );
    expect(problems).toEqual([]);
  });

  it('catches an import of another plugin, of kernel internals and of absolute paths', () => {
    const file = path.join(pluginsDir, 'adaccount', 'views', 'X.tsx');
    const source = [
      "import { a } from '../../bm/graph';",
      "import { b } from '@kernel/store/store';",
      "const c = () => import('../../page/views/PageScreen');",
      "import '/src/kernel/bus';",
      "import { ok } from '@kernel';",
      "import { mine } from '../graph';",
      "import React from 'react';",
    ].join('\n');
    const problems = importProblems(file, source);
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/bm\/graph/);
    expect(problems.join('\n')).toMatch(/kernel internals/);
    expect(problems.join('\n')).toMatch(/page\/views/);
  });

  const harnessImports = [
    "import { renderWithKernel } from '../../../tests/harness/render-with-kernel';",
    "import { startSandbox } from '../../../tests/sandbox/harness';",
    "import { sandboxArea } from '../../../tests/sandbox/area-harness';",
    "import { launchBrowser } from '../../../tests/e2e/browser';",
    "import { createBridge } from '../../../src/kernel/bridge/bridge';",
    "import graphqlDocs from '../../../sandbox/graphql-docs.json';",
    "import { fillRequest } from '../../../protocol';",
    "import { ALLOW_LIST } from '../../../protocol/allow-list';",
    "import dashboard from '../../dashboard';",
    "import adaccount from '..';",
    "import { mine } from '../graph';",
  ];

  it('lets a plugin\'s tests import the test harnesses, the kernel\'s internals, the sandbox and another plugin\'s manifest module', () => {
    for (const name of ['X.test.tsx', 'X.sandbox.test.ts', 'X.e2e.ts', 'helpers.ts']) {
      expect(importProblems(path.join(pluginsDir, 'adaccount', 'tests', name), harnessImports.join('\n')), name).toEqual([]);
    }
  });

  it('still refuses those imports in the plugin\'s own code, and its own tests too', () => {
    // the same targets from production code (plugins/adaccount/views/X.tsx is as deep as plugins/adaccount/tests/X.ts)
    const production = importProblems(path.join(pluginsDir, 'adaccount', 'views', 'X.tsx'), [
      ...harnessImports.filter((l) => !l.includes("from '..';") && !l.includes("'../graph'")),
      "import { fixture } from '../tests/fixture';",
    ].join('\n'));
    expect(production).toHaveLength(harnessImports.length - 2 + 1);
    expect(production.filter((p) => p.endsWith(": outside the plugin's own folder"))).toHaveLength(harnessImports.length - 2);
    expect(production.join('\n')).toMatch(/tests\/fixture: the plugin's tests; its code never imports them/);
    // a test still may not reach another plugin's internals or tests, other test code, the server or the extension
    const test = importProblems(path.join(pluginsDir, 'adaccount', 'tests', 'X.test.ts'), [
      "import { a } from '../../bm/graph';",
      "import { b } from '../../bm/tests/helpers';",
      "import { c } from '../../../tests/unit/setup';",
      "import { d } from '../../../tests/e2e/global-setup';",
      "import { e } from '../../../server/app';",
      "import { f } from '../../../extension/src/lib/executor';",
      "import { g } from '@kernel/store/store';",
      "import '/src/kernel/bus';",
    ].join('\n'));
    expect(test).toHaveLength(8);
  });

  it('refuses a glob of the plugin\'s code that can reach its tests (the build would bundle them)', () => {
    const index = path.join(pluginsDir, 'adaccount', 'index.ts');
    const globs = (...patterns: string[]) => importProblems(index, patterns.map((p) => `const m = import.meta.glob('${p}');`).join('\n'));
    expect(globs('./actions/*.ts', './views/*.tsx', './*.ts', './locales/*.json')).toEqual([]);
    expect(globs('./**/*.ts', './*/*.ts', './tests/*.ts', '/plugins/*/**/*.ts')).toHaveLength(4);
    expect(importProblems(index, "const m = import.meta.glob(['./actions/*.ts', './**/*.tsx'], { eager: true });")).toHaveLength(1);
    // the plugin's tests may glob what they like
    expect(importProblems(path.join(pluginsDir, 'adaccount', 'tests', 'X.test.ts'), "const m = import.meta.glob('/plugins/*/index.ts', { eager: true });")).toEqual([]);
  });
});
