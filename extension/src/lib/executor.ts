import {
  EXECUTOR_DEADLINE_MS, EXTENSION_SOURCE, executeRequest, ExecutionStopped, fromSandboxUrl, hostOf, isPlatformUrl, pageCookies, parsePageMessage, PLATFORM_ROUTE, refusal,
  REQUEST_ID_HEADER, toSandboxUrl, type BridgeResponse, type DocCatalogue, type ExtensionMessage, type OutcomeState, type PageMessage, type Route,
} from '../../../protocol';
import type { Flavour } from '../build-config';
import type { SessionSource } from './session';

/** How long a platform request may run here before it is journalled `failed` with status 0 (the page waits longer). */
export const REQUEST_DEADLINE_MS = EXECUTOR_DEADLINE_MS;
export { REQUEST_ID_HEADER };

export interface Journal {
  pending(requestId: string): Promise<void>;
  settle(requestId: string, status: number): Promise<void>;
  lookup(requestId: string): Promise<{ state: OutcomeState; status?: number }>;
}

export interface ExecutorDeps {
  flavour: Flavour;
  /** The manifest version (the version reply and the page mark). */
  version: string;
  fetch: typeof fetch;
  session: SessionSource;
  journal: Journal;
  /**
   * The document catalogue of the product origin a request came from (protocol/documents.ts,
   * createCatalogueSource): read by the worker itself, never given by the page. Without it every web
   * GraphQL post is refused.
   */
  catalogue?: (origin: string, fresh: boolean) => Promise<DocCatalogue | null>;
  /** Development flavour: the sandbox base chosen on the options page. */
  sandboxBase?: () => Promise<string>;
  deadlineMs?: number;
  /** The watch's scheduled checks (lib/checks.ts): the page's schedule and "done" messages, answered with no reply. */
  checks?: {
    schedule(origin: string, nextAt: number | null): Promise<void>;
    done(origin: string, tabId: number | null): Promise<unknown>;
  };
}

type Reply = ExtensionMessage;

export { hostOf, refusal };

/** Is `url` inside the sandbox base (same origin, under its path)? */
export function inSandbox(url: string, base: string): boolean {
  try {
    const u = new URL(url);
    const b = new URL(base.replace(/\/+$/, ''));
    return u.origin === b.origin && (b.pathname === '/' || u.pathname === b.pathname || u.pathname.startsWith(`${b.pathname.replace(/\/+$/, '')}/`));
  } catch {
    return false;
  }
}

/**
 * The service worker's message router. Every message is validated again with parsePageMessage
 * (the page is not trusted, the relay neither); requests run through THE executor of
 * protocol/executor.ts (the same code the demo transport runs), with the worker's fetch, the
 * user's session, the outcome journal and the catalogue read from the sender's product origin.
 * Every request gets exactly one reply.
 */
export function createExecutor(d: ExecutorDeps) {
  const deadlineMs = d.deadlineMs ?? REQUEST_DEADLINE_MS;

  const route = async (): Promise<Route> => {
    if (d.flavour !== 'development') return PLATFORM_ROUTE;
    if (!d.sandboxBase) throw new Error('no sandbox base');
    const base = await d.sandboxBase();
    return { toTarget: (u) => toSandboxUrl(u, base), toPlatform: (u) => (inSandbox(u, base) ? fromSandboxUrl(u, base) : null) };
  };

  async function execute(m: Extract<PageMessage, { type: 'tessera:request' }>, origin: string | null): Promise<BridgeResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deadlineMs);
    try {
      return await executeRequest(m.payload, { requestId: m.requestId, responseType: m.responseType, signal: controller.signal }, {
        fetch: d.fetch,
        session: d.session,
        route,
        catalogue: (fresh) => (origin && d.catalogue ? d.catalogue(origin, fresh) : Promise.resolve(null)),
        beforeWrite: (id) => d.journal.pending(id),
        afterWrite: (id, status) => d.journal.settle(id, status),
        tagWrites: d.flavour === 'development',
        credentials: 'include',
        onReply: (body) => { if (d.flavour === 'production' && isInvalidToken(body)) d.session.invalidate(); },
      });
    } catch (e) {
      if (e instanceof ExecutionStopped) return { ok: false, status: 0, headers: {}, body: null, error: `no reply within ${deadlineMs} ms` };
      return { ok: false, status: 0, headers: {}, body: null, error: (e as Error)?.message || String(e) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function outcome(requestId: string): Promise<{ state: OutcomeState; status?: number }> {
    const known = await d.journal.lookup(requestId).catch(() => ({ state: 'unknown' as const }));
    if (known.state !== 'unknown' || d.flavour !== 'development' || !d.sandboxBase) return known;
    // Development flavour: the sandbox journals writes by x-tessera-request-id too.
    try {
      const base = (await d.sandboxBase()).replace(/\/+$/, '');
      const r = await d.fetch(`${base}/__sandbox/outcome/${encodeURIComponent(requestId)}`, { cache: 'no-store', credentials: 'omit' });
      if (!r.ok) return known;
      const body = (await r.json()) as { state?: unknown; status?: unknown };
      if (body.state === 'pending' || body.state === 'done' || body.state === 'failed') {
        return typeof body.status === 'number' ? { state: body.state, status: body.status } : { state: body.state };
      }
    } catch { /* unknown */ }
    return known;
  }

  return {
    /**
     * One reply for every valid page message that asks for one; null for anything else (dropped) and for
     * the scheduled checks' messages, which need none. `origin`: the product origin of the tab that sent
     * it (the worker checked it against the build's origins); `tabId`: that tab.
     */
    async handle(raw: unknown, origin: string | null = null, tabId: number | null = null): Promise<Reply | null> {
      const m = parsePageMessage(raw);
      if (!m) return null;
      switch (m.type) {
        case 'callGetVersionMethod':
          return { source: EXTENSION_SOURCE, type: 'contentgetVersionReply', version: d.version };
        case 'callRefreshTokenMethod':
          return { source: EXTENSION_SOURCE, type: 'contentRefreshTokenReply', data: await d.session.identity().catch(() => null) };
        case 'tessera:request':
          return { source: EXTENSION_SOURCE, type: 'tessera:response', requestId: m.requestId, ...(await execute(m, origin)) };
        case 'tessera:cookie': {
          // Only `c_user` (who is logged in): the session cookies never reach the page.
          const cookies = isPlatformUrl(m.url) ? await d.session.cookies(m.url).catch(() => []) : [];
          return { source: EXTENSION_SOURCE, type: 'tessera:cookieReply', requestId: m.requestId, cookies: pageCookies(cookies) };
        }
        case 'tessera:outcome': {
          const o = await outcome(m.requestId);
          return { source: EXTENSION_SOURCE, type: 'tessera:outcomeReply', requestId: m.requestId, state: o.state, ...(o.status === undefined ? {} : { status: o.status }) };
        }
        case 'tessera:watchSchedule':
          if (origin && d.checks) await d.checks.schedule(origin, m.nextAt);
          return null;
        case 'tessera:watchDone':
          if (origin && d.checks) await d.checks.done(origin, tabId);
          return null;
      }
    },
  };
}

/** Graph's "invalid OAuth access token" (code 190): the cached token is stale. */
function isInvalidToken(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error === 'object' && error !== null && error.code === 190;
}
