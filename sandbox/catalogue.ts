// The GraphQL document catalogue: operation name → { doc id, handler, kind }, assembled from each
// area's graphql-docs.json plus an overlay (sandbox/graphql-docs.json by default). The sandbox
// answers by doc_id; the product server's `GET /api/graphql-docs` serves operation → doc id from
// here in demo mode (sandboxDocIds), so plugins ask by operation name and never hard-code an id.
import type { GraphqlDoc, SandboxArea } from './area';
import { AREAS } from './areas';
import type { GraphqlHandler } from './web/graphql';
import overlayFile from './graphql-docs.json';

/** The shape of a catalogue file: documents keyed by operation name (keys starting with `$` are comments). */
export interface GraphqlCatalogue {
  docs: Record<string, GraphqlDoc>;
}

export interface CatalogueEntry extends GraphqlDoc {
  operation: string;
  run: GraphqlHandler;
}

export interface Catalogue {
  byDocId: Map<string, CatalogueEntry>;
  /** operation name → doc id */
  operations: Record<string, string>;
}

export const OPERATION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
export const DOC_ID = /^[0-9]{1,32}$/;

/**
 * Every area's documents, then the overlay's: an overlay entry replaces the document of the same
 * operation (a rotated id) or adds one for an existing handler of any area. Ids and operation
 * names are checked, and no two operations may share a doc id.
 */
export function buildCatalogue(areas: readonly SandboxArea[], overlay?: GraphqlCatalogue): Catalogue {
  const handlers = new Map<string, GraphqlHandler>();
  const docs = new Map<string, GraphqlDoc & { run: GraphqlHandler }>();
  const add = (operation: string, doc: GraphqlDoc, own: Record<string, GraphqlHandler> | null, where: string) => {
    if (!OPERATION_NAME.test(operation)) throw new Error(`${where}: bad operation name ${operation}`);
    if (!doc || typeof doc !== 'object' || typeof doc.docId !== 'string' || !DOC_ID.test(doc.docId)) throw new Error(`${where}: ${operation} needs a docId of digits`);
    if (doc.kind !== 'query' && doc.kind !== 'mutation') throw new Error(`${where}: ${operation} kind must be query or mutation`);
    const run = own && Object.hasOwn(own, doc.handler) ? own[doc.handler] : handlers.get(doc.handler);
    if (!run) throw new Error(`${where}: ${operation} names an unknown handler ${doc.handler}`);
    docs.set(operation, { ...doc, run });
  };
  for (const area of areas) {
    for (const [name, h] of Object.entries(area.graphql?.handlers ?? {})) {
      if (handlers.has(name)) throw new Error(`sandbox: GraphQL handler ${name} is defined twice (area ${area.id})`);
      handlers.set(name, h);
    }
  }
  for (const area of areas) {
    for (const [operation, doc] of entries(area.graphql?.docs)) {
      if (docs.has(operation)) throw new Error(`sandbox: operation ${operation} is defined twice (area ${area.id})`);
      add(operation, doc, area.graphql!.handlers, `area ${area.id}`);
    }
  }
  for (const [operation, doc] of entries(overlay?.docs)) add(operation, doc, null, 'graphql-docs overlay');

  const byDocId = new Map<string, CatalogueEntry>();
  const operations: Record<string, string> = {};
  for (const [operation, doc] of docs) {
    const clash = byDocId.get(doc.docId);
    if (clash) throw new Error(`sandbox: operations ${clash.operation} and ${operation} share doc id ${doc.docId}`);
    byDocId.set(doc.docId, { ...doc, operation });
    operations[operation] = doc.docId;
  }
  return { byDocId, operations };
}

function entries(docs: Record<string, GraphqlDoc> | undefined): [string, GraphqlDoc][] {
  return Object.entries(docs ?? {}).filter(([k]) => !k.startsWith('$'));
}

/** the overlay file a sandbox uses when not given one */
export const DEFAULT_OVERLAY = overlayFile as unknown as GraphqlCatalogue;

let defaultCatalogue: Catalogue | null = null;

/** The catalogue of a sandbox started with the default documents. */
export function defaultSandboxCatalogue(): Catalogue {
  defaultCatalogue ??= buildCatalogue(AREAS, DEFAULT_OVERLAY);
  return defaultCatalogue;
}

/** operation name → doc id of a sandbox started with the default documents (the demo's ids) */
export function sandboxDocIds(): Record<string, string> {
  return { ...defaultSandboxCatalogue().operations };
}
