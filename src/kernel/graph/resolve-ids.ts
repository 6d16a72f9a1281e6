import type { Bridge } from '../bridge/bridge';
import { toGraphError } from '../bridge/bridge';
import { sleep as defaultSleep, type Sleep } from './sleep';

/** Entries per bulk-route-definitions request (docs/SPEC.md section 12: batches of 10). */
export const ROUTE_BATCH = 10;
/** Pause between two route requests, like the batch helper's. */
const PAUSE_MS = 300;

/** The platform's main host and the aliases a pasted link may carry (docs/SPEC.md section 12). */
export const MAIN_HOSTS: readonly string[] = ['www.facebook.com', 'facebook.com', 'm.facebook.com', 'web.facebook.com'];
const ROUTES_URL = 'https://www.facebook.com/ajax/bulk-route-definitions/';

/** A code (vanity name) as the platform allows it in a link. */
export const CODE = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * The route of an entry for bulk-route-definitions: `/alice.b` for a code, the path (and `?id=` of
 * profile.php) of a link on a main host; null for an entry that is already an id (digits) or is
 * not a link or code at all. Callers check links with `classifyEntries` first.
 */
export function routeOf(entry: string): string | null {
  if (/^\d+$/.test(entry)) return null;
  if (CODE.test(entry)) return `/${entry}`;
  let url: URL;
  try { url = new URL(entry); } catch { return null; }
  if (url.protocol !== 'https:' || !MAIN_HOSTS.includes(url.hostname)) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const id = url.searchParams.get('id');
  return path === '/profile.php' && id ? `/profile.php?id=${id}` : path;
}

export interface ResolveOptions { signal?: AbortSignal; sleep?: Sleep; onChunk?: (done: number, total: number) => void }

/**
 * User ids or profile/page links and codes to ids: digits are an id already; every other entry is
 * asked of bulk-route-definitions (the web client's router) in batches of 10. An entry the platform
 * names no id for maps to undefined — the caller lists it and never sends it.
 */
export async function resolveIds(bridge: Bridge, entries: readonly string[], o: ResolveOptions = {}): Promise<Map<string, string | undefined>> {
  const out = new Map<string, string | undefined>();
  const routes = new Map<string, string[]>();
  for (const entry of entries) {
    if (/^\d+$/.test(entry)) { out.set(entry, entry); continue; }
    const route = routeOf(entry);
    if (!route) { out.set(entry, undefined); continue; }
    routes.set(route, [...(routes.get(route) ?? []), entry]);
  }
  const pending = [...routes.keys()];
  for (let start = 0; start < pending.length; start += ROUTE_BATCH) {
    if (start > 0) await (o.sleep ?? defaultSleep)(PAUSE_MS, o.signal);
    const chunk = pending.slice(start, start + ROUTE_BATCH);
    const ids = await askRoutes(bridge, chunk, o.signal);
    for (const route of chunk) for (const entry of routes.get(route)!) out.set(entry, ids.get(route));
    o.onChunk?.(Math.min(start + ROUTE_BATCH, pending.length), pending.length);
  }
  return out;
}

async function askRoutes(bridge: Bridge, routes: readonly string[], signal?: AbortSignal): Promise<Map<string, string | undefined>> {
  const form = new URLSearchParams();
  routes.forEach((r, i) => form.set(`route_urls[${i}]`, r));
  form.set('routing_namespace', 'fb_comet');
  form.set('__a', '1');
  // Operator text is URL-encoded above, so it can never carry an executor placeholder.
  const body = `${form.toString()}&__user={{user_id}}&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}`;
  const response = await bridge.send(ROUTES_URL, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }, { signal, responseType: 'text' });
  if (!response.ok) throw toGraphError(response);
  return parseRoutes(response.body);
}

/** `for (;;);{payload:{payloads:{<route>:{result:{exports:{rootView:{props:{userID}}}}}}}}` → route → id. */
export function parseRoutes(body: unknown): Map<string, string | undefined> {
  let json: unknown = body;
  if (typeof body === 'string') {
    try { json = JSON.parse(body.replace(/^for \(;;\);/, '')); } catch { json = null; }
  }
  const payloads = (json as { payload?: { payloads?: Record<string, unknown> } } | null)?.payload?.payloads ?? {};
  const out = new Map<string, string | undefined>();
  for (const [route, entry] of Object.entries(payloads)) {
    const props = (entry as { result?: { exports?: { rootView?: { props?: Record<string, unknown> } } } } | null)?.result?.exports?.rootView?.props ?? {};
    const id = props.userID ?? props.pageID;
    out.set(route, typeof id === 'string' && /^\d+$/.test(id) ? id : undefined);
  }
  return out;
}
