import type { BridgeResponse } from '../../../protocol';
import type { BridgeTransport, RequestOptions } from './transport';
import { bridgeErrorText, extractErrorCodes, extractErrorMessage } from './error-extractor';
import { graphVersion, VERSION_RETIRED_CODE, versionRetired } from './graph-version';

export { graphVersion } from './graph-version';
export const GRAPH_ORIGIN = 'https://graph.facebook.com';

/** A platform call that did not succeed, with the extracted message and the platform's codes. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly subcode?: number,
    readonly isTransient?: boolean,
    readonly headers: Record<string, string> = {},
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

export type Params = Record<string, string | number | boolean | undefined | null | object>;

export interface GraphCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** A Graph path (`me/adaccounts`, `act_1/users`) or a full platform URL (a `paging.next` link). */
  path: string;
  params?: Params;
  /** a Graph version for this call only; default the configured one (`graphVersion()`) */
  version?: string;
}

/** The page's access to the platform: every call goes through the transport, never straight out. */
export interface Bridge {
  readonly transport: BridgeTransport;
  /** A raw request to a platform URL. */
  send(url: string, init: { method: string; headers?: Record<string, string>; body?: string }, options?: RequestOptions): Promise<BridgeResponse>;
  /** A Graph API call: JSON in, JSON out; a failure throws GraphError with the extracted message. */
  graph<T = unknown>(call: GraphCall, options?: RequestOptions): Promise<{ body: T; headers: Record<string, string> }>;
}

export function encodeParams(params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    search.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return search.toString();
}

/**
 * The real platform URL of a Graph call, on the configured version unless one is given; the access
 * token is a placeholder the executor fills.
 */
export function graphUrl(path: string, params: Params = {}, version = graphVersion()): string {
  if (/^https:\/\//.test(path)) return path;
  const query = encodeParams(params);
  // `{{access_token}}` stays literal: URLSearchParams would escape the braces the executor looks for.
  return `${GRAPH_ORIGIN}/${version}/${path.replace(/^\/+/, '')}?${query ? `${query}&` : ''}access_token={{access_token}}`;
}

/**
 * A failed reply as a GraphError: the extracted message, the platform's codes, headers and body (a
 * text body that is JSON, `for (;;);` or not, is read as JSON).
 */
export function toGraphError(response: Pick<BridgeResponse, 'status' | 'headers' | 'body' | 'error'>): GraphError {
  let body = response.body;
  if (typeof body === 'string') {
    try { body = JSON.parse(body.replace(/^\s*for \(;;\);/, '')); } catch { /* text stays text */ }
  }
  response = { ...response, body };
  const message = extractErrorMessage(response.body) ?? bridgeErrorText(response.error) ?? (response.status ? `HTTP ${response.status}` : 'Unknown error');
  const { code, subcode, isTransient } = extractErrorCodes(response.body);
  // The platform no longer serves the version named: the runtime is read again for the admin's new one.
  if (code === VERSION_RETIRED_CODE) versionRetired();
  return new GraphError(message, response.status, code, subcode, isTransient, response.headers, response.body);
}

export function createBridge(transport: BridgeTransport): Bridge {
  return bridgeOn(transport, (url, init, options) => transport.request({ url, options: init }, options));
}

/**
 * A bridge whose every request, Graph calls included, goes through `send`: how the runner watches and
 * numbers an item's requests (src/kernel/runner/bridges.ts) without wrapping the transport again.
 */
export function bridgeOn(transport: BridgeTransport, send: Bridge['send']): Bridge {
  return {
    transport,
    send,
    async graph<T>(call: GraphCall, options?: RequestOptions) {
      const method = call.method ?? 'GET';
      // Placeholders are the executor's: one arriving in a path built from platform data (an id, a name)
      // would have the user's token filled into it. Parameters are URL-encoded, so braces there stay inert.
      // A platform link (`paging.next`) comes back with the user's token scrubbed to `access_token={{access_token}}`.
      const link = /^https:\/\//.test(call.path) ? call.path.replace(/([?&]access_token=)\{\{access_token\}\}(?=&|#|$)/, '$1') : call.path;
      if (link.includes('{{')) throw new GraphError('refused: a placeholder inside a request path', 0);
      const response = method === 'GET'
        ? await send(graphUrl(call.path, call.params, call.version), { method }, options)
        : await send(graphUrl(call.path, {}, call.version), {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: encodeParams(call.params),
        }, options);
      if (!response.ok || (response.body && typeof response.body === 'object' && 'error' in (response.body as object))) throw toGraphError(response);
      return { body: response.body as T, headers: response.headers };
    },
  };
}
