// Demo mode is for a newcomer on their own machine (docs/DECISIONS.md, "Demo mode is local"): unless
// the demo was made public (TESSERA_DEMO_PUBLIC=1 with a password of its own), it answers only direct
// loopback requests — no proxy headers, a loopback Host — so HOST=127.0.0.1 behind a reverse proxy
// does not publish the demo admin. The sandbox's writes (reset, faults, clock) answer direct loopback
// requests only, even in a public demo.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostnameOf, isLoopback, type ServerConfig } from './config';
import { Code } from './envelope';
import { pickLang, t, type MessageKey } from './i18n';

// Headers a proxy or CDN adds. A plain proxy that adds none (nginx's default proxy_pass rewrites Host to the
// upstream's 127.0.0.1:PORT) cannot be told from a local browser: hence the demo admin's password is never published.
const PROXY_HEADERS = [
  'x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto',
  'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'via',
] as const;

/** Whether the request carries a proxy's trace or names a host other than this machine. */
export function cameThroughProxyOrName(req: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => req.headers[name] !== undefined)) return true;
  const host = req.headers.host;
  const name = typeof host === 'string' ? hostnameOf(host) : null;
  return name === null || !isLoopback(name);
}

function fromLoopbackSocket(req: FastifyRequest): boolean {
  const address = (req.raw.socket?.remoteAddress ?? '').replace(/^::ffff:/i, '');
  return isLoopback(address);
}

function isSandboxWrite(req: FastifyRequest): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const path = (req.url.split('?')[0] ?? '').replace(/\/{2,}/g, '/');
  return /^\/__graph\/__sandbox(\/|$)/i.test(path);
}

/** Answered here rather than thrown: the sandbox's scope has an error handler of its own. */
function refuse(req: FastifyRequest, reply: FastifyReply, key: MessageKey) {
  return reply.code(403).type('application/json; charset=utf-8').send({ status: 0, code: Code.FORBIDDEN, info: t(req.lang, key), data: null });
}

export function installDemoGuard(app: FastifyInstance, config: ServerConfig): void {
  if (!config.demo) return;
  app.addHook('onRequest', async (req, reply) => {
    req.lang = pickLang(req.headers['accept-language']);
    if (isSandboxWrite(req) && (cameThroughProxyOrName(req) || !fromLoopbackSocket(req))) return refuse(req, reply, 'sandboxLocalOnly');
    if (!config.demoPublic && cameThroughProxyOrName(req)) return refuse(req, reply, 'demoLocalOnly');
    return undefined;
  });
}
