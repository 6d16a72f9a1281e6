// POST www.facebook.com/ajax/bulk-route-definitions/: the web client's router, which the kernel's id
// resolver asks what a profile or page link (or a bare code) names. Answers each route with the id
// of the profile or page it names, or no id; at most 10 routes per request, like the platform's batches.
import { errors } from '../errors';
import { findNode } from '../graph/dispatch';
import type { Ctx } from '../graph/core';
import type { WebRequest } from '../area';
import { formReply, type WebReply } from './reply';

export const ROUTE_LIMIT = 10;

export function bulkRouteDefinitions(ctx: Ctx, req: WebRequest): WebReply {
  let routes: unknown;
  try { routes = JSON.parse(req.body.route_urls ?? req.query.route_urls ?? 'null'); } catch { routes = null; }
  if (!Array.isArray(routes) || !routes.length) throw errors.missingParam('route_urls');
  if (routes.length > ROUTE_LIMIT) throw errors.invalidParam(`route_urls: at most ${ROUTE_LIMIT} routes per request`);
  const payloads: Record<string, unknown> = {};
  for (const route of routes.map(String)) {
    const id = routeTarget(ctx, route);
    payloads[route] = {
      error: false,
      result: { type: 'route_definition', exports: { rootView: { props: id ? { userID: id } : {} }, meta: { title: id ? '' : 'Page not found' } } },
    };
  }
  return formReply({ payloads });
}

/** `/<digits>`, `/profile.php?id=<digits>`, `/people/<name>/<digits>` or `/<username>` → the id of a user or page that exists. */
function routeTarget(ctx: Ctx, route: string): string | undefined {
  let url: URL;
  try { url = new URL(route, 'https://www.facebook.com'); } catch { return undefined; }
  const segs = url.pathname.split('/').filter(Boolean);
  let candidate: string | undefined;
  if (segs[0] === 'profile.php') candidate = url.searchParams.get('id') ?? undefined;
  else if (segs[0] === 'people' && segs.length >= 3) candidate = segs[2];
  else if (segs.length === 1) candidate = segs[0];
  if (!candidate) return undefined;
  if (/^\d+$/.test(candidate)) {
    const node = findNode(ctx, candidate);
    return node && (node.t === 'user' || node.t === 'page') ? candidate : undefined;
  }
  const name = candidate.toLowerCase();
  for (const u of ctx.data.users.values()) if (u.username.toLowerCase() === name) return u.id;
  for (const p of ctx.data.pageList) if (!p.deleted && p.username?.toLowerCase() === name) return p.id;
  return undefined;
}
