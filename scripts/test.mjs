// `npm test`: the type check, the unit and server tests, then the browser tests on the built app.
// Ends with one plain summary line: 'total: N passed, N failed, N skipped'.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

const phases = [];
function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  phases.push(`${title}: ${seconds} s`);
  console.log(`=== ${title}: ${seconds} s ===`);
  if (result.status !== 0) ok = false;
  return result.status === 0;
}

function vitest(title, projects) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-test-')), 'results.json');
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const exitedOk = run(title, bin('vitest'), args);
  try {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) totals.failed += r.numFailedTestSuites; // a file that failed to load
    else if (!exitedOk && r.numFailedTests === 0) {
      // vitest fails a run on an error thrown outside any test (an unhandled rejection, a timer after teardown)
      totals.failed += 1;
      console.error(`${title}: every test passed, but vitest failed the run: see "Unhandled Errors" above`);
    }
  } catch {
    totals.failed += 1;
    console.error(`${title}: no results were written`);
  }
}

const typesOk = run('type check', process.execPath, [path.join(root, 'scripts/compile-schemas.mjs')]) && run('tsc -b', bin('tsc'), ['-b']);
if (!typesOk) totals.failed += 1;
vitest('unit, server, sandbox, extension and tools tests', ['unit', 'server', 'sandbox', 'extension', 'tools']);
vitest('runner chaos against the sandbox', ['chaos']);
const built = run('build', 'npm', ['run', 'build', '--silent']);
if (built) vitest('browser tests (real Chromium)', ['e2e']);
else totals.failed += 1;

console.log(`\nphases:\n  ${phases.join('\n  ')}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
