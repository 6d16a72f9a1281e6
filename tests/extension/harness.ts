// Real-Chromium harness for the extension: a stub sandbox on 127.0.0.1 and Debian's Chromium with the
// unpacked development build loaded (docs/BROWSER-TESTS.md).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

export const SESSION = { userId: '100001', name: 'Sandbox User', access_token: 'SBXTOKEN', fb_dtsg: 'DTSG-1', lsd: 'LSD-1' };

export interface SeenRequest { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }

/** The product page (any HTML) at / and a stub of the sandbox under /__graph. */
export async function startStubServer(host = '127.0.0.1'): Promise<{ origin: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      if (!url.pathname.startsWith('/__graph')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><head><title>stub product</title></head><body>stub</body></html>');
        return;
      }
      seen.push({ method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers, body });
      const p = url.pathname.slice('/__graph'.length);
      if (p === '/__sandbox/session') return json(200, SESSION);
      if (p.startsWith('/__sandbox/outcome/')) return json(404, { error: 'unknown' });
      if (p === '/v19.0/act_1' && req.method === 'GET') return json(200, { id: SESSION.userId, name: SESSION.name, n: 1, token: url.searchParams.get('access_token') }, { 'x-app-usage': '{"call_count":1}' });
      if (p === '/v19.0/777' && url.searchParams.get('fields') === 'access_token') return json(200, { id: '777', access_token: 'PAGETOKEN777' });
      if (p === '/v19.0/act_777/users' && req.method === 'POST') return json(200, { success: true, token: new URLSearchParams(body).get('access_token') });
      if (p === '/v19.0/act_1/users' && req.method === 'POST') return json(200, { success: true });
      if (p === '/v19.0/act_2/users' && req.method === 'POST') return json(400, { error: { message: 'Invalid parameter', code: 100 } });
      if (p === '/v19.0/act_999' && req.method === 'POST') {
        setTimeout(() => json(200, { slow: true }), 2_000);
        return;
      }
      if (p.startsWith('/__web/')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`web ${p} ${url.search}`);
        return;
      }
      if (/^\/v19\.0\/act_\d+$/.test(p)) return json(200, { n: Number(p.slice('/v19.0/act_'.length)) });
      json(404, { error: { message: `no stub for ${p}` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    seen,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

export async function launchWithExtension(extDir: string): Promise<{ ctx: BrowserContext; worker: Worker; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ext-profile-'));
  const ctx = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      `--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`],
  });
  const worker = ctx.serviceWorkers()[0] ?? await ctx.waitForEvent('serviceworker', { timeout: 20_000 });
  return {
    ctx,
    worker,
    close: async () => {
      await ctx.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Posts one page message and resolves with the first extension reply that matches (by requestId, else by type). */
export function bridge(page: Page, message: Record<string, unknown>, replyType: string, timeoutMs = 15_000): Promise<Record<string, unknown> | null> {
  return page.evaluate(([m, type, ms]) => new Promise<Record<string, unknown> | null>((resolve) => {
    const timer = setTimeout(() => { removeEventListener('message', on); resolve(null); }, ms);
    function on(e: MessageEvent) {
      const d = e.data as Record<string, unknown> | null;
      if (e.source !== window || e.origin !== location.origin || !d || d.source !== 'tessera-extension' || d.type !== type) return;
      if ('requestId' in m && d.requestId !== m.requestId) return;
      clearTimeout(timer);
      removeEventListener('message', on);
      resolve(d);
    }
    addEventListener('message', on);
    postMessage({ source: 'tessera-page', ...m }, location.origin);
  }), [message, replyType, timeoutMs] as const);
}

/** Stops the extension's service worker the way Chromium does when it is idle (CDP ServiceWorker.stopWorker). */
export async function stopExtensionWorker(ctx: BrowserContext, page: Page, extensionId: string): Promise<void> {
  const cdp = await ctx.newCDPSession(page);
  const versions = new Map<string, { scriptURL: string; runningStatus: string }>();
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: { versionId: string; scriptURL: string; runningStatus: string }[] }) => {
    for (const v of e.versions) versions.set(v.versionId, v);
  });
  await cdp.send('ServiceWorker.enable');
  const deadline = Date.now() + 5_000;
  const find = () => [...versions].find(([, v]) => v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) && v.runningStatus === 'running');
  while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const running = find();
  if (!running) throw new Error('the extension worker is not running');
  await cdp.send('ServiceWorker.stopWorker', { versionId: running[0] });
  while (versions.get(running[0])?.runningStatus !== 'stopped' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (versions.get(running[0])?.runningStatus !== 'stopped') throw new Error('the extension worker did not stop');
  await cdp.detach();
}
