// The web side of the platform (any host but graph): the GraphQL form post and the web forms and
// pages the areas add. Reached as S/__web/<host>/<path>. Errors use the Graph codes of
// docs/INTERFACES.md section 6 (17 rate limit, 190 session, 2 transient) so one classifier serves REST and web.
import { WEB_HOSTS } from '../constants';
import { GraphError, errors } from '../errors';
import { makeCtx, usageHeaders } from '../graph/dispatch';
import type { SandboxState } from '../state';
import type { WebRequest } from '../area';
import { AREAS } from '../areas';
import { graphqlError, isMutation, runGraphql } from './graphql';
import { bulkRouteDefinitions } from './routes';
import { HTML_TYPE, JSON_TYPE, JS_TYPE, formError, htmlPage, escapeHtml, notFound, type WebReply } from './reply';

export type { WebRequest } from '../area';
export type { WebReply } from './reply';

type Route = {
  method: string;
  path: RegExp;
  kind: 'graphql' | 'form' | 'page';
  write: (state: SandboxState, req: WebRequest) => boolean;
  run: (state: SandboxState, req: WebRequest) => WebReply & { object?: string };
};

let routes: Route[] | null = null;

function routeTable(): Route[] {
  routes ??= [
    {
      method: 'POST', path: /^\/api\/graphql\/?$/, kind: 'graphql',
      write: (s, r) => isMutation(s, r.body.doc_id),
      run: (s, r) => runGraphql(makeCtx(s, null, null), r.body),
    },
    {
      method: 'POST', path: /^\/ajax\/bulk-route-definitions\/?$/, kind: 'form',
      write: () => false,
      run: (s, r) => bulkRouteDefinitions(makeCtx(s, null, null), r),
    },
    ...AREAS.flatMap((area) => (area.web ?? []).map((w): Route => ({
      method: w.method, path: w.path, kind: w.kind, write: () => !!w.write, run: (s, r) => w.run(makeCtx(s, null, null), r),
    }))),
  ];
  return routes;
}

export function handleWeb(state: SandboxState, req: WebRequest): WebReply {
  if (!(WEB_HOSTS as readonly string[]).includes(req.host)) return notFound();
  const route = routeTable().find((r) => r.method === req.method && r.path.test(req.path));
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
