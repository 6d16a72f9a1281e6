import { GraphError, extractErrorMessage, extractErrorCodes, type Bridge } from '@kernel';

export { encodeParams, graphqlPost, GraphError } from '@kernel';
export type { Bridge };

/** A failed reply as a GraphError (the kernel's rule: extracted message, codes, headers, body). */
export function toGraphErrorOf(response: { ok: boolean; status: number; headers: Record<string, string>; body: unknown; error?: string }): GraphError {
  let body = response.body;
  if (typeof body === 'string') {
    try { body = JSON.parse(body.replace(/^\s*for \(;;\);/, '')); } catch { /* text stays text */ }
  }
  const message = extractErrorMessage(body) ?? response.error ?? (response.status ? `HTTP ${response.status}` : 'Unknown error');
  const { code, subcode, isTransient } = extractErrorCodes(body);
  return new GraphError(message, response.status, code, subcode, isTransient, response.headers, body);
}
