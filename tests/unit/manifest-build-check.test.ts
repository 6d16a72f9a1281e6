// A production build checks every plugin.json (scripts/compile-schemas.mjs, manifestProblems) and the built
// page then trusts them (src/kernel/plugin/validate-manifest.ts): the check must find what the page would refuse.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM build script without type declarations
import { manifestProblems } from '../../scripts/compile-schemas.mjs';
import { validateManifest } from '../../src/kernel/plugin/validate-manifest';

const check = manifestProblems as (o?: { pluginsDir?: string }) => string[];

function pluginsWith(manifests: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-manifests-'));
  for (const [id, manifest] of Object.entries(manifests)) {
    mkdirSync(join(dir, id));
    writeFileSync(join(dir, id, 'plugin.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('the build checks every plugin manifest', () => {
  it("finds no problem in this repository's plugins", () => {
    expect(check()).toEqual([]);
  });

  it('names the plugin and the problem of a manifest the page would refuse, and agrees with the page', () => {
    const good = JSON.parse(readFileSync(join(import.meta.dirname, '../../plugins/workspace/plugin.json'), 'utf8')) as Record<string, unknown>;
    const broken = { ...good, id: 'broken', routes: 'not a list' };
    const dir = pluginsWith({ fine: { ...good, id: 'fine' }, broken });
    try {
      const problems = check({ pluginsDir: dir });
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((p) => p.startsWith('broken: '))).toBe(true);
      expect(problems.join('\n')).toMatch(/routes/);
      // the development page (and these tests) still check at runtime, with the same verdict
      expect(validateManifest(broken).length).toBeGreaterThan(0);
      expect(validateManifest({ ...good, id: 'fine' })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
