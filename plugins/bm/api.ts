/**
 * Requests of the business-manager area (docs/SPEC.md, businesses; docs/PLATFORM.md, "Business
 * managers"), as pure functions of a Bridge: the list loader, the detail panel and the bulk actions
 * share them, so what a row shows and what an action changes are read and written the same way.
 */
import {
  asAccount, asAccountDigits, asBusiness, asNode, expectObject, expectRows, graphqlOn, graphqlText, GraphError, extractErrorMessage, readAll, webForm,
  type Bridge, type CallOptions, type Shape,
} from '@kernel';

/** The platform GraphQL operations of this area, by name: their doc ids come from the document catalogue. */
export const DOCS = {
  restriction: 'BusinessRestrictionCheckQuery',
  partners: 'BusinessPartnersQuery',
  info: 'BusinessInfoQuery',
  updateInfo: 'BusinessUpdateBasicInfoMutation',
  adAccounts: 'BusinessAdAccountAssetsQuery',
  banner: 'BusinessAssetStatusBannerQuery',
  partnerAdd: 'BusinessPartnerAssetAddMutation',
  partnerValidate: 'BusinessPartnerAssetValidateQuery',
  partnerRemove: 'BusinessPartnerAssetRemoveMutation',
  userAssign: 'BusinessUserAssetAssignMutation',
  userUnassign: 'BusinessUserAssetRemoveMutation',
  connections: 'BusinessAssetConnectionsQuery',
  connectionsAdd: 'BusinessAssetConnectionsBulkAddMutation',
  connectionsRemove: 'BusinessAssetConnectionsBulkRemoveMutation',
  groupCreate: 'BusinessAssetGroupCreateMutation',
  groupList: 'BusinessAssetGroupListQuery',
  groupShare: 'BusinessAssetGroupShareAdAccountMutation',
  createPage: 'BusinessCreatePageMutation',
  removeAdAccount: 'BusinessRemoveAdAccountMutation',
  people: 'BusinessSettingsPeopleQuery',
  usersByAsset: 'BusinessUsersByAssetQuery',
} as const;

const WEB_HOST = 'business.facebook.com';
/** The web GraphQL of business.facebook.com (the kernel lifts the platform's error codes). */
const gql = graphqlOn(WEB_HOST);
const LIMITS_FORM = `https://${WEB_HOST}/business/adaccount/limits/`;
/** business_users and pending_users are read up to this many (docs/SPEC.md, businesses). */
export const USERS_LIMIT = 300;
/** Ad-account asset list: page size, page cap and the wait between pages (docs/SPEC.md section 16). */
export const ASSET_PAGE_SIZE = 200;
export const ASSET_MAX_PAGES = 200;
export const ASSET_WAIT_MS = 500;

export const BUSINESS_ROLES = ['ADMIN', 'EMPLOYEE', 'FINANCE_EDITOR', 'FINANCE_ANALYST', 'DEVELOPER', 'ADS_RIGHTS_REVIEWER'] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];
/** A business user's role when none is given (docs/SPEC.md, business user). */
export const DEFAULT_ROLE: BusinessRole = 'EMPLOYEE';


// ---------------------------------------------------------------------------------------------
// the fields the area relies on in each reply (src/kernel/platform/shape.ts): a reply without them is
// "reply changed" for the call family named first, never rows of empty cells

/** A business as `me/businesses` gives it (the list, and its re-read after a job). */
export const BUSINESS_SHAPE: Shape = {
  id: 'string', name: 'string', created_time: 'string?', verification_status: 'string?', is_disabled_for_integrity_reasons: 'boolean?',
  permitted_roles: 'array?', created_by: 'object?', owned_ad_accounts: 'object?', client_ad_accounts: 'object?', business_users: 'object?', partner_relationships: 'object?',
};
export const checkBusinesses = <T>(rows: readonly unknown[]): T[] => expectRows<T>('bm.list', rows, BUSINESS_SHAPE);

/** GraphQL nodes of a list reply, checked (an absent list is an empty one: the platform leaves empty lists out). */
function nodes<T>(family: string, list: unknown, shape: Shape): T[] {
  return expectRows<T>(family, Array.isArray(list) ? list : [], shape);
}

// ---------------------------------------------------------------------------------------------
// the business type (ad-account limit) and the restriction flag

/** "BM" and the business's ad-account limit; BM1 when the limit is unknown (docs/SPEC.md section 15). */
export function bmType(limit: unknown): string {
  const n = typeof limit === 'number' ? limit : typeof limit === 'string' && /^\d+$/.test(limit) ? Number(limit) : NaN;
  return Number.isInteger(n) && n > 0 ? `BM${n}` : 'BM1';
}

/** `POST business/adaccount/limits` (business_id) → payload.adAccountLimit. */
export async function adAccountLimit(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<number> {
  const payload = await webForm(bridge, { url: LIMITS_FORM, fields: { business_id: asBusiness(businessId) }, signal: o.signal });
  const limit = Number(payload.adAccountLimit);
  if (!Number.isFinite(limit)) throw new GraphError('no adAccountLimit in the reply', 200);
  return limit;
}

/** The business type label; BM1 when the limit form fails (docs/SPEC.md section 15). */
export async function businessType(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<string> {
  try {
    return bmType(await adAccountLimit(bridge, businessId, o));
  } catch (e) {
    if (o.signal?.aborted) throw e;
    return 'BM1';
  }
}

/** The restriction check, as the string the list keeps: "true" or "false". */
export async function restrictionOf(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<'true' | 'false'> {
  const data = await gql<{ entity?: { is_restricted?: unknown } | null }>(bridge, DOCS.restriction, { entity_id: asBusiness(businessId) }, o);
  if (data.entity) expectObject('bm.restriction', data.entity, { is_restricted: 'boolean?' });
  return data.entity?.is_restricted === true ? 'true' : 'false';
}

// ---------------------------------------------------------------------------------------------
// people

export interface BusinessUser {
  id: string;
  name: string;
  email: string;
  role: string;
  title?: string;
  two_fac_status?: string;
  pending_email?: string;
  is_two_fac_blocked?: boolean;
  was_integrity_demoted?: boolean;
  first_name?: string;
  last_name?: string;
  active_status?: string;
}
export const USER_FIELDS = 'id,name,email,role,title,active_status,two_fac_status,pending_email,is_two_fac_blocked,was_integrity_demoted,first_name,last_name';

export interface PendingUser { id: string; email: string; role: string; status: string; expiration_time?: string }

const USER_SHAPE: Shape = { id: 'string', name: 'string', email: 'string?', role: 'string?', title: 'string?', two_fac_status: 'string?' };
const PENDING_SHAPE: Shape = { id: 'string', email: 'string', role: 'string?', status: 'string?' };

/** `{bm}/business_users` (300; `limit` reads one page of that many). Hidden administrators are not in it. */
export async function listUsers(bridge: Bridge, businessId: string, o: CallOptions & { limit?: number } = {}): Promise<BusinessUser[]> {
  const rows = expectRows<Partial<BusinessUser>>('bm.users', await readAll(bridge, `${asBusiness(businessId)}/business_users`, { fields: USER_FIELDS, limit: o.limit ?? USERS_LIMIT }, { max: o.limit ?? USERS_LIMIT, signal: o.signal }), USER_SHAPE);
  return rows.map((u) => ({ ...u, id: String(u.id), name: u.name ?? '', email: u.email ?? '', role: u.role || DEFAULT_ROLE }));
}

/** `{bm}/pending_users`: invitations not yet accepted. */
export async function listPending(bridge: Bridge, businessId: string, o: CallOptions & { limit?: number } = {}): Promise<PendingUser[]> {
  const rows = expectRows<Partial<PendingUser>>('bm.pending', await readAll(bridge, `${asBusiness(businessId)}/pending_users`, { fields: 'id,email,role,status,expiration_time', limit: o.limit ?? USERS_LIMIT }, { max: o.limit ?? USERS_LIMIT, signal: o.signal }), PENDING_SHAPE);
  return rows.map((u) => ({ id: String(u.id), email: u.email ?? '', role: u.role || DEFAULT_ROLE, status: u.status ?? '', expiration_time: u.expiration_time }));
}

/** `POST {bm}/business_users` (email, role): an invitation. */
export async function inviteUser(bridge: Bridge, businessId: string, email: string, role: string, o: CallOptions = {}): Promise<string> {
  const { body } = await bridge.graph<{ id?: string }>({ method: 'POST', path: `${asBusiness(businessId)}/business_users`, params: { email, role: role || DEFAULT_ROLE } }, { signal: o.signal });
  return String(body?.id ?? '');
}

/** `DELETE {invitation}`: cancels a pending invitation (the platform's BusinessRoleRequest), by id. */
export async function cancelInvitation(bridge: Bridge, invitationId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'DELETE', path: asNode(invitationId, 'invitation') }, { signal: o.signal });
}

/** Is the address invited (pending) or already a member? */
export async function hasInviteOrMember(bridge: Bridge, businessId: string, email: string, o: CallOptions = {}): Promise<boolean> {
  const lower = email.trim().toLowerCase();
  const pending = await listPending(bridge, businessId, o);
  if (pending.some((p) => p.email.toLowerCase() === lower)) return true;
  return (await listUsers(bridge, businessId, o)).some((u) => u.email.toLowerCase() === lower);
}

/** `POST {business user}` role. */
export async function updateRole(bridge: Bridge, businessUserId: string, role: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: asNode(businessUserId, 'business user'), params: { role } }, { signal: o.signal });
}

/**
 * Removes a person: `POST {business user} method=delete`. The spec pinned this call to v19; it goes on
 * the configured version like every other call (docs/DECISIONS.md, "The Graph API version is data").
 */
export async function removeBusinessUser(bridge: Bridge, businessUserId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'POST', path: asNode(businessUserId, 'business user'), params: { method: 'delete' } }, { signal: o.signal });
}

// ---------------------------------------------------------------------------------------------
// hidden administrators (docs/PLATFORM.md, bm: how they are detected)

export interface Person { id: string; user_id: string; name: string; email: string; role: string }

/** The business settings' people list (GraphQL): everyone with a role, hidden administrators included. */
export async function settingsPeople(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<Person[]> {
  const data = await gql<{ business?: { business_people?: { nodes?: Partial<Person>[] } } | null }>(bridge, DOCS.people, { business_id: asBusiness(businessId) }, o);
  return nodes<Partial<Person>>('bm.people', data.business?.business_people?.nodes, { id: 'string', role: 'string', user_id: 'string?', name: 'string?', email: 'string?' }).map((p) => ({
    id: String(p.id ?? ''), user_id: String(p.user_id ?? ''), name: p.name ?? '', email: p.email ?? '', role: p.role ?? '',
  }));
}

export interface HiddenAdminScan { people: Person[]; listed: BusinessUser[]; hidden: Person[] }

/** Hidden administrators: admins of the settings' people list whom business_users does not list. */
export function hiddenAdmins(people: readonly Person[], listed: readonly Pick<BusinessUser, 'id'>[]): Person[] {
  const ids = new Set(listed.map((u) => u.id));
  return people.filter((p) => p.role === 'ADMIN' && !ids.has(p.id));
}

export async function scanHiddenAdmins(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<HiddenAdminScan> {
  const people = await settingsPeople(bridge, businessId, o);
  const listed = await listUsers(bridge, businessId, o);
  return { people, listed, hidden: hiddenAdmins(people, listed) };
}

// ---------------------------------------------------------------------------------------------
// partners and assets

export interface Partner { id: string; name: string; relationship: string; shared_ad_accounts_count: number }

export async function listPartners(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<Partner[]> {
  const data = await gql<{ business?: { partners?: { nodes?: Partial<Partner>[] } } | null }>(bridge, DOCS.partners, { business_id: asBusiness(businessId) }, o);
  return nodes<Partial<Partner>>('bm.partners', data.business?.partners?.nodes, { id: 'string', name: 'string', relationship: 'string?', shared_ad_accounts_count: 'number?' }).map((p) => ({ id: String(p.id ?? ''), name: p.name ?? '', relationship: p.relationship ?? '', shared_ad_accounts_count: Number(p.shared_ad_accounts_count ?? 0) }));
}

export interface AssetAccount { id: string; name: string; account_status: number; currency: string; relationship: string }
interface AssetReply {
  business?: { ad_accounts?: { edges?: { node?: Partial<AssetAccount> }[]; page_info?: { has_next_page?: boolean; end_cursor?: string | null } } } | null;
}

/** One page of the ad-account asset list. */
export async function adAccountAssetPage(bridge: Bridge, businessId: string, cursor: string | null, o: CallOptions = {}) {
  const data = await gql<AssetReply>(bridge, DOCS.adAccounts, { business_id: asBusiness(businessId), pageSize: ASSET_PAGE_SIZE, cursor: cursor ?? undefined }, o);
  const list = data.business?.ad_accounts;
  nodes('bm.adAccountAssets', (list?.edges ?? []).map((e) => e.node ?? {}), { id: 'string', name: 'string', account_status: 'number', currency: 'string?', relationship: 'string?' });
  return {
    items: (list?.edges ?? []).flatMap(({ node }) => (node ? [{
      id: String(node.id ?? ''), name: node.name ?? '', account_status: Number(node.account_status ?? 0), currency: node.currency ?? '', relationship: node.relationship ?? '',
    }] : [])),
    hasNextPage: !!list?.page_info?.has_next_page,
    endCursor: list?.page_info?.end_cursor ?? null,
  };
}

export interface AssetBanner { show: boolean; type: string; message: string }

export async function assetStatusBanner(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<AssetBanner> {
  const data = await gql<{ business?: { asset_status_banner?: { show?: boolean; type?: string; message?: string | null } } | null }>(bridge, DOCS.banner, { business_id: asBusiness(businessId) }, o);
  const b = data.business?.asset_status_banner;
  if (b) expectObject('bm.banner', b, { show: 'boolean', type: 'string', message: 'string?' });
  return { show: !!b?.show, type: b?.type ?? 'NONE', message: b?.message ?? '' };
}

export async function validatePartnerAsset(bridge: Bridge, businessId: string, partnerId: string, assetId: string, o: CallOptions = {}): Promise<{ valid: boolean; reason: string }> {
  const data = await gql<{ partner_asset_validate?: { is_valid?: boolean; reason?: string | null } }>(bridge, DOCS.partnerValidate, { business_id: asBusiness(businessId), partner_business_id: partnerId, asset_id: assetId }, o);
  const v = expectObject<{ is_valid?: boolean; reason?: string | null }>('bm.partnerValidate', data.partner_asset_validate, { is_valid: 'boolean', reason: 'string?' });
  return { valid: !!v.is_valid, reason: v.reason ?? '' };
}

export async function addPartnerAsset(bridge: Bridge, businessId: string, partnerId: string, assetId: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.partnerAdd, { business_id: asBusiness(businessId), partner_business_id: partnerId, asset_id: assetId, permitted_tasks: [...tasks] }, o);
}

export async function removePartnerAsset(bridge: Bridge, businessId: string, partnerId: string, assetId: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.partnerRemove, { business_id: asBusiness(businessId), partner_business_id: partnerId, asset_id: assetId }, o);
}

export async function assignUserAsset(bridge: Bridge, businessId: string, userId: string, assetId: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.userAssign, { business_id: asBusiness(businessId), user_id: userId, asset_id: assetId, tasks: [...tasks] }, o);
}

export async function removeUserAsset(bridge: Bridge, businessId: string, userId: string, assetId: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.userUnassign, { business_id: asBusiness(businessId), user_id: userId, asset_id: assetId }, o);
}

export interface Connection { from_id: string; from_type: string; to_id: string; to_type: string }

export async function listConnections(bridge: Bridge, businessId: string, o: CallOptions & { assetId?: string } = {}): Promise<Connection[]> {
  const data = await gql<{ business?: { asset_connections?: { nodes?: Connection[] } } | null }>(bridge, DOCS.connections, { business_id: asBusiness(businessId), asset_id: o.assetId }, o);
  return nodes<Connection>('bm.connections', data.business?.asset_connections?.nodes, { from_id: 'string', to_id: 'string', from_type: 'string?', to_type: 'string?' });
}

export interface ConnectionInput { from_id: string; from_asset_type: string; to_id: string; to_asset_type: string }

export async function changeConnections(bridge: Bridge, businessId: string, add: boolean, connections: readonly ConnectionInput[], o: CallOptions = {}): Promise<{ from_id: string; to_id: string; status: string }[]> {
  const data = await gql<Record<string, { results?: { from_id: string; to_id: string; status: string }[] } | undefined>>(
    bridge, add ? DOCS.connectionsAdd : DOCS.connectionsRemove, { business_id: asBusiness(businessId), connections: [...connections] }, o);
  return (add ? data.asset_connections_bulk_add : data.asset_connections_bulk_remove)?.results ?? [];
}

/** `GET {pixel}/shared_accounts?business=` (the account digits): the share a connection to an ad account makes with it. */
export async function pixelSharedAccounts(bridge: Bridge, pixelId: string, businessId: string, o: CallOptions = {}): Promise<Set<string>> {
  const rows = expectRows<{ id: string; account_id?: string }>('bm.pixelShares', await readAll(bridge, `${asNode(pixelId, 'pixel')}/shared_accounts`,
    { business: asBusiness(businessId), fields: 'id,account_id', limit: 100 }, { max: 5000, signal: o.signal }), { id: 'string', account_id: 'string?' });
  return new Set(rows.map((a) => String(a.account_id ?? asAccountDigits(String(a.id)))));
}

/** A pixel of the business (`{bm}/adspixels`, one): where the platform check tries the share read; null when it has none. */
export async function aPixelOf(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<string | null> {
  const { body } = await bridge.graph<{ data?: unknown[] }>({ path: `${asBusiness(businessId)}/adspixels`, params: { fields: 'id,name', limit: 1 } }, { signal: o.signal });
  const [first] = expectRows<{ id: string }>('bm.pixelShares', Array.isArray(body?.data) ? body.data : [], { id: 'string' });
  return first ? String(first.id) : null;
}

/** `POST|DELETE {pixel}/shared_accounts` (business, account_id): shares a pixel with an ad account, or unshares it. */
export async function setPixelShared(bridge: Bridge, pixelId: string, businessId: string, accountId: string, shared: boolean, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: shared ? 'POST' : 'DELETE', path: `${asNode(pixelId, 'pixel')}/shared_accounts`, params: { business: asBusiness(businessId), account_id: asAccountDigits(accountId) } }, { signal: o.signal });
}

export interface AssetGroup { id: string; name: string; ad_account_ids: string[] }

export async function listAssetGroups(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<AssetGroup[]> {
  const data = await gql<{ business?: { asset_groups?: { nodes?: Partial<AssetGroup>[] } } | null }>(bridge, DOCS.groupList, { business_id: asBusiness(businessId) }, o);
  return nodes<Partial<AssetGroup>>('bm.assetGroups', data.business?.asset_groups?.nodes, { id: 'string', name: 'string', ad_account_ids: 'array?' }).map((g) => ({ id: String(g.id ?? ''), name: g.name ?? '', ad_account_ids: (g.ad_account_ids ?? []).map(String) }));
}

export async function createAssetGroup(bridge: Bridge, businessId: string, name: string, o: CallOptions = {}): Promise<string> {
  const data = await gql<{ asset_group_create?: { asset_group?: { id?: string } } }>(bridge, DOCS.groupCreate, { business_id: asBusiness(businessId), name }, o);
  return String(data.asset_group_create?.asset_group?.id ?? '');
}

export async function shareToAssetGroup(bridge: Bridge, groupId: string, adAccountIds: readonly string[], o: CallOptions = {}): Promise<string[]> {
  const data = await gql<{ asset_group_share_ad_account?: { added?: string[] } }>(bridge, DOCS.groupShare, { asset_group_id: asNode(groupId, 'asset group'), ad_account_ids: adAccountIds.map(asAccountDigits) }, o);
  return data.asset_group_share_ad_account?.added ?? [];
}

/** `DELETE {group}/contained_adaccounts` (asset_id): takes an ad account out of an asset group (docs/PLATFORM.md section 8). */
export async function removeFromAssetGroup(bridge: Bridge, groupId: string, adAccountId: string, o: CallOptions = {}): Promise<void> {
  await bridge.graph({ method: 'DELETE', path: `${asNode(groupId, 'asset group')}/contained_adaccounts`, params: { asset_id: asAccount(adAccountId) } }, { signal: o.signal });
}

export async function removeAdAccount(bridge: Bridge, businessId: string, adAccountId: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.removeAdAccount, { business_id: asBusiness(businessId), ad_account_id: asAccountDigits(adAccountId) }, o);
}

export async function createPage(bridge: Bridge, businessId: string, name: string, category: string | undefined, o: CallOptions = {}): Promise<{ id: string; name: string }> {
  const data = await gql<{ business_page_create?: { page?: { id?: string; name?: string } } }>(bridge, DOCS.createPage, { business_id: asBusiness(businessId), name, category }, o);
  return { id: String(data.business_page_create?.page?.id ?? ''), name: data.business_page_create?.page?.name ?? '' };
}


// ---------------------------------------------------------------------------------------------
// business info

export interface BusinessInfo {
  id: string;
  name: string;
  verification_status?: string;
  primary_page?: { id: string; name?: string } | null;
  timezone_id?: number;
  vertical?: string;
  ad_account_limit?: number;
  is_restricted?: boolean;
  viewer_role?: string | null;
}

const LABEL_MARKER = '{"label"';

/**
 * The business-info reply is streamed: its result, then deferred `{"label":…}` parts. The result is
 * the text before the first label marker (docs/SPEC.md, businesses); null when that is not JSON.
 */
export function parseBusinessInfo(text: string): BusinessInfo | null {
  const cut = text.indexOf(LABEL_MARKER);
  const head = (cut >= 0 ? text.slice(0, cut) : text).replace(/^\s*for \(;;\);/, '').trim();
  // several JSON lines may stand before the marker: the first is the result
  const first = head.split(/\r?\n/)[0] ?? '';
  let json: { data?: { business?: BusinessInfo | null } } | null = null;
  try { json = JSON.parse(first); } catch { return null; }
  const b = json?.data?.business;
  return b && typeof b === 'object' && b.id !== undefined ? { ...b, id: String(b.id), name: b.name ?? '' } : null;
}

export async function businessInfo(bridge: Bridge, businessId: string, o: CallOptions = {}): Promise<BusinessInfo> {
  const text = await graphqlText(bridge, { operation: DOCS.info, variables: { business_id: asBusiness(businessId) }, host: WEB_HOST, signal: o.signal });
  const info = parseBusinessInfo(text);
  if (!info) {
    let parsed: unknown = null;
    try { parsed = JSON.parse(text.split(/\r?\n/)[0] ?? ''); } catch { parsed = null; }
    throw new GraphError(extractErrorMessage(parsed) ?? 'Unknown error', 200, undefined, undefined, undefined, {}, parsed);
  }
  return expectObject<BusinessInfo>('bm.info', info, { id: 'string', name: 'string', verification_status: 'string?', primary_page: 'object?', ad_account_limit: 'number?', is_restricted: 'boolean?' });
}

export async function updateBasicInfo(bridge: Bridge, businessId: string, change: { name?: string; primary_page_id?: string }, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.updateInfo, { business_id: asBusiness(businessId), name: change.name || undefined, primary_page_id: change.primary_page_id || undefined }, o);
}

/** Business users with access to an asset (explicit assignments and admins' implicit access). */
export async function usersByAsset(bridge: Bridge, businessId: string, assetId: string, o: CallOptions = {}): Promise<{ id: string; user_id: string; tasks: string[]; is_implicit: boolean }[]> {
  const data = await gql<{ business?: { users_with_asset_access?: { nodes?: { id?: string; user_id?: string; tasks?: string[]; is_implicit?: boolean }[] } } | null }>(
    bridge, DOCS.usersByAsset, { business_id: asBusiness(businessId), asset_id: assetId }, o);
  return nodes<{ id?: string; user_id?: string; tasks?: string[]; is_implicit?: boolean }>('bm.usersByAsset', data.business?.users_with_asset_access?.nodes, { id: 'string', user_id: 'string?', tasks: 'array?', is_implicit: 'boolean?' }).map((n) => ({ id: String(n.id ?? ''), user_id: String(n.user_id ?? ''), tasks: n.tasks ?? [], is_implicit: !!n.is_implicit }));
}

/** Pages the business owns, by name (the create-page check). */
export async function ownedPageNames(bridge: Bridge, businessId: string, o: CallOptions & { limit?: number } = {}): Promise<string[]> {
  const rows = expectRows<{ id: string; name?: string }>('bm.ownedPages', await readAll(bridge, `${asBusiness(businessId)}/owned_pages`, { fields: 'id,name', limit: o.limit ?? 200 }, { max: o.limit ?? 5000, signal: o.signal }), { id: 'string', name: 'string' });
  return rows.map((p) => p.name ?? '');
}

/** Agencies an ad account is shared with (the partner-removal check). */
export async function accountAgencies(bridge: Bridge, adAccountId: string, o: CallOptions & { limit?: number } = {}): Promise<string[]> {
  const rows = expectRows<{ id: string }>('bm.accountAgencies', await readAll(bridge, `${asAccount(adAccountId)}/agencies`, { fields: 'id', limit: o.limit ?? 100 }, { max: o.limit ?? 1000, signal: o.signal }), { id: 'string' });
  return rows.map((a) => String(a.id));
}
