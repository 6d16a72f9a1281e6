// The GraphQL form post (`/api/graphql/` with doc_id and variables): the document is looked up in
// the catalogue by doc_id (catalogue.ts: each area's graphql-docs.json) and answered by the handler
// its area names. The reply shapes are the sandbox's own (the real documents are not public),
// documented in sandbox/README.md.
import { GraphError, errors } from '../errors';
import type { Ctx } from '../graph/core';
import type { SandboxState } from '../state';
import { JSON_TYPE, type WebReply } from './reply';

export type Vars = Record<string, unknown>;

export interface GraphqlResult {
  data: unknown;
  /** the object a mutation changed, for writesByObject */
  object?: string;
  /** extra JSON lines after the first (deferred parts, as the platform streams them) */
  more?: unknown[];
}

export type GraphqlHandler = (ctx: Ctx, vars: Vars) => GraphqlResult;

/** the first of the named variables given as text or a number */
export function str(vars: Vars, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = vars[n];
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

export function need(vars: Vars, ...names: string[]): string {
  const v = str(vars, ...names);
  if (v === undefined) throw errors.missingParam(names[0]!);
  return v;
}

export function strings(vars: Vars, name: string): string[] | undefined {
  const v = vars[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw errors.invalidParam(`Variable ${name} must be a list`);
  return v.map(String);
}

/** is the document a mutation (3 points, a write)? unknown ids count as reads and fail later */
export function isMutation(state: SandboxState, docId: string | undefined): boolean {
  return !!docId && liveDoc(state, docId)?.kind === 'mutation';
}

/** the document of a doc id, unless a switch retired it (then it is answered as an unknown doc id) */
function liveDoc(state: SandboxState, docId: string) {
  const doc = state.catalogue.byDocId.get(docId);
  return doc && !state.switches.retiredDocs.includes(doc.operation) ? doc : undefined;
}

export function runGraphql(ctx: Ctx, body: Record<string, string>): WebReply & { object?: string } {
  const docId = body.doc_id;
  const doc = docId ? liveDoc(ctx.state, docId) : undefined;
  if (!doc) throw new GraphError(400, 100, `(#100) Unknown doc_id: ${docId ?? '(none)'}`);
  let vars: Vars = {};
  if (body.variables) {
    try {
      const v = JSON.parse(body.variables) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) vars = v as Vars;
      else throw new Error();
    } catch {
      throw errors.invalidParam('variables must be a JSON object');
    }
  }
  const input = vars.input && typeof vars.input === 'object' && !Array.isArray(vars.input) ? { ...vars, ...(vars.input as Vars) } : vars;
  const result = doc.run(ctx, input);
  const text = result.more
    ? [JSON.stringify({ data: result.data }), ...result.more.map((m) => JSON.stringify(m)), JSON.stringify({ extensions: { is_final: true } })].join('\r\n')
    : JSON.stringify({ data: result.data, extensions: { is_final: true } });
  return { status: 200, headers: {}, contentType: JSON_TYPE, body: text, object: result.object };
}

/** a GraphError as the web GraphQL endpoint reports it */
export function graphqlError(e: GraphError, path: string) {
  const err = e.body().error;
  return {
    message: err.message,
    severity: 'CRITICAL',
    code: err.code,
    api_error_code: err.code,
    summary: err.error_user_title ?? 'Something went wrong',
    description: err.error_user_msg ?? err.message,
    is_silent: false,
    is_transient: err.is_transient,
    requires_reauth: err.code === 190,
    path: [path],
    fbtrace_id: err.fbtrace_id,
  };
}
