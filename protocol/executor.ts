/**
 * THE executor of platform requests (docs/INTERFACES.md section 4), run by the extension's worker
 * (extension/src/lib/executor.ts) and by the page's demo transport (src/kernel/bridge/demo-transport.ts)
 * alike, so every rule is written once and every demo-mode browser test runs the production code.
 * Each side supplies only its fetch, its session, where platform URLs really go, its document
 * catalogue and (the extension) its outcome journal. The steps:
 *   1. parse the request once into its canonical form (canonical.ts), refusing anything ambiguous;
 *   2. check that form against the allow-list (with the catalogue for web GraphQL posts);
 *   3. fill the placeholders it may carry, in that form;
 *   4. send exactly that form re-serialised, hop by hop through redirects, each hop checked again;
 *   5. scrub the user's secrets from the reply.
 */
import { ALLOW_LIST, checkCall, checkRequest } from './allow-list';
import { GRAPH_HOST, isPlatformUrl } from './hosts';
import { parseRequest, serializeRequest, type CanonicalRequest } from './canonical';
import type { DocCatalogue } from './documents';
import { isGraphVersion } from './api/platform';
import { refusal } from './guard';
import type { BridgeResponse, ResponseType } from './messages';
import { fillPlaceholders, placeholdersNeeded, PlaceholderError, scrubReply, secretMap, type KnownSecrets, type PlaceholderName, type PlaceholderValues } from './placeholders';

/** Writes carry their request id, so the sandbox can journal their outcome (never sent to the real platform). */
export const REQUEST_ID_HEADER = 'x-tessera-request-id';
/** Redirects followed for one request, at most. */
export const MAX_REDIRECT_HOPS = 5;

/** What the session may know of the request it fills placeholders for. */
export interface PlaceholderContext {
  /**
   * The Graph version the request names (`v24.0`), when it is a Graph call on a version: the session's
   * own Graph reads for it (page tokens) go on the same version. The allow-list has already accepted
   * the request, and the version is checked against `^v\d{1,2}\.0$`, so it can name nothing else.
   */
  graphVersion?: string;
}

export interface ExecutorSession {
  /** Values for the placeholders a request uses (`needs`); the others may be left empty. */
  placeholders(needs: ReadonlySet<PlaceholderName>, context?: PlaceholderContext): Promise<PlaceholderValues>;
  /** The secrets already at hand (no network), for scrubbing replies; null when none are. */
  known?(): Promise<KnownSecrets | null>;
}

/** Where platform URLs really go: the platform itself (identity) or the sandbox they map to. */
export interface Route {
  /** Where a platform URL is fetched, or null (refused). */
  toTarget(platformUrl: string): string | null;
  /** The platform URL a fetched URL stands for, or null (outside the platform or the sandbox). */
  toPlatform(targetUrl: string): string | null;
}

/** The production route: platform URLs are fetched as they are, and only they. */
export const PLATFORM_ROUTE: Route = { toTarget: (u) => (isPlatformUrl(u) ? u : null), toPlatform: (u) => (isPlatformUrl(u) ? u : null) };

export interface ExecuteDeps {
  fetch: typeof fetch;
  session: ExecutorSession;
  route(): Promise<Route>;
  /**
   * The trustworthy document catalogue, or null when there is none (web GraphQL posts are then
   * refused). Asked only for web GraphQL posts; `fresh` asks again past any cache (a document id
   * the cached copy does not know, after an admin's change).
   */
  catalogue(fresh: boolean): Promise<DocCatalogue | null>;
  /** Before a write leaves: record it (the extension's outcome journal). A throw means it is not sent. */
  beforeWrite?(requestId: string): Promise<void>;
  /** After a write: its HTTP status, or 0 without a reply. */
  afterWrite?(requestId: string, status: number): Promise<void>;
  /** Writes carry REQUEST_ID_HEADER (the sandbox: development flavour and demo mode). */
  tagWrites?: boolean;
  credentials?: RequestCredentials;
  /** A Graph reply was read (the production session drops a token the platform calls invalid). */
  onReply?(body: unknown): void;
}

export interface ExecuteOptions {
  requestId: string;
  responseType: ResponseType;
  /** Aborts every step; executeRequest then throws ExecutionStopped. */
  signal: AbortSignal;
}

/** The signal fired before the request was answered (a deadline, or the page gave up). */
export class ExecutionStopped extends Error {}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';
const isGraphqlPost = (req: CanonicalRequest) => req.host !== GRAPH_HOST && req.path === '/api/graphql/';

function stoppable(signal: AbortSignal) {
  let stop!: (e: Error) => void;
  const stopped = new Promise<never>((_, reject) => { stop = reject; });
  stopped.catch(() => undefined);
  const onAbort = () => stop(new ExecutionStopped('stopped'));
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return {
    inTime: <T>(p: Promise<T>) => Promise.race([p, stopped]),
    release: () => signal.removeEventListener('abort', onAbort),
  };
}

/** Checks a parsed request, asking for a fresh catalogue once when the cached one does not know its document. */
async function check(req: CanonicalRequest, d: ExecuteDeps, inTime: <T>(p: Promise<T>) => Promise<T>) {
  if (!isGraphqlPost(req)) return checkRequest(ALLOW_LIST, req, null);
  const first = checkRequest(ALLOW_LIST, req, await inTime(d.catalogue(false)));
  if (first.ok || !/catalogue/.test(first.reason)) return first;
  return checkRequest(ALLOW_LIST, req, await inTime(d.catalogue(true)));
}

/** The Graph version a request names: its path's first segment on the Graph host, when that is a version. */
export function requestContext(req: Pick<CanonicalRequest, 'host' | 'path'>): PlaceholderContext {
  if (req.host !== GRAPH_HOST) return {};
  const first = req.path.split('/')[1] ?? '';
  return isGraphVersion(first) ? { graphVersion: first } : {};
}

/** Executes one page request: exactly one answer, or ExecutionStopped when the signal fires first. */
export async function executeRequest(payload: { url: string; options: { method?: string; headers?: Record<string, string>; body?: string } }, o: ExecuteOptions, d: ExecuteDeps): Promise<BridgeResponse> {
  const parsed = parseRequest({ url: payload.url, method: payload.options.method || 'GET', headers: payload.options.headers, body: payload.options.body });
  if (!parsed.ok) return refusal(parsed.reason);
  const { inTime, release } = stoppable(o.signal);
  let recorded = false;
  try {
    // The allow-list first: a refused request is never fetched and no placeholder is filled for it.
    const allowed = await check(parsed.value, d, inTime);
    if (!allowed.ok) return refusal(allowed.reason);
    const route = await inTime(d.route());

    let filled: Awaited<ReturnType<typeof fillPlaceholders>>;
    try {
      const needs = placeholdersNeeded(parsed.value);
      const values = needs.size ? await inTime(d.session.placeholders(needs, requestContext(parsed.value))) : { access_token: '', fb_dtsg: '', lsd: '', user_id: '' };
      filled = await inTime(fillPlaceholders(parsed.value, values));
    } catch (e) {
      if (e instanceof ExecutionStopped) throw e;
      return { ok: false, status: 0, headers: {}, body: null, error: `placeholders: ${e instanceof PlaceholderError || e instanceof Error ? e.message : String(e)}` };
    }
    const wire = serializeRequest(filled.request);
    const target = route.toTarget(wire.url);
    if (!target) return refusal(`${filled.request.host} is not an allowed platform host`);

    const write = isWrite(wire.method);
    const headers = { ...wire.headers, ...(write && d.tagWrites ? { [REQUEST_ID_HEADER]: o.requestId } : {}) };
    if (write && d.beforeWrite) {
      try {
        await inTime(d.beforeWrite(o.requestId));
        recorded = true;
      } catch (e) {
        if (e instanceof ExecutionStopped) throw e;
        return { ok: false, status: 0, headers: {}, body: null, error: 'not sent: the outcome journal could not record the request' };
      }
    }

    const hops = await inTime(fetchHopByHop(target, {
      method: wire.method, headers, body: wire.body, signal: o.signal, cache: 'no-store', ...(d.credentials && { credentials: d.credentials }),
    }, { fetch: d.fetch, route, catalogue: () => d.catalogue(false) }));
    if ('refused' in hops) {
      if (recorded) await d.afterWrite?.(o.requestId, hops.status).catch(() => undefined);
      return hops.refused;
    }
    const { response } = hops;
    const text = await inTime(response.text());
    if (recorded) await d.afterWrite?.(o.requestId, response.status).catch(() => undefined);
    const raw: Record<string, string> = {};
    response.headers.forEach((value, key) => { raw[key] = value; });
    // The page never sees the user's secrets: each is replaced by its placeholder.
    const known = await d.session.known?.().catch(() => null);
    const { body, headers: out } = scrubReply(text, raw, secretMap(filled.secrets, known), o.responseType === 'json');
    d.onReply?.(body);
    return { ok: response.ok, status: response.status, headers: out, body };
  } catch (e) {
    if (recorded) await d.afterWrite?.(o.requestId, 0).catch(() => undefined);
    if (e instanceof ExecutionStopped || o.signal.aborted) throw e instanceof ExecutionStopped ? e : new ExecutionStopped('stopped');
    return { ok: false, status: 0, headers: {}, body: null, error: (e as Error)?.message || String(e) };
  } finally {
    release();
  }
}

export interface HopOptions {
  fetch: typeof fetch;
  route: Route;
  catalogue: () => Promise<DocCatalogue | null>;
}

export type HopResult = { response: Response } | { refused: BridgeResponse; status: number };

const isRedirect = (r: Response) => r.type === 'opaqueredirect' || (r.status >= 300 && r.status < 400 && r.headers.has('location'));

/**
 * Fetches with `redirect: 'manual'` and follows each redirect only when its URL is itself an allowed
 * call (a 301/302 of a POST and every 303 continue as GET without the body), at most
 * MAX_REDIRECT_HOPS times; each hop is checked and sent in its canonical form. A browser hides where
 * a redirect points (an opaque redirect): such a redirect is not followed but refused.
 */
export async function fetchHopByHop(target: string, init: RequestInit & { headers: Record<string, string>; body?: string }, o: HopOptions): Promise<HopResult> {
  const tag = Object.fromEntries(Object.entries(init.headers).filter(([k]) => k.toLowerCase() === REQUEST_ID_HEADER));
  let url = target;
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  let headers = Object.fromEntries(Object.entries(init.headers).filter(([k]) => k.toLowerCase() !== REQUEST_ID_HEADER));
  for (let hop = 0; ; hop++) {
    const response = await o.fetch(url, { ...init, method, headers: { ...headers, ...tag }, body, redirect: 'manual' });
    if (!isRedirect(response)) return { response };
    void response.body?.cancel().catch(() => undefined);
    const status = response.status;
    const location = response.headers.get('location');
    if (!location) return { refused: refusal('the platform redirected this request and the browser does not say where to, so it was not followed'), status };
    if (hop >= MAX_REDIRECT_HOPS) return { refused: refusal(`more than ${MAX_REDIRECT_HOPS} redirects`), status };
    let next: string;
    try { next = new URL(location, url).toString(); } catch { return { refused: refusal('redirected to an invalid URL'), status }; }
    const platform = o.route.toPlatform(next);
    if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
    }
    const parsed = platform ? parseRequest({ url: platform, method, headers, body }) : null;
    const allowed = parsed?.ok ? checkRequest(ALLOW_LIST, parsed.value, await o.catalogue()).ok : false;
    const wire = parsed?.ok && allowed ? serializeRequest(parsed.value) : null;
    const nextTarget = wire ? o.route.toTarget(wire.url) : null;
    if (!wire || !nextTarget) return { refused: refusal(`redirected to ${platform ? hostAndPath(platform) : hostAndPath(next, false)}, which is not on the allow-list`), status };
    url = nextTarget;
    headers = wire.headers;
    body = wire.body;
  }
}

function hostAndPath(url: string, withPath = true): string {
  try { const u = new URL(url); return withPath ? `${u.host}${u.pathname}` : u.host; } catch { return 'an invalid URL'; }
}

export { checkCall };
