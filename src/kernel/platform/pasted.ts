/**
 * What an operator pastes where the platform wants an id: the parameter layer's id formats
 * (docs/PLUGINS.md, "Ids an operator pastes"). A schema property says which object it names with
 * `"format": "<kind>"` (on the property, or on the items of a list); the kernel reads every form an
 * operator pastes for it the same way in the action dialog, the palette and every screen, asks the
 * platform about the links and names it cannot read alone, and lists what it recognised, with names,
 * before anything is sent.
 *
 * The kernel names no area's kind: each object kind (an ad account, a page …) is declared by the
 * plugin that owns it, in its manifest (`objects[].paste` in plugin.json, schemas/plugin.schema.json),
 * as data: the id's prefix, the link query parameters and path patterns that carry the id, the hosts
 * a link may use, whether a user name is looked up. `npm run schemas` compiles every manifest's
 * declarations into src/generated/id-kinds.js, read here; every function also takes the declarations
 * as an argument. The kernel's own formats are `email` (an address) and `id` (digits of no one kind).
 *
 * Reading (no request): an id as digits, or after the kind's prefix; a link that carries the id in a
 * declared parameter or path; an e-mail address. A main-site link that names the object by its user
 * name (`/<name>`, `/<name>/about`), or the user name alone, is looked up through the platform's
 * router (resolve-ids.ts), 10 per request, for a kind that declares `userName`.
 */
import type { Bridge } from '../bridge/bridge';
import { runBatch } from '../graph/batch';
import { CODE, MAIN_HOSTS, resolveRoutes } from '../graph/resolve-ids';
import type { IdKindDeclarations, PasteDeclaration } from '../graph/resolve-ids';
import { idKinds as declaredKinds } from '../../generated/id-kinds.js';

/** How each object kind is pasted, as the plugins declare it, by kind (with the declaring plugin). */
export type IdKinds = IdKindDeclarations;

/** The kinds of this app's plugins (compiled from their manifests). */
export const ID_KINDS: IdKinds = declaredKinds;

/** The id formats a schema may name: every declared kind, then the kernel's `email`. */
export const ID_FORMATS: readonly string[] = [...Object.keys(declaredKinds), 'email'];
/** An id format: a declared object kind (`account`, `page` …) or `email`. */
export type IdFormat = string;

/** What a pasted list or field is read as: an id format, or `id` for digits only (a list whose kind the form does not know, e.g. business-user ids). */
export type PastedFormat = IdFormat | 'id';

export function isIdFormat(value: unknown, kinds: IdKinds = declaredKinds): value is IdFormat {
  return typeof value === 'string' && (value === 'email' || Object.hasOwn(kinds, value));
}

/**
 * Why a line is refused, as a locale key: `url` and `https` under `kernel:pasted.problem.`; `host`
 * by the hosts the kind takes; `entry` and `link` in the words of the plugin that declares the kind
 * (pastedWordKey).
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
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A line break as a browser text area normalizes it: CRLF, a lone CR or LF. */
const LINE_BREAK = /\r\n|\r|\n/;

/** The words of a kind in messages: the picker's plural, a field's help, why a line or a link is refused. */
export type PastedWord = 'kind' | 'accepts' | 'entry' | 'link';

/**
 * The locale key of a format's words: in the namespace of the plugin that declares the kind, under
 * its declared prefix (`adaccount:pasted.entry`); the kernel's own for `email` and `id`.
 */
export function pastedWordKey(format: PastedFormat, word: PastedWord, kinds: IdKinds = declaredKinds): string {
  const kind = Object.hasOwn(kinds, format) ? kinds[format] : undefined;
  if (kind) return `${kind.plugin}:${kind.words}.${word}`;
  return word === 'accepts' ? `kernel:pasted.accepts.${format}` : `kernel:pasted.problem.${word}.${format}`;
}

/**
 * The keys to translate a format's words with: its declaring plugin's, then the kernel's words for a
 * kind of no known name (`kernel:pasted.other.<word>`), read when that plugin's strings are not loaded.
 */
export function pastedWordKeys(format: PastedFormat, word: PastedWord, kinds: IdKinds = declaredKinds): string[] {
  const key = pastedWordKey(format, word, kinds);
  return key.startsWith('kernel:') ? [key] : [key, `kernel:pasted.other.${word}`];
}

/** The locale key of why a link's host is refused: a kind on the main site only says so. */
export function hostProblemKey(format: PastedFormat, kinds: IdKinds = declaredKinds): string {
  return `kernel:pasted.problem.host.${kinds[format]?.hosts === 'main' ? 'profile' : 'any'}`;
}

/**
 * The lines of a pasted list read for one format, by the multi-line rule (split by line, trim, drop
 * blanks, keep the first of duplicates); `line` is the 1-based line number in the text.
 */
export function readPasted(format: PastedFormat, text: string, kinds: IdKinds = declaredKinds): PastedLine[] {
  const seen = new Set<string>();
  const out: PastedLine[] = [];
  text.split(LINE_BREAK).forEach((raw, i) => {
    const entry = raw.trim();
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    out.push({ line: i + 1, text: entry, ...readEntry(format, entry, kinds) } as PastedLine);
  });
  return out;
}

type Reading = { kind: 'id'; id: string } | { kind: 'lookup'; route: string } | { kind: 'refused'; problem: PastedProblem };

/** One trimmed entry read for one format (a format no plugin declares reads nothing). */
export function readEntry(format: PastedFormat, entry: string, kinds: IdKinds = declaredKinds): Reading {
  if (format === 'id') return DIGITS.test(entry) ? { kind: 'id', id: entry } : { kind: 'refused', problem: 'entry' };
  if (format === 'email') return EMAIL.test(entry) && entry.length <= 254 ? { kind: 'id', id: entry.toLowerCase() } : { kind: 'refused', problem: 'entry' };
  const kind = Object.hasOwn(kinds, format) ? kinds[format] : undefined;
  if (!kind) return { kind: 'refused', problem: 'entry' };
  if (DIGITS.test(entry)) return { kind: 'id', id: entry };
  const prefixed = grammarOf(kind).prefixed?.exec(entry);
  if (prefixed) return { kind: 'id', id: prefixed[1]! };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || entry.includes('/') || SCHEMELESS.test(entry)) return readLink(kind, entry);
  if (kind.userName && CODE.test(entry)) return { kind: 'lookup', route: `/${entry}` };
  return { kind: 'refused', problem: 'entry' };
}

/** A link pasted without its scheme (`facebook.com/…`, `www.facebook.com/…`, `business.facebook.com/…`): read as https. */
const SCHEMELESS = /^(?:[a-z0-9-]+\.)*facebook\.com(?:[/?#]|$)/i;

function readLink(kind: PasteDeclaration, entry: string): Reading {
  let url: URL;
  // the URL parser drops tabs and encodes spaces, so white space is refused before it is asked
  try { url = new URL(SCHEMELESS.test(entry) ? `https://${entry}` : entry); } catch { return { kind: 'refused', problem: 'url' }; }
  if (/\s/.test(entry)) return { kind: 'refused', problem: 'url' };
  if (url.protocol !== 'https:') return { kind: 'refused', problem: 'https' };
  const host = url.hostname.toLowerCase();
  const onMainHost = MAIN_HOSTS.includes(host);
  // a kind on the main site only (a profile) is linked there; Ads Manager, Business Suite and Events Manager live on sub-domains
  const hostOk = kind.hosts === 'main' ? onMainHost : host === 'facebook.com' || host.endsWith('.facebook.com');
  if (!hostOk || url.username || url.password || url.port) return { kind: 'refused', problem: 'host' };
  const grammar = grammarOf(kind);
  for (const name of kind.params ?? []) {
    const value = url.searchParams.get(name)?.trim() ?? '';
    const digits = grammar.prefixed?.exec(value)?.[1] ?? value;
    if (DIGITS.test(digits)) return { kind: 'id', id: digits };
  }
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  const id = readPaths(grammar.paths, url, segments) ?? (onMainHost ? readPaths(grammar.mainSitePaths, url, segments) : undefined);
  if (id) return { kind: 'id', id };
  if (onMainHost && kind.userName) return readUserName(segments, grammar.ownWords);
  return { kind: 'refused', problem: 'link' };
}

/** A main-site link that names the object by its user name (`/<name>`, `/<name>/about` …): the route to look up. */
function readUserName(segments: readonly string[], ownWords: ReadonlySet<string>): Reading {
  const first = segments[0];
  if (!first || RESERVED_FIRST_SEGMENTS.has(first.toLowerCase()) || ownWords.has(first) || !CODE.test(first)) return { kind: 'refused', problem: 'link' };
  return { kind: 'lookup', route: `/${first}` };
}

/** The main site's own paths that are no profile or page (a link to a post, a group or a search names none). */
const RESERVED_FIRST_SEGMENTS = new Set(['groups', 'events', 'watch', 'marketplace', 'search', 'photo.php', 'permalink.php', 'story.php', 'share', 'sharer', 'login', 'help', 'settings', 'ads', 'business', 'gaming', 'hashtag', 'reel', 'stories']);

function decodeSegment(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** One segment of a path pattern: a literal, `*` (any one), `**` (any number, as many as can be) or the id. */
type Token = { t: 'literal'; value: string } | { t: 'one' } | { t: 'many' } | { t: 'id'; re: RegExp };

/** A compiled path pattern: its segments, whether it may start anywhere in the path, or the whole path and the query parameter that carries the id. */
interface PathPattern { anywhere: boolean; tokens: Token[]; query?: { path: string; param: string } }

interface Grammar {
  prefixed: RegExp | null;
  paths: PathPattern[];
  mainSitePaths: PathPattern[];
  /** The first literal of the kind's anchored patterns (`pages`, `profile.php`): never a user name. */
  ownWords: ReadonlySet<string>;
}

const grammars = new WeakMap<PasteDeclaration, Grammar>();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A declaration compiled once: its prefix as a regular expression and its path patterns as tokens. */
function grammarOf(kind: PasteDeclaration): Grammar {
  let g = grammars.get(kind);
  if (g) return g;
  const paths = (kind.paths ?? []).map(compilePattern);
  const mainSitePaths = (kind.mainSitePaths ?? []).map(compilePattern);
  const ownWords = new Set([...paths, ...mainSitePaths].flatMap((p) => {
    if (p.query) return [p.query.path.split('/').filter(Boolean)[0] ?? ''];
    const first = p.tokens[0];
    return !p.anywhere && first?.t === 'literal' ? [first.value] : [];
  }).filter(Boolean));
  g = { prefixed: kind.prefix ? new RegExp(`^${escapeRegExp(kind.prefix)}(\\d{1,20})$`, 'i') : null, paths, mainSitePaths, ownWords };
  grammars.set(kind, g);
  return g;
}

/** `/pixel/{id}`, `/profile.php?id={id}`, `*-{id}` for a name then the id … (the syntax: schemas/plugin.schema.json, `$defs.pastePaths`). */
function compilePattern(pattern: string): PathPattern {
  const [pathPart = '', queryPart] = pattern.split('?');
  const parts = pathPart.split('/').filter(Boolean);
  if (queryPart !== undefined) return { anywhere: false, tokens: [], query: { path: `/${parts.join('/')}`, param: queryPart.split('=')[0]! } };
  const anywhere = parts[0] === '**';
  return { anywhere, tokens: (anywhere ? parts.slice(1) : parts).map(compileToken) };
}

function compileToken(segment: string): Token {
  if (segment === '**') return { t: 'many' };
  if (segment === '*') return { t: 'one' };
  if (!segment.endsWith('{id}')) return { t: 'literal', value: segment };
  const before = segment.slice(0, -'{id}'.length);
  // `*-{id}`: the id alone or after a name and a hyphen; `act_{id}`: after that word, in any case
  return { t: 'id', re: before === '*-' ? /^(?:.*-)?(\d{1,20})$/ : new RegExp(`^${escapeRegExp(before)}(\\d{1,20})$`, 'i') };
}

/** The id the first pattern to match reads, at the earliest place in the path (a pattern not marked anywhere: its start only). */
function readPaths(patterns: readonly PathPattern[], url: URL, segments: readonly string[]): string | undefined {
  for (let at = 0; at <= segments.length; at++) {
    for (const p of patterns) {
      if (at > 0 && !p.anywhere) continue;
      if (p.query) {
        if (url.pathname.replace(/\/+$/, '') !== p.query.path) continue;
        const value = url.searchParams.get(p.query.param)?.trim() ?? '';
        if (DIGITS.test(value)) return value;
        continue;
      }
      const id = matchTokens(p.tokens, segments, 0, at, undefined);
      if (id) return id;
    }
  }
  return undefined;
}

/** Matches tokens from `ti` against segments from `si` (the path may go on after them): the id read, or undefined. */
function matchTokens(tokens: readonly Token[], segments: readonly string[], ti: number, si: number, id: string | undefined): string | undefined {
  if (ti === tokens.length) return id;
  const token = tokens[ti]!;
  if (token.t === 'many') {
    // as many segments as can be: of several ids, the last one wins (`/pages/<name>/<id>/about`)
    for (let to = segments.length; to >= si; to--) {
      const found = matchTokens(tokens, segments, ti + 1, to, id);
      if (found) return found;
    }
    return undefined;
  }
  const segment = segments[si];
  if (segment === undefined) return undefined;
  if (token.t === 'literal') return segment === token.value ? matchTokens(tokens, segments, ti + 1, si + 1, id) : undefined;
  if (token.t === 'one') return matchTokens(tokens, segments, ti + 1, si + 1, id);
  const m = token.re.exec(segment);
  return m ? matchTokens(tokens, segments, ti + 1, si + 1, m[1]) : undefined;
}

/** The node whose name is read for an id of a format (a kind with a prefix, `act_`, is read as its Graph node). */
function nodeOf(format: PastedFormat, id: string, kinds: IdKinds): string {
  const prefix = Object.hasOwn(kinds, format) ? kinds[format]!.prefix : undefined;
  return prefix ? `${prefix}${id}` : id;
}

export interface RecogniseOptions {
  signal?: AbortSignal;
  /** Read the platform's names of at most this many distinct ids (default 100; 0 reads none). */
  names?: number;
  /** Earlier answers, kept by the caller so a preview then a start asks once: route or `name:<node>` → answer. */
  memo?: Map<string, string | undefined>;
  /** The kinds' declarations (default: this app's plugins'). */
  kinds?: IdKinds;
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
  const kinds = o.kinds ?? declaredKinds;
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
  const ask = ids.filter((id) => !memo.has(`name:${nodeOf(format, id, kinds)}`));
  if (ask.length) {
    const results = await runBatch(bridge, ask.map((id) => ({ method: 'GET' as const, relative_url: `${nodeOf(format, id, kinds)}?fields=name` })), { signal: o.signal });
    results.forEach((r, i) => {
      const name = r.ok ? (r.body as { name?: unknown } | null)?.name : undefined;
      memo.set(`name:${nodeOf(format, ask[i]!, kinds)}`, typeof name === 'string' && name.trim() ? name : undefined);
    });
  }
  for (const r of out) if (r.id) r.name = memo.get(`name:${nodeOf(format, r.id, kinds)}`);
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
export function pastedFormatOf(prop: PastedProperty | undefined, kinds: IdKinds = declaredKinds): PastedFormat | null {
  if (!prop) return null;
  for (const part of [prop, ...(prop.anyOf ?? [])]) {
    if (isIdFormat(part.format, kinds)) return part.format;
    if (isIdFormat(part.items?.format, kinds)) return part.items.format;
  }
  return prop['x-tessera-list'] === 'ids' ? 'id' : null;
}

/** A parameter pasted one entry per line: marked `x-tessera-list: "ids"`, or a list of formatted ids. */
export function isPastedList(prop: PastedProperty | undefined, kinds: IdKinds = declaredKinds): boolean {
  if (!prop) return false;
  return prop['x-tessera-list'] === 'ids' || (prop.type === 'array' && isIdFormat(prop.items?.format, kinds));
}
