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
  const docId = await requireDocId(post.operation);
  const body = `${encodeParams({ doc_id: docId, variables: post.variables, fb_api_req_friendly_name: post.operation, server_timestamps: true })}&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&av={{user_id}}&__user={{user_id}}`;
  const response = await bridge.send(`https://${post.host ?? 'www.facebook.com'}/api/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-fb-lsd': '{{lsd}}' },
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

function safeJson(text: string): unknown {
  try { return JSON.parse(text.replace(/^for \(;;\);/, '')); } catch { return null; }
}
