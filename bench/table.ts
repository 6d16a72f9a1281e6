/**
 * `npm run bench:table`: the kernel DataTable with the ad-account columns in Chromium over 50,000
 * and 200,000 generated rows; prints two docs/INTERFACES.md section 8 lines per size, clicks after
 * the background indexing (warm) and right after the first row (cold), each followed by our own
 * fields (heap above the rows alone, dropped frames):
 *   table-<rows>: first_row_ms=… sort_ms=… filter_ms=… select_all_ms=… scroll_p95_ms=… stale_pct=… heap_mb=… heap_over_rows_mb=… dropped_frames=…
 *   table-cold-<rows>: (the same fields)
 * Builds bench/table (Vite, production) into a temp dir, serves it, drives it with playwright-core
 * and Debian's Chromium. See bench/table/README.md for what each figure means.
 * Options: --rows=50000,200000  --verbose (per-run details on stderr)  --baseline (heap of the rows alone)
 *          --floor (the scroll measurement over an empty scroller)
 *          --scenario=warm|cold|both (default both)
 *          --think=<ms> (fixed pause before the first click instead of waiting for the table's idle indexing)
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BenchApi, FirstRowParts } from './table/api';

const HARD_LIMIT_MS = 400_000; // the whole run (warm and cold, both sizes) stays under 7 minutes
const THINK_MS = 2_000; // an operator's pause after the table appears, before the first click
const INDEXING_CAP_MS = 30_000;
const BETWEEN_MS = 800; // pause between interactions
const SCROLL_MS = 3_000;
const SCROLL_ROWS_PER_S = 2_500;
const TYPE_DELAY_MS = 120; // a fast typist
const DROPPED_OVER_MS = 25;

const args = process.argv.slice(2);
const sizes = (args.find((a) => a.startsWith('--rows='))?.slice(7) ?? '50000,200000').split(',').map(Number);
const verbose = args.includes('--verbose');
/** Print every scroll frame interval (µs precision) on stderr. */
const dumpFrames = args.includes('--frames');
/** Write a heap snapshot summary (self size by constructor) after the heap figure. */
const snapshotArg = args.find((arg) => arg.startsWith('--snapshot='));
/** Select-all clicked this many more times (on and off) to show its spread. */
const repeatArg = args.find((arg) => arg.startsWith('--repeat='));
const repeats = repeatArg ? Number(repeatArg.slice(9)) : 0;
/** CPU profiles (unminified build) of the clicks and the scroll, cold and warm, written to files of this prefix. */
const profileArg = args.find((arg) => arg.startsWith('--profile='));
/** Performance traces of the sort click, the first select-all click and the cold search, written to files of this prefix. */
const traceArg = args.find((arg) => arg.startsWith('--trace='));
/** A screenshot of the table after the select-all click, written to this file. */
const screenshotArg = args.find((arg) => arg.startsWith('--screenshot='));
/** A performance trace of the scroll, written to this file. */
const traceScrollArg = args.find((arg) => arg.startsWith('--trace-scroll='));
const baseline = args.includes('--baseline');
/** The scroll measurement over an empty scroller: what the harness reports with nothing to render. */
const floor = args.includes('--floor');
/** `warm` (clicks after indexing), `cold` (clicks right after the first row), or both (the default). */
const scenario = args.find((a) => a.startsWith('--scenario='))?.slice(11) ?? 'both';
const thinkArg = args.find((a) => a.startsWith('--think='));
const think = thinkArg ? Number(thinkArg.slice(8)) : undefined;
const log = (...parts: unknown[]) => {
  if (verbose) console.error(...parts);
};

const watchdog = setTimeout(() => {
  console.error(`bench:table: gave up after ${HARD_LIMIT_MS / 1000} s`);
  process.exit(2);
}, HARD_LIMIT_MS);
watchdog.unref();

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    }),
  );
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'NaN');

function p95(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

async function bench(page: Page, origin: string, rows: number): Promise<Figures> {
  type W = Window & { __bench: BenchApi };
  await page.goto(`${origin}/index.html?rows=${rows}`);
  await page.waitForFunction(() => (window as unknown as W).__bench?.firstRowMs !== undefined, null, { timeout: 60_000, polling: 50 });
  const firstRow = await page.evaluate(() => (window as unknown as W).__bench.firstRowMs ?? NaN);
  const parts = await page.evaluate(() => (window as unknown as W).__bench.firstRowParts);
  // The operator looks at the table before the first click: at least THINK_MS, and (unless
  // --think=<ms> fixes the pause) until the table's idle-time indexing has finished, capped.
  const thinkStarted = Date.now();
  await page.waitForTimeout(think ?? THINK_MS);
  if (think === undefined) {
    await page
      .waitForFunction(() => !document.querySelector('[data-indexing]'), null, { timeout: INDEXING_CAP_MS, polling: 100 })
      .catch(() => log(`  indexing still running after ${INDEXING_CAP_MS / 1000} s`));
  }
  log(`  first row ${fmt(firstRow, 0)} ms; first click ${((Date.now() - thinkStarted) / 1000).toFixed(1)} s after it`);
  if (verbose && rows === sizes[0]) {
    const costs = await page.evaluate(() => (window as unknown as W).__bench.columnCosts());
    log(`  µs per row (value + text): ${Object.entries(costs).map(([id, us]) => `${id} ${us}`).join(', ')}`);
  }

  // Sort by name: one click on the Name header.
  await page.evaluate(() => (window as unknown as W).__bench.arm('sort'));
  const sortProfiler = profileArg ? await startProfile(page) : null;
  if (traceArg) await page.context().browser()!.startTracing(page, { path: `${traceArg.slice(8)}-sort-${rows}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8'] });
  await page.click('[role="columnheader"][data-column-id="name"] button');
  const sort = await page.evaluate(() => (window as unknown as W).__bench.result('sort'));
  if (sortProfiler) await sortProfiler.stop(`${profileArg!.slice(10)}-sort-${rows}.cpuprofile`);
  if (traceArg) {
    await page.waitForTimeout(100);
    await page.context().browser()!.stopTracing();
  }
  log(`  sort ${fmt(sort)} ms (in the DOM after ${fmt(await domMs(page))} ms)`);
  await page.waitForTimeout(BETWEEN_MS);

  // Filter: four keystrokes into the search box; the clock runs from the last one.
  const searchBox = page.getByRole('searchbox', { name: 'Search', exact: true });
  await searchBox.click();
  await page.waitForTimeout(200);
  const query = await page.evaluate(() => (window as unknown as W).__bench.filterQuery);
  await page.evaluate(() => (window as unknown as W).__bench.arm('filter'));
  await page.keyboard.type(query, { delay: TYPE_DELAY_MS });
  const filter = await page.evaluate(() => (window as unknown as W).__bench.result('filter'));
  const expected = await page.evaluate(() => (window as unknown as W).__bench.expectedFilterCount);
  log(`  filter "${query}" → ${expected} rows: ${fmt(filter)} ms (in the DOM after ${fmt(await domMs(page))} ms)`);
  await page.waitForTimeout(BETWEEN_MS);

  // Back to the whole (sorted) view, not measured.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="table-count"]')?.textContent === `${n} rows`, rows, { timeout: 30_000 });
  await page.waitForTimeout(BETWEEN_MS);

  log('  filter cleared');
  // Select all: one click on the header checkbox.
  await page.evaluate(() => (window as unknown as W).__bench.arm('selectAll'));
  const profiler = profileArg ? await startProfile(page) : null;
  if (traceArg) await page.context().browser()!.startTracing(page, { path: `${traceArg.slice(8)}-${rows}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8'] });
  await page.click('[role="row"][aria-rowindex="1"] [role="columnheader"]:first-child input[type="checkbox"]');
  const selectAll = await page.evaluate(() => (window as unknown as W).__bench.result('selectAll'));
  if (profiler) await profiler.stop(`${profileArg!.slice(10)}-${rows}.cpuprofile`);
  if (traceArg) {
    await page.waitForTimeout(100);
    await page.context().browser()!.stopTracing();
  }
  if (screenshotArg) await page.screenshot({ path: `${screenshotArg.slice(13)}-${rows}.png` });
  log(`  select all ${fmt(selectAll)} ms (in the DOM after ${fmt(await domMs(page))} ms)`);
  if (repeats > 0) await repeatSelectAll(page, repeats);
  await page.waitForTimeout(BETWEEN_MS);

  const scroll = await measureScroll(page, rows, true);
  const heap = await page.evaluate(() => (window as unknown as W).__bench.heapMb());
  if (snapshotArg) await summarizeHeap(page, `${snapshotArg.slice(11)}-${rows}.txt`);
  return { firstRow, parts, sort, filter, selectAll, ...scroll, heap };
}

interface Figures {
  firstRow: number;
  /** the first row's parts, of this run (warm) or of the first cold page */
  parts?: FirstRowParts;
  sort: number;
  filter: number;
  selectAll: number;
  scrollP95: number;
  stalePct: number;
  dropped: number;
  heap: number;
}

/** One section 8 line; the contract's fields first, then ours (heap above the rows alone, dropped frames). */
function line(name: string, f: Figures, rowsOnlyMb: number): string {
  return (
    `${name}: first_row_ms=${fmt(f.firstRow, 0)} sort_ms=${fmt(f.sort)} filter_ms=${fmt(f.filter)} ` +
    `select_all_ms=${fmt(f.selectAll)} scroll_p95_ms=${fmt(f.scrollP95)} stale_pct=${fmt(f.stalePct)} heap_mb=${fmt(f.heap)} ` +
    `heap_over_rows_mb=${fmt(f.heap - rowsOnlyMb)} dropped_frames=${f.dropped}` +
    (f.parts ? ` first_row_script_ms=${fmt(f.parts.scriptMs, 0)} first_row_rows_ms=${fmt(f.parts.rowsMs, 0)} first_row_mount_ms=${fmt(f.parts.mountMs, 0)}` : '')
  );
}

/** Scrolls at 2,500 rows/s for SCROLL_MS from the top; `sorted`: the view is sorted by name. */
async function measureScroll(page: Page, rows: number, sorted: boolean): Promise<{ scrollP95: number; stalePct: number; dropped: number }> {
  type W = Window & { __bench: BenchApi };
  if (traceScrollArg) await page.context().browser()!.startTracing(page, { path: `${traceScrollArg.slice(15)}-${rows}${sorted ? '' : '-cold'}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8', 'gpu', 'viz'] });
  const scrollProfiler = profileArg ? await startProfile(page) : null;
  const scroll = await page.evaluate(
    ([ms, speed, bySorted]) => (window as unknown as W).__bench.scroll(ms, speed, bySorted),
    [SCROLL_MS, SCROLL_ROWS_PER_S, sorted] as const,
  );
  if (scrollProfiler) await scrollProfiler.stop(`${profileArg!.slice(10)}-scroll-${rows}${sorted ? '' : '-cold'}.cpuprofile`);
  if (traceScrollArg) await page.context().browser()!.stopTracing();
  const staleDenominator = Math.max(1, scroll.checked);
  const sortedFrames = scroll.frames.slice().sort((a, b) => a - b);
  const pct = (q: number) => fmt(sortedFrames[Math.min(sortedFrames.length - 1, Math.ceil(sortedFrames.length * q) - 1)]);
  log(
    `  scroll: frames=${scroll.frames.length} p50=${pct(0.5)} p90=${pct(0.9)} p95=${pct(0.95)} max=${fmt(sortedFrames.at(-1) ?? NaN)} ms; ` +
      `checked=${scroll.checked} stale=${scroll.stale}; long frames (index:ms) ${scroll.frames.flatMap((f, i) => (f > 20 ? [`${i}:${f.toFixed(0)}`] : [])).join(' ')}`,
    ...scroll.staleExamples,
  );
  if (dumpFrames) {
    console.error(`  frames: ${scroll.frames.map((f) => f.toFixed(3)).join(' ')}`);
    console.error(`  row elements: ${scroll.rendered.join(' ')}`);
  }
  await page.waitForTimeout(300);
  return {
    scrollP95: p95(scroll.frames),
    stalePct: (scroll.stale / staleDenominator) * 100,
    // A frame interval over 25 ms is a frame not shown (the clock's jitter is ±0.1 ms around 16.7).
    dropped: scroll.frames.filter((f) => f > DROPPED_OVER_MS).length,
  };
}

/**
 * The cold scenario: every interaction right after the first row is painted, before the table's
 * background indexing has run — each on a fresh page, so none benefits from another's work: sort
 * (click on Name), search (the query arrives as one input event, as when pasted: no narrowing by
 * earlier keystrokes), select-all, then (on that last page, 0.8 s later) the scroll and the heap.
 */
async function benchCold(newPage: () => Promise<Page>, origin: string, rows: number): Promise<Figures> {
  type W = Window & { __bench: BenchApi };
  const open = async () => {
    const page = await newPage();
    await page.goto(`${origin}/index.html?rows=${rows}`);
    await page.waitForFunction(() => (window as unknown as W).__bench?.firstRowMs !== undefined, null, { timeout: 60_000, polling: 'raf' });
    const firstRow = await page.evaluate(() => (window as unknown as W).__bench.firstRowMs ?? NaN);
    const parts = await page.evaluate(() => (window as unknown as W).__bench.firstRowParts);
    return { page, firstRow, parts };
  };
  const firstRows: number[] = [];

  const a = await open();
  firstRows.push(a.firstRow);
  await a.page.evaluate(() => (window as unknown as W).__bench.arm('sort'));
  const sortProfiler = profileArg ? await startProfile(a.page) : null;
  await a.page.click('[role="columnheader"][data-column-id="name"] button');
  const sort = await a.page.evaluate(() => (window as unknown as W).__bench.result('sort'));
  if (sortProfiler) await sortProfiler.stop(`${profileArg!.slice(10)}-cold-sort-${rows}.cpuprofile`);
  log(`  cold: first row ${fmt(a.firstRow, 0)} ms; sort ${fmt(sort)} ms (in the DOM after ${fmt(await domMs(a.page))} ms)`);
  await a.page.context().close();

  const b = await open();
  firstRows.push(b.firstRow);
  const query = await b.page.evaluate(() => (window as unknown as W).__bench.filterQuery);
  await b.page.focus('input[type="search"]');
  await b.page.evaluate(() => (window as unknown as W).__bench.arm('search'));
  const searchProfiler = profileArg ? await startProfile(b.page) : null;
  if (traceArg) await b.page.context().browser()!.startTracing(b.page, { path: `${traceArg.slice(8)}-cold-search-${rows}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8'] });
  await b.page.keyboard.insertText(query);
  const filter = await b.page.evaluate(() => (window as unknown as W).__bench.result('search'));
  if (searchProfiler) await searchProfiler.stop(`${profileArg!.slice(10)}-cold-search-${rows}.cpuprofile`);
  if (traceArg) await b.page.context().browser()!.stopTracing();
  log(`  cold: first row ${fmt(b.firstRow, 0)} ms; search "${query}" ${fmt(filter)} ms (in the DOM after ${fmt(await domMs(b.page))} ms)`);
  await b.page.context().close();

  const c = await open();
  firstRows.push(c.firstRow);
  await c.page.evaluate(() => (window as unknown as W).__bench.arm('selectAll'));
  const selectProfiler = profileArg ? await startProfile(c.page) : null;
  await c.page.click('[role="row"][aria-rowindex="1"] [role="columnheader"]:first-child input[type="checkbox"]');
  const selectAll = await c.page.evaluate(() => (window as unknown as W).__bench.result('selectAll'));
  if (selectProfiler) await selectProfiler.stop(`${profileArg!.slice(10)}-cold-select-all-${rows}.cpuprofile`);
  log(`  cold: first row ${fmt(c.firstRow, 0)} ms; select all ${fmt(selectAll)} ms (in the DOM after ${fmt(await domMs(c.page))} ms)`);
  await c.page.waitForTimeout(BETWEEN_MS);
  const indexing = await c.page.evaluate(() => document.querySelector('[data-indexing]') !== null);
  log(`  cold: scroll starts ${indexing ? 'while indexing still runs' : 'after indexing finished'}`);
  const scroll = await measureScroll(c.page, rows, false);
  const heap = await c.page.evaluate(() => (window as unknown as W).__bench.heapMb());
  await c.page.context().close();
  const firstRow = firstRows.slice().sort((x, y) => x - y)[1]; // the median of the three pages
  return { firstRow, parts: a.parts, sort, filter, selectAll, ...scroll, heap };
}

/** Self sizes by node type and name from a heap snapshot, largest first (a diagnostic). */
async function summarizeHeap(page: Page, file: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const parts: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', (event: { chunk: string }) => parts.push(event.chunk));
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  if (process.env.TESSERA_BENCH_RAW_SNAPSHOT) writeFileSync(`${file}.heapsnapshot`, parts.join(''));
  const snapshot = JSON.parse(parts.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const totals = new Map<string, { size: number; count: number }>();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 60);
    const key = `${type} ${name}`;
    const entry = totals.get(key) ?? { size: 0, count: 0 };
    entry.size += snapshot.nodes[i + sizeAt];
    entry.count++;
    totals.set(key, entry);
  }
  const lines = [...totals].sort((a, b) => b[1].size - a[1].size).slice(0, 80).map(([key, { size, count }]) => `${(size / 1024).toFixed(0).padStart(8)} KiB ${String(count).padStart(8)}  ${key}`);
  writeFileSync(file, lines.join('\n') + '\n');
  log(`  heap summary: ${file}`);
}

const domMs = (page: Page) => page.evaluate(() => (window as unknown as { __bench: BenchApi }).__bench.lastDomMs ?? NaN);

/** Unchecks and checks the header checkbox `times` more times, timing each check: the spread of select-all. */
async function repeatSelectAll(page: Page, times: number): Promise<void> {
  type W = Window & { __bench: BenchApi };
  const header = '[role="row"][aria-rowindex="1"] [role="columnheader"]:first-child input[type="checkbox"]';
  const figures: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.waitForTimeout(BETWEEN_MS);
    await page.click(header); // off, not timed
    await page.waitForTimeout(BETWEEN_MS);
    await page.evaluate(() => (window as unknown as W).__bench.arm('selectAll'));
    await page.click(header);
    const ms = await page.evaluate(() => (window as unknown as W).__bench.result('selectAll'));
    figures.push(`${fmt(ms)}/${fmt(await domMs(page))}`);
  }
  log(`  select all again (painted/in the DOM, ms): ${figures.join(' ')}`);
}

/** A CPU profile (50 µs sampling) from now until stop(); stop() writes it and logs the top self times. */
async function startProfile(page: Page): Promise<{ stop: (file: string) => Promise<void> }> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 50 });
  await session.send('Profiler.start');
  return {
    async stop(file: string) {
      type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
      const { profile } = (await session.send('Profiler.stop')) as unknown as {
        profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] };
      };
      writeFileSync(file, JSON.stringify(profile));
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, k) => {
        const frame = byId.get(id)!.callFrame;
        const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[k + 1] ?? 0) / 1000);
      });
      const top = [...self].filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 25);
      log(`  profile ${file}:`, ...top.map(([key, ms]) => `    ${ms.toFixed(2)} ms  ${key}`));
    },
  };
}

/**
 * The frame measurement of bench.scroll over a plain 1,600,000 px scroller with nothing in it,
 * same browser, viewport and speed: headless Chromium's frame clock jitters by ±0.1 ms, so even
 * this page shows some 16.8 ms intervals, and its p95 is the floor of scroll_p95_ms.
 */
async function scrollFloor(page: Page): Promise<string> {
  await page.setContent('<div id="s" style="height:900px;overflow:auto"><div style="height:1600000px"></div></div>');
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  const frames = (await page.evaluate(`new Promise((resolve) => {
    const scroller = document.getElementById('s');
    const out = [];
    let t0 = -1;
    let last = -1;
    const step = (now) => {
      if (t0 < 0) t0 = now;
      else out.push(now - last);
      last = now;
      if (now - t0 >= ${SCROLL_MS}) return resolve(out);
      scroller.scrollTop = Math.round(((now - t0) / 1000) * ${SCROLL_ROWS_PER_S} * 32);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`)) as number[];
  const over = frames.filter((f) => f > 16.75).length;
  return `scroll-floor: scroll_p95_ms=${fmt(p95(frames))} frames=${frames.length} over_16.7=${over} dropped=${frames.filter((f) => f > DROPPED_OVER_MS).length}`;
}

async function rowsOnlyHeap(page: Page, origin: string, rows: number): Promise<number> {
  type W = Window & { __bench: BenchApi };
  await page.goto(`${origin}/index.html?rows=${rows}&mount=0`);
  await page.waitForFunction(() => (window as unknown as W).__bench?.rowsOnlyHeapMb !== undefined, null, { timeout: 60_000 });
  if (snapshotArg) await summarizeHeap(page, `${snapshotArg.slice(11)}-rows-only-${rows}.txt`);
  return page.evaluate(() => (window as unknown as W).__bench.rowsOnlyHeapMb ?? NaN);
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), 'tessera-bench-table-'));
  let browser: Browser | undefined;
  let server: Server | undefined;
  try {
    const started = Date.now();
    await build({ configFile: join(root, 'bench/table/vite.config.ts'), build: { outDir, minify: !profileArg }, logLevel: 'warn' });
    log(`built in ${Date.now() - started} ms`);
    const served = await serve(outDir);
    server = served.server;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--enable-precise-memory-info', '--js-flags=--expose-gc',
      ],
    });
    const newPage = async () => {
      const context = await browser!.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, locale: 'en-US' });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') log(`console.${message.type()}: ${message.text()}`);
      });
      return page;
    };
    for (const rows of sizes) {
      if (floor) {
        const page = await newPage();
        console.log(await scrollFloor(page));
        await page.context().close();
        continue;
      }
      const rowsOnly = await newPage();
      const rowsOnlyMb = await rowsOnlyHeap(rowsOnly, served.origin, rows);
      await rowsOnly.context().close();
      if (baseline) {
        console.log(`rows-only-${rows}: heap_mb=${fmt(rowsOnlyMb)}`);
        continue;
      }
      if (scenario !== 'cold') {
        const t0 = Date.now();
        const page = await newPage();
        console.log(line(`table-${rows}`, await bench(page, served.origin, rows), rowsOnlyMb));
        await page.context().close();
        log(`  (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      }
      if (scenario !== 'warm') {
        const t0 = Date.now();
        console.log(line(`table-cold-${rows}`, await benchCold(newPage, served.origin, rows), rowsOnlyMb));
        log(`  (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      }
    }
  } finally {
    await browser?.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
