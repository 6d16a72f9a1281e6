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
const USER_ID = /\{\{user_id\}\}/g;

/** The placeholders a request may use where the contract lets them be filled (anything else stays literal text). */
export type PlaceholderName = 'access_token' | 'access_token_alt' | 'fb_dtsg' | 'lsd' | 'user_id' | 'page_token';

interface Slot { name: PlaceholderName; pageId?: string }

function tokenSlot(value: string): Slot | null {
  const m = TOKEN_ONLY.exec(value);
  if (!m) return null;
  return m[2] ? { name: 'page_token', pageId: m[2] } : { name: m[1] as PlaceholderName };
}

const isWebHost = (host: string) => host !== GRAPH_HOST;
const hostOfUrl = (url: string) => { try { return new URL(url).hostname; } catch { return ''; } };

/** Splits `a=1&b=2` keeping each pair's raw text, so refilling changes nothing but the filled values. */
function pairs(text: string): { key: string; raw: string; value: string }[] {
  return text.split('&').map((raw) => {
    const eq = raw.indexOf('=');
    const decode = (s: string) => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; } };
    return { key: decode(eq < 0 ? raw : raw.slice(0, eq)), raw, value: eq < 0 ? '' : raw.slice(eq + 1) };
  });
}

const AUTH = /^(OAuth|Bearer) (\{\{[^}]+\}\})$/;

/**
 * Where a request's placeholders may be filled (docs/INTERFACES.md section 4): user and page tokens
 * only as the raw value of an `access_token` query or form parameter, or the `Authorization` header,
 * of a graph-host request; `{{fb_dtsg}}` and `{{lsd}}` only as the `fb_dtsg` / `lsd` form fields of a
 * web-host request and the `x-fb-lsd` header; `{{user_id}}` anywhere.
 */
function plan(req: { url: string; options: { headers?: Record<string, string>; body?: string } }, host: string) {
  const needs = new Set<PlaceholderName>();
  const graph = host === GRAPH_HOST;
  const note = (s: Slot | null) => { if (s) needs.add(s.name); return s; };
  if ([req.url, req.options.body ?? '', ...Object.values(req.options.headers ?? {})].some((t) => t.includes('{{user_id}}'))) needs.add('user_id');
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1).split('#')[0]! : '';
  const formSlot = (key: string, value: string): Slot | null => {
    if (graph && key === 'access_token') return tokenSlot(value);
    if (!graph && key === 'fb_dtsg' && value === '{{fb_dtsg}}') return { name: 'fb_dtsg' };
    if (!graph && key === 'lsd' && value === '{{lsd}}') return { name: 'lsd' };
    return null;
  };
  for (const p of pairs(query)) if (graph && p.key === 'access_token') note(tokenSlot(p.value));
  if (req.options.body) for (const p of pairs(req.options.body)) note(formSlot(p.key, p.value));
  for (const [k, v] of Object.entries(req.options.headers ?? {})) {
    const key = k.toLowerCase();
    if (graph && key === 'authorization') note(tokenSlot(AUTH.exec(v)?.[2] ?? ''));
    if (isWebHost(host) && key === 'x-fb-lsd' && v === '{{lsd}}') needs.add('lsd');
  }
  return { needs, formSlot };
}

/** Which placeholders a request will have filled (the executor asks the session for these only). */
export function placeholdersNeeded(req: { url: string; options: { headers?: Record<string, string>; body?: string } }): Set<PlaceholderName> {
  return plan(req, hostOfUrl(req.url)).needs;
}

// Tokens are URL-safe in practice; encoding keeps a stray character from breaking a query or form body.
function encodeIfNeeded(value: string): string {
  return /^[A-Za-z0-9._~:-]*$/.test(value) ? value : encodeURIComponent(value);
}

/** What was filled, for scrubbing the reply: secret value → its placeholder. */
export type FilledSecrets = Map<string, string>;

/**
 * Fills the placeholders of a request where the contract allows them, and leaves every other
 * placeholder as literal text. `host` is the platform host the request is for (the URL may already
 * point at a sandbox). Returns the filled request and the secrets it now carries.
 */
export async function fillRequest<T extends { url: string; options: { headers?: Record<string, string>; body?: string } }>(
  req: T, values: PlaceholderValues, host: string = hostOfUrl(req.url),
): Promise<T & { secrets: FilledSecrets }> {
  const { formSlot } = plan(req, host);
  const graph = host === GRAPH_HOST;
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
  const userId = async (text: string) => (text.includes('{{user_id}}') ? text.replace(USER_ID, await valueOf({ name: 'user_id' })) : text);
  const fillPairs = async (text: string, slot: (key: string, value: string) => Slot | null) => {
    const out: string[] = [];
    for (const p of pairs(text)) {
      const s = slot(p.key, p.value);
      out.push(s ? `${p.raw.slice(0, p.raw.indexOf('=') + 1)}${encodeIfNeeded(await valueOf(s))}` : await userId(p.raw));
    }
    return out.join('&');
  };

  const q = req.url.indexOf('?');
  let url = req.url;
  if (q >= 0) {
    const hash = req.url.indexOf('#', q);
    const query = req.url.slice(q + 1, hash < 0 ? undefined : hash);
    url = `${await userId(req.url.slice(0, q))}?${await fillPairs(query, (k, v) => (graph && k === 'access_token' ? tokenSlot(v) : null))}${hash < 0 ? '' : req.url.slice(hash)}`;
  } else {
    url = await userId(url);
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.options.headers ?? {})) {
    const key = k.toLowerCase();
    const auth = AUTH.exec(v);
    const slot = graph && key === 'authorization' && auth ? tokenSlot(auth[2]!) : null;
    if (slot) headers[k] = `${auth![1]} ${await valueOf(slot)}`;
    else if (!graph && key === 'x-fb-lsd' && v === '{{lsd}}') headers[k] = await valueOf({ name: 'lsd' });
    else headers[k] = await userId(v);
  }
  const body = req.options.body === undefined ? undefined : await fillPairs(req.options.body, formSlot);
  return { ...req, url, options: { ...req.options, headers, body }, secrets };
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
