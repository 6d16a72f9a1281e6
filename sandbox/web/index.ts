// The web side of the platform (any host but graph): GraphQL form posts and the business web forms
// the spec names. Reached as S/__web/<host>/<path>. Errors use the Graph codes of CONTRACT.md
// section 6 (17 rate limit, 190 session, 2 transient) so one classifier serves REST and web.
import { WEB_HOSTS } from '../constants';
import { GraphError, errors } from '../errors';
import type { Params } from '../graph/core';
import { canSeeAccount } from '../graph/access';
import { makeCtx, usageHeaders } from '../graph/dispatch';
import type { SandboxState } from '../state';
import { graphqlError, handlers } from './graphql';

export interface WebRequest {
  method: string;
  host: string;
  path: string;
  query: Params;
  body: Params;
}

export interface WebReply {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const JS_TYPE = 'application/x-javascript; charset=utf-8';

type Route = {
  method: string;
  path: RegExp;
  kind: 'graphql' | 'form' | 'page';
  write: (state: SandboxState, req: WebRequest) => boolean;
  run: (state: SandboxState, req: WebRequest) => WebReply & { object?: string };
};

const routes: Route[] = [
  { method: 'POST', path: /^\/api\/graphql\/?$/, kind: 'graphql', write: (s, r) => docOf(s, r.body.doc_id)?.kind === 'mutation', run: graphql },
  { method: 'POST', path: /^\/business\/adaccount\/limits\/?$/, kind: 'form', write: () => false, run: adAccountLimits },
  { method: 'GET', path: /^\/ads\/manager\/account_settings\/account_roles\/?$/, kind: 'page', write: () => false, run: accountRolesPage },
];

export function handleWeb(state: SandboxState, req: WebRequest): WebReply {
  if (!(WEB_HOSTS as readonly string[]).includes(req.host)) return notFound();
  const route = routes.find((r) => r.method === req.method && r.path.test(req.path));
  if (!route) return notFound();
  const headers: Record<string, string> = {};
  const fail = (e: GraphError, status = 200): WebReply => {
    Object.assign(headers, e.extra.headers ?? {});
    usageHeaders(state, headers, null);
    if (route.kind === 'graphql') return { status, headers, contentType: JSON_TYPE, body: JSON.stringify({ errors: [graphqlError(e, req.body.doc_id ?? '')], data: null }) };
    if (route.kind === 'form') return { status, headers, contentType: JS_TYPE, body: formError(e) };
    return { status: status === 200 ? e.status : status, headers, contentType: HTML_TYPE, body: htmlPage('Error', `<p>${escapeHtml(e.message)}</p>`) };
  };
  if (state.token !== null && req.method === 'POST' && req.body.fb_dtsg !== state.session.fb_dtsg) {
    return fail(new GraphError(400, 190, 'Please log in to continue.', { userTitle: 'Not logged in', userMsg: 'Your session has expired. Please log in again.' }));
  }
  const write = route.write(state, req);
  const verdict = state.scores.charge(write ? 3 : 1, { key: 'user', budget: state.faults.budget.perUser }, null);
  if (!verdict.ok) {
    state.counters.rateLimited++;
    return fail(errors.userThrottled(verdict.retryAfterS));
  }
  if (state.rollFault()) {
    state.counters.injectedErrors++;
    return fail(errors.injected(), 500);
  }
  try {
    const reply = route.run(state, req);
    if (write && reply.status === 200) state.countWrite(reply.object ?? req.host);
    usageHeaders(state, reply.headers, null);
    return reply;
  } catch (e) {
    if (e instanceof GraphError) return fail(e);
    console.error('graph sandbox: unexpected error', e);
    return fail(new GraphError(500, 1, 'An unknown error occurred', { transient: true }), 500);
  }
}

function docOf(state: SandboxState, docId: string | undefined) {
  return docId && Object.hasOwn(state.catalogue.docs, docId) ? state.catalogue.docs[docId] : undefined;
}

function graphql(state: SandboxState, req: WebRequest): WebReply & { object?: string } {
  const docId = req.body.doc_id;
  const doc = docOf(state, docId);
  if (!doc) throw new GraphError(400, 100, `(#100) Unknown doc_id: ${docId ?? '(none)'}`);
  const handler = Object.hasOwn(handlers, doc.handler) ? handlers[doc.handler] : undefined;
  if (!handler) throw new GraphError(500, 1, `The catalogue names an unknown handler: ${doc.handler}`);
  let vars: Record<string, unknown> = {};
  if (req.body.variables) {
    try {
      const v = JSON.parse(req.body.variables) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) vars = v as Record<string, unknown>;
      else throw new Error();
    } catch {
      throw errors.invalidParam('variables must be a JSON object');
    }
  }
  const input = vars.input && typeof vars.input === 'object' && !Array.isArray(vars.input) ? { ...vars, ...(vars.input as Record<string, unknown>) } : vars;
  const result = handler(makeCtx(state, null, null), input);
  const body = result.more
    ? [JSON.stringify({ data: result.data }), ...result.more.map((m) => JSON.stringify(m)), JSON.stringify({ extensions: { is_final: true } })].join('\r\n')
    : JSON.stringify({ data: result.data, extensions: { is_final: true } });
  return { status: 200, headers: {}, contentType: JSON_TYPE, body, object: result.object };
}

function adAccountLimits(state: SandboxState, req: WebRequest): WebReply {
  const id = req.body.business_id ?? req.query.business_id;
  if (!id) throw errors.missingParam('business_id');
  const b = state.data.businesses.get(id);
  if (!b) throw errors.unknownObject(id, 'POST');
  return { status: 200, headers: {}, contentType: JS_TYPE, body: `for (;;);${JSON.stringify({ __ar: 1, payload: { adAccountLimit: b.ad_account_limit, businessID: b.id }, lid: lid() })}` };
}

/** the ad account's roles page: lists every user with a role, hidden ones included */
function accountRolesPage(state: SandboxState, req: WebRequest): WebReply {
  const act = req.query.act ?? '';
  const a = state.data.accounts.get(act.startsWith('act_') ? act : `act_${act}`);
  const ctx = makeCtx(state, null, null);
  if (!a || !canSeeAccount(ctx, a)) {
    return { status: 200, headers: {}, contentType: HTML_TYPE, body: htmlPage('Content not available', '<p>This content isn\'t available right now.</p>') };
  }
  const roleLabel: Record<number, string> = { 1001: 'Admin', 1002: 'Advertiser', 1003: 'Analyst' };
  const users = [...a.users, ...a.hidden].map((u) => ({
    id: u.uid, name: state.data.users.get(u.uid)?.name ?? '', role: u.role, roleLabel: roleLabel[u.role],
  }));
  const json = JSON.stringify({ require: [['AdsAccountRoles', { adAccountID: a.account_id, users }]] }).replace(/</g, '\\u003c');
  const rows = users.map((u) => `<tr data-user-id="${u.id}"><td>${escapeHtml(u.name)}</td><td>${u.roleLabel}</td></tr>`).join('');
  return {
    status: 200, headers: {}, contentType: HTML_TYPE,
    body: htmlPage('Ad account roles', `<script type="application/json" data-sjs>${json}</script><table>${rows}</table>`),
  };
}

function formError(e: GraphError): string {
  const err = e.body().error;
  return `for (;;);${JSON.stringify({
    __ar: 1, error: err.code, errorSummary: err.error_user_title ?? 'Sorry, something went wrong',
    errorDescription: err.error_user_msg ?? err.message, isNotCritical: false, payload: null, transientError: err.is_transient, lid: lid(),
  })}`;
}

function notFound(): WebReply {
  return { status: 404, headers: {}, contentType: HTML_TYPE, body: htmlPage('Page not found', '<p>This page isn\'t available.</p>') };
}

function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function lid(): string {
  return String(7_000_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));
}
