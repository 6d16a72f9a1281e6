// Reading many objects' fields in one call (docs/UNDO.md): the before-states a write keeps and the
// states an undo's dry run compares go through the Graph batch (`GET <node>?fields=…` entries, each
// checked by the extension's allow-list like a call of its own), 50 objects a request.
import type { Bridge } from '../bridge/bridge';
import { runBatch } from './batch';

/**
 * The part of an object a write changes, as plain JSON (`{ name: 'Acme' }`, `{ role: 1002 }`,
 * `{ shared: false }`). `null` in a read: the object (or the relation) could not be found.
 */
export type ObjectState = Record<string, string | number | boolean | null>;

/**
 * The fields of each node, by node id; null for a node the platform does not find (deleted, or no
 * longer visible: 404, #100, #803). A node whose entry failed for a passing reason is left out (read
 * again later); any other failure of an entry (a rate limit, a session error) throws it, for the
 * runner's failure policy.
 */
export async function readNodeFields(bridge: Bridge, ids: readonly string[], fields: readonly string[], signal?: AbortSignal): Promise<Map<string, Record<string, unknown> | null>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, Record<string, unknown> | null>();
  if (!unique.length) return out;
  const results = await runBatch(bridge, unique.map((id) => ({ method: 'GET' as const, relative_url: `${id}?fields=${encodeURIComponent(fields.join(','))}` })), { retry: false, signal });
  results.forEach((r, i) => {
    const id = unique[i]!;
    if (r.ok && r.body && typeof r.body === 'object') out.set(id, r.body as Record<string, unknown>);
    else if (r.code === 404 || r.error?.code === 100 || r.error?.code === 803) out.set(id, null);
    else if (!r.error?.isTransient) throw r.error ?? new Error(`the platform did not answer for ${id}`);
  });
  return out;
}

/** The named fields of a read node as a state (absent ones as null), or null when it was not found. */
export function stateOf(node: Record<string, unknown> | null | undefined, fields: readonly string[]): ObjectState | null {
  if (!node) return null;
  return Object.fromEntries(fields.map((f) => {
    const v = node[f];
    return [f, v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean)];
  }));
}
