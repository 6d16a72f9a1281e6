import {
  createCatalogueSource, fromSandboxUrl, pageCookies, toSandboxUrl,
  type BridgeResponse, type Cookie, type DocCatalogue, type OutcomeState, type PlaceholderContext, type PlaceholderName, type PlaceholderValues, type RequestPayload, type Route,
} from '../../../protocol';
import { BridgeError, DEFAULT_DEADLINE_MS, newRequestId, type BridgeTransport, type RequestOptions } from './transport';
import { graphVersion } from './graph-version';

/**
 * The executor (protocol/executor.ts, with the allow-list and the canonical request forms) loads with the
 * first platform call, not with every signed-in page of a demo (docs/DECISIONS.md, "The dashboard loads what it shows").
 */
const loadExecutor = () => import('../../../protocol/executor');

export interface SandboxSession { userId: string; name: string; access_token: string; fb_dtsg: string; lsd: string; access_token_alt?: string }

export interface DemoTransportOptions {
  /** The sandbox base, `/__graph` in demo mode. */
  graphBase: string;
  /** The version the demo executor reports: the latest extension record, so no update dialog appears. */
  latestVersion: () => Promise<string | null>;
  fetch?: typeof fetch;
  /**
   * The document catalogue, as the extension reads it: by default `GET /api/graphql-docs` of this
   * origin (protocol/documents.ts). Tests without a product server give the sandbox's.
   */
  catalogue?: (fresh: boolean) => Promise<DocCatalogue | null>;
}

/**
 * The demo executor (docs/INTERFACES.md section 4): runs in the page and calls the sandbox directly, no
 * window messages. Chosen only in demo mode and only when no extension marked the page. It runs THE
 * executor of protocol/executor.ts, the extension's own code, with the sandbox as its route and session.
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

  // page tokens are read on the version of the request they are for (else the configured one), as the extension does
  const placeholders = async (_needs: ReadonlySet<PlaceholderName>, context?: PlaceholderContext): Promise<PlaceholderValues> => {
    const version = context?.graphVersion ?? graphVersion();
    const s = await loadSession();
    return {
      access_token: s.access_token, access_token_alt: s.access_token_alt, fb_dtsg: s.fb_dtsg, lsd: s.lsd, user_id: s.userId,
      pageToken: async (pageId) => {
        const r = await doFetch(`${base}/${version}/${encodeURIComponent(pageId)}?fields=access_token&access_token=${encodeURIComponent(s.access_token)}`);
        const body = (await r.json().catch(() => null)) as { access_token?: string } | null;
        return body?.access_token ?? null;
      },
    };
  };
  const route: Route = { toTarget: (u) => toSandboxUrl(u, base), toPlatform: (u) => fromSandboxUrl(u, base) };
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  const fromOrigin = createCatalogueSource({ fetch: doFetch });
  const catalogue = o.catalogue ?? ((fresh: boolean) => fromOrigin(origin, fresh));

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
      const deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), deadlineMs);
      const onAbort = () => deadline.abort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const { executeRequest } = await loadExecutor();
        return await executeRequest(payload, { requestId: opts.requestId ?? newRequestId(), responseType: opts.responseType ?? 'json', signal: deadline.signal }, {
          fetch: doFetch,
          session: { placeholders, known: () => loadSession() },
          route: async () => route,
          catalogue,
          tagWrites: true,
        });
      } catch (e) {
        if (opts.signal?.aborted) throw new BridgeError('request aborted', 'aborted');
        if (e instanceof (await loadExecutor()).ExecutionStopped) throw new BridgeError(`no reply within ${deadlineMs} ms`, 'timeout');
        throw e;
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
