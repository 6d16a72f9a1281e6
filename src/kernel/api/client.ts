/**
 * The one client of the product API: 6 s timeout, `Authorization: Bearer` and `uid` headers, and the
 * reactions of docs/INTERFACES.md section 3 to each status/code pair.
 */

import { ORG_HEADER } from '../../../protocol/api/org';

export const API_TIMEOUT_MS = 6000;
/** The answer's code when the request named an organisation the caller is not a member of (docs/INTERFACES.md section 3). */
export const NOT_MEMBER = 40302;

export interface Envelope<T = unknown> {
  status: 1 | 0 | -1;
  code: number;
  info: string;
  data: T;
}

export type ApiErrorKind = 'business' | 'auth' | 'relogin' | 'network' | 'timeout' | 'http' | 'rate-limited';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly code?: number,
    readonly httpStatus?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  getToken: () => string | undefined;
  setToken: (token: string) => void;
  getUid: () => string | undefined;
  /** The organisation requests act in (the `x-tessera-org` header, docs/TEAMS.md); undefined: the user's own work. */
  getOrg?: () => number | undefined;
  /** 40302: the request named an organisation the user is no longer a member of. */
  onNotMember?: (orgId: number, info: string) => void;
  language: () => string;
  /** 50008: the token is missing, unknown or forged. */
  onTokenRejected: () => void;
  /** 50012 (logged in elsewhere) or 50014 (session expired): the re-login dialog. */
  onReloginNeeded: (code: number, info: string) => void;
  /** Readable texts for failures that carry no server message. */
  messages: { timeout: () => string; network: () => string; http: (status: number) => string };
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * The organisation this request acts in, over the active one (null: the user's own work): a job's
   * records go to the organisation the job ran in, whichever the page works in when they are sent.
   */
  org?: number | null;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** The whole envelope (for callers that need `info` of a success). */
  request<T>(method: 'GET' | 'POST', path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
}

export function createApiClient(o: ApiClientOptions): ApiClient {
  const doFetch = o.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = o.timeoutMs ?? API_TIMEOUT_MS;

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
    const url = new URL(`${o.baseUrl ?? ''}${path}`, typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': o.language() };
    const token = o.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const uid = o.getUid();
    if (uid) headers.uid = uid;
    const org = options.org === undefined ? o.getOrg?.() : options.org ?? undefined;
    if (org !== undefined) headers[ORG_HEADER] = String(org);
    if (body !== undefined) headers['content-type'] = 'application/json';

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signal = options.signal ? anySignal([options.signal, timeout.signal]) : timeout.signal;
    let response: Response;
    try {
      response = await doFetch(url.toString(), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: 'same-origin' });
    } catch (e) {
      if (timeout.signal.aborted) throw new ApiError(o.messages.timeout(), 'timeout');
      if (options.signal?.aborted) throw e;
      throw new ApiError(o.messages.network(), 'network');
    } finally {
      clearTimeout(timer);
    }

    const envelope = await readEnvelope<T>(response);
    if (!envelope) throw new ApiError(o.messages.http(response.status), 'http', undefined, response.status);

    // Rotation: a new token in the `authorization` header replaces the stored one; the answer counts as success.
    const rotated = /^Bearer\s+(\S+)$/i.exec(response.headers.get('authorization') ?? '')?.[1];
    if (rotated) o.setToken(rotated);
    if (envelope.status === 1 || (envelope.status === -1 && rotated && envelope.code === 20000)) return { ...envelope, status: 1 };

    if (envelope.status === -1) {
      if (envelope.code === 50012 || envelope.code === 50014) {
        o.onReloginNeeded(envelope.code, envelope.info);
        throw new ApiError(envelope.info, 'relogin', envelope.code, response.status);
      }
      o.onTokenRejected();
      throw new ApiError(envelope.info || 'Token authentication failed', 'auth', envelope.code, response.status);
    }
    if (envelope.code === NOT_MEMBER && org !== undefined) o.onNotMember?.(org, envelope.info);
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get('retry-after')) || undefined;
      throw new ApiError(envelope.info, 'rate-limited', envelope.code, 429, retryAfter);
    }
    throw new ApiError(envelope.info || o.messages.http(response.status), 'business', envelope.code, response.status);
  }

  return {
    request,
    get: async (path, options) => (await request<never>('GET', path, undefined, options)).data,
    post: async (path, body, options) => (await request<never>('POST', path, body, options)).data,
  };
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const json = (await response.json()) as Envelope<T>;
    if (json && typeof json === 'object' && (json.status === 1 || json.status === 0 || json.status === -1)) return json;
    return null;
  } catch {
    return null;
  }
}

function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) { controller.abort(s.reason); break; }
    s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}
