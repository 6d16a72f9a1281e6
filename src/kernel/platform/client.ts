/**
 * The platform client's calls that are not already one kernel function: Graph calls with a chosen
 * token, web-form posts and their replies, reading every page of a Graph list, and the loader's
 * error. Every request goes through the Bridge (so through the extension's allow-list); the Graph
 * version is the configured one (`graphVersion()`, src/kernel/bridge/graph-version.ts) unless a call names one.
 */
import type { BridgeResponse } from '../../../protocol';
import { encodeParams, GRAPH_ORIGIN, graphVersion, GraphError, toGraphError, type Bridge, type Params } from '../bridge/bridge';
import { extractErrorMessage } from '../bridge/error-extractor';
import { followNextLinks } from '../graph/paging';
import type { Sleep } from '../graph/sleep';
import { asPage } from './ids';

export interface CallOptions { signal?: AbortSignal }

// ---------------------------------------------------------------------------------------------
// Graph with a chosen token

/** The token a Graph call carries: the user's, the alternate one, or a page's own (filled by the executor). */
export type GraphToken = 'access_token' | 'access_token_alt' | { page: string };

export interface TokenCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** A Graph path, or a platform link (`paging.next`) that came back with a token placeholder. */
  path: string;
  params?: Params;
  token: GraphToken;
  /**
   * Where a write carries the token: in the URL query like Bridge.graph (default), or in its form body,
   * a DELETE then sent as `POST method=delete` (how the page area's writes have always gone out).
   */
  tokenIn?: 'query' | 'body';
  version?: string;
}

const tokenText = (t: GraphToken) => (typeof t === 'string' ? `{{${t}}}` : `{{page_token:${asPage(t.page)}}}`);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * Bridge.graph with another token than the user's: only the token placeholder differs. A platform
 * link is sent as it came back, its token set to the one asked; a link elsewhere than the Graph
 * origin, or without a token, is refused.
 */
export async function graphWith<T>(bridge: Bridge, call: TokenCall, o: CallOptions = {}): Promise<T> {
  const method = call.method ?? 'GET';
  const token = tokenText(call.token);
  let response: BridgeResponse;
  if (/^https:\/\//.test(call.path)) {
    if (!call.path.startsWith(`${GRAPH_ORIGIN}/`) || !/[?&]access_token=/.test(call.path)) throw new GraphError('refused: an unexpected next link', 0);
    response = await bridge.send(call.path.replace(/([?&]access_token=)[^&#]*/, `$1${token}`), { method: 'GET' }, o);
  } else {
    if (call.path.includes('{{')) throw new GraphError('refused: a placeholder inside a request path', 0);
    const base = `${GRAPH_ORIGIN}/${call.version ?? graphVersion()}/${call.path.replace(/^\/+/, '')}`;
    const query = encodeParams(call.params);
    if (method === 'GET') {
      response = await bridge.send(`${base}?${query ? `${query}&` : ''}access_token=${token}`, { method }, o);
    } else if (call.tokenIn === 'body') {
      const body = `${query ? `${query}&` : ''}${method === 'DELETE' ? 'method=delete&' : ''}access_token=${token}`;
      response = await bridge.send(base, { method: 'POST', headers: FORM, body }, o);
    } else {
      response = await bridge.send(`${base}?access_token=${token}`, { method, headers: FORM, body: query }, o);
    }
  }
  if (!response.ok || (response.body && typeof response.body === 'object' && 'error' in (response.body as object))) throw toGraphError(response);
  return response.body as T;
}

// ---------------------------------------------------------------------------------------------
// paging

export interface ReadAllOptions extends CallOptions {
  /** Rows kept at most: reading stops once this many have come. */
  max: number;
  sleep?: Sleep;
}

/** Every row of a Graph list by its next links (500 ms apart), up to `max`. */
export async function readAll<T>(bridge: Bridge, path: string, params: Params, o: ReadAllOptions): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of followNextLinks<T>(bridge, path, params, { signal: o.signal, sleep: o.sleep })) {
    rows.push(...page);
    if (rows.length >= o.max) break;
  }
  return rows.slice(0, o.max);
}

/**
 * A list loader's error, as the spec words it: the platform's message (a GraphError), else the
 * exception's, else "Unknown error". Given several (the error, then an earlier one), the first with
 * a message wins.
 */
export function loaderError(...errors: unknown[]): Error {
  for (const e of errors) {
    if (e instanceof Error && e.message) return e;
    if (typeof e === 'string' && e) return new Error(e);
  }
  return new Error('Unknown error');
}

// ---------------------------------------------------------------------------------------------
// web forms

export interface FormPost extends CallOptions {
  url: string;
  method?: 'GET' | 'POST';
  /** The form's own fields; undefined and empty ones are not sent. `__a=1` and the session's form tokens are added. */
  fields: Record<string, string | number | boolean | undefined>;
  /** Send the `x-fb-lsd` header (business.facebook.com forms); default true. */
  lsdHeader?: boolean;
}

/** A web-form request as the platform's web client sends it; the reply as text (`for (;;);` then JSON, or HTML). */
export async function sendForm(bridge: Bridge, post: FormPost): Promise<{ response: BridgeResponse; text: string }> {
  const clean = Object.fromEntries(Object.entries(post.fields).filter(([, v]) => v !== undefined && v !== '')) as Params;
  const fields = encodeParams({ ...clean, __a: 1 });
  const response = post.method === 'GET'
    ? await bridge.send(`${post.url}?${fields}`, { method: 'GET' }, { signal: post.signal, responseType: 'text' })
    : await bridge.send(post.url, {
      method: 'POST',
      headers: post.lsdHeader === false ? FORM : { ...FORM, 'x-fb-lsd': '{{lsd}}' },
      body: `${fields}&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&__user={{user_id}}`,
    }, { signal: post.signal, responseType: 'text' });
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? null);
  return { response, text };
}

/** A web-form reply's JSON (`for (;;);` dropped); null when it is not JSON. */
export function parseFormJson(text: string): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(text.replace(/^\s*for \(;;\);/, ''));
    return json && typeof json === 'object' ? json as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

/** A web-form reply: its `payload`, or its error (the platform's words, and its number as `code`). */
export function parseFormReply(text: string): { payload: Record<string, unknown> | null; error: string | null; code?: number } {
  const json = parseFormJson(text);
  if (!json) return { payload: null, error: 'Unknown error' };
  if (json.error !== undefined && json.error !== null && json.error !== 0) {
    return { payload: null, error: extractErrorMessage(json) ?? `error ${String(json.error)}`, code: typeof json.error === 'number' ? json.error : undefined };
  }
  return { payload: json.payload && typeof json.payload === 'object' ? json.payload as Record<string, unknown> : null, error: null };
}

/** A web form whose reply carries a payload: the payload, or a GraphError with the reply's words and code. */
export async function webForm(bridge: Bridge, post: FormPost): Promise<Record<string, unknown>> {
  const { response, text } = await sendForm(bridge, post);
  if (!response.ok && response.status === 0 && response.error) throw new GraphError(response.error, 0, undefined, undefined, !response.error.startsWith('refused'), response.headers);
  const { payload, error, code } = parseFormReply(text);
  if (!response.ok || error || !payload) {
    throw new GraphError(error ?? `HTTP ${response.status}`, response.status, code, undefined, response.status >= 500, response.headers, text);
  }
  return payload;
}
