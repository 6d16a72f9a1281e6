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

/** Problems with one plugin file's imports: only `@kernel`, packages, and files of its own folder. */
export function importProblems(file: string, source: string): string[] {
  const pluginRoot = path.join(pluginsDir, path.relative(pluginsDir, file).split(path.sep)[0]);
  const problems: string[] = [];
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec === '@kernel') continue;
    if (spec.startsWith('@kernel/')) problems.push(`${spec}: kernel internals; import from '@kernel'`);
    else if (spec.startsWith('.')) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(pluginRoot + path.sep)) problems.push(`${spec}: outside the plugin's own folder`);
    } else if (spec.startsWith('/') || spec.startsWith('src/') || spec.startsWith('plugins/')) problems.push(`${spec}: absolute path into the project`);
  }
  return problems;
}

describe('plugin import boundaries', () => {
  it('every plugin imports only @kernel, packages and its own files', () => {
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
});
