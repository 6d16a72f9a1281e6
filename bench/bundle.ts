/**
 * `npm run bench:bundle`: the JavaScript the first screens download, measured in Chromium. Prints one
 * docs/INTERFACES.md section 8 line per screen:
 *   bundle-login: js_gz_kb=… requests=…
 *   bundle-dashboard: js_gz_kb=… requests=… … figures_ms=…
 * Builds the app (Vite, production) into a temp dir, starts the real product server on it (demo mode,
 * PGlite in a temp DATA_DIR, the sandbox at /__graph), opens the login page in a fresh headless
 * Chromium profile, then logs in as the demo operator (a fresh database: no saved workspace, so the
 * first-time operator's dashboard) and loads the dashboard again with the HTTP cache off, without
 * scrolling. Every JS response body is gzipped here (zlib level 6) because the server sends them
 * uncompressed; `requests` counts the JS responses. `figures_ms` is the time from the sign-in click to
 * the overview's first figures (the "What needs you now" panel counted: every need counted or known not
 * counted yet), on the demo sandbox. See bench/README.md, section "Bundle".
 * Options: --dist=DIR (measure an existing build instead of building)  --verbose (every chunk on stderr)
 *          --runs=N (measure N times, print the median by js_gz_kb; default 1)
 */
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/browser';
import { startServer } from '../tests/e2e/server';

const HARD_LIMIT_MS = 280_000;
const QUIET_MS = 1_500; // no new request for this long after network idle: the screen is loaded
const OPERATOR = 'operator@tessera.test';

const args = process.argv.slice(2);
const distArg = args.find((a) => a.startsWith('--dist='))?.slice(7);
const verbose = args.includes('--verbose');
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1));

const watchdog = setTimeout(() => {
  console.error(`bench:bundle: gave up after ${HARD_LIMIT_MS / 1000} s`);
  process.exit(2);
}, HARD_LIMIT_MS);
watchdog.unref();

interface Chunk { url: string; rawBytes: number; gzBytes: number }
interface ScreenFigures { chunks: Chunk[]; cssGzBytes: number }

/** Records every JS (and CSS) response of a page from now on; `stop()` returns what was seen. */
function recordResponses(page: Page) {
  const pending: Promise<void>[] = [];
  const chunks: Chunk[] = [];
  let cssGzBytes = 0;
  let last = Date.now();
  const onResponse = (response: import('playwright-core').Response) => {
    last = Date.now();
    const url = new URL(response.url());
    const type = response.request().resourceType();
    const isJs = type === 'script' || /\.m?js$/.test(url.pathname);
    const isCss = type === 'stylesheet' || url.pathname.endsWith('.css');
    if (!isJs && !isCss) return;
    pending.push(response.body().then((body) => {
      const gz = gzipSync(body, { level: 6 }).length;
      if (isJs) chunks.push({ url: url.pathname, rawBytes: body.length, gzBytes: gz });
      else cssGzBytes += gz;
    }, () => { /* a response without a body (aborted): not downloaded */ }));
  };
  page.on('response', onResponse);
  return {
    idleFor: () => Date.now() - last,
    stop: async (): Promise<ScreenFigures> => {
      page.off('response', onResponse);
      await Promise.all(pending);
      return { chunks, cssGzBytes };
    },
  };
}

async function settle(page: Page, recorder: { idleFor: () => number }): Promise<void> {
  await page.waitForLoadState('networkidle');
  while (recorder.idleFor() < QUIET_MS) await page.waitForTimeout(200);
}

function line(screen: string, f: ScreenFigures, extra = ''): string {
  const gz = f.chunks.reduce((s, c) => s + c.gzBytes, 0);
  const raw = f.chunks.reduce((s, c) => s + c.rawBytes, 0);
  return `bundle-${screen}: js_gz_kb=${(gz / 1000).toFixed(1)} requests=${f.chunks.length} js_raw_kb=${(raw / 1000).toFixed(1)} css_gz_kb=${(f.cssGzBytes / 1000).toFixed(1)}${extra}`;
}

function details(screen: string, f: ScreenFigures): void {
  if (!verbose) return;
  for (const c of [...f.chunks].sort((a, b) => b.gzBytes - a.gzBytes)) {
    console.error(`  ${screen} ${(c.gzBytes / 1000).toFixed(1).padStart(7)} kB gz ${(c.rawBytes / 1000).toFixed(1).padStart(8)} kB  ${c.url}`);
  }
}

async function measureOnce(baseUrl: string): Promise<{ login: ScreenFigures; dashboard: ScreenFigures; afterLogin: ScreenFigures; figuresMs: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const loginRec = recordResponses(page);
    await page.goto(`${baseUrl}/login/login`);
    await page.locator(`[data-demo-email="${OPERATOR}"]`).waitFor();
    await settle(page, loginRec);
    const login = await loginRec.stop();

    // What signing in adds to the login page's code (the same document, modules already loaded).
    const afterRec = recordResponses(page);
    await page.locator(`[data-demo-email="${OPERATOR}"]`).click();
    const signIn = Date.now();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.locator('.tessera-layout').waitFor();
    // the overview's first figures: what needs the operator, counted
    await page.locator('[data-testid="needs-me-counts"][data-ready="true"]').waitFor({ timeout: 60_000 });
    const figuresMs = Date.now() - signIn;
    await settle(page, afterRec);
    const afterLogin = await afterRec.stop();

    // The dashboard as it loads on its own (a signed-in operator opening the app): nothing cached.
    const dashRec = recordResponses(page);
    await page.reload();
    await page.locator('.tessera-layout').waitFor();
    await settle(page, dashRec);
    const dashboard = await dashRec.stop();
    if (!new URL(page.url()).pathname.startsWith('/dashboard')) throw new Error(`expected the dashboard, got ${page.url()}`);
    return { login, dashboard, afterLogin, figuresMs };
  } finally {
    await browser.close();
  }
}

const gzOf = (f: ScreenFigures) => f.chunks.reduce((s, c) => s + c.gzBytes, 0);
const median = <T>(items: T[], by: (t: T) => number): T => [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)];

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  let dist = distArg ? resolve(distArg) : '';
  let builtHere = '';
  if (!dist) {
    builtHere = dist = mkdtempSync(join(tmpdir(), 'tessera-bundle-'));
    await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  }
  const server = await startServer({ TESSERA_DIST_DIR: dist });
  try {
    const results: Awaited<ReturnType<typeof measureOnce>>[] = [];
    for (let i = 0; i < runs; i++) results.push(await measureOnce(server.baseUrl));
    const login = median(results.map((r) => r.login), gzOf);
    const dashboard = median(results.map((r) => r.dashboard), gzOf);
    const afterLogin = median(results.map((r) => r.afterLogin), gzOf);
    const spread = (pick: (r: (typeof results)[number]) => ScreenFigures) =>
      runs > 1 ? ` runs=${results.map((r) => (gzOf(pick(r)) / 1000).toFixed(1)).join('/')}` : '';
    console.log(line('login', login, spread((r) => r.login)));
    details('login', login);
    const figuresMs = median(results.map((r) => r.figuresMs), (n) => n);
    console.log(line('dashboard', dashboard, ` figures_ms=${figuresMs} after_login_gz_kb=${(gzOf(afterLogin) / 1000).toFixed(1)} after_login_requests=${afterLogin.chunks.length}${spread((r) => r.dashboard)}`));
    details('dashboard', dashboard);
    details('after-login', afterLogin);
  } finally {
    await server.stop();
    if (builtHere) rmSync(builtHere, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
