// `npm run new:plugin <id>` makes an area that type-checks and passes the suite unchanged: scaffolded into
// a temporary copy of the repository, then the type check, the new area's own test and the convention
// tests every area must pass (parameter messages, plugin contract, locales, layers, allow-list walk) run
// there, in one vitest run.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const ID = 'scaffoldcheck';
/** The tests every area must pass, run on the scaffolded copy beside the area's own. */
const CONVENTIONS = [
  'tests/unit/params-messages.test.ts', // every parameter names a message both languages have
  'tests/unit/plugin-contract.test.tsx', // manifest, bindings, schemas beside actions, row types, locale keys, routes render
  'tests/unit/locale-plurals.test.ts', // plurals by i18next's rules
  'tests/unit/plugin-boundaries.test.ts', // a plugin imports @kernel and its own folder only
  'tests/unit/kernel-layers.test.ts',
  'tests/unit/platform-check-coverage.test.ts', // every action in a call family, probes on reads only, names in both locales
  'tests/extension/allow-list-walk.test.ts', // every call of every plugin is on the allow-list
];
let copy = '';

/** The repository as a clean checkout would have it (tracked and new, not ignored), node_modules linked entry by entry. */
function copyRepository(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-scaffold-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root }).toString().split('\0').filter(Boolean);
  for (const rel of files) {
    const from = path.join(root, rel);
    if (!fs.existsSync(from)) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, rel));
  }
  // Own .tmp (tsc's build info) so the copy's type check never touches the real tree's.
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '.tmp' && entry !== '.vite' && entry !== '.vitest') fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  return dir;
}

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, CI: 'true', ...env } });
  // without colours, so the summary can be read
  return { ok: r.status === 0, output: `${r.stdout}\n${r.stderr}`.replace(/\u001b\[[0-9;]*m/g, '') };
}

afterAll(() => { if (copy) fs.rmSync(copy, { recursive: true, force: true }); });

describe('npm run new:plugin', () => {
  it('scaffolds an area that passes the type check, its own test and the convention tests', () => {
    copy = copyRepository();
    const made = run(process.execPath, ['scripts/new-plugin.mjs', ID]);
    expect(made.ok, made.output).toBe(true);
    for (const f of ['plugin.json', 'index.ts', 'load.ts', 'actions/read-field.ts', 'actions/read-field.schema.json', 'locales/zh-CN.json', 'locales/en-US.json', `tests/${ID}-plugin.test.tsx`]) {
      expect(fs.existsSync(path.join(copy, 'plugins', ID, f)), f).toBe(true);
    }
    // its calls join the allow-list the demo transport and the extension enforce
    expect(fs.readFileSync(path.join(copy, 'protocol/allow-list/index.ts'), 'utf8')).toContain(`import { ${ID} } from './${ID}';`);
    expect(fs.existsSync(path.join(copy, 'protocol/allow-list', `${ID}.ts`))).toBe(true);
    expect(run(process.execPath, ['scripts/new-plugin.mjs', ID]).ok, 'a second scaffold of the same id is refused').toBe(false);
    expect(run(process.execPath, ['scripts/new-plugin.mjs', 'Bad-Id']).ok).toBe(false);

    const schemas = run(process.execPath, ['scripts/compile-schemas.mjs']);
    expect(schemas.ok, schemas.output).toBe(true);
    expect(fs.readFileSync(path.join(copy, 'src/generated/action-params.d.ts'), 'utf8')).toContain(`"${ID}.readField"`);
    const types = run(path.join(copy, 'node_modules/.bin/tsc'), ['-b']);
    expect(types.ok, types.output.slice(-3000)).toBe(true);
    // The checks over all plugins run whole; the per-area ones (every route renders, the allow-list walk)
    // for the new area only: the others ran in the suite itself.
    const tests = run(path.join(copy, 'node_modules/.bin/vitest'), ['run', '--reporter', 'verbose', '--project', 'unit', '--project', 'extension', `plugins/${ID}/tests/${ID}-plugin.test.tsx`, ...CONVENTIONS], { TESSERA_CHECK_AREAS: ID });
    expect(tests.ok, tests.output.slice(-3000)).toBe(true);
    expect(tests.output).toMatch(new RegExp(`Test Files\\s+${CONVENTIONS.length + 1} passed`));
    // the new area was the one the contract and the walk went through, with no call refused
    expect(tests.output).toMatch(new RegExp(`${ID} > route /${ID}/index renders`));
    expect(tests.output).toMatch(/allow-list walk: \d+ plugins, 1 actions, 1 loaders, \d+ calls, 0 refused/);
  }, 240_000);
});
