// The small machinery every node type shares: the per-call context, references to objects, field
// projection (with nested objects and nested edges), cursor paging and parameter helpers. Node
// types themselves are data: a TypeDef per type, contributed by the areas (sandbox/areas/*/graph.ts)
// and installed in TYPES by installAreas (sandbox/area.ts).
import { ANY_ACTIVE, ANY_CLOSED, GRAPH_HOST } from '../constants';
import type { Dataset } from '../dataset';
import { GraphError, errors } from '../errors';
import type { SandboxState } from '../state';
import { parseFields, selsOf, type FieldSel } from './fields';
import { PLATFORM_FIELDS } from './platform-fields';
import { applyReplyShapes } from '../switches';

export type Params = Record<string, string>;

export interface Ctx {
  state: SandboxState;
  data: Dataset;
  /** `v24.0`: the request's version, which next links carry */
  version: string;
  session: string;
  /** the access token as given in the query string, carried into next links like the platform does */
  queryToken: string | null;
  nowS: number;
}

/** a node type's name: `user`, `adaccount`, `business`, … (each area names its own) */
export type TypeName = string;

/** an object as seen through one relation: `x` holds relation fields (role, permitted_tasks, …) */
export interface Ref {
  t: TypeName;
  o: unknown;
  x?: Record<string, unknown>;
}

export interface WriteResult {
  body: unknown;
  /** the key counted in writesByObject; default: the node the path names */
  object?: string;
}

export type FieldResolver<O> = (o: O, ctx: Ctx, sel: FieldSel) => unknown;

export interface EdgeDef<O> {
  list?: (o: O, ctx: Ctx, p: Params) => Ref[];
  create?: (o: O, p: Params, ctx: Ctx) => WriteResult;
  remove?: (o: O, p: Params, ctx: Ctx) => WriteResult;
  /** largest `limit` honoured (default 100); larger asks get this many and a next link */
  maxLimit?: number;
  defaultLimit?: number;
  /** `search_query` support: does this row match the text? */
  search?: (r: Ref, q: string) => boolean;
}

export interface TypeDef<O> {
  /** the platform's node type name, used in error messages */
  label: string;
  defaults: string[];
  fields: Record<string, FieldResolver<O>>;
  edges: Record<string, EdgeDef<O>>;
  id: (o: O) => string;
  /** true: `id` keys paging cursors only and is not shown (rows the platform answers without an id, like activities) */
  hiddenId?: boolean;
  /** false: reads and writes answer "does not exist" like the platform does for objects out of reach */
  visible?: (o: O, ctx: Ctx) => boolean;
  update?: (o: O, p: Params, ctx: Ctx) => WriteResult;
  remove?: (o: O, p: Params, ctx: Ctx) => WriteResult;
  /** a root path that answers a list (`/search?type=adinterest`): the edge of this type the parameters choose */
  rootEdge?: (p: Params) => string;
  /** fields answered whatever `fields` names (an insights row always carries its date_start and date_stop) */
  always?: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const TYPES: Record<TypeName, TypeDef<any>> = {
  /** a row made only of relation fields (see plain()) */
  plain: { label: 'Object', defaults: [], id: () => '', fields: {}, edges: {} },
};

export function ref(t: TypeName, o: unknown, x?: Record<string, unknown>): Ref {
  return x ? { t, o, x } : { t, o };
}

/** a row made only of relation fields (no underlying node) */
export function plain(x: Record<string, unknown>): Ref {
  return { t: 'plain', o: null, x };
}

// ---------------------------------------------------------------------------------------------
// projection

export function project(ctx: Ctx, r: Ref, sels: FieldSel[] | null): Record<string, unknown> {
  const def = TYPES[r.t];
  if (r.t === 'plain' && !(sels && sels.length)) return { ...r.x };
  const chosen = sels && sels.length ? sels : selsOf(def.defaults);
  const out: Record<string, unknown> = {};
  for (const sel of chosen) {
    const value = resolveField(ctx, r, sel);
    if (value !== undefined && value !== null) out[sel.key] = value;
  }
  for (const sel of def.always && sels?.length ? selsOf(def.always) : []) {
    if (out[sel.key] !== undefined) continue;
    const value = resolveField(ctx, r, sel);
    if (value !== undefined && value !== null) out[sel.key] = value;
  }
  if (r.t !== 'plain' && out.id === undefined && !def.hiddenId) out.id = def.id(r.o);
  else if (r.t === 'plain' && r.x?.id !== undefined && out.id === undefined) out.id = r.x.id;
  if (ctx.state.switches.replyShapes.length) applyReplyShapes(ctx.state.switches.replyShapes, r.t, out);
  return out;
}

export function resolveField(ctx: Ctx, r: Ref, sel: FieldSel): unknown {
  const def = TYPES[r.t];
  let value: unknown;
  if (r.x && Object.hasOwn(r.x, sel.name)) value = r.x[sel.name];
  else if (Object.hasOwn(def.fields, sel.name)) value = def.fields[sel.name]!(r.o, ctx, sel);
  else if (Object.hasOwn(def.edges, sel.name) && def.edges[sel.name]!.list) {
    return listEdge(ctx, r, sel.name, { ...sel.mods }, sel.sub, { nested: true, subSrc: sel.subSrc });
  } else if (r.t === 'plain') return undefined;
  // a field the platform knows on this type but the sandbox does not model: left out, as the
  // platform leaves out empty fields (sandbox/graph/platform-fields.ts)
  else if (PLATFORM_FIELDS[def.label]?.has(sel.name)) return undefined;
  else throw errors.unknownField(sel.name, def.label);
  return shape(ctx, value, sel);
}

function shape(ctx: Ctx, value: unknown, sel: FieldSel): unknown {
  if (value === undefined || value === null) return undefined;
  if (isRef(value)) return project(ctx, value, sel.sub ?? selsOf(TYPES[value.t]!.defaults));
  if (Array.isArray(value)) return value.map((v) => (isRef(v) ? project(ctx, v, sel.sub ?? selsOf(TYPES[v.t]!.defaults)) : pickPlain(v, sel.sub)));
  return pickPlain(value, sel.sub);
}

function pickPlain(value: unknown, sub: FieldSel[] | null): unknown {
  if (!sub || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => pickPlain(v, sub));
  const obj = value as Record<string, unknown>;
  // a list wrapper ({ data: [...] }) takes the selection for its items, like an edge does
  if (Array.isArray(obj.data) && !sub.some((s) => s.name === 'data')) return { ...obj, data: obj.data.map((v) => pickPlain(v, sub)) };
  const out: Record<string, unknown> = {};
  for (const s of sub) if (obj[s.name] !== undefined && obj[s.name] !== null) out[s.key] = pickPlain(obj[s.name], s.sub);
  return out;
}

function isRef(v: unknown): v is Ref {
  return !!v && typeof v === 'object' && 't' in v && 'o' in v && typeof (v as Ref).t === 'string' && (v as Ref).t in TYPES;
}

// ---------------------------------------------------------------------------------------------
// edges and paging

interface Cursor {
  i: string;
  o: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.i === 'string' && Number.isInteger(c.o) && c.o >= 0) return c;
  } catch { /* fall through */ }
  throw new GraphError(400, 100, '(#100) The after/before cursor is invalid', { subcode: 1870149 });
}

function rowId(ctx: Ctx, r: Ref): string {
  if (r.t === 'plain') return String(r.x?.id ?? '');
  return TYPES[r.t].id(r.o);
}

export interface ListOptions {
  nested: boolean;
  subSrc?: string | null;
  /** the query of the top-level request, carried into next links */
  query?: Params;
  /** the path of the edge for next links, without version (default `<owner id>/<edge>`) */
  path?: string;
}

export function listEdge(ctx: Ctx, owner: Ref, edgeName: string, p: Params, sels: FieldSel[] | null, opts: ListOptions): Record<string, unknown> {
  const def = TYPES[owner.t];
  const edge = Object.hasOwn(def.edges, edgeName) ? def.edges[edgeName] : undefined;
  if (!edge?.list) throw errors.unknownEdge(edgeName, def.label);
  let rows = edge.list(owner.o, ctx, p);
  const q = p.search_query?.trim();
  if (q && edge.search) {
    const needle = q.toLowerCase();
    rows = rows.filter((r) => edge.search!(r, needle));
  }
  if (p.filtering) rows = applyFiltering(ctx, rows, p.filtering);

  const max = edge.maxLimit ?? 100;
  let limit = edge.defaultLimit ?? 25;
  if (p.limit !== undefined && p.limit !== '') {
    const n = Number(p.limit);
    if (!Number.isInteger(n) || n < 0) throw errors.invalidParam('Param limit must be a non-negative integer');
    limit = Math.min(n, max);
  }
  let start = 0;
  let end: number;
  if (p.after) {
    const c = decodeCursor(p.after);
    const at = c.i ? indexOfRow(ctx, rows, c.i, c.o - 1) : -1;
    start = at >= 0 ? at + 1 : Math.min(c.o, rows.length);
    end = Math.min(rows.length, start + limit);
  } else if (p.before) {
    const c = decodeCursor(p.before);
    const at = c.i ? indexOfRow(ctx, rows, c.i, c.o) : -1;
    end = at >= 0 ? at : Math.min(c.o, rows.length);
    start = Math.max(0, end - limit);
  } else {
    end = Math.min(rows.length, limit);
  }
  const pageRows = rows.slice(start, end);
  const out: Record<string, unknown> = { data: pageRows.map((r) => project(ctx, r, sels)) };
  if (pageRows.length) {
    const before = encodeCursor({ i: rowId(ctx, pageRows[0]!), o: start });
    const after = encodeCursor({ i: rowId(ctx, pageRows[pageRows.length - 1]!), o: end });
    const paging: Record<string, unknown> = { cursors: { before, after } };
    const base = opts.path ?? `${TYPES[owner.t].id(owner.o)}/${edgeName}`;
    const carry = carried(ctx, p, opts);
    if (start > 0) paging.previous = pageUrl(ctx, base, carry, limit, { before });
    if (end < rows.length && limit > 0) paging.next = pageUrl(ctx, base, carry, limit, { after });
    out.paging = paging;
  }
  const summary = p.summary;
  if (summary && summary !== 'false' && summary !== '0') out.summary = { total_count: rows.length };
  return out;
}

function indexOfRow(ctx: Ctx, rows: Ref[], id: string, hint: number): number {
  if (hint >= 0 && hint < rows.length && rowId(ctx, rows[hint]!) === id) return hint;
  return rows.findIndex((r) => rowId(ctx, r) === id);
}

function carried(ctx: Ctx, p: Params, opts: ListOptions): Params {
  if (!opts.nested) {
    const out: Params = {};
    for (const [k, v] of Object.entries(opts.query ?? {})) if (k !== 'after' && k !== 'before' && k !== 'limit') out[k] = v;
    return out;
  }
  const out: Params = {};
  if (ctx.queryToken) out.access_token = ctx.queryToken;
  if (opts.subSrc) out.fields = opts.subSrc;
  for (const [k, v] of Object.entries(p)) if (k !== 'after' && k !== 'before' && k !== 'limit') out[k] = v;
  return out;
}

function pageUrl(ctx: Ctx, base: string, carry: Params, limit: number, cursor: { after?: string; before?: string }): string {
  const qs = new URLSearchParams(carry);
  qs.set('limit', String(limit));
  if (cursor.after) qs.set('after', cursor.after);
  if (cursor.before) qs.set('before', cursor.before);
  return `${GRAPH_HOST}/${ctx.version}/${base}?${qs.toString()}`;
}

interface Filter {
  field: string;
  operator: string;
  value: unknown;
}

function applyFiltering(ctx: Ctx, rows: Ref[], raw: string): Ref[] {
  let filters: Filter[];
  try {
    filters = JSON.parse(raw) as Filter[];
    if (!Array.isArray(filters)) throw new Error();
  } catch {
    throw errors.invalidParam('Param filtering must be a JSON array of {field, operator, value}');
  }
  for (const f of filters) {
    if (!f || typeof f.field !== 'string' || typeof f.operator !== 'string') throw errors.invalidParam('Param filtering must be a JSON array of {field, operator, value}');
    const sel: FieldSel = { name: f.field, key: f.field, mods: {}, sub: null, subSrc: null };
    let wanted = (Array.isArray(f.value) ? f.value : [f.value]).map(String);
    if (f.field === 'account_status') {
      wanted = wanted.flatMap((v) => (v === '201' ? [...ANY_ACTIVE].map(String) : v === '202' ? [...ANY_CLOSED].map(String) : [v]));
    }
    const op = f.operator.toUpperCase();
    rows = rows.filter((r) => {
      const v = resolveField(ctx, r, sel);
      const text = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v ?? '');
      switch (op) {
        case 'EQUAL': case 'IN': return wanted.includes(text);
        case 'NOT_EQUAL': case 'NOT_IN': return !wanted.includes(text);
        case 'CONTAIN': return wanted.some((w) => text.toLowerCase().includes(w.toLowerCase()));
        case 'NOT_CONTAIN': return !wanted.some((w) => text.toLowerCase().includes(w.toLowerCase()));
        case 'GREATER_THAN': return Number(text) > Number(wanted[0]);
        case 'LESS_THAN': return Number(text) < Number(wanted[0]);
        default: throw errors.invalidParam(`Filtering operator ${f.operator} is not supported`);
      }
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// parameters

export function param(p: Params, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = p[n];
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

export function required(p: Params, ...names: string[]): string {
  const v = param(p, ...names);
  if (v === undefined) throw errors.missingParam(names[0]!);
  return v;
}

/** a list parameter: a JSON array, or comma-separated text */
export function listParam(p: Params, name: string): string[] | null {
  const v = p[name];
  if (v === undefined || v === '') return null;
  const t = v.trim();
  if (t.startsWith('[')) {
    try {
      const arr = JSON.parse(t) as unknown;
      if (Array.isArray(arr)) return arr.map(String);
    } catch { /* fall through */ }
    throw errors.invalidParam(`Param ${name} must be an array`);
  }
  return t.split(',').map((s) => s.trim()).filter(Boolean);
}

export function parseFieldsParam(p: Params): FieldSel[] | null {
  return p.fields ? parseFields(p.fields) : null;
}

export function isoTime(s: number): string {
  return new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

export const SUCCESS: WriteResult = { body: { success: true } };

/** a list of tasks from `name` (JSON list or comma text), each one of `allowed`, without repeats */
export function tasksParam(p: Params, name: string, allowed: readonly string[], fallback: string[] | null): string[] {
  const tasks = listParam(p, name)?.map((t) => t.toUpperCase()) ?? fallback;
  if (!tasks || !tasks.length) throw errors.missingParam(name);
  const bad = tasks.find((t) => !allowed.includes(t));
  if (bad) throw errors.invalidParam(`Param ${name}[0] must be one of {${allowed.join(', ')}}, got ${bad}`);
  return [...new Set(tasks)];
}

/** `search_query` by name part or id, for edges of named nodes */
export const byName = (r: Ref, q: string): boolean => {
  const o = r.o as { id: string; name: string; account_id?: string };
  return o.name.toLowerCase().includes(q) || o.id === q || o.account_id === q || o.id.toLowerCase().includes(q);
};
