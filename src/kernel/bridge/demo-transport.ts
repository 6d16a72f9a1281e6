import { fillRequest, PlaceholderError, toSandboxUrl, type BridgeResponse, type Cookie, type OutcomeState, type PlaceholderValues, type RequestPayload } from '../../../protocol';
import { BridgeError, DEFAULT_DEADLINE_MS, newRequestId, type BridgeTransport, type RequestOptions } from './transport';

export interface SandboxSession { userId: string; name: string; access_token: string; fb_dtsg: string; lsd: string }

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
 * window messages. Chosen only in demo mode and only when no extension marked the page.
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
      access_token: s.access_token, fb_dtsg: s.fb_dtsg, lsd: s.lsd, user_id: s.userId,
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
      const target = toSandboxUrl(payload.url, base);
      if (!target) return { ok: false, status: 0, headers: {}, body: null, error: `refused: ${safeHost(payload.url)} is not an allowed platform host` };
      let filled: RequestPayload;
      try {
        filled = await fillRequest({ ...payload, url: target }, await placeholders());
      } catch (e) {
        const message = e instanceof PlaceholderError || e instanceof BridgeError ? e.message : String(e);
        return { ok: false, status: 0, headers: {}, body: null, error: message };
      }
      const method = filled.options.method.toUpperCase();
      const headers: Record<string, string> = { ...filled.options.headers };
      if (WRITE_METHODS.has(method)) headers['x-tessera-request-id'] = opts.requestId ?? newRequestId();
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), opts.deadlineMs ?? DEFAULT_DEADLINE_MS);
      const onAbort = () => deadline.abort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const response = await doFetch(filled.url, { method, headers, body: filled.options.body, signal: deadline.signal });
        const text = await response.text();
        let body: unknown = text;
        if ((opts.responseType ?? 'json') === 'json') {
          try { body = JSON.parse(text); } catch { body = text; }
        }
        const out: Record<string, string> = {};
        response.headers.forEach((value, key) => { out[key] = value; });
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
      const s = await loadSession();
      const host = safeHost(url);
      return [
        { name: 'c_user', value: s.userId, domain: host.endsWith('facebook.com') ? '.facebook.com' : host, path: '/' },
        { name: 'xs', value: `demo-${s.userId}`, domain: '.facebook.com', path: '/' },
      ];
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

function safeHost(url: string): string {
  try { return new URL(url).hostname; } catch { return 'an invalid URL'; }
}
