// Starts a graph sandbox on a real port (127.0.0.1, port 0) with a clock the test moves by hand.
import { expect } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSandboxState, graphSandbox, sandboxDocIds, type SandboxOptions, type SandboxState } from '../../sandbox/index';
import { parseDocCatalogue, type DocCatalogue } from '../../protocol';

export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

export function manualClock(start = Date.UTC(2025, 5, 1, 12)): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => { t += ms; } };
}

export interface Sandbox {
  url: string;
  base: string;
  state: SandboxState;
  clock: Clock;
  app: FastifyInstance;
  get: (path: string, init?: RequestInit) => Promise<Response>;
  getJson: <T = any>(path: string) => Promise<{ status: number; headers: Headers; body: T }>;
  post: (path: string, form: Record<string, string>, headers?: Record<string, string>) => Promise<{ status: number; headers: Headers; body: any }>;
  del: (path: string) => Promise<{ status: number; headers: Headers; body: any }>;
  putJson: (path: string, body: unknown) => Promise<{ status: number; body: any }>;
  close: () => Promise<void>;
}

export async function startSandbox(opts: SandboxOptions & { prefix?: string } = {}): Promise<Sandbox> {
  const clock = manualClock();
  const state = createSandboxState({ now: clock.now, seed: 'test', ...opts });
  // Closing ends every connection: a list still loading when its test ends must not hold the close past its hook's deadline.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(graphSandbox, { state, prefix: opts.prefix ?? '' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `${address}${opts.prefix ?? ''}`;
  const toJson = async (r: Response) => {
    const text = await r.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* keep text */ }
    return { status: r.status, headers: r.headers, body: body as any };
  };
  return {
    url: address, base, state, clock, app,
    get: (path, init) => fetch(`${base}${path}`, init),
    getJson: async (path) => toJson(await fetch(`${base}${path}`)),
    post: async (path, form, headers = {}) => toJson(await fetch(`${base}${path}`, { method: 'POST', body: new URLSearchParams(form), headers })),
    del: async (path) => toJson(await fetch(`${base}${path}`, { method: 'DELETE' })),
    putJson: async (path, body) => toJson(await fetch(`${base}${path}`, { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })),
    close: () => app.close(),
  };
}

/** maps a platform next link back onto the sandbox, as the executor does */
export function toSandbox(sb: Sandbox, platformUrl: string): string {
  const u = new URL(platformUrl);
  expect(u.origin).toBe('https://graph.facebook.com');
  return `${sb.base}${u.pathname}${u.search}`;
}

/**
 * The sandbox's document catalogue as the executor trusts it: what `GET /api/graphql-docs` serves in
 * demo mode (tests without a product server hand it to the demo transport and the extension's executor).
 */
export function sandboxCatalogue(operations: Record<string, string> = sandboxDocIds()): DocCatalogue {
  const parsed = parseDocCatalogue(operations);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}
export const demoCatalogue = async (): Promise<DocCatalogue> => sandboxCatalogue();
