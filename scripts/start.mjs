// `npm start`: builds the app when the build is missing or older than its sources, then runs the product server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'generated') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src', 'plugins', 'schemas', 'public', 'index.html', 'vite.config.ts', 'package.json']
  .map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
const sourceTime = Math.max(...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)));
// The browser tests build once before they start servers, so a server started by them never rebuilds
// dist/ under another running server (TESSERA_SKIP_BUILD=1).
const skip = process.env.TESSERA_SKIP_BUILD === '1' && fs.existsSync(built);
if (!skip && (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime)) {
  console.log('Building the app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
