// The built app from dist/: immutable caching for the hashed /assets/*, index.html for every other
// page path (the app routes on the client), and the envelope for anything under /api.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { Code } from './envelope';
import { t } from './i18n';

export function readWebVersion(distDir: string, packageJsonPath: string): string {
  for (const [file, field] of [[path.join(distDir, 'version.json'), 'webVersion'], [packageJsonPath, 'version']] as const) {
    try {
      const value = JSON.parse(fs.readFileSync(file, 'utf8'))[field];
      if (typeof value === 'string' && value) return value;
    } catch { /* try the next */ }
  }
  return '0.0.0';
}

export async function mountApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(distDir, filePath).split(path.sep);
        reply.header('cache-control', rel[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`no built app in ${distDir}: the API works, pages answer 404 until \`npm run build\``);
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api'
      && !url.startsWith('/__graph') && !/\.[A-Za-z0-9]+$/.test(url);
    if (isPage && built) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    if (isPage) return reply.code(404).type('text/plain; charset=utf-8').send('Tessera: the app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
    return reply.code(404).send({ status: 0, code: Code.NOT_FOUND, info: t(req.lang, 'notFound'), data: null });
  });
}
