import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePageMessage } from '../../protocol';
import { page } from './fakes';

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

describe('one executor', () => {
  const read = (p: string) => fs.readFileSync(path.resolve(dir, '..', p), 'utf8');
  it('the extension\'s worker and the page\'s demo transport both run protocol/executor.ts and keep no rule of their own', () => {
    // The six steps (check, map the host, fill placeholders, fetch hop by hop, scrub) are executeRequest's alone.
    const RULES = /\b(checkCall|checkRequest|parseRequest|fillPlaceholders|fillRequest|placeholdersNeeded|fetchHopByHop|scrubReply|secretMap)\b/;
    for (const file of ['extension/src/lib/executor.ts', 'src/kernel/bridge/demo-transport.ts']) {
      const code = read(file);
      expect(code, file).toMatch(/\bexecuteRequest\(/);
      expect(code.match(RULES)?.[0] ?? null, file).toBeNull();
    }
  });
});

describe('the scheduled checks\' page messages (extension 1.6.0)', () => {
  it('tessera:watchSchedule takes an integer epoch ms between 2000 and 2200, or null; tessera:watchDone nothing', () => {
    const AT = Date.UTC(2026, 10, 28, 18, 0, 0);
    const schedule = (nextAt: unknown) => parsePageMessage(page({ type: 'tessera:watchSchedule', nextAt }));
    expect(schedule(AT)).toEqual({ source: 'tessera-page', type: 'tessera:watchSchedule', nextAt: AT });
    expect(schedule(null)).toEqual({ source: 'tessera-page', type: 'tessera:watchSchedule', nextAt: null });
    for (const bad of [undefined, '1764352800000', AT + 0.5, 0, -AT, 946_684_800_000, 7_258_118_400_000, 9e15, Number.NaN, Number.POSITIVE_INFINITY, {}, [AT]]) {
      expect(schedule(bad), String(bad)).toBeNull();
    }
    expect(parsePageMessage(page({ type: 'tessera:watchDone', extra: 'ignored' }))).toEqual({ source: 'tessera-page', type: 'tessera:watchDone' });
    expect(parsePageMessage({ source: 'someone-else', type: 'tessera:watchDone' })).toBeNull();
  });
});
