// Plurals follow i18next's plural rules ("1 row", "2 rows"), never "row(s)".
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const files = [
  'src/kernel/i18n/locales/en-US.json',
  'src/kernel/table/locales/en-US.json',
  ...fs.readdirSync(path.join(root, 'plugins')).map((id) => `plugins/${id}/locales/en-US.json`).filter((f) => fs.existsSync(path.join(root, f))),
];

function strings(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

describe('English plurals', () => {
  it('no text writes a plural as "(s)"; a counted noun has _one and _other forms', () => {
    const bad: string[] = [];
    for (const file of files) {
      const entries = strings(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')));
      for (const [key, text] of entries) {
        if (/[a-z]\((s|es|ies)\)/i.test(text)) bad.push(`${file} ${key}: ${text}`);
        // "{{count}} rows" under a key without plural forms reads "1 rows"
        if (/\{\{count\}\} [a-z]+s\b/i.test(text) && !/_(one|other|zero|two|few|many)$/.test(key)) bad.push(`${file} ${key}: ${text} (needs _one/_other)`);
      }
    }
    expect(bad).toEqual([]);
  });
});
