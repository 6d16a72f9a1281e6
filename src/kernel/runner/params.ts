import { schemas, validators } from '../../generated/validators.js';
import type { JsonSchema } from '../plugin/types';

export interface FieldError { field: string; message: string }

/** Where the runner finds an action's parameter schema and validator (the compiled ones in the app). */
export interface ParamSchemas {
  schema(key: string): JsonSchema | undefined;
  validate(key: string, params: unknown): FieldError[];
}

export const compiledSchemas: ParamSchemas = {
  schema: (key) => schemas[key],
  validate: (key, params) => validateParams(key, params),
};

/** Validates against the action's schema; an action without one (`schema: null`) takes no parameters at all. */
export function validateActionParams(source: ParamSchemas, key: string | null, params: unknown): FieldError[] {
  if (key !== null) return source.validate(key, params);
  if (params === undefined || params === null) return [];
  if (typeof params !== 'object' || Array.isArray(params)) return [{ field: '', message: 'this action takes no parameters' }];
  return Object.keys(params).map((field) => ({ field, message: 'this action takes no parameters' }));
}

/** Parameters never stored with a job: `"writeOnly": true` in the schema (a password, a token). */
export function secretFields(schema: JsonSchema | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, { writeOnly?: unknown }>;
  return Object.entries(props).filter(([, p]) => p && p.writeOnly === true).map(([name]) => name);
}

/** Validates an action's parameters against its compiled schema; one readable entry per problem. */
export function validateParams(schemaKey: string, params: unknown): FieldError[] {
  const validate = validators[schemaKey];
  if (!validate) return [{ field: '', message: `no schema "${schemaKey}"` }];
  if (validate(params)) return [];
  return (validate.errors ?? []).map((e) => {
    const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    const field = missing ?? e.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    return { field, message: e.message ?? 'is invalid' };
  });
}

/** A line break as a browser text area normalizes it: CRLF, a lone CR or LF (docs/DECISIONS.md). */
const LINE_BREAK = /\r\n|\r|\n/;

/** The multi-line rule (docs/SPEC.md section 12): split by line, trim, drop blanks, remove duplicates. */
export function splitLines(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(LINE_BREAK)) {
    const clean = line.trim();
    if (clean) seen.add(clean);
  }
  return [...seen];
}

export type ListEntry =
  | { kind: 'id'; line: number; text: string; id: string }
  | { kind: 'url'; line: number; text: string }
  | { kind: 'code'; line: number; text: string }
  | { kind: 'invalid'; line: number; text: string; reason: string };

const MAIN_HOST = 'www.facebook.com';

/**
 * Sorts the entries of an id list: digits only → a profile id; an https URL on the platform's main
 * host → a page URL to resolve; any other URL is refused with a reason naming the line; anything
 * else is a page code to resolve.
 */
export function classifyEntries(text: string): ListEntry[] {
  const lines = text.split(LINE_BREAK);
  const seen = new Set<string>();
  const out: ListEntry[] = [];
  lines.forEach((raw, i) => {
    const entry = raw.trim();
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    const line = i + 1;
    if (/^\d+$/.test(entry)) return void out.push({ kind: 'id', line, text: entry, id: entry });
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || entry.includes('/')) {
      let url: URL | null = null;
      try { url = new URL(entry); } catch { url = null; }
      // the URL parser drops tabs and encodes spaces, so whitespace is refused before it is asked
      if (!url || /\s/.test(entry)) return void out.push({ kind: 'invalid', line, text: entry, reason: 'not a valid URL' });
      if (url.protocol !== 'https:') return void out.push({ kind: 'invalid', line, text: entry, reason: 'must start with https://' });
      if (url.hostname !== MAIN_HOST) return void out.push({ kind: 'invalid', line, text: entry, reason: `must be on ${MAIN_HOST}` });
      if (url.username || url.password || url.port) return void out.push({ kind: 'invalid', line, text: entry, reason: `must be on ${MAIN_HOST}, without a user name or port` });
      return void out.push({ kind: 'url', line, text: entry });
    }
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(entry)) return void out.push({ kind: 'invalid', line, text: entry, reason: 'not an id, a page URL or a page code' });
    out.push({ kind: 'code', line, text: entry });
  });
  return out;
}

export type Resolver = (entries: string[]) => Promise<Map<string, string | undefined>>;
const resolvers = new Map<string, Resolver>();

/** Plugins register how their URLs and codes become ids (e.g. page ids through the platform). */
export function registerResolver(kind: string, resolver: Resolver): () => void {
  resolvers.set(kind, resolver);
  return () => { if (resolvers.get(kind) === resolver) resolvers.delete(kind); };
}

/**
 * Turns a multi-line list into ids: digits stay, URLs and codes go through the registered resolver;
 * an entry that resolves to no id stays undefined (its item is skipped as 'unresolved').
 */
export async function resolveEntries(kind: string, entries: ListEntry[]): Promise<{ text: string; line: number; id: string | undefined }[]> {
  const toResolve = entries.filter((e) => e.kind === 'url' || e.kind === 'code').map((e) => e.text);
  const resolver = resolvers.get(kind);
  const resolved = toResolve.length && resolver ? await resolver(toResolve) : new Map<string, string | undefined>();
  return entries.filter((e) => e.kind !== 'invalid').map((e) => ({ text: e.text, line: e.line, id: e.kind === 'id' ? e.id : resolved.get(e.text) }));
}
