/**
 * Requests of the pixel area (docs/SPEC.md section 14; docs/PLATFORM.md section 10.1), as pure
 * functions of a Bridge: the list loader, the detail panel and the bulk actions share them.
 */
import { encodeParams, extractErrorMessage, followNextLinks, GraphError, type Bridge } from '@kernel';

export interface CallOptions { signal?: AbortSignal }

export const WEB_HOST = 'business.facebook.com';
/** The list by business (a web call with the platform's cursor key, docs/PLATFORM.md section 10.1). */
export const SIGNALS_URL = `https://${WEB_HOST}/me/signals`;
export const DATASET_CREATE_URL = `https://${WEB_HOST}/events_manager/dataset/create/`;
export const CONNECTIONS_URL = { add: `https://${WEB_HOST}/objects/connections/add/`, remove: `https://${WEB_HOST}/objects/connections/remove/` } as const;

/** Lists of one pixel: 100 each; system users and pending invitations 25 (docs/SPEC.md section 14). */
export const LIST_LIMIT = 100;
export const SMALL_LIST_LIMIT = 25;
/** Asset search: 20 a page (docs/SPEC.md section 14). */
export const SEARCH_PAGE = 20;
/** How many search pages the exact-name lookup reads at most (docs/PLATFORM.md section 10.1). */
export const SEARCH_MAX_PAGES = 25;

/** The platform's five pixel tasks and the four the product grants (docs/PLATFORM.md section 10.1). */
export const PIXEL_TASKS = ['ANALYZE', 'ADVERTISE', 'EDIT', 'UPLOAD', 'AA_ANALYZE'] as const;
export const DEFAULT_TASKS = ['ANALYZE', 'ADVERTISE', 'EDIT', 'UPLOAD'] as const;
/** What a business gets when a pixel is shared to it so it can share the pixel on (docs/PLATFORM.md section 10.1). */
export const AGENCY_TASKS = ['ANALYZE', 'ADVERTISE'] as const;

/** A pixel, business or business-user id is digits: anything else is refused before a path is built. */
export function nodeId(id: string, what = 'pixel'): string {
  if (!/^\d{1,20}$/.test(id)) throw new GraphError(`not a ${what} id: ${id}`, 0);
  return id;
}
/** An ad account id as its digits (`act_` dropped). */
export const accountDigits = (id: string) => id.replace(/^act_/, '');

// ---------------------------------------------------------------------------------------------
// web forms

/** A web form reply: `for (;;);` then JSON; its `payload` or its error. */
export function parseFormReply(text: string): { payload: Record<string, unknown> | null; error: string | null; code?: number } {
  let json: { payload?: unknown; error?: unknown } | null = null;
  try { json = JSON.parse(text.replace(/^\s*for \(;;\);/, '')); } catch { json = null; }
  if (!json || typeof json !== 'object') return { payload: null, error: 'Unknown error' };
  if (json.error !== undefined && json.error !== null && json.error !== 0) {
    return { payload: null, error: extractErrorMessage(json) ?? `error ${String(json.error)}`, code: typeof json.error === 'number' ? json.error : undefined };
  }
  return { payload: json.payload && typeof json.payload === 'object' ? json.payload as Record<string, unknown> : null, error: null };
}

async function webForm(bridge: Bridge, url: string, method: 'GET' | 'POST', fields: Record<string, string | number | undefined>, o: CallOptions): Promise<Record<string, unknown>> {
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  const response = method === 'GET'
    ? await bridge.send(`${url}?${encodeParams({ ...clean, __a: 1 })}`, { method: 'GET' }, { signal: o.signal, responseType: 'text' })
    : await bridge.send(url, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-fb-lsd': '{{lsd}}' },
      body: `${encodeParams({ ...clean, __a: 1 })}&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&__user={{user_id}}`,
    }, { signal: o.signal, responseType: 'text' });
  if (!response.ok && response.status === 0 && response.error) throw new GraphError(response.error, 0, undefined, undefined, !response.error.startsWith('refused'), response.headers);
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? null);
  const { payload, error, code } = parseFormReply(text);
  if (!response.ok || error || !payload) {
    throw new GraphError(error ?? `HTTP ${response.status}`, response.status, code, undefined, response.status >= 500, response.headers, text);
  }
  return payload;
}

export interface SignalsPage { data_sources: unknown[]; pixel_cursor_key: string | null }

/** One page of `me/signals` for a business. */
export async function signalsPage(bridge: Bridge, businessId: string, cursor: string | null, o: CallOptions & { limit?: number } = {}): Promise<SignalsPage> {
  const payload = await webForm(bridge, SIGNALS_URL, 'GET', { business_id: nodeId(businessId, 'business'), pixel_cursor_key: cursor ?? undefined, limit: o.limit }, o);
  return {
    data_sources: Array.isArray(payload.data_sources) ? payload.data_sources : [],
    pixel_cursor_key: typeof payload.pixel_cursor_key === 'string' ? payload.pixel_cursor_key : null,
  };
}

/** `POST events_manager/dataset/create` (business_id, name) → the new dataset's id. */
export async function createDataset(bridge: Bridge, businessId: string, name: string, o: CallOptions = {}): Promise<{ id: string; name: string }> {
  const payload = await webForm(bridge, DATASET_CREATE_URL, 'POST', { business_id: nodeId(businessId, 'business'), name }, o);
  return { id: String(payload.id ?? ''), name: typeof payload.name === 'string' ? payload.name : name };
}

export type FromType = 'pixel' | 'events-dataset-new';
export type ToType = 'ad-account' | 'user' | 'brand';
export interface Connection { business_id: string; from_id: string; from_asset_type: FromType; to_id: string; to_asset_type: ToType }

/** Adds or removes one connection: `POST objects/connections/add|remove`. */
export async function changeConnection(bridge: Bridge, add: boolean, c: Connection, o: CallOptions = {}): Promise<{ from_id: string; to_id: string; status: string }> {
  const payload = await webForm(bridge, add ? CONNECTIONS_URL.add : CONNECTIONS_URL.remove, 'POST', {
    business_id: nodeId(c.business_id, 'business'), from_id: nodeId(c.from_id), from_asset_type: c.from_asset_type,
    to_id: c.to_asset_type === 'ad-account' ? accountDigits(c.to_id) : c.to_id, to_asset_type: c.to_asset_type,
  }, o);
  return { from_id: String(payload.from_id ?? c.from_id), to_id: String(payload.to_id ?? c.to_id), status: String(payload.status ?? '') };
}

// ---------------------------------------------------------------------------------------------
// Graph reads

async function readAll<T>(bridge: Bridge, path: string, params: Record<string, string | number>, max: number, o: CallOptions): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of followNextLinks<T>(bridge, path, params, { signal: o.signal })) {
    rows.push(...page);
    if (rows.length >= max) break;
  }
  return rows.slice(0, max);
}

export interface MyBusiness { id: string; name: string }

/** The operator's businesses (the list asks `me/signals` for each). */
export async function myBusinesses(bridge: Bridge, o: CallOptions = {}): Promise<MyBusiness[]> {
  const rows = await readAll<{ id: string; name?: string }>(bridge, 'me/businesses', { fields: 'id,name', limit: 50 }, 5000, o);
  return rows.map((b) => ({ id: String(b.id), name: b.name ?? '' }));
}

export interface SharedAccount { id: string; account_id: string; name: string }

/** `GET {pixel}/shared_accounts?business=`: the ad accounts the pixel is shared with through that business. */
export async function sharedAccounts(bridge: Bridge, pixelId: string, businessId: string, o: CallOptions = {}): Promise<SharedAccount[]> {
  const rows = await readAll<{ id: string; account_id?: string; name?: string }>(bridge, `${nodeId(pixelId)}/shared_accounts`,
    { business: nodeId(businessId, 'business'), fields: 'id,account_id,name', limit: LIST_LIMIT }, 5000, o);
  return rows.map((a) => ({ id: String(a.id), account_id: String(a.account_id ?? accountDigits(String(a.id))), name: a.name ?? '' }));
}

/** `POST {pixel}/shared_accounts` (business, account_id). */
export async function shareToAccount(bridge: Bridge, pixelId: string, businessId: string, accountId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${nodeId(pixelId)}/shared_accounts`, params: { business: nodeId(businessId, 'business'), account_id: nodeId(accountDigits(accountId), 'ad account') } }, { signal: o.signal });
}

export interface Partner { id: string; name: string; permitted_tasks: string[] }

/** `GET {pixel}/agencies` (100): the businesses the pixel is shared with, and their tasks. */
export async function pixelPartners(bridge: Bridge, pixelId: string, o: CallOptions = {}): Promise<Partner[]> {
  const rows = await readAll<{ id: string; name?: string; permitted_tasks?: string[] }>(bridge, `${nodeId(pixelId)}/agencies`, { fields: 'id,name,permitted_tasks', limit: LIST_LIMIT }, LIST_LIMIT, o);
  return rows.map((p) => ({ id: String(p.id), name: p.name ?? '', permitted_tasks: p.permitted_tasks ?? [] }));
}

/** `POST {pixel}/agencies` (business, permitted_tasks): shares the pixel with a business. */
export async function addPartner(bridge: Bridge, pixelId: string, businessId: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${nodeId(pixelId)}/agencies`, params: { business: nodeId(businessId, 'business'), permitted_tasks: JSON.stringify(tasks) } }, { signal: o.signal });
}

/** `DELETE {pixel}/agencies` (business). */
export async function removePartner(bridge: Bridge, pixelId: string, businessId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'DELETE', path: `${nodeId(pixelId)}/agencies`, params: { business: nodeId(businessId, 'business') } }, { signal: o.signal });
}

export interface PixelAdmin { id: string; name: string; backing_user_type: string; tasks: string[] }

/** `GET {pixel}/assigned_users?business=` (100). */
export async function assignedUsers(bridge: Bridge, pixelId: string, businessId: string, o: CallOptions = {}): Promise<PixelAdmin[]> {
  const rows = await readAll<{ id: string; name?: string; tasks?: string[]; backing_user_type?: string }>(bridge, `${nodeId(pixelId)}/assigned_users`,
    { business: nodeId(businessId, 'business'), fields: 'id,name,tasks,backing_user_type', limit: LIST_LIMIT }, LIST_LIMIT, o);
  return rows.map((u) => ({ id: String(u.id), name: u.name ?? '', backing_user_type: u.backing_user_type ?? 'USER', tasks: u.tasks ?? [] }));
}

/** `POST {pixel}/assigned_users` (user, tasks, business). */
export async function assignUser(bridge: Bridge, pixelId: string, businessId: string, userId: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${nodeId(pixelId)}/assigned_users`, params: { user: nodeId(userId, 'user'), tasks: JSON.stringify(tasks), business: nodeId(businessId, 'business') } }, { signal: o.signal });
}

/** `DELETE {pixel}/assigned_users` (user, business). */
export async function unassignUser(bridge: Bridge, pixelId: string, businessId: string, userId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'DELETE', path: `${nodeId(pixelId)}/assigned_users`, params: { user: nodeId(userId, 'user'), business: nodeId(businessId, 'business') } }, { signal: o.signal });
}

export interface PermissibleAccount { id: string; account_id: string; name: string; relationship: 'OWNED' | 'CLIENT' }

/** The ad accounts the business can share the pixel to: its owned and client accounts, 100 each. */
export async function permissibleAccounts(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<PermissibleAccount[]> {
  const id = nodeId(businessId, 'business');
  const read = (edge: string) => readAll<{ id: string; account_id?: string; name?: string }>(bridge, `${id}/${edge}`, { fields: 'id,account_id,name', limit: LIST_LIMIT }, LIST_LIMIT, o);
  const owned = await read('owned_ad_accounts');
  const client = await read('client_ad_accounts');
  const seen = new Set<string>();
  return [...owned.map((a) => ({ a, r: 'OWNED' as const })), ...client.map((a) => ({ a, r: 'CLIENT' as const }))].flatMap(({ a, r }) => {
    if (seen.has(String(a.id))) return [];
    seen.add(String(a.id));
    return [{ id: String(a.id), account_id: String(a.account_id ?? accountDigits(String(a.id))), name: a.name ?? '', relationship: r }];
  });
}

export interface Candidate { id: string; name: string; backing_user_type: 'USER' | 'SYSTEM_USER' | 'PENDING'; role: string }

/**
 * The people who may be made pixel admins: business users (100), system users (25) and pending
 * invitations (25; an invitee's name is the e-mail, docs/SPEC.md section 10).
 */
export async function adminCandidates(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<Candidate[]> {
  const id = nodeId(businessId, 'business');
  const users = await readAll<{ id: string; name?: string; email?: string; role?: string }>(bridge, `${id}/business_users`, { fields: 'id,name,email,role', limit: LIST_LIMIT }, LIST_LIMIT, o);
  const system = await readAll<{ id: string; name?: string; role?: string }>(bridge, `${id}/system_users`, { fields: 'id,name,role', limit: SMALL_LIST_LIMIT }, SMALL_LIST_LIMIT, o);
  const pending = await readAll<{ id: string; email?: string; role?: string }>(bridge, `${id}/pending_users`, { fields: 'id,email,role', limit: SMALL_LIST_LIMIT }, SMALL_LIST_LIMIT, o);
  return [
    ...users.map((u) => ({ id: String(u.id), name: u.name || u.email || '', backing_user_type: 'USER' as const, role: u.role ?? '' })),
    ...system.map((s) => ({ id: String(s.id), name: s.name ?? '', backing_user_type: 'SYSTEM_USER' as const, role: s.role ?? '' })),
    ...pending.map((p) => ({ id: String(p.id), name: p.email ?? '', backing_user_type: 'PENDING' as const, role: p.role ?? '' })),
  ];
}

export interface FoundAsset { id: string; name: string }

/** Asset search in a business: `{bm}/adspixels?search_query=`, 20 a page, up to `maxPages` pages. */
export async function searchAssets(bridge: Bridge, businessId: string, query: string, o: CallOptions & { maxPages?: number } = {}): Promise<FoundAsset[]> {
  const rows: FoundAsset[] = [];
  for await (const page of followNextLinks<{ id: string; name?: string }>(bridge, `${nodeId(businessId, 'business')}/adspixels`,
    { fields: 'id,name', search_query: query, limit: SEARCH_PAGE }, { signal: o.signal, maxPages: o.maxPages ?? 1 })) {
    rows.push(...page.map((p) => ({ id: String(p.id), name: p.name ?? '' })));
  }
  return rows;
}

/** The pixel whose name is exactly `name` (docs/SPEC.md section 12); null when none is. */
export async function pixelIdByName(bridge: Bridge, businessId: string, name: string, o: CallOptions = {}): Promise<string | null> {
  const found = await searchAssets(bridge, businessId, name, { ...o, maxPages: SEARCH_MAX_PAGES });
  return found.find((p) => p.name === name)?.id ?? null;
}
