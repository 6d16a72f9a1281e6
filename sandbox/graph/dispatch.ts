// One Graph call, from path and parameters to the platform's reply: token check, score model,
// injected faults, then the node/edge table. Direct requests and batch entries both come here,
// so every batch entry is counted, limited and faulted one by one.
import { latestVersion } from '../switches';
import { GraphError, errors } from '../errors';
import type { SandboxState } from '../state';
import { TYPES, listEdge, listParam, parseFieldsParam, project, type Ctx, type Params, type Ref, type WriteResult } from './core';
import { AREAS } from '../areas';

export interface GraphCall {
  method: string;
  /** `v24.0`, or null for an unversioned path (answered as the newest version served) */
  version: string | null;
  /** the path after the version, without leading slash: `act_1/users` */
  path: string;
  query: Params;
  body: Params;
  /** a token from the Authorization header, if any */
  headerToken: string | null;
}

export interface GraphReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** the account scope this call was charged to, if any */
  account: string | null;
}

export function makeCtx(state: SandboxState, version: string | null, queryToken: string | null): Ctx {
  return {
    state,
    data: state.data,
    version: version ?? latestVersion(state.served),
    session: state.data.sessionUserId,
    queryToken,
    nowS: Math.floor(state.now() / 1000),
  };
}

export function tokenOk(state: SandboxState, token: string | null | undefined): boolean {
  return state.token === null || token === state.token || token === state.session.access_token_alt;
}

export function runGraphCall(state: SandboxState, call: GraphCall): GraphReply {
  const params: Params = { ...call.query, ...call.body };
  let method = call.method.toUpperCase();
  const override = params.method?.toUpperCase();
  if (override === 'GET' || override === 'POST' || override === 'DELETE') method = override;
  delete params.method;
  const segs = call.path.split('/').filter(Boolean).map(decodeSegment);
  const account = segs[0]?.startsWith('act_') ? segs[0] : null;
  const headers: Record<string, string> = { 'facebook-api-version': call.version ?? latestVersion(state.served) };

  const fail = (e: GraphError): GraphReply => {
    Object.assign(headers, e.extra.headers ?? {});
    usageHeaders(state, headers, account);
    return { status: e.status, headers, body: e.body(), account };
  };

  const token = call.headerToken ?? params.access_token ?? null;
  if (!tokenOk(state, token)) return fail(errors.invalidToken());
  delete params.access_token;

  const write = method !== 'GET';
  const { perUser, perAccount } = state.faults.budget;
  const verdict = state.scores.charge(write ? 3 : 1, { key: 'user', budget: perUser }, account ? { key: account, budget: perAccount } : null);
  if (!verdict.ok) {
    state.counters.rateLimited++;
    return fail(verdict.scope === 'account' ? errors.accountThrottled(verdict.retryAfterS) : errors.userThrottled(verdict.retryAfterS));
  }
  if (state.rollFault()) {
    state.counters.injectedErrors++;
    return fail(errors.injected());
  }

  const ctx = makeCtx(state, call.version, call.query.access_token ?? null);
  try {
    const result = dispatch(ctx, method, segs, params, call.query);
    if (write) state.countWrite(result.object ?? result.nodeId);
    usageHeaders(state, headers, account);
    return { status: 200, headers, body: result.body, account };
  } catch (e) {
    if (e instanceof GraphError) return fail(e);
    console.error('graph sandbox: unexpected error', e);
    return fail(new GraphError(500, 1, 'An unknown error occurred', { transient: true }));
  }
}

/** the node an id names, asking each area for the ids it owns */
export function findNode(ctx: Ctx, id: string): Ref | null {
  for (const area of AREAS) {
    const node = area.findNode?.(ctx, id);
    if (node) return node;
  }
  return null;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The most ids one `GET /?ids=` read takes, as on the platform. */
export const MAX_IDS = 50;

/**
 * `GET /?ids=a,b&fields=…`: several nodes in one read (every SDK class's getByIds), answered as an
 * object keyed by the ids as given. Any id that names nothing the user can see refuses the whole read
 * with the platform's #803, naming those ids.
 */
function multiRead(ctx: Ctx, params: Params): WriteResult & { nodeId: string } {
  const ids = [...new Set(listParam(params, 'ids') ?? [])];
  if (!ids.length) throw errors.missingParam('ids');
  if (ids.length > MAX_IDS) throw errors.invalidParam(`Too many IDs. Maximum: ${MAX_IDS}`);
  const fields = parseFieldsParam(params);
  const found = ids.map((id) => {
    const node = findNode(ctx, id);
    const def = node ? TYPES[node.t] : null;
    return node && def && (!def.visible || def.visible(node.o, ctx)) ? node : null;
  });
  const missing = ids.filter((_, i) => !found[i]);
  if (missing.length) throw new GraphError(400, 803, `(#803) Some of the aliases you requested do not exist: ${missing.join(',')}`);
  const body: Record<string, unknown> = {};
  ids.forEach((id, i) => { body[id] = project(ctx, found[i]!, fields); });
  return { body, nodeId: '' };
}

function dispatch(ctx: Ctx, method: string, segs: string[], params: Params, query: Params): WriteResult & { nodeId: string } {
  if (!segs.length && method === 'GET' && params.ids !== undefined) return multiRead(ctx, params);
  if (!segs.length) throw errors.unsupportedMethod(method, '/');
  const node = findNode(ctx, segs[0]!);
  const def = node ? TYPES[node.t] : null;
  if (!node || !def || (def.visible && !def.visible(node.o, ctx))) throw errors.unknownObject(segs[0]!, method);
  const nodeId = def.id(node.o);
  if (segs.length === 1) {
    if (method === 'GET' && def.rootEdge) {
      return { body: listEdge(ctx, node, def.rootEdge(params), params, parseFieldsParam(params), { nested: false, query, path: segs[0]! }), nodeId };
    }
    if (method === 'GET') return { body: project(ctx, node, parseFieldsParam(params)), nodeId };
    const op = method === 'POST' ? def.update : def.remove;
    if (!op) throw errors.unknownObject(segs[0]!, method);
    return { ...op(node.o, params, ctx), nodeId };
  }
  if (segs.length > 2) throw errors.unknownPath(segs.slice(1).join('/'));
  const edgeName = segs[1]!;
  const edge = Object.hasOwn(def.edges, edgeName) ? def.edges[edgeName] : undefined;
  if (!edge) throw errors.unknownPath(edgeName);
  if (method === 'GET') {
    if (!edge.list) throw errors.unsupportedMethod(method, edgeName);
    const fields = parseFieldsParam(params);
    return { body: listEdge(ctx, node, edgeName, params, fields, { nested: false, query, path: `${nodeId}/${edgeName}` }), nodeId };
  }
  const op = method === 'POST' ? edge.create : edge.remove;
  if (!op) throw errors.unsupportedMethod(method, edgeName);
  return { ...op(node.o, params, ctx), nodeId };
}

/** X-App-Usage on every reply; X-Business-Use-Case-Usage on account-scoped ones */
export function usageHeaders(state: SandboxState, headers: Record<string, string>, account: string | null | string[]): void {
  const { perUser, perAccount } = state.faults.budget;
  const u = state.scores.usage('user', perUser);
  headers['x-app-usage'] = JSON.stringify({ call_count: u.pct, total_cputime: Math.round(u.pct / 4), total_time: Math.round(u.pct / 2) });
  const accounts = account === null ? [] : Array.isArray(account) ? account : [account];
  if (!accounts.length) return;
  const buc: Record<string, unknown[]> = {};
  for (const id of accounts) {
    const a = state.scores.usage(id, perAccount);
    buc[id.replace(/^act_/, '')] = [{
      type: 'ads_management',
      call_count: a.pct,
      total_cputime: Math.round(a.pct / 4),
      total_time: Math.round(a.pct / 2),
      estimated_time_to_regain_access: Math.ceil(a.blockedForS / 60),
    }];
  }
  headers['x-business-use-case-usage'] = JSON.stringify(buc);
}
