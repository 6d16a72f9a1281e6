// Starts the real product (scripts/start.mjs: build if stale, then the server) on a free port with a
// throwaway data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

export interface RunningServer { baseUrl: string; dataDir: string; stop: () => Promise<void> }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** the demo admin's password the test servers are started with (a real demo makes one at start) */
export const DEMO_ADMIN_PASSWORD = 'demo-admin-e2e-1';

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, '../..');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TESSERA_DEMO: '1', TESSERA_DEMO_ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD, TESSERA_AUTH_RATE_LIMIT: '100000', LOG_LEVEL: 'warn', TESSERA_SKIP_BUILD: process.env.TESSERA_SKIP_BUILD ?? '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 170 s:\n${log.join('')}`)), 170_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.join('').includes('Tessera is running at')) { clearTimeout(timer); resolve(); }
    });
    child.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${log.join('')}`)); });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
