/**
 * `npm run bench:list`: the ad-account screen of the real product on the large sandbox (≈ 20,000
 * accounts) at the product's pacing, in headless Chromium; prints one docs/INTERFACES.md section 8 line:
 *   list-<rows>: first_rows_s=… complete_s=… heap_mb=… long_frames=… [extras]
 * Starts the real server (scripts/start.mjs, demo mode, `TESSERA_SANDBOX_SCALE=large`, the build in
 * dist/ — `--build` builds first), logs in as the demo operator with the ad-account screen as the
 * redirect, and measures from the login click: the first account row on screen, the list status
 * saying the load ended (every page and detail batch), the heap after three gc() once loaded, and the
 * animation frames over 50 ms in between (Long Animation Frames API; rAF gaps over 50 ms as a check).
 * See bench/README.md, "List loading".
 * Options: --runs=N  --verbose (long frames' scripts on stderr)  --snapshot=<file> (heap by constructor)
 *          --build (npm run build first)  --trace=<file> (a Chromium trace of the whole load)
 */
import { execSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../tests/e2e/server';
import { CHROMIUM, DEMO_PASSWORD } from '../tests/e2e/browser';

const LOAD_LIMIT_MS = 8 * 60_000;
const ROUTE = '/adaccount/index';
const OPERATOR = 'operator@tessera.test';

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(arg('runs') ?? 1);
const HARD_LIMIT_MS = (2 + 10 * runs) * 60_000;
const verbose = args.includes('--verbose');
const snapshotFile = arg('snapshot');
const traceFile = arg('trace');
const log = (...parts: unknown[]) => { if (verbose) console.error(...parts); };

const watchdog = setTimeout(() => { console.error(`bench:list: gave up after ${HARD_LIMIT_MS / 1000} s`); process.exit(2); }, HARD_LIMIT_MS);
watchdog.unref();

/** What the page records (installed before any script of the page runs). */
interface Probe {
  armed: boolean;
  t0: number;
  firstRow: number | null;
  complete: number | null;
  state: string | null;
  rows: number;
  progress: string;
  longFrames: { start: number; duration: number; blocking: number; scripts: string[] }[];
  rafGaps: number[];
  frames: number;
}
type W = Window & { __list: Probe; gc?: () => void };

function probe(route: string) {
  const w = window as unknown as W;
  const p: Probe = { armed: false, t0: 0, firstRow: null, complete: null, state: null, rows: 0, progress: '', longFrames: [], rafGaps: [], frames: 0 };
  w.__list = p;
  try {
    new PerformanceObserver((list) => {
      if (!p.armed) return;
      for (const e of list.getEntries() as (PerformanceEntry & { blockingDuration?: number; scripts?: { invoker?: string; sourceURL?: string; sourceFunctionName?: string; duration: number }[] })[]) {
        if (e.duration <= 50 || e.startTime < p.t0) continue;
        const scripts = [...(e.scripts ?? [])].sort((a, b) => b.duration - a.duration).slice(0, 3)
          .map((s) => `${Math.round(s.duration)}ms ${s.invoker ?? ''} ${s.sourceFunctionName ?? ''}@${(s.sourceURL ?? '').split('/').pop()}`);
        p.longFrames.push({ start: e.startTime - p.t0, duration: e.duration, blocking: e.blockingDuration ?? 0, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // no Long Animation Frames API: the rAF gaps still count
  }
  let last: number | undefined;
  const screen = `[data-screen="${route}"]`;
  const tick = (t: number) => {
    if (p.armed) {
      p.frames++;
      if (last !== undefined && t - last > 50) p.rafGaps.push(t - last);
      last = t;
      if (p.firstRow === null && document.querySelector(`${screen} [data-row-id]`)) p.firstRow = t - p.t0;
      const progress = document.querySelector(`${screen} [data-testid="list-progress"]`)?.textContent;
      if (progress) {
        p.progress = progress;
        const rows = /([\d,]+) rows/.exec(progress);
        if (rows) p.rows = Math.max(p.rows, Number(rows[1].replace(/,/g, '')));
      }
      const state = document.querySelector(`${screen} [data-list-state]`)?.getAttribute('data-list-state') ?? null;
      if (state) p.state = state;
      if (p.firstRow !== null && state && state !== 'loading') {
        p.complete = t - p.t0;
        p.armed = false;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function heapAfterGc(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const w = window as unknown as W;
    for (let i = 0; i < 3; i++) {
      w.gc?.();
      await new Promise((r) => setTimeout(r, 100));
    }
    return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 1024 / 1024;
  });
}

async function oneRun(baseUrl: string, run: number): Promise<string> {
  const graph = `${baseUrl}/__graph`;
  await fetch(`${graph}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: 'tessera', scale: 'large', hostile: false }) });
  await fetch(`${graph}/__sandbox/calls`, { method: 'DELETE' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    // tsx keeps function names with a `__name` helper the page does not have: define it first.
    await context.addInitScript({ content: `window.__name = (f) => f; (${probe.toString()})(${JSON.stringify(ROUTE)});` });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
    await page.goto(`${baseUrl}/login/login?redirect=${encodeURIComponent(ROUTE)}`);
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('arco-locale', JSON.stringify({ v: 'en-US' }));
      // The spec's pacing: the pace factor stays at 1.
      localStorage.setItem('tessera-runner', JSON.stringify({ v: { paceFactor: 1, autoResume: false } }));
    });
    await page.reload();
    await page.locator(`[data-demo-email="${OPERATOR}"]`).click();
    if (DEMO_PASSWORD && !(await page.locator('#login-password').inputValue())) await page.locator('#login-password').fill(DEMO_PASSWORD);
    if (traceFile) await browser.startTracing(page, { path: `${traceFile}-${run}.json`, screenshots: false, categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'] });
    await page.evaluate(() => { const p = (window as unknown as W).__list; p.t0 = performance.now(); p.armed = true; });
    await page.locator('form button[type="submit"]').click();
    await page.waitForFunction(() => (window as unknown as W).__list.complete !== null, undefined, { timeout: LOAD_LIMIT_MS, polling: 1000 });
    if (traceFile) await browser.stopTracing();
    const p = await page.evaluate(() => (window as unknown as W).__list);
    const calls = (await (await fetch(`${graph}/__sandbox/calls`)).json()) as { total: number; batches: number; byPath: Record<string, number> };
    const listPages = Object.entries(calls.byPath).filter(([k]) => /\/(me|61550000000001)\/adaccounts$/.test(k)).reduce((n, [, c]) => n + c, 0);
    const rowsShown = await page.locator(`[data-screen="${ROUTE}"] [data-row-id]`).count();
    await page.waitForTimeout(2000); // the cache write after the load
    const heap = await heapAfterGc(page);
    if (snapshotFile) await summarizeHeap(page, `${snapshotFile}-${run}.txt`);
    for (const f of p.longFrames) log(`  long frame at ${(f.start / 1000).toFixed(1)} s: ${f.duration.toFixed(0)} ms (blocking ${f.blocking.toFixed(0)}) ${f.scripts.join(' | ')}`);
    const fmt = (n: number | null, d = 2) => (n === null ? 'NaN' : n.toFixed(d));
    const worst = Math.max(0, ...p.longFrames.map((f) => f.duration));
    return `list-${p.rows}: first_rows_s=${fmt(p.firstRow! / 1000)} complete_s=${fmt(p.complete! / 1000)} heap_mb=${fmt(heap, 1)} long_frames=${p.longFrames.length}` +
      ` worst_frame_ms=${worst.toFixed(0)} raf_gaps_over_50=${p.rafGaps.length} frames=${p.frames} state=${p.state} list_pages=${listPages}` +
      ` detail_batches=${calls.batches} calls=${calls.total} rows_in_dom=${rowsShown}`;
  } finally {
    await browser.close();
  }
}

/** Self sizes by node type and constructor from a heap snapshot, largest first (a diagnostic). */
async function summarizeHeap(page: Page, file: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const parts: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', (event: { chunk: string }) => parts.push(event.chunk));
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const snapshot = JSON.parse(parts.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals = new Map<string, { size: number; count: number }>();
  const bigStrings: { size: number; head: string }[] = [];
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    const isString = type === 'string' || type === 'concatenated string' || type === 'sliced string';
    const size = snapshot.nodes[i + sizeAt];
    if (isString && size > 100_000) bigStrings.push({ size, head: snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 80) });
    const key = `${type} ${isString ? '' : snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 60)}`;
    const entry = totals.get(key) ?? { size: 0, count: 0 };
    entry.size += size;
    entry.count++;
    totals.set(key, entry);
  }
  const lines = [...totals].sort((a, b) => b[1].size - a[1].size).slice(0, 60)
    .map(([key, { size, count }]) => `${(size / 1024).toFixed(0).padStart(8)} KiB ${String(count).padStart(8)}  ${key}`);
  lines.push('', 'strings over 100 kB:', ...bigStrings.sort((a, b) => b.size - a.size).slice(0, 20).map((s) => `${(s.size / 1024).toFixed(0).padStart(8)} KiB  ${JSON.stringify(s.head)}`));
  writeFileSync(file, lines.join('\n') + '\n');
  log(`  heap summary: ${file}`);
}

const root = path.resolve(import.meta.dirname, '..');
if (args.includes('--build') || !existsSync(path.join(root, 'dist/index.html'))) execSync('npm run build', { cwd: root, stdio: 'inherit' });
const server = await startServer({ TESSERA_SANDBOX_SCALE: 'large', TESSERA_SKIP_BUILD: '1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { void server.stop().finally(() => process.exit(130)); });
try {
  for (let run = 1; run <= runs; run++) console.log(await oneRun(server.baseUrl, run));
} finally {
  await server.stop();
}
process.exit(0);
