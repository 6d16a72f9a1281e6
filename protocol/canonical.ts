/**
 * A request parsed once into the one form the executor checks and sends (docs/INTERFACES.md
 * section 4). The allow-list looks at this form only, and what leaves is this form re-serialised,
 * so no receiver can read a request differently from what was checked. Anything a receiver could
 * read two ways is refused, never guessed:
 * - a URL that is not `https://<platform host><path>[?query]` written exactly (no capitals or
 *   trailing dot in the host, no port, credentials, fragment or backslash);
 * - a path with an empty, `.` or `..` segment or any percent-escape (an encoded slash);
 * - a query or form with a key given twice (also in other capitals, or both as `k` and `k[0]`), a
 *   key that is not plain letters, digits and `_`, a bad percent-escape or bytes that are not UTF-8;
 * - a header given twice, or one the platform calls never use;
 * - a body on a GET, or a body that is not a form, or declared as another type;
 * - a Graph batch whose items are not plain objects with a relative URL under the version root,
 *   or that refer to another item's result;
 * - a GraphQL `variables` field that is not one JSON object.
 * JSON (the batch, the variables) is re-serialised from the parsed value, so a key given twice in it
 * is sent once, as it was checked.
 */
import { GRAPH_HOST, PLATFORM_HOSTS } from './hosts';
import type { CallMethod, PlatformHost } from './allow-list/types';

export type Pair = readonly [key: string, value: string];
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One item of a Graph batch, parsed like a request of its own (its path relative to the version root). */
export interface BatchItem {
  method: CallMethod;
  path: string;
  query: Pair[];
  form: Pair[] | null;
  name?: string;
  omitResponseOnSuccess?: boolean;
}

export interface CanonicalRequest {
  /** The HTTP method sent. */
  method: CallMethod;
  host: PlatformHost;
  /** The whole URL path, as sent (no escapes). */
  path: string;
  query: Pair[];
  /** Header names in lower case. */
  headers: Pair[];
  /** The form body's fields, or null for a request without a body. */
  form: Pair[] | null;
  /** A Graph request's `batch` field, parsed (its form pair holds the items re-serialised). */
  batch?: BatchItem[];
  /** A web request's `variables` field, parsed (its form pair holds it re-serialised). */
  variables?: Record<string, unknown>;
}

/** What the page gives the executor. */
export interface RawCall {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The headers platform calls use; any other (a method override, a host header…) is refused. */
export const ALLOWED_HEADERS: readonly string[] = ['accept', 'authorization', 'content-type', 'x-fb-lsd'];
export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A Graph batch holds at most this many items (src/kernel/graph/batch.ts sends 50). */
export const BATCH_ITEMS_MAX = 50;

const METHODS: readonly CallMethod[] = ['GET', 'POST', 'DELETE'];
const asMethod = (m: string): CallMethod | null => ((METHODS as readonly string[]).includes(m.toUpperCase()) ? (m.toUpperCase() as CallMethod) : null);

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });
const URL_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\\]*)([^?#]*)(?:\?([^#]*))?(#.*)?$/;
const SEGMENT = /^[A-Za-z0-9_.~-]+$/;
const KEY = /^[A-Za-z0-9_]{1,100}(\[\d{1,4}\])?$/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const CONTROL = /[\u0000-\u001f\u007f]/;
const BATCH_ITEM_KEYS = ['method', 'relative_url', 'body', 'name', 'omit_response_on_success'];

/** The host as written, for messages. */
export function hostOf(url: string): string {
  const m = URL_SHAPE.exec(url);
  if (m) return m[2] || 'an invalid URL';
  try { return new URL(url).host || 'an invalid URL'; } catch { return 'an invalid URL'; }
}

/** A path of plain segments: `/`, `/a/b`, `/a/b/`. */
export function parsePath(path: string, where = 'the path'): Parsed<string> {
  if (path === '' || path === '/') return { ok: true, value: '/' };
  if (!path.startsWith('/')) return fail(`${where} must start with /`);
  if (path.includes('%')) return fail(`${where} holds an escaped character`);
  const segments = path.slice(1).split('/');
  for (const [i, s] of segments.entries()) {
    if (s === '' && i === segments.length - 1) continue; // a trailing slash
    if (s === '' || s === '.' || s === '..') return fail(`${where} has an empty, . or .. segment`);
    if (!SEGMENT.test(s)) return fail(`${where} holds an unexpected character`);
  }
  return { ok: true, value: path };
}

function decode(text: string): string | null {
  if (BAD_ESCAPE.test(text)) return null;
  try { return decodeURIComponent(text.replace(/\+/g, ' ')); } catch { return null; }
}

/**
 * `a=1&b=2` (a query or an urlencoded body) as pairs, strictly: see the file comment. Empty pieces
 * (`a=1&&b=2`) are skipped, as every reader skips them.
 */
export function parseForm(text: string, where: string): Parsed<Pair[]> {
  const out: Pair[] = [];
  const seen = new Set<string>();
  const plain = new Set<string>();
  const indexed = new Set<string>();
  if (text === '') return { ok: true, value: out };
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const key = decode(eq < 0 ? piece : piece.slice(0, eq));
    const value = decode(eq < 0 ? '' : piece.slice(eq + 1));
    if (key === null || value === null) return fail(`${where} has a bad escape or text that is not UTF-8`);
    if (!KEY.test(key)) return fail(`${where} has an unexpected field name ${JSON.stringify(key.slice(0, 40))}`);
    const folded = key.toLowerCase();
    if (seen.has(folded)) return fail(`${where} gives the field ${key} twice`);
    seen.add(folded);
    const base = folded.replace(/\[\d+\]$/, '');
    (base === folded ? plain : indexed).add(base);
    if (plain.has(base) && indexed.has(base)) return fail(`${where} gives the field ${base} both alone and as a list`);
    out.push([key, value]);
  }
  return { ok: true, value: out };
}

/** Pairs as `application/x-www-form-urlencoded`, the way the page's own encodeParams writes them. */
export function serializeForm(pairs: readonly Pair[]): string {
  return new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString();
}

export const fieldOf = (pairs: readonly Pair[] | null, key: string): string | undefined => pairs?.find(([k]) => k === key)?.[1];

function parseHeaders(headers: Record<string, string> | undefined): Parsed<Pair[]> {
  const out: Pair[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    if (!ALLOWED_HEADERS.includes(key)) return fail(`the header ${JSON.stringify(name.slice(0, 40))} is not allowed`);
    if (out.some(([k]) => k === key)) return fail(`the header ${key} is given twice`);
    if (typeof value !== 'string' || CONTROL.test(value)) return fail(`the header ${key} holds a control character`);
    out.push([key, value]);
  }
  return { ok: true, value: out };
}

/** A JSON object with string values only where the platform reads text: the batch and the variables. */
function parseJson(text: string): unknown {
  try { return JSON.parse(text); } catch { return undefined; }
}

/** `act_1/users?fields=id` under the version root; no scheme, host, fragment, escape in the path or `{result=…}` reference. */
function parseBatchItem(raw: unknown, n: number): Parsed<BatchItem> {
  const where = `batch item ${n}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(`${where} is malformed`);
  const it = raw as Record<string, unknown>;
  const extra = Object.keys(it).filter((k) => !BATCH_ITEM_KEYS.includes(k));
  if (extra.length) return fail(`${where} has unexpected fields (${extra.join(', ').slice(0, 60)})`);
  if (typeof it.relative_url !== 'string' || (it.method !== undefined && typeof it.method !== 'string') || (it.body !== undefined && typeof it.body !== 'string')
    || (it.name !== undefined && (typeof it.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(it.name)))
    || (it.omit_response_on_success !== undefined && typeof it.omit_response_on_success !== 'boolean')) return fail(`${where} is malformed`);
  const method = asMethod(it.method ?? 'GET');
  if (!method) return fail(`${where}: method ${JSON.stringify(String(it.method).slice(0, 20))} is not allowed`);
  const relative = it.relative_url;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(relative) || relative.startsWith('//') || /[#\\{}\s]/.test(relative)) return fail(`${where} has an unexpected relative_url`);
  const q = relative.indexOf('?');
  const path = parsePath(`/${(q < 0 ? relative : relative.slice(0, q)).replace(/^\//, '')}`, `${where}'s relative_url`);
  if (!path.ok) return path;
  const query = parseForm(q < 0 ? '' : relative.slice(q + 1), `${where}'s query`);
  if (!query.ok) return query;
  const form = it.body === undefined ? null : parseForm(it.body, `${where}'s body`);
  if (form && !form.ok) return form;
  const values = [...query.value, ...(form?.ok ? form.value : [])].map(([, v]) => v);
  if (values.some((v) => /\{result=/i.test(v))) return fail(`${where} refers to another item's result`);
  if (method === 'GET' && form?.ok && form.value.length) return fail(`${where} is a GET with a body`);
  return {
    ok: true,
    value: {
      method, path: path.value, query: query.value, form: form?.ok ? form.value : null,
      ...(it.name !== undefined && { name: it.name as string }),
      ...(it.omit_response_on_success !== undefined && { omitResponseOnSuccess: it.omit_response_on_success as boolean }),
    },
  };
}

export function parseBatch(text: string): Parsed<BatchItem[]> {
  const items = parseJson(text);
  if (!Array.isArray(items)) return fail('a Graph batch without a readable batch field');
  if (items.length < 1 || items.length > BATCH_ITEMS_MAX) return fail(`a Graph batch holds 1 to ${BATCH_ITEMS_MAX} items`);
  const out: BatchItem[] = [];
  for (const [i, raw] of items.entries()) {
    const item = parseBatchItem(raw, i + 1);
    if (!item.ok) return item;
    out.push(item.value);
  }
  return { ok: true, value: out };
}

export function serializeBatch(items: readonly BatchItem[]): string {
  return JSON.stringify(items.map((it) => ({
    method: it.method,
    relative_url: `${it.path.slice(1)}${it.query.length ? `?${serializeForm(it.query)}` : ''}`,
    ...(it.form && { body: serializeForm(it.form) }),
    ...(it.name !== undefined && { name: it.name }),
    ...(it.omitResponseOnSuccess !== undefined && { omit_response_on_success: it.omitResponseOnSuccess }),
  })));
}

/** Parses a request as the page sent it (placeholders not filled yet). */
export function parseRequest(call: RawCall): Parsed<CanonicalRequest> {
  const m = URL_SHAPE.exec(call.url);
  const written = m?.[2] ?? '';
  const folded = written.toLowerCase().replace(/\.$/, '').replace(/:\d*$/, '').replace(/^.*@/, '');
  const platformHost = (PLATFORM_HOSTS as readonly string[]).includes(folded);
  if (!m || m[1]!.toLowerCase() !== 'https' || !platformHost) return fail(`${hostOf(call.url)} is not an allowed platform host`);
  if (m[1] !== 'https' || written !== folded) return fail(`the platform host must be written exactly as ${folded} (no capitals, trailing dot, port or credentials)`);
  if (m[5] !== undefined) return fail('a URL with a fragment (#)');
  const method = asMethod(call.method || 'GET');
  if (!method) return fail(`method ${JSON.stringify(String(call.method).slice(0, 20))} is not allowed`);
  const path = parsePath(m[3]!);
  if (!path.ok) return path;
  const query = parseForm(m[4] ?? '', 'the query');
  if (!query.ok) return query;
  const headers = parseHeaders(call.headers);
  if (!headers.ok) return headers;

  let form: Pair[] | null = null;
  const type = fieldOf(headers.value, 'content-type');
  if (call.body !== undefined && call.body !== '') {
    if (method === 'GET') return fail('a GET request with a body');
    if (type !== undefined && !/^application\/x-www-form-urlencoded\s*(;\s*charset=utf-8\s*)?$/i.test(type.trim())) {
      return fail(`a request body must be a form (${FORM_TYPE})`);
    }
    const parsed = parseForm(call.body, 'the body');
    if (!parsed.ok) return parsed;
    form = parsed.value;
  } else if (type !== undefined && method === 'GET') {
    return fail('a GET request that declares a body');
  }
  const req: CanonicalRequest = {
    method, host: folded as PlatformHost, path: path.value, query: query.value,
    // The declared type is the canonical one whenever a form is sent (fetch would call a bare string text/plain).
    headers: [...headers.value.filter(([k]) => k !== 'content-type'), ...(form ? [['content-type', FORM_TYPE] as const] : [])],
    form,
  };
  const fields = [...req.query, ...(form ?? [])];
  if (req.host === GRAPH_HOST) {
    const batch = fields.find(([k]) => k.toLowerCase() === 'batch');
    if (batch) {
      if (batch[0] !== 'batch' || !form?.includes(batch)) return fail('a Graph batch must be sent as the batch field of a form');
      const items = parseBatch(batch[1]);
      if (!items.ok) return items;
      req.batch = items.value;
    }
  } else {
    const variables = fields.find(([k]) => k.toLowerCase() === 'variables');
    if (variables) {
      const parsed = parseJson(variables[1]);
      if (variables[0] !== 'variables' || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('the GraphQL variables must be one JSON object');
      req.variables = parsed as Record<string, unknown>;
    }
  }
  return { ok: true, value: req };
}

/** The request as it leaves: URL, method, headers and body, from the canonical form only. */
export function serializeRequest(req: CanonicalRequest): { url: string; method: CallMethod; headers: Record<string, string>; body?: string } {
  const rewrite = (pairs: readonly Pair[]): Pair[] => pairs.map(([k, v]): Pair => {
    if (k === 'batch' && req.batch) return [k, serializeBatch(req.batch)];
    if (k === 'variables' && req.variables) return [k, JSON.stringify(req.variables)];
    return [k, v];
  });
  const query = rewrite(req.query);
  return {
    url: `https://${req.host}${req.path}${query.length ? `?${serializeForm(query)}` : ''}`,
    method: req.method,
    headers: Object.fromEntries(req.headers),
    ...(req.form && { body: serializeForm(rewrite(req.form)) }),
  };
}
