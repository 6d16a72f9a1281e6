import { fieldOf, parseRequest, type BatchItem, type CanonicalRequest, type Pair, type RawCall } from '../canonical';
import type { DocCatalogue } from '../documents';
import { AD_ACCOUNT_NODE_PREFIX, GRAPH_HOST } from '../hosts';
import type { AllowedCall, CallMethod } from './types';
import { checkShape } from './variables';

/** A request as the page sends it (platform URL, placeholders not filled). */
export type CallToCheck = RawCall;

export type CallCheck = { ok: true; call: AllowedCall } | { ok: false; reason: string };

const TOKENS: Record<string, string> = {
  '{v}': 'v\\d{1,2}\\.\\d{1,2}',
  '{id}': '\\d{1,30}',
  '{act}': `${AD_ACCOUNT_NODE_PREFIX}\\d{1,30}`,
  '{node}': `(?:${AD_ACCOUNT_NODE_PREFIX})?\\d{1,30}`,
};
const compiled = new Map<string, RegExp>();

function pathPattern(path: string): RegExp {
  let re = compiled.get(path);
  if (!re) {
    const source = path.split(/(\{v\}|\{id\}|\{act\}|\{node\})/).map((part) => TOKENS[part] ?? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('');
    re = new RegExp(`^${source}$`);
    compiled.set(path, re);
  }
  return re;
}

const METHODS: readonly CallMethod[] = ['GET', 'POST', 'DELETE'];

/** The fields a web GraphQL post is made of (src/kernel/graph/graphql.ts); any other field is refused. */
export const GRAPHQL_FIELDS: readonly string[] = ['doc_id', 'variables', 'fb_api_req_friendly_name', 'server_timestamps', 'fb_dtsg', 'lsd', 'av', '__user'];
/** The fields of a Graph batch post (src/kernel/graph/batch.ts). */
const BATCH_FIELDS: readonly string[] = ['access_token', 'batch', 'include_headers'];

/** The method a Graph call really performs: its `method` field (query or body) overrides the HTTP one. */
function graphMethod(method: CallMethod, fields: readonly Pair[]): CallMethod | { reason: string } {
  const override = fields.filter(([k]) => k.toLowerCase() === 'method');
  if (override.length === 0) return method;
  const value = override[0]![1].toUpperCase();
  if (override.length > 1 || override[0]![0] !== 'method' || !(METHODS as readonly string[]).includes(value)) return { reason: 'an unexpected Graph method parameter' };
  return value as CallMethod;
}

/**
 * Is this request on the allow-list? It is checked in its canonical form (protocol/canonical.ts),
 * the form that is sent: host, the method the call really performs (a Graph `method` field counts),
 * the whole path; a Graph batch only when each of its items is; a web GraphQL post only with its
 * fields, an operation name on the list, the catalogue's document id for that name and variables of
 * that operation's shape. With no trustworthy catalogue every GraphQL post is refused.
 */
export function checkRequest(list: readonly AllowedCall[], req: CanonicalRequest, catalogue: DocCatalogue | null): CallCheck {
  const graph = req.host === GRAPH_HOST;
  const fields = [...req.query, ...(req.form ?? [])];
  let method: CallMethod = req.method;
  if (graph) {
    const m = graphMethod(req.method, fields);
    if (typeof m === 'object') return { ok: false, reason: m.reason };
    method = m;
  }
  const label = `${method} ${req.host}${req.path}`;
  const candidates = list.filter((c) => c.host === req.host && c.method === method && pathPattern(c.path).test(req.path));
  if (!candidates.length) return { ok: false, reason: `${label} is not on the allow-list` };

  const operation = fieldOf(req.form, 'fb_api_req_friendly_name');
  for (const call of candidates) {
    if (call.operations) {
      if (operation === undefined || !Object.hasOwn(call.operations, operation)) continue;
      const problem = checkGraphqlPost(req, operation, call.operations[operation]!, catalogue);
      return problem ? { ok: false, reason: problem } : { ok: true, call };
    }
    if (call.batch) {
      const problem = checkBatch(list, req, catalogue);
      return problem ? { ok: false, reason: problem } : { ok: true, call };
    }
    if (req.batch) return { ok: false, reason: `${label} is not a Graph batch` };
    return { ok: true, call };
  }
  return { ok: false, reason: operation ? `GraphQL operation ${operation.slice(0, 80)} is not on the allow-list` : `${label} is not on the allow-list` };
}

function checkGraphqlPost(req: CanonicalRequest, operation: string, shape: Parameters<typeof checkShape>[0], catalogue: DocCatalogue | null): string | null {
  if (req.query.length) return `GraphQL operation ${operation} with a query string`;
  const extra = (req.form ?? []).map(([k]) => k).filter((k) => !GRAPHQL_FIELDS.includes(k));
  if (extra.length) return `GraphQL operation ${operation} with unexpected fields (${extra.join(', ').slice(0, 60)})`;
  const docId = fieldOf(req.form, 'doc_id') ?? '';
  if (!/^\d{1,32}$/.test(docId)) return `GraphQL operation ${operation} without a document id`;
  if (!catalogue) return 'no trustworthy document catalogue: web GraphQL posts wait until the extension can read the product\'s catalogue';
  const expected = catalogue.docIdFor(operation);
  if (expected === null) return `the document catalogue has no document for ${operation}`;
  if (expected !== docId) return `document ${docId} is not the catalogue's document for ${operation}`;
  const problem = checkShape(shape, req.variables ?? {}, 'variables');
  return problem ? `GraphQL operation ${operation}: ${problem}` : null;
}

function checkBatch(list: readonly AllowedCall[], req: CanonicalRequest, catalogue: DocCatalogue | null): string | null {
  if (!req.batch) return 'a Graph batch without a readable batch field';
  const extra = fields(req).filter((k) => !BATCH_FIELDS.includes(k));
  if (extra.length) return `a Graph batch with unexpected fields (${extra.join(', ').slice(0, 60)})`;
  const items = list.filter((c) => !c.batch);
  for (const [i, item] of req.batch.entries()) {
    const check = checkRequest(items, asRequest(req.path, item), catalogue);
    if (!check.ok) return `batch item ${i + 1}: ${check.reason}`;
  }
  return null;
}

const fields = (req: CanonicalRequest) => [...req.query, ...(req.form ?? [])].map(([k]) => k);

/** A batch item as the request it stands for: its relative URL under the batch's own path. */
function asRequest(rootPath: string, item: BatchItem): CanonicalRequest {
  const root = rootPath.endsWith('/') ? rootPath.slice(0, -1) : rootPath;
  return { method: item.method, host: GRAPH_HOST, path: `${root}${item.path}`, query: item.query, headers: [], form: item.form };
}

/** Parses and checks a request as the page sent it (tests and tools; the executor parses once and calls checkRequest). Without a catalogue every GraphQL post is refused. */
export function checkCall(list: readonly AllowedCall[], call: CallToCheck, catalogue: DocCatalogue | null = null): CallCheck {
  const parsed = parseRequest(call);
  return parsed.ok ? checkRequest(list, parsed.value, catalogue) : parsed;
}
