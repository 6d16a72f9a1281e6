import { parseRequest, serializeRequest, type CanonicalRequest, type Pair } from './canonical';
import { GRAPH_HOST } from './hosts';

/** Values the executor puts in place of the placeholders of docs/INTERFACES.md section 4. */
export interface PlaceholderValues {
  access_token: string;
  /** The second user token ("retry with the alternate token"): the sandbox session's, or another EAA… token of the platform page; absent when the session has none. */
  access_token_alt?: string;
  fb_dtsg: string;
  lsd: string;
  user_id: string;
  /** A page's own token; resolved by the executor when a request names one. */
  pageToken?: (pageId: string) => Promise<string | null> | string | null;
}

export class PlaceholderError extends Error {}

/** A token placeholder, alone: the whole value of an `access_token` parameter or of an Authorization credential. */
const TOKEN_ONLY = /^\{\{(access_token|access_token_alt|page_token:(\d{1,30}))\}\}$/;
const AUTH = /^(OAuth|Bearer) (\{\{[^}]+\}\})$/;
const USER_ID = '{{user_id}}';

/** The placeholders a request may use where the contract lets them be filled (anything else stays literal text). */
export type PlaceholderName = 'access_token' | 'access_token_alt' | 'fb_dtsg' | 'lsd' | 'user_id' | 'page_token';

interface Slot { name: PlaceholderName; pageId?: string }

function tokenSlot(value: string): Slot | null {
  const m = TOKEN_ONLY.exec(value);
  if (!m) return null;
  return m[2] ? { name: 'page_token', pageId: m[2] } : { name: m[1] as PlaceholderName };
}

/**
 * Where a request's placeholders may be filled (docs/INTERFACES.md section 4), on its canonical form
 * (protocol/canonical.ts), always as a field's or a header's WHOLE value: user and page tokens as an
 * `access_token` query or form field, or the `Authorization` credential, of a graph-host request;
 * `{{fb_dtsg}}` and `{{lsd}}` as the `fb_dtsg` / `lsd` form fields and the `x-fb-lsd` header of a
 * web-host request; `{{user_id}}` as any query or form field or header. Inside other text (an
 * operator's name, the batch, the GraphQL variables) a placeholder is literal text.
 */
function slotsOf(req: CanonicalRequest) {
  const graph = req.host === GRAPH_HOST;
  const field = (key: string, value: string, inForm: boolean): Slot | null => {
    if (key === 'batch' || key === 'variables') return null;
    if (graph && key === 'access_token') return tokenSlot(value);
    if (!graph && inForm && key === 'fb_dtsg' && value === '{{fb_dtsg}}') return { name: 'fb_dtsg' };
    if (!graph && inForm && key === 'lsd' && value === '{{lsd}}') return { name: 'lsd' };
    return value === USER_ID ? { name: 'user_id' } : null;
  };
  const header = (key: string, value: string): { slot: Slot; prefix: string } | null => {
    const auth = AUTH.exec(value);
    if (graph && key === 'authorization' && auth) {
      const slot = tokenSlot(auth[2]!);
      return slot ? { slot, prefix: `${auth[1]} ` } : null;
    }
    if (!graph && key === 'x-fb-lsd' && value === '{{lsd}}') return { slot: { name: 'lsd' }, prefix: '' };
    return value === USER_ID ? { slot: { name: 'user_id' }, prefix: '' } : null;
  };
  return { field, header };
}

/** Which placeholders a request will have filled (the executor asks the session for these only). */
export function placeholdersNeeded(req: CanonicalRequest): Set<PlaceholderName> {
  const { field, header } = slotsOf(req);
  const needs = new Set<PlaceholderName>();
  for (const [k, v] of req.query) { const s = field(k, v, false); if (s) needs.add(s.name); }
  for (const [k, v] of req.form ?? []) { const s = field(k, v, true); if (s) needs.add(s.name); }
  for (const [k, v] of req.headers) { const h = header(k, v); if (h) needs.add(h.slot.name); }
  return needs;
}

/** What was filled, for scrubbing the reply: secret value → its placeholder. */
export type FilledSecrets = Map<string, string>;

/**
 * Fills the placeholders of a canonical request where the contract allows them and leaves every
 * other placeholder as literal text. Returns the filled request and the secrets it now carries.
 */
export async function fillPlaceholders(req: CanonicalRequest, values: PlaceholderValues): Promise<{ request: CanonicalRequest; secrets: FilledSecrets }> {
  const { field, header } = slotsOf(req);
  const secrets: FilledSecrets = new Map();
  const valueOf = async (s: Slot): Promise<string> => {
    let v: string | null | undefined;
    let placeholder = `{{${s.name}}}`;
    if (s.name === 'page_token') {
      v = await values.pageToken?.(s.pageId!);
      placeholder = `{{page_token:${s.pageId}}}`;
      if (!v) throw new PlaceholderError(`no page token for page ${s.pageId}`);
    } else {
      v = values[s.name as 'access_token' | 'access_token_alt' | 'fb_dtsg' | 'lsd' | 'user_id'];
      if (!v) throw new PlaceholderError(`no value for ${placeholder}`);
    }
    if (s.name !== 'user_id') secrets.set(v, placeholder);
    return v;
  };
  const fill = async (pairs: readonly Pair[], inForm: boolean): Promise<Pair[]> => {
    const out: Pair[] = [];
    for (const [k, v] of pairs) {
      const s = field(k, v, inForm);
      out.push(s ? [k, await valueOf(s)] : [k, v]);
    }
    return out;
  };
  const headers: Pair[] = [];
  for (const [k, v] of req.headers) {
    const h = header(k, v);
    headers.push(h ? [k, `${h.prefix}${await valueOf(h.slot)}`] : [k, v]);
  }
  const request: CanonicalRequest = { ...req, query: await fill(req.query, false), headers, form: req.form && await fill(req.form, true) };
  return { request, secrets };
}

/**
 * A raw request filled as the executor would fill it (parsed, filled, re-serialised): for tests and
 * tools. Throws when the request cannot be parsed.
 */
export async function fillRequest<T extends { url: string; options: { method?: string; headers?: Record<string, string>; body?: string } }>(
  req: T, values: PlaceholderValues,
): Promise<T & { secrets: FilledSecrets }> {
  const parsed = parseRequest({ url: req.url, method: req.options.method ?? (req.options.body ? 'POST' : 'GET'), headers: req.options.headers, body: req.options.body });
  if (!parsed.ok) throw new PlaceholderError(parsed.reason);
  const { request, secrets } = await fillPlaceholders(parsed.value, values);
  const wire = serializeRequest(request);
  return { ...req, url: wire.url, options: { ...req.options, headers: wire.headers, body: wire.body }, secrets };
}

/** The user's secrets the executor knows, for scrubbing replies. */
export interface KnownSecrets { access_token?: string; access_token_alt?: string; fb_dtsg?: string; lsd?: string }

/** Secrets shorter than this are not scrubbed by text (they would match ordinary text). */
const MIN_SECRET = 6;

/** Secret value → placeholder, from what a request filled and what the session knows. */
export function secretMap(filled: FilledSecrets | undefined, known: KnownSecrets | null | undefined): FilledSecrets {
  const map: FilledSecrets = new Map(filled ?? []);
  for (const name of ['access_token', 'access_token_alt', 'fb_dtsg', 'lsd'] as const) {
    const v = known?.[name];
    if (v && !map.has(v)) map.set(v, `{{${name}}}`);
  }
  for (const k of [...map.keys()]) if (k.length < MIN_SECRET) map.delete(k);
  return map;
}

function replaceAll(text: string, secrets: FilledSecrets): string {
  let out = text;
  // Longest first, so a secret containing another is replaced whole.
  for (const [value, placeholder] of [...secrets].sort((a, b) => b[0].length - a[0].length)) {
    if (!out.includes(value) && !out.includes(encodeURIComponent(value))) continue;
    out = out.split(value).join(placeholder);
    const encoded = encodeURIComponent(value);
    if (encoded !== value) out = out.split(encoded).join(placeholder);
  }
  return out;
}

/** A token-looking string the executor did not fill (another page's token, say). */
const STRAY_TOKEN = /\bEAA[A-Za-z0-9]{20,}/g;

/** Page tokens in a Graph reply: `{ id, access_token }` objects (me/accounts, `?fields=access_token`). */
function scrubPageTokens(value: unknown, secrets: FilledSecrets): unknown {
  if (Array.isArray(value)) return value.map((v) => scrubPageTokens(v, secrets));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const o = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    if (k === 'access_token' && typeof v === 'string' && v && !v.startsWith('{{')) {
      out[k] = secrets.get(v) ?? (typeof o.id === 'string' || typeof o.id === 'number' ? `{{page_token:${o.id}}}` : '{{access_token}}');
    } else {
      out[k] = scrubPageTokens(v, secrets);
    }
  }
  return out;
}

/**
 * A reply as the page may see it: the user's tokens, `fb_dtsg` and `lsd` replaced by their
 * placeholders in the body and every header, page tokens by `{{page_token:<id>}}`, any other
 * token-looking string by `{{token}}`.
 */
export function scrubReply(text: string, headers: Record<string, string>, secrets: FilledSecrets, json: boolean): { body: unknown; headers: Record<string, string> } {
  const clean = (t: string) => replaceAll(t, secrets).replace(STRAY_TOKEN, (m) => secrets.get(m) ?? '{{token}}');
  const outHeaders: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) outHeaders[k] = clean(v);
  const scrubbed = replaceAll(text, secrets);
  if (json) {
    try {
      return { body: JSON.parse(clean(JSON.stringify(scrubPageTokens(JSON.parse(scrubbed), secrets)))), headers: outHeaders };
    } catch { /* not JSON: text */ }
  }
  return { body: clean(scrubbed), headers: outHeaders };
}
