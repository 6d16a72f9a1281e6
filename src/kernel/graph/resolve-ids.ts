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
 * How an operator may paste an id of one object kind, as data (docs/PLUGINS.md, "Ids an operator
 * pastes"; schemas/plugin.schema.json, `$defs.paste`): declared by the plugin that owns the kind, in
 * its manifest (`objects[].paste`), read by src/kernel/platform/pasted.ts. The id's digits are always accepted.
 */
export interface PasteDeclaration {
  /** Key prefix, in the declaring plugin's locale files, of the kind's words: `<words>.kind` (the picker's plural), `.accepts`, `.entry`, `.link`. */
  words: string;
  /** The word the platform writes before the id (`act_`): accepted pasted (any case) and in a link's parameter; the Graph node is named with it. */
  prefix?: string;
  /** `main`: links on the main site only (facebook.com, www., m., web.); else facebook.com or any sub-domain. */
  hosts?: 'main';
  /** Query parameters that carry the id, tried in order. */
  params?: string[];
  /** Link path patterns that carry the id (`/profile.php?id={id}`; their syntax: schemas/plugin.schema.json, `$defs.pastePaths`), on any host the kind takes. */
  paths?: string[];
  /** Path patterns read only on the main site's hosts, after `paths`. */
  mainSitePaths?: string[];
  /** A user name (alone, or a main-site link `/<name>`) is looked up through the platform's router. */
  userName?: boolean;
}

/** The declared kinds by name, with the plugin that declares each (generated: src/generated/id-kinds.js). */
export type IdKindDeclarations = Record<string, PasteDeclaration & { plugin: string }>;

export interface ResolveOptions { signal?: AbortSignal; sleep?: Sleep; onChunk?: (done: number, total: number) => void }

/**
 * Routes (`/alice.b`, `/profile.php?id=…`) to the ids the platform's router names for them, asked in
 * batches of 10 with a pause between two; a route that names nothing maps to undefined.
 */
export async function resolveRoutes(bridge: Bridge, routes: readonly string[], o: ResolveOptions = {}): Promise<Map<string, string | undefined>> {
  const out = new Map<string, string | undefined>();
  const pending = [...new Set(routes)];
  for (let start = 0; start < pending.length; start += ROUTE_BATCH) {
    if (start > 0) await (o.sleep ?? defaultSleep)(PAUSE_MS, o.signal);
    const chunk = pending.slice(start, start + ROUTE_BATCH);
    const ids = await askRoutes(bridge, chunk, o.signal);
    for (const route of chunk) out.set(route, ids.get(route));
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
