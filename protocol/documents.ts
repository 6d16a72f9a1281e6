/**
 * The GraphQL document catalogue as the executor trusts it: operation name → the one document id the
 * platform runs under that name (docs/INTERFACES.md section 4). A web GraphQL post is executed only
 * when its `doc_id` is the catalogue's id for its `fb_api_req_friendly_name`, so an allowed read
 * cannot carry a mutation's document. The extension reads the catalogue itself from the product
 * origin it was built for (`GET /api/graphql-docs`, no sign-in, no cookies); changing it on the
 * server needs the admin's password in the request, so a script holding a page's token cannot
 * rebind a name.
 */
import type { Parsed } from './canonical';

export interface DocCatalogue {
  /** The document id of an operation, or null when the catalogue has none. */
  docIdFor(operation: string): string | null;
  readonly size: number;
}

const OPERATION = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const DOC_ID = /^[0-9]{1,32}$/;
/** More operations than any catalogue holds; a bigger answer is not a catalogue. */
const MAX_OPERATIONS = 2_000;

/**
 * A catalogue from `{ "<operation>": "<docId>" }`, or the reason it cannot be trusted: a name or id
 * of the wrong form, or one document id given to two names (the name would no longer say what runs).
 */
export function parseDocCatalogue(map: unknown): Parsed<DocCatalogue> {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return { ok: false, reason: 'the document catalogue is not a map of operation names to document ids' };
  const entries = Object.entries(map as Record<string, unknown>);
  if (entries.length > MAX_OPERATIONS) return { ok: false, reason: 'the document catalogue is too large' };
  const byName = new Map<string, string>();
  const byId = new Map<string, string>();
  for (const [operation, docId] of entries) {
    if (!OPERATION.test(operation) || typeof docId !== 'string' || !DOC_ID.test(docId)) {
      return { ok: false, reason: `the document catalogue has a malformed entry (${operation.slice(0, 60)})` };
    }
    const other = byId.get(docId);
    if (other !== undefined) return { ok: false, reason: `the document catalogue gives document ${docId} to both ${other} and ${operation}` };
    byId.set(docId, operation);
    byName.set(operation, docId);
  }
  return { ok: true, value: { docIdFor: (operation) => byName.get(operation) ?? null, size: byName.size } };
}

/** The product API's answer (`{ code, data }`, docs/INTERFACES.md section 3) to `GET /api/graphql-docs`, as a catalogue. */
export function docCatalogueFromAnswer(answer: unknown): Parsed<DocCatalogue> {
  const data = (answer as { data?: unknown } | null)?.data;
  return parseDocCatalogue(data);
}

/** How long a catalogue read is kept before it is read again. */
export const CATALOGUE_TTL_MS = 60_000;
/** A fresh read (a document the copy does not know) is made at most this often per origin. */
export const CATALOGUE_REFRESH_MIN_MS = 5_000;
export const CATALOGUE_PATH = '/api/graphql-docs';

/**
 * The catalogue read from a product origin (`<origin>/api/graphql-docs`, no cookies, no cache, no
 * redirect), kept CATALOGUE_TTL_MS per origin; an unreadable or untrustworthy answer is null (GraphQL
 * posts are then refused) and is asked again after CATALOGUE_REFRESH_MIN_MS.
 */
export function createCatalogueSource(o: { fetch: typeof fetch; now?: () => number; onProblem?: (reason: string) => void }) {
  const now = o.now ?? Date.now;
  const kept = new Map<string, { value: Promise<DocCatalogue | null>; at: number }>();
  const read = async (origin: string): Promise<DocCatalogue | null> => {
    try {
      const r = await o.fetch(`${origin.replace(/\/+$/, '')}${CATALOGUE_PATH}`, { credentials: 'omit', cache: 'no-store', redirect: 'error', headers: { accept: 'application/json' } });
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const parsed = docCatalogueFromAnswer(await r.json());
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.value;
    } catch (e) {
      o.onProblem?.(`the document catalogue of ${origin} could not be read: ${(e as Error).message}`);
      return null;
    }
  };
  return (origin: string, fresh = false): Promise<DocCatalogue | null> => {
    const hit = kept.get(origin);
    const age = hit ? now() - hit.at : Infinity;
    if (hit && age < (fresh ? CATALOGUE_REFRESH_MIN_MS : CATALOGUE_TTL_MS)) {
      // An unreadable catalogue is asked again soon, not kept for the whole TTL.
      return hit.value.then((c) => c ?? (age < CATALOGUE_REFRESH_MIN_MS ? null : refresh()));
    }
    return refresh();
    function refresh() {
      const entry = { value: read(origin), at: now() };
      kept.set(origin, entry);
      return entry.value;
    }
  };
}
