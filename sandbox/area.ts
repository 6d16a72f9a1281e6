// What an area of the sandbox (ad accounts, business managers, pages, …) contributes, and how the
// core installs it. The core — paging, batch, errors, scores and rate limits, access checks, the
// test endpoints — iterates the list in areas/index.ts and never names an area; an area never
// needs another area's files changed to be added (README "Areas").
import type { Rng } from './prng';
import type { Dataset, IdFamily, Scale } from './dataset';
import { TYPES, type Ctx, type EdgeDef, type FieldResolver, type Params, type Ref, type TypeDef } from './graph/core';
import type { GraphqlHandler } from './web/graphql';
import type { WebReply } from './web/reply';

export interface GenContext {
  /** the stream this area draws from (see SandboxArea.sharedStream) */
  rng: Rng;
  scale: Scale;
  hostile: boolean;
  /** this area's counts at this scale (from SandboxArea.counts) */
  size: Record<string, number>;
}

/** A GraphQL document as an area's graphql-docs.json lists it, keyed by operation name. */
export interface GraphqlDoc {
  /** the doc_id the sandbox answers: digits, like the platform's */
  docId: string;
  /** a handler of this area's `graphql.handlers` (or, in an overlay, of any area) */
  handler: string;
  /** query costs 1 point; mutation 3 and counts as a write */
  kind: 'query' | 'mutation';
  description?: string;
}

export interface WebRequest {
  method: string;
  host: string;
  path: string;
  query: Params;
  body: Params;
}

/** A web form or page (not GraphQL) the area answers at S/__web/<host>/<path>. */
export interface WebRoute {
  method: 'GET' | 'POST';
  path: RegExp;
  /** how errors are shaped: a form answers `for (;;);{…}`, a page HTML */
  kind: 'form' | 'page';
  /** a write costs 3 points and counts in writesByObject */
  write?: boolean;
  run: (ctx: Ctx, req: WebRequest) => WebReply & { object?: string };
}

export interface SandboxArea {
  /** the plugin id of the area: adaccount, bm, page, pixel, … (core for the shared entities) */
  id: string;
  /** id families this area owns and their bases (ids = base + serial + 1) */
  ids?: Partial<Record<IdFamily, number>>;
  /** how many objects of each kind per scale; generate() gets its own as `size` */
  counts?: Record<Scale, Record<string, number>>;
  /**
   * true for the first areas (core, bm, adaccount, page, pixel), which draw in that order from the
   * one stream the data set has always used, so a seed keeps giving the same data. Any other area
   * gets a stream of its own (seeded by its id), so adding it shifts no other area's data.
   */
  sharedStream?: boolean;
  /** fills this area's part of the data set; areas run in the order of areas/index.ts */
  generate?: (data: Dataset, g: GenContext) => void;
  /** Graph node types this area defines */
  types?: Record<string, TypeDef<any>>;
  /** fields and edges this area adds to node types of other areas (e.g. `business.owned_pages`) */
  extend?: Record<string, { fields?: Record<string, FieldResolver<any>>; edges?: Record<string, EdgeDef<any>> }>;
  /** the node an id names, for the ids this area owns (`me`, `act_…`, a page id, …) */
  findNode?: (ctx: Ctx, id: string) => Ref | null;
  /** GraphQL documents (parsed graphql-docs.json: operation name → document) and their handlers */
  graphql?: { docs: Record<string, GraphqlDoc>; handlers: Record<string, GraphqlHandler> };
  /** web forms and pages */
  web?: WebRoute[];
  /** GET S/__sandbox/objects/{type}/{id} for the types this area owns */
  objects?: Record<string, (data: Dataset, id: string) => Record<string, unknown> | null>;
  /** counts of the summary (GET S/__sandbox, reset) */
  summary?: (data: Dataset) => Record<string, number>;
}

/** Registers the areas' node types, then their extensions of each other's types. Clashes throw. */
export function installAreas(areas: readonly SandboxArea[]): void {
  const ids = new Set<string>();
  for (const area of areas) {
    if (ids.has(area.id)) throw new Error(`sandbox: area ${area.id} is listed twice`);
    ids.add(area.id);
    for (const [name, def] of Object.entries(area.types ?? {})) {
      if (Object.hasOwn(TYPES, name)) throw new Error(`sandbox: node type ${name} is defined twice (area ${area.id})`);
      TYPES[name] = { ...def, fields: { ...def.fields }, edges: { ...def.edges } };
    }
  }
  for (const area of areas) {
    for (const [name, ext] of Object.entries(area.extend ?? {})) {
      const def = TYPES[name];
      if (!def) throw new Error(`sandbox: area ${area.id} extends unknown node type ${name}`);
      for (const [kind, add] of [['fields', ext.fields], ['edges', ext.edges]] as const) {
        for (const [key, value] of Object.entries(add ?? {})) {
          const target = def[kind] as Record<string, unknown>;
          if (Object.hasOwn(target, key)) throw new Error(`sandbox: ${name}.${key} is defined twice (area ${area.id})`);
          target[key] = value;
        }
      }
    }
  }
}
