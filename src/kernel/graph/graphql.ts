import { encodeParams, GraphError, toGraphError, type Bridge } from '../bridge/bridge';
import { extractErrorMessage } from '../bridge/error-extractor';
import { requireDocId } from './doc-catalogue';

export interface GraphQLPost {
  /**
   * The platform's operation name (its `fb_api_req_friendly_name`, e.g. `AdAccountAppealStatusQuery`).
   * The doc id comes from the document catalogue (doc-catalogue.ts), so a rotated id is a data change.
   */
  operation: string;
  variables: Record<string, unknown>;
  /** Platform host of the form post, default www.facebook.com. */
  host?: 'www.facebook.com' | 'business.facebook.com' | 'adsmanager.facebook.com';
  signal?: AbortSignal;
}

/**
 * A GraphQL form post as the web client sends it: doc id + variables, with the session's form tokens
 * (fb_dtsg, lsd) and user id as placeholders the executor fills. Answers `{ data }` or `{ errors }`.
 * An operation without a doc id throws MissingDocIdError before anything is sent.
 */
export async function graphqlPost<T = unknown>(bridge: Bridge, post: GraphQLPost): Promise<T> {
  try {
    return await postOnce<T>(bridge, post);
  } catch (e) {
    throw liftGraphqlCodes(e);
  }
}

/**
 * The platform's code and transience taken from `errors[0]` (`code`, else `api_error_code`, and
 * `is_transient`) when the error has no code yet: HTTP 200 replies carry them there, and the runner
 * tells a rate limit (17) or a session error (190) from a refusal by them.
 */
export function liftGraphqlCodes(e: unknown): unknown {
  if (!(e instanceof GraphError) || e.code !== undefined) return e;
  const first = (e.body as { errors?: { code?: unknown; api_error_code?: unknown; is_transient?: unknown }[] } | null)?.errors?.[0];
  const code = typeof first?.code === 'number' ? first.code : typeof first?.api_error_code === 'number' ? first.api_error_code : undefined;
  if (code === undefined) return e;
  const transient = typeof first?.is_transient === 'boolean' ? first.is_transient : e.isTransient;
  return new GraphError(e.message, e.status, code, e.subcode, transient, e.headers, e.body);
}

/** The form body of a GraphQL post: only the fields the executor's allow-list lets through. */
async function formBody(operation: string, variables: Record<string, unknown>): Promise<string> {
  const docId = await requireDocId(operation);
  return `${encodeParams({ doc_id: docId, variables, fb_api_req_friendly_name: operation, server_timestamps: true })}&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&av={{user_id}}&__user={{user_id}}`;
}

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', 'x-fb-lsd': '{{lsd}}' };

async function postOnce<T>(bridge: Bridge, post: GraphQLPost): Promise<T> {
  const body = await formBody(post.operation, post.variables);
  const response = await bridge.send(`https://${post.host ?? 'www.facebook.com'}/api/graphql/`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body,
  }, { signal: post.signal });
  if (!response.ok) throw toGraphError(response);
  const parsed = typeof response.body === 'string' ? safeJson(response.body) : response.body;
  const message = extractErrorMessage(parsed);
  if (message || !parsed || typeof parsed !== 'object' || !('data' in parsed)) {
    // GraphQL errors carry the Graph codes too (17 throttled, 190 session…): keep them for the runner's classes.
    const first = (parsed as { errors?: { code?: unknown; error_subcode?: unknown; subcode?: unknown; is_transient?: unknown }[] } | null)?.errors?.[0];
    const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
    throw new GraphError(message ?? 'Unknown error', response.status, num(first?.code), num(first?.error_subcode ?? first?.subcode),
      typeof first?.is_transient === 'boolean' ? first.is_transient : undefined, response.headers, parsed);
  }
  return (parsed as { data: T }).data;
}

/**
 * A GraphQL post whose reply is read as text (a streamed reply is several JSON parts, e.g. a result
 * then deferred `{"label":…}` parts): the caller parses it. A failed HTTP status throws GraphError.
 */
export async function graphqlText(bridge: Bridge, post: GraphQLPost): Promise<string> {
  const body = await formBody(post.operation, post.variables);
  const response = await bridge.send(`https://${post.host ?? 'www.facebook.com'}/api/graphql/`, {
    method: 'POST', headers: FORM_HEADERS, body,
  }, { signal: post.signal, responseType: 'text' });
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? null);
  if (!response.ok) {
    const parsed = safeJson(text);
    throw new GraphError(extractErrorMessage(parsed) ?? `HTTP ${response.status}`, response.status, undefined, undefined, response.status >= 500, response.headers, parsed);
  }
  return text;
}

/** The web GraphQL of one host, as an area calls it: `gql(bridge, operation, variables, { signal })`. */
export function graphqlOn(host: NonNullable<GraphQLPost['host']>) {
  return <T = unknown>(bridge: Bridge, operation: string, variables: Record<string, unknown>, o: { signal?: AbortSignal } = {}): Promise<T> =>
    graphqlPost<T>(bridge, { operation, variables, host, signal: o.signal });
}

function safeJson(text: string): unknown {
  try { return JSON.parse(text.replace(/^for \(;;\);/, '')); } catch { return null; }
}
