import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../protocol');
const SPECIFIER = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

describe('protocol/ (shared by the page and the extension)', () => {
  it('imports nothing but its own files: no React, no kernel, no extension code, no package', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files).toEqual(expect.arrayContaining(['index.ts', 'messages.ts', 'placeholders.ts', 'hosts.ts']));
    const problems: string[] = [];
    for (const file of files) {
      for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(SPECIFIER)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (!/^\.\/[\w-]+(\/[\w-]+)?$/.test(spec)) problems.push(`${file}: ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses no browser or chrome.* API beyond URL', () => {
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const code = fs.readFileSync(path.join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\b(window|document|chrome|localStorage|sessionStorage|indexedDB|navigator)\s*\./);
    }
  });
});
