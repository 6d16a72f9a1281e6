import {
  ALLOW_LIST, checkCall, fetchHopByHop, fillRequest, fromSandboxUrl, hostOf, pageCookies, PlaceholderError, placeholdersNeeded, refusal, scrubReply,
  secretMap, toSandboxUrl, type BridgeResponse, type Cookie, type OutcomeState, type PlaceholderValues, type RequestPayload,
} from '../../../protocol';
import { BridgeError, DEFAULT_DEADLINE_MS, newRequestId, type BridgeTransport, type RequestOptions } from './transport';

export interface SandboxSession { userId: string; name: string; access_token: string; fb_dtsg: string; lsd: string; access_token_alt?: string }

export interface DemoTransportOptions {
  /** The sandbox base, `/__graph` in demo mode. */
  graphBase: string;
  /** The version the demo executor reports: the latest extension record, so no update dialog appears. */
  latestVersion: () => Promise<string | null>;
  fetch?: typeof fetch;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The demo executor (docs/INTERFACES.md section 4): runs in the page and calls the sandbox directly, no
 * window messages. Chosen only in demo mode and only when no extension marked the page. It keeps the
 * extension's rules (protocol/guard.ts): the allow-list, placeholders only where the contract allows,
 * redirects hop by hop, secrets scrubbed from replies, `c_user` as the only cookie.
 */
export function createDemoTransport(o: DemoTransportOptions): BridgeTransport {
  const doFetch = o.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = new URL(o.graphBase, typeof window !== 'undefined' ? window.location.origin : 'http://localhost').toString().replace(/\/+$/, '');
  let session: Promise<SandboxSession> | null = null;

  const loadSession = () => {
    session ??= doFetch(`${base}/__sandbox/session`).then(async (r) => {
      if (!r.ok) throw new BridgeError(`sandbox session unavailable (HTTP ${r.status})`, 'unavailable');
      return (await r.json()) as SandboxSession;
    }).catch((e) => { session = null; throw e; });
    return session;
  };

  const placeholders = async (): Promise<PlaceholderValues> => {
    const s = await loadSession();
    return {
      access_token: s.access_token, access_token_alt: s.access_token_alt, fb_dtsg: s.fb_dtsg, lsd: s.lsd, user_id: s.userId,
      pageToken: async (pageId) => {
        const r = await doFetch(`${base}/v19.0/${encodeURIComponent(pageId)}?fields=access_token&access_token=${encodeURIComponent(s.access_token)}`);
        const body = (await r.json().catch(() => null)) as { access_token?: string } | null;
        return body?.access_token ?? null;
      },
    };
  };

  return {
    kind: 'demo',
    version: () => o.latestVersion().catch(() => null),
    async identity() {
      try {
        const s = await loadSession();
        return { id: s.userId, name: s.name };
      } catch {
        return null;
      }
    },
    async request(payload: RequestPayload, opts: RequestOptions = {}): Promise<BridgeResponse> {
      const method = (payload.options.method || 'GET').toUpperCase();
      const check = checkCall(ALLOW_LIST, { url: payload.url, method, headers: payload.options.headers, body: payload.options.body });
      if (!check.ok) return refusal(check.reason);
      const target = toSandboxUrl(payload.url, base);
      if (!target) return refusal(`${hostOf(payload.url)} is not an allowed platform host`);
      let filled: Awaited<ReturnType<typeof fillRequest<RequestPayload>>>;
      try {
        const values = placeholdersNeeded(payload).size ? await placeholders() : { access_token: '', fb_dtsg: '', lsd: '', user_id: '' };
        filled = await fillRequest({ ...payload, url: target }, values, new URL(payload.url).hostname);
      } catch (e) {
        const message = e instanceof PlaceholderError || e instanceof BridgeError ? e.message : String(e);
        return { ok: false, status: 0, headers: {}, body: null, error: message };
      }
      const headers: Record<string, string> = { ...filled.options.headers };
      if (WRITE_METHODS.has(method)) headers['x-tessera-request-id'] = opts.requestId ?? newRequestId();
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), opts.deadlineMs ?? DEFAULT_DEADLINE_MS);
      const onAbort = () => deadline.abort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const hops = await fetchHopByHop(filled.url, { method, headers, body: method === 'GET' ? undefined : filled.options.body, signal: deadline.signal }, {
          fetch: doFetch, toPlatform: (u) => fromSandboxUrl(u, base), toTarget: (u) => toSandboxUrl(u, base),
        });
        if ('refused' in hops) return hops.refused;
        const response = hops.response;
        const text = await response.text();
        const raw: Record<string, string> = {};
        response.headers.forEach((value, key) => { raw[key] = value; });
        const s = await loadSession().catch(() => null);
        const { body, headers: out } = scrubReply(text, raw, secretMap(filled.secrets, s), (opts.responseType ?? 'json') === 'json');
        return { ok: response.ok, status: response.status, headers: out, body };
      } catch (e) {
        if (opts.signal?.aborted) throw new BridgeError('request aborted', 'aborted');
        if (deadline.signal.aborted) throw new BridgeError(`no reply within ${opts.deadlineMs ?? DEFAULT_DEADLINE_MS} ms`, 'timeout');
        return { ok: false, status: 0, headers: {}, body: null, error: (e as Error).message };
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      }
    },
    async cookies(url: string): Promise<Cookie[]> {
      if (!toSandboxUrl(url, base)) return [];
      const s = await loadSession();
      return pageCookies([
        { name: 'c_user', value: s.userId, domain: '.facebook.com', path: '/' },
        { name: 'xs', value: `demo-${s.userId}`, domain: '.facebook.com', path: '/' },
      ]);
    },
    async outcome(requestId: string): Promise<{ state: OutcomeState; status?: number }> {
      try {
        const r = await doFetch(`${base}/__sandbox/outcome/${encodeURIComponent(requestId)}`);
        if (!r.ok) return { state: 'unknown' };
        return (await r.json()) as { state: OutcomeState; status?: number };
      } catch {
        return { state: 'unknown' };
      }
    },
    dispose() {
      session = null;
    },
  };
}
