/**
 * What an operator pastes where the platform wants an id: the parameter layer's id formats
 * (docs/PLUGINS.md, "Ids an operator pastes"). A schema property says which object it names with
 * `"format": "account" | "business" | "page" | "person" | "pixel" | "email"` (on the property, or on
 * the items of a list); the kernel reads every form an operator pastes for it the same way in the
 * action dialog, the palette and every screen, asks the platform about the links and names it
 * cannot read alone, and lists what it recognised, with names, before anything is sent.
 *
 * Reading (no request): an id as digits; an ad account as `act_<digits>`; a link that carries the
 * id (Ads Manager's `?act=`, Business Suite's `?business_id=` or `?asset_id=`, Events Manager's
 * `/pixel/<id>/` or `/dataset/<id>/`, a profile's `profile.php?id=`, `/pages/<name>/<id>`,
 * `/people/<name>/<id>`, `/<id>/about`); an e-mail address. A page or profile link that names it
 * by its user name (`/<name>`, `/<name>/about`), or the user name alone, is looked up through the
 * platform's router (resolve-ids.ts), 10 per request.
 */
import { AD_ACCOUNT_NODE_PREFIX } from '../../../protocol';
import type { Bridge } from '../bridge/bridge';
import { runBatch } from '../graph/batch';
import { CODE, MAIN_HOSTS, resolveRoutes } from '../graph/resolve-ids';

export const ID_FORMATS = ['account', 'business', 'page', 'person', 'pixel', 'email'] as const;
export type IdFormat = (typeof ID_FORMATS)[number];

/** What a pasted list or field is read as: an id format, or `id` for digits only (a list whose kind the form does not know, e.g. business-user ids). */
export type PastedFormat = IdFormat | 'id';

export function isIdFormat(value: unknown): value is IdFormat {
  return typeof value === 'string' && (ID_FORMATS as readonly string[]).includes(value);
}

/**
 * Why a line is refused, as a locale key under `kernel:pasted.problem.` (with the format where the
 * text depends on it: `entry.account`, `link.pixel`, `host.page` …).
 */
export type PastedProblem = 'url' | 'https' | 'host' | 'entry' | 'link';

/** One pasted line as read, before the platform is asked anything. */
export type PastedLine =
  | { line: number; text: string; kind: 'id'; id: string }
  | { line: number; text: string; kind: 'lookup'; route: string }
  | { line: number; text: string; kind: 'refused'; problem: PastedProblem };

/** One pasted line and what it became. `name` is the platform's name for the id, when it gave one. */
export interface Recognised {
  line: number;
  text: string;
  /** `id`: read from the text; `found`: the platform's router named it; `notFound`: it named nothing; `refused`: not this kind of entry. */
  state: 'id' | 'found' | 'notFound' | 'refused';
  id?: string;
  name?: string;
  problem?: PastedProblem;
}

const DIGITS = /^\d{1,20}$/;
const ACCOUNT = /^act_(\d{1,20})$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A line break as a browser text area normalizes it: CRLF, a lone CR or LF. */
const LINE_BREAK = /\r\n|\r|\n/;

/** The id query parameters a link of each kind may carry, in the order they are tried. */
const ID_PARAMS: Record<Exclude<IdFormat, 'email'>, readonly string[]> = {
  account: ['act', 'account_id', 'ad_account_id', 'selected_ad_account_id'],
  business: ['business_id', 'global_scope_id'],
  page: ['asset_id', 'page_id', 'id'],
  person: ['id'],
  pixel: ['pixel_id', 'dataset_id', 'asset_id'],
};

/**
 * The lines of a pasted list read for one format, by the multi-line rule (split by line, trim, drop
 * blanks, keep the first of duplicates); `line` is the 1-based line number in the text.
 */
export function readPasted(format: PastedFormat, text: string): PastedLine[] {
  const seen = new Set<string>();
  const out: PastedLine[] = [];
  text.split(LINE_BREAK).forEach((raw, i) => {
    const entry = raw.trim();
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    out.push({ line: i + 1, text: entry, ...readEntry(format, entry) } as PastedLine);
  });
  return out;
}

type Reading = { kind: 'id'; id: string } | { kind: 'lookup'; route: string } | { kind: 'refused'; problem: PastedProblem };

/** One trimmed entry read for one format. */
export function readEntry(format: PastedFormat, entry: string): Reading {
  if (format === 'id') return DIGITS.test(entry) ? { kind: 'id', id: entry } : { kind: 'refused', problem: 'entry' };
  if (format === 'email') return EMAIL.test(entry) && entry.length <= 254 ? { kind: 'id', id: entry.toLowerCase() } : { kind: 'refused', problem: 'entry' };
  if (DIGITS.test(entry)) return { kind: 'id', id: entry };
  const act = format === 'account' ? ACCOUNT.exec(entry) : null;
  if (act) return { kind: 'id', id: act[1]! };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || entry.includes('/') || SCHEMELESS.test(entry)) return readLink(format, entry);
  if ((format === 'page' || format === 'person') && CODE.test(entry)) return { kind: 'lookup', route: `/${entry}` };
  return { kind: 'refused', problem: 'entry' };
}

/** A link pasted without its scheme (`facebook.com/…`, `www.facebook.com/…`, `business.facebook.com/…`): read as https. */
const SCHEMELESS = /^(?:[a-z0-9-]+\.)*facebook\.com(?:[/?#]|$)/i;

function readLink(format: Exclude<IdFormat, 'email'>, entry: string): Reading {
  let url: URL;
  // the URL parser drops tabs and encodes spaces, so white space is refused before it is asked
  try { url = new URL(SCHEMELESS.test(entry) ? `https://${entry}` : entry); } catch { return { kind: 'refused', problem: 'url' }; }
  if (/\s/.test(entry)) return { kind: 'refused', problem: 'url' };
  if (url.protocol !== 'https:') return { kind: 'refused', problem: 'https' };
  const host = url.hostname.toLowerCase();
  const onMainHost = MAIN_HOSTS.includes(host);
  // a profile or page is linked on the main site; Ads Manager, Business Suite and Events Manager live on sub-domains
  const hostOk = format === 'person' ? onMainHost : host === 'facebook.com' || host.endsWith('.facebook.com');
  if (!hostOk || url.username || url.password || url.port) return { kind: 'refused', problem: 'host' };
  for (const name of ID_PARAMS[format]) {
    const value = url.searchParams.get(name)?.trim() ?? '';
    const digits = format === 'account' ? (ACCOUNT.exec(value)?.[1] ?? value) : value;
    // `?id=` names a profile or page only on profile.php (elsewhere it is some other object's)
    if (name === 'id' && url.pathname.replace(/\/+$/, '') !== '/profile.php') continue;
    if (DIGITS.test(digits)) return { kind: 'id', id: digits };
  }
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  if (format === 'account') {
    const node = segments.map((s) => ACCOUNT.exec(s)?.[1]).find(Boolean);
    return node ? { kind: 'id', id: node } : { kind: 'refused', problem: 'link' };
  }
  if (format === 'pixel') {
    const at = segments.findIndex((s) => s === 'pixel' || s === 'dataset');
    const id = at >= 0 ? segments[at + 1] : undefined;
    return id && DIGITS.test(id) ? { kind: 'id', id } : { kind: 'refused', problem: 'link' };
  }
  if (format === 'business') return { kind: 'refused', problem: 'link' };
  return onMainHost ? readProfileLink(segments) : { kind: 'refused', problem: 'link' };
}

/** A page or profile link on the main site: the id it carries, or the user name to look up. */
function readProfileLink(segments: readonly string[]): Reading {
  const first = segments[0];
  if (!first) return { kind: 'refused', problem: 'link' };
  // /pages/<name>/<id>, /pages/category/<category>/<name>-<id>, /people/<name>/<id>, /p/<name>-<id> (a page's newer link)
  if (first === 'pages' || first === 'people' || first === 'p') {
    // the last segment that ends in the id (a tab after it, `/about`, is no part of it)
    const id = segments.slice(1).map((s) => /(?:^|-)(\d{1,20})$/.exec(s)?.[1]).filter(Boolean).pop();
    return id ? { kind: 'id', id } : { kind: 'refused', problem: 'link' };
  }
  if (first === 'profile.php') return { kind: 'refused', problem: 'link' }; // no usable ?id=
  // /<id>, /<id>/about …; /<name>, /<name>/about, /<name>/photos …
  if (DIGITS.test(first)) return { kind: 'id', id: first };
  if (RESERVED_FIRST_SEGMENTS.has(first.toLowerCase()) || !CODE.test(first)) return { kind: 'refused', problem: 'link' };
  return { kind: 'lookup', route: `/${first}` };
}

/** The main site's own paths that are no profile or page (a link to a post, a group or a search names none). */
const RESERVED_FIRST_SEGMENTS = new Set(['groups', 'events', 'watch', 'marketplace', 'search', 'photo.php', 'permalink.php', 'story.php', 'share', 'sharer', 'login', 'help', 'settings', 'ads', 'business', 'gaming', 'hashtag', 'reel', 'stories']);

function decodeSegment(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** The node whose name is read for an id of a format (an ad account is read as its Graph node). */
function nodeOf(format: PastedFormat, id: string): string {
  return format === 'account' ? `${AD_ACCOUNT_NODE_PREFIX}${id}` : id;
}

export interface RecogniseOptions {
  signal?: AbortSignal;
  /** Read the platform's names of at most this many distinct ids (default 100; 0 reads none). */
  names?: number;
  /** Earlier answers, kept by the caller so a preview then a start asks once: route or `name:<node>` → answer. */
  memo?: Map<string, string | undefined>;
}

/** How many names are read at most by default: the lines the operator is shown. */
export const NAMES_READ = 100;

/**
 * The pasted lines with what each became: looked-up links and names through the platform's router,
 * then the names of the ids (a Graph batch of `<node>?fields=name`; an id the session cannot see
 * keeps no name, which is no refusal: a person need not be visible to be added).
 */
export async function recognise(bridge: Bridge, format: PastedFormat, lines: readonly PastedLine[], o: RecogniseOptions = {}): Promise<Recognised[]> {
  const memo = o.memo ?? new Map<string, string | undefined>();
  const routes = [...new Set(lines.flatMap((l) => (l.kind === 'lookup' && !memo.has(l.route) ? [l.route] : [])))];
  if (routes.length) for (const [route, id] of await resolveRoutes(bridge, routes, { signal: o.signal })) memo.set(route, id);
  const out = lines.map((l): Recognised => {
    if (l.kind === 'refused') return { line: l.line, text: l.text, state: 'refused', problem: l.problem };
    if (l.kind === 'id') return { line: l.line, text: l.text, state: 'id', id: l.id };
    const id = memo.get(l.route);
    return id ? { line: l.line, text: l.text, state: 'found', id } : { line: l.line, text: l.text, state: 'notFound' };
  });
  const limit = format === 'email' || format === 'id' ? 0 : (o.names ?? NAMES_READ);
  const ids = [...new Set(out.flatMap((r) => (r.id ? [r.id] : [])))].slice(0, limit);
  const ask = ids.filter((id) => !memo.has(`name:${nodeOf(format, id)}`));
  if (ask.length) {
    const results = await runBatch(bridge, ask.map((id) => ({ method: 'GET' as const, relative_url: `${nodeOf(format, id)}?fields=name` })), { signal: o.signal });
    results.forEach((r, i) => {
      const name = r.ok ? (r.body as { name?: unknown } | null)?.name : undefined;
      memo.set(`name:${nodeOf(format, ask[i]!)}`, typeof name === 'string' && name.trim() ? name : undefined);
    });
  }
  for (const r of out) if (r.id) r.name = memo.get(`name:${nodeOf(format, r.id)}`);
  return out;
}

/** The distinct ids of the recognised lines, in order. */
export function idsOf(lines: readonly Recognised[]): string[] {
  return [...new Set(lines.flatMap((l) => (l.id ? [l.id] : [])))];
}

/** True when a line needs the platform's router (a user name, or a link that names one). */
export function needsLookup(lines: readonly PastedLine[]): boolean {
  return lines.some((l) => l.kind === 'lookup');
}

/** The parts of a parameter's schema that say how it is pasted. */
export interface PastedProperty {
  type?: unknown;
  format?: unknown;
  items?: { format?: unknown };
  anyOf?: readonly { type?: unknown; format?: unknown; items?: { format?: unknown } }[];
  'x-tessera-list'?: unknown;
}

/**
 * How a parameter is pasted: the id format it names (on the property, on the items of a list, or in
 * either branch of an `anyOf`), `id` for a list of ids of no one kind (`x-tessera-list: "ids"`
 * without a format: digits only), or null for any other parameter.
 */
export function pastedFormatOf(prop: PastedProperty | undefined): PastedFormat | null {
  if (!prop) return null;
  for (const part of [prop, ...(prop.anyOf ?? [])]) {
    if (isIdFormat(part.format)) return part.format;
    if (isIdFormat(part.items?.format)) return part.items.format;
  }
  return prop['x-tessera-list'] === 'ids' ? 'id' : null;
}

/** A parameter pasted one entry per line: marked `x-tessera-list: "ids"`, or a list of formatted ids. */
export function isPastedList(prop: PastedProperty | undefined): boolean {
  if (!prop) return false;
  return prop['x-tessera-list'] === 'ids' || (prop.type === 'array' && isIdFormat(prop.items?.format));
}
