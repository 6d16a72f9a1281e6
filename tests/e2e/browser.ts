// Real Chromium (Debian's), driven by playwright-core. Never downloads a browser.
import { chromium, type BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

export async function launchBrowser(options: { extensionDir?: string } = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-chromium-'));
  const args = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--lang=zh-CN'];
  if (options.extensionDir) args.push(`--disable-extensions-except=${options.extensionDir}`, `--load-extension=${options.extensionDir}`);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM, headless: true, args, viewport: { width: 1366, height: 768 }, locale: 'zh-CN',
  });
  const log = keepConsole(context);
  return {
    context,
    close: async () => {
      await context.close();
      log.end();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Keeps what the pages said (console warnings and errors, uncaught errors) with their times in
 * artifacts/console/<test file>-<n>.log, so a browser test that failed in CI leaves the page's own
 * account of it beside the screenshots.
 */
function keepConsole(context: BrowserContext): { end: () => void } {
  const testPath = currentTestPath();
  if (!testPath) return { end: () => {} }; // a benchmark, not a test: nothing kept
  const dir = path.join(ARTIFACTS, 'console');
  fs.mkdirSync(dir, { recursive: true });
  const testFile = path.basename(testPath, '.ts');
  const file = path.join(dir, `${testFile}-${Date.now()}.log`);
  const out = fs.createWriteStream(file);
  const line = (text: string) => out.write(`${new Date().toISOString()} ${text}\n`);
  const watch = (page: import('playwright-core').Page) => {
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') line(`[${m.type()}] ${m.text()}`); });
    page.on('pageerror', (e) => line(`[pageerror] ${e.stack ?? e.message}`));
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) line(`[navigated] ${f.url()}`); });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return { end: () => out.end() };
}

/** The running test file, or null outside a test (the benchmarks launch the browser too). */
function currentTestPath(): string | null {
  try {
    return expect.getState().testPath ?? null;
  } catch {
    return null;
  }
}

export function artifact(name: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

export const DEMO_PASSWORD = process.env.TESSERA_DEMO_PASSWORD ?? 'tessera-demo';
export { DEMO_ADMIN_PASSWORD } from './server';

/** Logs in through the real login screen (the page's language decides the labels). */
export async function loginAs(page: import('playwright-core').Page, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('.tessera-layout').waitFor();
}

/** Reads the newest code mailed to an address from DATA_DIR/outbox.jsonl. */
export function codeFromOutbox(dataDir: string, to: string): string | null {
  const file = path.join(dataDir, 'outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; code?: string });
  return lines.reverse().find((m) => m.to === to && m.code)?.code ?? null;
}

/**
 * Registers and activates an account through the API (the code read from the outbox); returns its token.
 * It behaves as one browser: the registration cookie goes back with the activation, so the chosen
 * password is kept (activation from another browser would ask the mailbox owner to set one).
 */
export async function registerThroughApi(baseUrl: string, dataDir: string, email: string, password: string): Promise<string> {
  const cookies: string[] = [];
  const post = async (p: string, body: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (cookies.length) headers.cookie = cookies.join('; ');
    const r = await fetch(`${baseUrl}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    for (const c of r.headers.getSetCookie()) cookies.push(c.split(';')[0]);
    return (await r.json()) as { status: number; info: string; data: { token?: string } };
  };
  const registered = await post('/api/user/register', { email, password, confirmPassword: password, agree: true });
  if (registered.status !== 1) throw new Error(`register failed: ${registered.info}`);
  let code: string | null = null;
  // the mail leaves from a queue (server/mail.ts): on a busy machine, with every test's mail before it, it may take a while
  for (let i = 0; i < 200 && !code; i++) { code = codeFromOutbox(dataDir, email); if (!code) await new Promise((r) => setTimeout(r, 100)); }
  const activated = await post('/api/user/emailActivation', { email, code });
  if (!activated.data?.token) throw new Error(`activation failed: ${activated.info}`);
  return activated.data.token;
}
