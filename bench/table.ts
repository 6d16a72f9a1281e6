/**
 * `npm run bench:table`: the kernel DataTable with the ad-account columns in Chromium over 50,000
 * and 200,000 generated rows; prints one CONTRACT.md section 8 line per size:
 *   table-<rows>: first_row_ms=… sort_ms=… filter_ms=… select_all_ms=… scroll_p95_ms=… stale_pct=… heap_mb=…
 * Builds bench/table (Vite, production) into a temp dir, serves it, drives it with playwright-core
 * and Debian's Chromium. See bench/table/README.md for what each figure means.
 * Options: --rows=50000,200000  --verbose (per-run details on stderr)  --baseline (heap of the rows alone)
 *          --think=<ms> (fixed pause before the first click instead of waiting for the table's idle indexing)
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BenchApi } from './table/api';

const HARD_LIMIT_MS = 235_000; // the whole run stays under 4 minutes
const THINK_MS = 2_000; // an operator's pause after the table appears, before the first click
const INDEXING_CAP_MS = 30_000;
const BETWEEN_MS = 800; // pause between interactions
const SCROLL_MS = 3_000;
const SCROLL_ROWS_PER_S = 2_500;
const TYPE_DELAY_MS = 120; // a fast typist

const args = process.argv.slice(2);
const sizes = (args.find((a) => a.startsWith('--rows='))?.slice(7) ?? '50000,200000').split(',').map(Number);
const verbose = args.includes('--verbose');
const baseline = args.includes('--baseline');
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

async function bench(page: Page, origin: string, rows: number): Promise<string> {
  type W = Window & { __bench: BenchApi };
  await page.goto(`${origin}/index.html?rows=${rows}`);
  await page.waitForFunction(() => (window as unknown as W).__bench?.firstRowMs !== undefined, null, { timeout: 60_000, polling: 50 });
  const firstRow = await page.evaluate(() => (window as unknown as W).__bench.firstRowMs ?? NaN);
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

  // Sort by name: one click on the Name header.
  await page.evaluate(() => (window as unknown as W).__bench.arm('sort'));
  await page.click('[role="columnheader"][data-column-id="name"] button');
  const sort = await page.evaluate(() => (window as unknown as W).__bench.result('sort'));
  log(`  sort ${fmt(sort)} ms`);
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
  log(`  filter "${query}" → ${expected} rows: ${fmt(filter)} ms`);
  await page.waitForTimeout(BETWEEN_MS);

  // Back to the whole (sorted) view, not measured.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="table-count"]')?.textContent === `${n} rows`, rows, { timeout: 30_000 });
  await page.waitForTimeout(BETWEEN_MS);

  log('  filter cleared');
  // Select all: one click on the header checkbox.
  await page.evaluate(() => (window as unknown as W).__bench.arm('selectAll'));
  await page.click('[role="row"][aria-rowindex="1"] [role="columnheader"]:first-child label');
  const selectAll = await page.evaluate(() => (window as unknown as W).__bench.result('selectAll'));
  log(`  select all ${fmt(selectAll)} ms`);
  await page.waitForTimeout(BETWEEN_MS);

  // Scroll at 2,500 rows/s.
  const scroll = await page.evaluate(
    ([ms, speed]) => (window as unknown as W).__bench.scroll(ms, speed),
    [SCROLL_MS, SCROLL_ROWS_PER_S] as const,
  );
  const staleDenominator = Math.max(1, scroll.checked);
  const sortedFrames = scroll.frames.slice().sort((a, b) => a - b);
  const pct = (q: number) => fmt(sortedFrames[Math.min(sortedFrames.length - 1, Math.ceil(sortedFrames.length * q) - 1)]);
  log(
    `  scroll: frames=${scroll.frames.length} p50=${pct(0.5)} p90=${pct(0.9)} p95=${pct(0.95)} max=${fmt(sortedFrames.at(-1) ?? NaN)} ms; ` +
      `checked=${scroll.checked} stale=${scroll.stale}; long frames (index:ms) ${scroll.frames.flatMap((f, i) => (f > 20 ? [`${i}:${f.toFixed(0)}`] : [])).join(' ')}`,
    ...scroll.staleExamples,
  );
  await page.waitForTimeout(300);
  const heap = await page.evaluate(() => (window as unknown as W).__bench.heapMb());

  return (
    `table-${rows}: first_row_ms=${fmt(firstRow, 0)} sort_ms=${fmt(sort)} filter_ms=${fmt(filter)} ` +
    `select_all_ms=${fmt(selectAll)} scroll_p95_ms=${fmt(p95(scroll.frames))} ` +
    `stale_pct=${fmt((scroll.stale / staleDenominator) * 100)} heap_mb=${fmt(heap)}`
  );
}

async function rowsOnlyHeap(page: Page, origin: string, rows: number): Promise<number> {
  type W = Window & { __bench: BenchApi };
  await page.goto(`${origin}/index.html?rows=${rows}&mount=0`);
  await page.waitForFunction(() => (window as unknown as W).__bench?.rowsOnlyHeapMb !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as W).__bench.rowsOnlyHeapMb ?? NaN);
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), 'tessera-bench-table-'));
  let browser: Browser | undefined;
  let server: Server | undefined;
  try {
    const started = Date.now();
    await build({ configFile: join(root, 'bench/table/vite.config.ts'), build: { outDir }, logLevel: 'warn' });
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
    for (const rows of sizes) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, locale: 'en-US' });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') log(`console.${message.type()}: ${message.text()}`);
      });
      if (baseline) {
        const mb = await rowsOnlyHeap(page, served.origin, rows);
        console.log(`rows-only-${rows}: heap_mb=${fmt(mb)}`);
      } else {
        const t0 = Date.now();
        console.log(await bench(page, served.origin, rows));
        log(`  (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      }
      await context.close();
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
