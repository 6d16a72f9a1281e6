import { GRAPH_HOST, isPlatformUrl } from '../hosts';
import type { AllowedCall, CallMethod } from './types';

/** A request as the page sends it (platform URL, placeholders not filled). */
export interface CallToCheck {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

export type CallCheck = { ok: true; call: AllowedCall } | { ok: false; reason: string };

/** A Graph batch holds at most this many items (src/kernel/graph/batch.ts sends 50). */
export const BATCH_ITEMS_MAX = 50;

const TOKENS: Record<string, string> = {
  '{v}': 'v\\d{1,2}\\.\\d{1,2}',
  '{id}': '\\d{1,30}',
  '{act}': 'act_\\d{1,30}',
  '{node}': '(?:act_)?\\d{1,30}',
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
const asMethod = (m: string): CallMethod | null => (METHODS as readonly string[]).includes(m.toUpperCase()) ? (m.toUpperCase() as CallMethod) : null;

function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() === name) return v;
  return undefined;
}

const isForm = (headers: Record<string, string> | undefined) => {
  const type = header(headers, 'content-type');
  return type === undefined || /^application\/x-www-form-urlencoded\b/i.test(type.trim());
};

/**
 * Is this request on the allow-list? Host, the method the call really performs (a Graph `method`
 * parameter in the query or the form body counts), the whole path, and for web GraphQL posts the
 * operation name; a Graph batch is allowed only when each of its items is.
 */
export function checkCall(list: readonly AllowedCall[], req: CallToCheck): CallCheck {
  if (!isPlatformUrl(req.url)) return { ok: false, reason: `${hostOf(req.url)} is not an allowed platform host` };
  const u = new URL(req.url);
  if (u.username || u.password) return { ok: false, reason: 'credentials in the URL' };
  const httpMethod = asMethod(req.method || 'GET');
  if (!httpMethod) return { ok: false, reason: `method ${JSON.stringify(String(req.method).slice(0, 20))} is not allowed` };
  const host = u.hostname;
  const graph = host === GRAPH_HOST;
  const hasBody = httpMethod !== 'GET' && !!req.body;
  if (hasBody && graph && !isForm(req.headers)) return { ok: false, reason: 'a Graph request body must be a form (application/x-www-form-urlencoded)' };
  const form = hasBody && isForm(req.headers) ? new URLSearchParams(req.body) : new URLSearchParams();

  let method: CallMethod = httpMethod;
  if (graph) {
    const override = form.getAll('method').concat(u.searchParams.getAll('method'));
    if (override.length > 1 || (override.length === 1 && !asMethod(override[0]!))) return { ok: false, reason: 'an unexpected Graph method parameter' };
    if (override.length === 1) method = asMethod(override[0]!)!;
  }
  const label = `${method} ${host}${u.pathname}`;
  const candidates = list.filter((c) => c.host === host && c.method === method && pathPattern(c.path).test(u.pathname));
  if (!candidates.length) return { ok: false, reason: `${label} is not on the allow-list` };

  for (const call of candidates) {
    if (call.operations) {
      const operation = form.get('fb_api_req_friendly_name') ?? '';
      if (!call.operations.includes(operation)) continue;
      if (!/^\d{1,30}$/.test(form.get('doc_id') ?? '')) return { ok: false, reason: `GraphQL operation ${operation} without a document id` };
      return { ok: true, call };
    }
    if (call.batch) {
      const problem = checkBatch(list, u.pathname, form.get('batch'));
      return problem ? { ok: false, reason: problem } : { ok: true, call };
    }
    return { ok: true, call };
  }
  const operation = form.get('fb_api_req_friendly_name');
  return { ok: false, reason: operation ? `GraphQL operation ${operation.slice(0, 80)} is not on the allow-list` : `${label} is not on the allow-list` };
}

function checkBatch(list: readonly AllowedCall[], rootPath: string, batch: string | null): string | null {
  let items: unknown;
  try { items = JSON.parse(batch ?? ''); } catch { return 'a Graph batch without a readable batch field'; }
  if (!Array.isArray(items) || items.length < 1 || items.length > BATCH_ITEMS_MAX) return `a Graph batch holds 1 to ${BATCH_ITEMS_MAX} items`;
  const items_ = list.filter((c) => !c.batch);
  for (const [i, item] of items.entries()) {
    const it = item as { method?: unknown; relative_url?: unknown; body?: unknown };
    if (typeof it !== 'object' || it === null || typeof it.relative_url !== 'string' || (it.method !== undefined && typeof it.method !== 'string') || (it.body !== undefined && typeof it.body !== 'string')) {
      return `batch item ${i + 1} is malformed`;
    }
    const extra = Object.keys(it).filter((k) => !['method', 'relative_url', 'body', 'name', 'omit_response_on_success'].includes(k));
    if (extra.length) return `batch item ${i + 1} has unexpected fields (${extra.join(', ').slice(0, 60)})`;
    const relative = it.relative_url.replace(/^\/+/, '');
    if (/^[a-z][a-z0-9+.-]*:/i.test(relative) || relative.includes('{')) return `batch item ${i + 1} has an unexpected relative_url`;
    const url = `https://${GRAPH_HOST}${rootPath.endsWith('/') ? rootPath : `${rootPath}/`}${relative}`;
    const check = checkCall(items_, { url, method: String(it.method ?? 'GET'), body: it.body as string | undefined });
    if (!check.ok) return `batch item ${i + 1}: ${check.reason}`;
  }
  return null;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host || 'an invalid URL';
  } catch {
    return 'an invalid URL';
  }
}
