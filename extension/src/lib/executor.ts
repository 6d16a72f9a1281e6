import { EXTENSION_SOURCE, fillRequest, isPlatformUrl, parsePageMessage, toSandboxUrl, type BridgeResponse, type ExtensionMessage, type OutcomeState, type PageMessage } from '../../../protocol';
import type { Flavour } from '../build-config';
import { placeholdersIn, type SessionSource } from './session';

export const REQUEST_DEADLINE_MS = 60_000;
export const REQUEST_ID_HEADER = 'x-tessera-request-id';

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
  /** Development flavour: the sandbox base chosen on the options page. */
  sandboxBase?: () => Promise<string>;
  deadlineMs?: number;
}

type Reply = ExtensionMessage;
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

export function hostOf(url: string): string {
  try {
    return new URL(url).host || 'an invalid URL';
  } catch {
    return 'an invalid URL';
  }
}

export function refusal(url: string): BridgeResponse {
  return { ok: false, status: 0, headers: {}, body: null, error: `refused: ${hostOf(url)} is not an allowed platform host` };
}

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

class DeadlineError extends Error {}

/**
 * The service worker's message router. Every message is validated again with parsePageMessage
 * (the page is not trusted, the relay neither), requests go only to the platform allow-list (or, in
 * the development flavour, to the sandbox they map to), and every request gets exactly one reply.
 */
export function createExecutor(d: ExecutorDeps) {
  const deadlineMs = d.deadlineMs ?? REQUEST_DEADLINE_MS;

  async function execute(m: Extract<PageMessage, { type: 'tessera:request' }>): Promise<BridgeResponse> {
    const { url } = m.payload;
    if (!isPlatformUrl(url)) return refusal(url);
    const method = (m.payload.options.method || 'GET').toUpperCase();
    if (!/^[A-Z]{1,16}$/.test(method)) return { ok: false, status: 0, headers: {}, body: null, error: `refused: bad method ${JSON.stringify(m.payload.options.method)}` };

    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => { timedOut = true; controller.abort(); reject(new DeadlineError(`no reply within ${deadlineMs} ms`)); }, deadlineMs);
    });
    deadline.catch(() => undefined);
    const inTime = <T>(p: Promise<T>) => Promise.race([p, deadline]);
    let recorded = false;

    try {
      // Where the request really goes: the platform itself, or the sandbox in the development flavour.
      let target = url;
      let allowed = (u: string) => isPlatformUrl(u);
      if (d.flavour === 'development') {
        const base = await inTime((d.sandboxBase ?? (() => Promise.reject(new Error('no sandbox base'))))());
        const mapped = toSandboxUrl(url, base);
        if (!mapped) return refusal(url);
        target = mapped;
        allowed = (u: string) => inSandbox(u, base);
      }

      const needs = placeholdersIn([url, ...Object.values(m.payload.options.headers ?? {}), m.payload.options.body]);
      let filled = { url: target, options: { ...m.payload.options } };
      if (needs.size) {
        try {
          filled = await inTime(d.session.placeholders(needs).then((values) => fillRequest(filled, values)));
        } catch (e) {
          if (e instanceof DeadlineError) throw e;
          return { ok: false, status: 0, headers: {}, body: null, error: `placeholders: ${(e as Error).message}` };
        }
      }
      if (!allowed(filled.url)) return refusal(filled.url);

      const headers: Record<string, string> = { ...(filled.options.headers ?? {}) };
      if (d.flavour === 'development' && isWrite(method)) headers[REQUEST_ID_HEADER] = m.requestId;
      if (isWrite(method)) {
        try {
          await inTime(d.journal.pending(m.requestId));
          recorded = true;
        } catch (e) {
          if (e instanceof DeadlineError) throw e;
          return { ok: false, status: 0, headers: {}, body: null, error: 'not sent: the outcome journal could not record the request' };
        }
      }

      const response = await inTime(d.fetch(filled.url, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : filled.options.body,
        credentials: 'include',
        cache: 'no-store',
        redirect: 'follow',
        signal: controller.signal,
      }));
      if (response.url && !allowed(response.url)) {
        if (recorded) await d.journal.settle(m.requestId, response.status || 0).catch(() => undefined);
        void response.body?.cancel().catch(() => undefined);
        return { ...refusal(response.url), error: `refused: redirected to ${hostOf(response.url)}, which is not an allowed platform host` };
      }
      const text = await inTime(response.text());
      if (recorded) await d.journal.settle(m.requestId, response.status).catch(() => undefined);
      let body: unknown = text;
      if (m.responseType === 'json') {
        try { body = JSON.parse(text); } catch { body = text; }
      }
      if (d.flavour === 'production' && isInvalidToken(body)) d.session.invalidate();
      const out: Record<string, string> = {};
      response.headers.forEach((value, key) => { out[key] = value; });
      return { ok: response.ok, status: response.status, headers: out, body };
    } catch (e) {
      if (recorded) await d.journal.settle(m.requestId, 0).catch(() => undefined);
      const error = timedOut || e instanceof DeadlineError ? `no reply within ${deadlineMs} ms` : (e as Error)?.message || String(e);
      return { ok: false, status: 0, headers: {}, body: null, error };
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
    /** One reply for every valid page message; null for anything else (dropped). */
    async handle(raw: unknown): Promise<Reply | null> {
      const m = parsePageMessage(raw);
      if (!m) return null;
      switch (m.type) {
        case 'callGetVersionMethod':
          return { source: EXTENSION_SOURCE, type: 'contentgetVersionReply', version: d.version };
        case 'callRefreshTokenMethod':
          return { source: EXTENSION_SOURCE, type: 'contentRefreshTokenReply', data: await d.session.identity().catch(() => null) };
        case 'tessera:request':
          return { source: EXTENSION_SOURCE, type: 'tessera:response', requestId: m.requestId, ...(await execute(m)) };
        case 'tessera:cookie': {
          const cookies = isPlatformUrl(m.url) ? await d.session.cookies(m.url).catch(() => []) : [];
          return { source: EXTENSION_SOURCE, type: 'tessera:cookieReply', requestId: m.requestId, cookies: cookies.map(({ name, value, domain, path }) => ({ name, value, domain, path })) };
        }
        case 'tessera:outcome': {
          const o = await outcome(m.requestId);
          return { source: EXTENSION_SOURCE, type: 'tessera:outcomeReply', requestId: m.requestId, state: o.state, ...(o.status === undefined ? {} : { status: o.status }) };
        }
      }
    },
  };
}

/** Graph's "invalid OAuth access token" (code 190): the cached token is stale. */
function isInvalidToken(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error === 'object' && error !== null && error.code === 190;
}
