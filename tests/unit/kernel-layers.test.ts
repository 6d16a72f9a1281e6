import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The kernel's layers run one way: the shell and the workspace compose the rest, so nothing below
 * them may import them (that made the shell and the runner import each other), and the core (settings,
 * toasts, visit statistics, the route table) sits under everything.
 */
const KERNEL = path.resolve(__dirname, '../../src/kernel');
const FORBIDDEN: Record<string, readonly string[]> = {
  runner: ['shell', 'workspace'],
  auth: ['shell', 'workspace'],
  table: ['shell', 'workspace'],
  bridge: ['shell', 'workspace'],
  graph: ['shell', 'workspace'],
  platform: ['shell', 'workspace', 'runner'],
  store: ['shell', 'workspace'],
  core: ['shell', 'workspace', 'runner'],
};

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

/** The kernel folder a relative import lands in (null: outside the kernel or a package). */
function layerOf(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const target = path.relative(KERNEL, path.resolve(path.dirname(file), spec));
  if (target.startsWith('..')) return null;
  const [first] = target.split(path.sep);
  return first;
}

describe('the kernel’s layers', () => {
  it('finds the imports of a file, static, re-exported and dynamic', () => {
    expect(importsOf(`import a from './a';\nimport type { B } from "../b";\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');\nimport {\n  f,\n} from '../f';`))
      .toEqual(['./a', '../b', './c', '../f', './d.css', './e']);
  });

  it('run one way: nothing below the shell imports the shell or the workspace, and the core imports neither the runner', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(KERNEL)) {
      const layer = path.relative(KERNEL, file).split(path.sep)[0];
      const forbidden = FORBIDDEN[layer];
      if (!forbidden) continue;
      for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
        const target = layerOf(file, spec);
        if (target && target !== layer && forbidden.includes(target)) problems.push(`${path.relative(KERNEL, file)} imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
