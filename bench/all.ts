/**
 * `npm run bench`: runs every benchmark, one after the other, by its npm script name, and writes
 * bench/RESULTS.md with this machine's figures (CPU, cores, memory, Node and Chromium versions, date).
 * A benchmark whose script does not exist is skipped with a line saying so; one that fails or times
 * out is reported as such, and the others still run.
 * Options: --only=bundle,table (script names without `bench:`)  --out=FILE (default bench/RESULTS.md)
 */
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BENCHMARKS = ['bench:runner', 'bench:table', 'bench:server', 'bench:bundle', 'bench:list'];
const TIMEOUT_MS = 20 * 60_000; // per benchmark; each also stops itself earlier
/** A docs/INTERFACES.md section 8 figure line: `<name>: key=value …`. */
const FIGURE_LINE = /^[a-z][\w.-]*: [a-z_]+=\S+/;

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',').map((n) => `bench:${n.replace(/^bench:/, '')}`);
const out = resolve(ROOT, args.find((a) => a.startsWith('--out='))?.slice(6) ?? 'bench/RESULTS.md');

interface Outcome { script: string; status: 'ok' | 'failed' | 'skipped' | 'timed out'; seconds: number; figures: string[]; note?: string }

function runScript(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    const figures: string[] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      figures.push(...lines.filter((l) => FIGURE_LINE.test(l.trim())).map((l) => l.trim()));
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
    }, TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (FIGURE_LINE.test(pending.trim())) figures.push(pending.trim());
      const seconds = Math.round((Date.now() - started) / 1000);
      done({ script, seconds, figures, status: timedOut ? 'timed out' : code === 0 ? 'ok' : 'failed', note: code && !timedOut ? `exit code ${code}` : undefined });
    });
  });
}

function machine(): string[] {
  const cpu = os.cpus()[0]?.model?.trim() || 'unknown CPU';
  let chromium = 'not found';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch { /* left as not found */ }
  return [
    `- Date: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `- CPU: ${cpu}, ${os.cpus().length} cores`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node: ${process.version}`,
    `- Chromium: ${chromium}`,
  ];
}

function report(outcomes: Outcome[]): string {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/all.ts). Each benchmark's figures are the lines it printed, in the`,
    'formats of docs/INTERFACES.md section 8; bench/README.md says what each one measures and how.',
    'Timings depend on the machine and on what else it runs at the time.',
    '',
    '## Machine',
    '',
    ...machine(),
    '',
    '## Figures',
    '',
  ];
  for (const o of outcomes) {
    lines.push(`### \`npm run ${o.script}\``, '');
    if (o.status === 'skipped') {
      lines.push(`Skipped: ${o.note}.`, '');
      continue;
    }
    lines.push(`${o.status === 'ok' ? 'Ran' : o.status === 'timed out' ? 'Timed out after' : 'Failed after'} ${o.seconds} s${o.note ? ` (${o.note})` : ''}.`, '');
    lines.push('```', ...(o.figures.length ? o.figures : ['(no figure lines printed)']), '```', '');
  }
  return lines.join('\n');
}

/** The hand-written reading of the figures against issue 18's targets, kept from the last report. */
const NOTES_HEADING = '## Against the targets';

function keptNotes(): string {
  let previous = '';
  try {
    previous = readFileSync(out, 'utf8');
  } catch {
    return '';
  }
  const at = previous.indexOf(`\n${NOTES_HEADING}`);
  return at < 0 ? '' : previous.slice(at);
}

async function main(): Promise<void> {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const outcomes: Outcome[] = [];
  for (const script of only ?? BENCHMARKS) {
    if (!scripts[script]) {
      console.log(`bench: skipping ${script}: package.json has no such script yet`);
      outcomes.push({ script, status: 'skipped', seconds: 0, figures: [], note: 'package.json has no such script yet' });
      continue;
    }
    console.log(`bench: running ${script}`);
    const outcome = await runScript(script);
    console.log(`bench: ${script} ${outcome.status} in ${outcome.seconds} s`);
    outcomes.push(outcome);
  }
  writeFileSync(out, report(outcomes) + keptNotes());
  console.log(`bench: wrote ${relative(ROOT, out)}`);
  process.exit(outcomes.some((o) => o.status === 'failed' || o.status === 'timed out') ? 1 : 0);
}

void main();
