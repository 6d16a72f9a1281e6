import {
  ALLOW_LIST, checkCall, EXTENSION_SOURCE, fetchHopByHop, fillRequest, fromSandboxUrl, hostOf, isPlatformUrl, pageCookies, parsePageMessage,
  placeholdersNeeded, refusal, scrubReply, secretMap, toSandboxUrl,
  type BridgeResponse, type ExtensionMessage, type OutcomeState, type PageMessage,
} from '../../../protocol';
import type { Flavour } from '../build-config';
import type { SessionSource } from './session';

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
    const method = (m.payload.options.method || 'GET').toUpperCase();
    // The allow-list first: a refused request is never fetched and no placeholder is filled for it.
    const check = checkCall(ALLOW_LIST, { url, method, headers: m.payload.options.headers, body: m.payload.options.body });
    if (!check.ok) return refusal(check.reason);

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
      let toTarget = (u: string): string | null => (isPlatformUrl(u) ? u : null);
      let toPlatform = (u: string): string | null => (isPlatformUrl(u) ? u : null);
      if (d.flavour === 'development') {
        const base = await inTime((d.sandboxBase ?? (() => Promise.reject(new Error('no sandbox base'))))());
        toTarget = (u) => toSandboxUrl(u, base);
        toPlatform = (u) => (inSandbox(u, base) ? fromSandboxUrl(u, base) : null);
      }
      const target = toTarget(url);
      if (!target) return refusal(`${hostOf(url)} is not an allowed platform host`);

      const request = { url: target, options: { ...m.payload.options } };
      const needs = placeholdersNeeded(m.payload);
      let filled: Awaited<ReturnType<typeof fillRequest<typeof request>>>;
      try {
        const values = needs.size ? await inTime(d.session.placeholders(needs)) : { access_token: '', fb_dtsg: '', lsd: '', user_id: '' };
        filled = await inTime(fillRequest(request, values, new URL(url).hostname));
      } catch (e) {
        if (e instanceof DeadlineError) throw e;
        return { ok: false, status: 0, headers: {}, body: null, error: `placeholders: ${(e as Error).message}` };
      }
      if (toPlatform(filled.url) === null) return refusal(`${hostOf(filled.url)} is not an allowed platform host`);

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

      const hops = await inTime(fetchHopByHop(filled.url, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : filled.options.body,
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      }, { fetch: d.fetch, toPlatform, toTarget }));
      if ('refused' in hops) {
        if (recorded) await d.journal.settle(m.requestId, hops.status).catch(() => undefined);
        return hops.refused;
      }
      const { response } = hops;
      const text = await inTime(response.text());
      if (recorded) await d.journal.settle(m.requestId, response.status).catch(() => undefined);
      const raw: Record<string, string> = {};
      response.headers.forEach((value, key) => { raw[key] = value; });
      // The page never sees the user's secrets: each is replaced by its placeholder.
      const known = await d.session.known?.().catch(() => null);
      const { body, headers: out } = scrubReply(text, raw, secretMap(filled.secrets, known), m.responseType === 'json');
      if (d.flavour === 'production' && isInvalidToken(body)) d.session.invalidate();
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
          // Only `c_user` (who is logged in): the session cookies never reach the page.
          const cookies = isPlatformUrl(m.url) ? await d.session.cookies(m.url).catch(() => []) : [];
          return { source: EXTENSION_SOURCE, type: 'tessera:cookieReply', requestId: m.requestId, cookies: pageCookies(cookies) };
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
