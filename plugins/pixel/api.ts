/**
 * Requests of the pixel area (docs/SPEC.md section 14; docs/PLATFORM.md section 10.1), as pure
 * functions of a Bridge: the list loader, the detail panel and the bulk actions share them.
 */
import {
  asAccountDigits, asBusiness, asNode, asPixel, expectRows, followNextLinks, readAll, webForm, type Bridge, type CallOptions, type Shape,
} from '@kernel';

/**
 * The fields the area relies on in a reply (src/kernel/platform/shape.ts), checked where each read
 * lands: a reply without them is "reply changed" for the call family named, never rows of empty cells.
 */
const check = <T>(family: string, rows: readonly unknown[], shape: Shape): T[] => expectRows<T>(family, rows, shape);
/** A data source of `me/signals` (the owner and relation businesses are left out when there are none). */
export const DATA_SOURCE_SHAPE: Shape = { id: 'string', name: 'string', type: 'string?', business: 'object?', relation_business: 'object?', creation_time: 'string?', last_fired_time: 'string?', is_unavailable: 'boolean?' };

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

export interface SignalsPage { data_sources: unknown[]; pixel_cursor_key: string | null }

/** One page of `me/signals` for a business. */
export async function signalsPage(bridge: Bridge, businessId: string, cursor: string | null, o: CallOptions & { limit?: number } = {}): Promise<SignalsPage> {
  const payload = await webForm(bridge, { url: SIGNALS_URL, method: 'GET', fields: { business_id: asBusiness(businessId), pixel_cursor_key: cursor ?? undefined, limit: o.limit }, signal: o.signal });
  return {
    data_sources: check('pixel.signals', Array.isArray(payload.data_sources) ? payload.data_sources : [], DATA_SOURCE_SHAPE),
    pixel_cursor_key: typeof payload.pixel_cursor_key === 'string' ? payload.pixel_cursor_key : null,
  };
}

/** `POST events_manager/dataset/create` (business_id, name) → the new dataset's id. */
export async function createDataset(bridge: Bridge, businessId: string, name: string, o: CallOptions = {}): Promise<{ id: string; name: string }> {
  const payload = await webForm(bridge, { url: DATASET_CREATE_URL, fields: { business_id: asBusiness(businessId), name }, signal: o.signal });
  return { id: String(payload.id ?? ''), name: typeof payload.name === 'string' ? payload.name : name };
}

export type FromType = 'pixel' | 'events-dataset-new';
export type ToType = 'ad-account' | 'user' | 'brand';
export interface Connection { business_id: string; from_id: string; from_asset_type: FromType; to_id: string; to_asset_type: ToType }

/** Adds or removes one connection: `POST objects/connections/add|remove`. */
export async function changeConnection(bridge: Bridge, add: boolean, c: Connection, o: CallOptions = {}): Promise<{ from_id: string; to_id: string; status: string }> {
  const payload = await webForm(bridge, { url: add ? CONNECTIONS_URL.add : CONNECTIONS_URL.remove, fields: {
    business_id: asBusiness(c.business_id), from_id: asPixel(c.from_id), from_asset_type: c.from_asset_type,
    to_id: c.to_asset_type === 'ad-account' ? asAccountDigits(c.to_id) : c.to_id, to_asset_type: c.to_asset_type,
  }, signal: o.signal });
  return { from_id: String(payload.from_id ?? c.from_id), to_id: String(payload.to_id ?? c.to_id), status: String(payload.status ?? '') };
}

// ---------------------------------------------------------------------------------------------
// Graph reads

export interface MyBusiness { id: string; name: string }

/** The operator's businesses (the list asks `me/signals` for each). */
export async function myBusinesses(bridge: Bridge, o: CallOptions & { limit?: number } = {}): Promise<MyBusiness[]> {
  const rows = check<{ id: string; name?: string }>('pixel.businesses', await readAll(bridge, 'me/businesses', { fields: 'id,name', limit: o.limit ?? 50 }, { max: o.limit ?? 5000, signal: o.signal }), { id: 'string', name: 'string' });
  return rows.map((b) => ({ id: String(b.id), name: b.name ?? '' }));
}

const ACCOUNT_SHAPE: Shape = { id: 'string', name: 'string', account_id: 'string?' };

export interface SharedAccount { id: string; account_id: string; name: string }

/** `GET {pixel}/shared_accounts?business=`: the ad accounts the pixel is shared with through that business. */
export async function sharedAccounts(bridge: Bridge, pixelId: string, businessId: string, o: CallOptions & { limit?: number } = {}): Promise<SharedAccount[]> {
  const rows = check<{ id: string; account_id?: string; name?: string }>('pixel.sharedAccounts', await readAll(bridge, `${asPixel(pixelId)}/shared_accounts`,
    { business: asBusiness(businessId), fields: 'id,account_id,name', limit: o.limit ?? LIST_LIMIT }, { max: o.limit ?? 5000, signal: o.signal }), ACCOUNT_SHAPE);
  return rows.map((a) => ({ id: String(a.id), account_id: String(a.account_id ?? asAccountDigits(String(a.id))), name: a.name ?? '' }));
}

/** `POST {pixel}/shared_accounts` (business, account_id). */
export async function shareToAccount(bridge: Bridge, pixelId: string, businessId: string, accountId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${asPixel(pixelId)}/shared_accounts`, params: { business: asBusiness(businessId), account_id: asAccountDigits(accountId) } }, { signal: o.signal });
}

/** `DELETE {pixel}/shared_accounts` (business, account_id): the share's inverse (docs/PLATFORM.md section 10). */
export async function unshareFromAccount(bridge: Bridge, pixelId: string, businessId: string, accountId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'DELETE', path: `${asPixel(pixelId)}/shared_accounts`, params: { business: asBusiness(businessId), account_id: asAccountDigits(accountId) } }, { signal: o.signal });
}

export interface Partner { id: string; name: string; permitted_tasks: string[] }

/** `GET {pixel}/agencies` (100): the businesses the pixel is shared with, and their tasks. */
export async function pixelPartners(bridge: Bridge, pixelId: string, o: CallOptions & { limit?: number } = {}): Promise<Partner[]> {
  const rows = check<{ id: string; name?: string; permitted_tasks?: string[] }>('pixel.partners', await readAll(bridge, `${asPixel(pixelId)}/agencies`, { fields: 'id,name,permitted_tasks', limit: o.limit ?? LIST_LIMIT }, { max: o.limit ?? LIST_LIMIT, signal: o.signal }), { id: 'string', name: 'string', permitted_tasks: 'array?' });
  return rows.map((p) => ({ id: String(p.id), name: p.name ?? '', permitted_tasks: p.permitted_tasks ?? [] }));
}

/** `POST {pixel}/agencies` (business, permitted_tasks): shares the pixel with a business. */
export async function addPartner(bridge: Bridge, pixelId: string, businessId: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${asPixel(pixelId)}/agencies`, params: { business: asBusiness(businessId), permitted_tasks: JSON.stringify(tasks) } }, { signal: o.signal });
}

/** `DELETE {pixel}/agencies` (business). */
export async function removePartner(bridge: Bridge, pixelId: string, businessId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'DELETE', path: `${asPixel(pixelId)}/agencies`, params: { business: asBusiness(businessId) } }, { signal: o.signal });
}

/** A person with tasks on the pixel; `backing_user_type` is the kind the detail panel shows (USER for a business user). */
export interface PixelAdmin { id: string; name: string; backing_user_type: 'USER' | 'SYSTEM_USER'; tasks: string[] }

/**
 * `GET {pixel}/assigned_users?business=` (100): the platform's AssignedUser rows — `id` is the
 * business-user (or system-user) id, `user_type` BUSINESS_USER or SYSTEM_USER (docs/SDK.md).
 */
export async function assignedUsers(bridge: Bridge, pixelId: string, businessId: string, o: CallOptions = {}): Promise<PixelAdmin[]> {
  const rows = check<{ id: string; name?: string; tasks?: string[]; user_type?: string }>('pixel.assignedUsers', await readAll(bridge, `${asPixel(pixelId)}/assigned_users`,
    { business: asBusiness(businessId), fields: 'id,name,tasks,user_type', limit: LIST_LIMIT }, { max: LIST_LIMIT, signal: o.signal }), { id: 'string', name: 'string?', tasks: 'array?', user_type: 'string?' });
  return rows.map((u) => ({ id: String(u.id), name: u.name ?? '', backing_user_type: u.user_type === 'SYSTEM_USER' ? 'SYSTEM_USER' : 'USER', tasks: u.tasks ?? [] }));
}

/** `POST {pixel}/assigned_users` (user: a business-user or system-user id, tasks, business). */
export async function assignUser(bridge: Bridge, pixelId: string, businessId: string, userId: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: `${asPixel(pixelId)}/assigned_users`, params: { user: asNode(userId, 'business user'), tasks: JSON.stringify(tasks), business: asBusiness(businessId) } }, { signal: o.signal });
}

/** `DELETE {pixel}/assigned_users` (user, business). */
export async function unassignUser(bridge: Bridge, pixelId: string, businessId: string, userId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'DELETE', path: `${asPixel(pixelId)}/assigned_users`, params: { user: asNode(userId, 'business user'), business: asBusiness(businessId) } }, { signal: o.signal });
}

export interface PermissibleAccount { id: string; account_id: string; name: string; relationship: 'OWNED' | 'CLIENT' }

/** The ad accounts the business can share the pixel to: its owned and client accounts, 100 each. */
export async function permissibleAccounts(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<PermissibleAccount[]> {
  const id = asBusiness(businessId);
  const read = async (edge: string) => check<{ id: string; account_id?: string; name?: string }>('pixel.permissibleAccounts', await readAll(bridge, `${id}/${edge}`, { fields: 'id,account_id,name', limit: LIST_LIMIT }, { max: LIST_LIMIT, signal: o.signal }), ACCOUNT_SHAPE);
  const owned = await read('owned_ad_accounts');
  const client = await read('client_ad_accounts');
  const seen = new Set<string>();
  return [...owned.map((a) => ({ a, r: 'OWNED' as const })), ...client.map((a) => ({ a, r: 'CLIENT' as const }))].flatMap(({ a, r }) => {
    if (seen.has(String(a.id))) return [];
    seen.add(String(a.id));
    return [{ id: String(a.id), account_id: String(a.account_id ?? asAccountDigits(String(a.id))), name: a.name ?? '', relationship: r }];
  });
}

export interface Candidate { id: string; name: string; backing_user_type: 'USER' | 'SYSTEM_USER' | 'PENDING'; role: string }

/**
 * The people who may be made pixel admins: business users (100), system users (25) and pending
 * invitations (25; an invitee's name is the e-mail, docs/SPEC.md section 10).
 */
export async function adminCandidates(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<Candidate[]> {
  const id = asBusiness(businessId);
  const users = check<{ id: string; name?: string; email?: string; role?: string }>('pixel.candidates', await readAll(bridge, `${id}/business_users`, { fields: 'id,name,email,role', limit: LIST_LIMIT }, { max: LIST_LIMIT, signal: o.signal }), { id: 'string', name: 'string', email: 'string?', role: 'string?' });
  const system = check<{ id: string; name?: string; role?: string }>('pixel.candidates', await readAll(bridge, `${id}/system_users`, { fields: 'id,name,role', limit: SMALL_LIST_LIMIT }, { max: SMALL_LIST_LIMIT, signal: o.signal }), { id: 'string', name: 'string', role: 'string?' });
  const pending = check<{ id: string; email?: string; role?: string }>('pixel.candidates', await readAll(bridge, `${id}/pending_users`, { fields: 'id,email,role', limit: SMALL_LIST_LIMIT }, { max: SMALL_LIST_LIMIT, signal: o.signal }), { id: 'string', email: 'string', role: 'string?' });
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
  for await (const page of followNextLinks<{ id: string; name?: string }>(bridge, `${asBusiness(businessId)}/adspixels`,
    { fields: 'id,name', search_query: query, limit: SEARCH_PAGE }, { signal: o.signal, maxPages: o.maxPages ?? 1 })) {
    rows.push(...check<{ id: string; name?: string }>('pixel.search', page, { id: 'string', name: 'string' }).map((p) => ({ id: String(p.id), name: p.name ?? '' })));
  }
  return rows;
}

/** The pixel whose name is exactly `name` (docs/SPEC.md section 12); null when none is. */
export async function pixelIdByName(bridge: Bridge, businessId: string, name: string, o: CallOptions = {}): Promise<string | null> {
  const found = await searchAssets(bridge, businessId, name, { ...o, maxPages: SEARCH_MAX_PAGES });
  return found.find((p) => p.name === name)?.id ?? null;
}
