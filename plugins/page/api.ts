/**
 * Requests of the page area (docs/SPEC.md, pages; docs/PLATFORM.md section 9.1), as pure functions of
 * a Bridge: the list loader, the detail panel, the sub-screens and the bulk actions share them.
 */
import {
  asBusiness, asNode, asPage, asPerson, expectObject, expectRows, graphqlOn, graphWith, GraphError, parseFormJson, sendForm, toGraphError,
  type Bridge, type GraphToken, type CallOptions, type Shape,
} from '@kernel';
import { htmlToText, renameStatus } from './text';
import type { Page, PageExtended } from './types';

/** The web GraphQL operations of this area, by name (doc ids from the document catalogue). */
export const DOCS = {
  create: 'PageCreateMutation',
  categorySearch: 'PageCategorySearchQuery',
  updateCategory: 'PageUpdateCategoryMutation',
  createProfile: 'AdditionalProfileCreateMutation',
  remove: 'PageDeleteMutation',
  partnerRemove: 'PagePartnerRemoveMutation',
  release: 'PageBusinessReleaseMutation',
  deactivate: 'PageDeactivateMutation',
  reactivate: 'PageReactivateMutation',
  deactivation: 'PageDeactivationStateQuery',
  reauthCheck: 'PageAdminReauthCheckQuery',
  adminInvite: 'PageAdminInviteMutation',
  adminRemove: 'PageAdminRemoveMutation',
  adminRoot: 'PageAdminPermissionsRootQuery',
  block: 'PageBlockMutation',
  blocked: 'PageBlockingDialogQuery',
  keywords: 'PageBlocklistTagsQuery',
  keywordsSave: 'PageBlocklistTagsSaveMutation',
  profanity: 'PageProfanityFilterMutation',
  reviews: 'PageReviewsToggleMutation',
  liveVideo: 'PageLiveVideoEligibilityQuery',
  transparency: 'PageTransparencyDialogQuery',
  profileSearch: 'ProfileSearchQuery',
  appealStatus: 'PageAppealStatusQuery',
  appealSubmit: 'PageAppealSubmitMutation',
} as const;

const WWW = 'https://www.facebook.com';

/** me/accounts: 200 a page (docs/SPEC.md section 9, "Page list limit"). */
export const LIST_LIMIT = 200;
/** A page's roles: 100 (docs/SPEC.md, pages). */
export const ROLES_LIMIT = 100;
/** Blocked keywords shown: the first 2,000 (docs/SPEC.md section 9). */
export const KEYWORDS_FIRST = 2000;
/** A deactivation lasts 7 days (docs/SPEC.md section 9). */
export const DEACTIVATION_DAYS = 7;
/** The additional profile's category when none is chosen (docs/PLATFORM.md section 9.1). */
export const DEFAULT_PROFILE_CATEGORY = '2214';
export const LIST_FIELDS = 'id,name,access_token,category,category_list,fan_count,verification_status,picture,link,is_published,page_created_time,promotion_eligible,tasks,business{id,name}';
export const EXTENDED_FIELDS = 'additional_profile_id,location,website,phone,emails,business{id,name},likes,country_page_likes,promotion_ineligible_reason';

/** The token a page call carries: the user's, the alternate one or the page's own. */
export type Token = GraphToken;

/**
 * A Graph call of this area: the token chosen, a write's token in its form body (so a DELETE goes
 * out as `POST method=delete`), as the page area's calls always have.
 */
export function pageGraph<T>(bridge: Bridge, method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, unknown>, token: Token, o: CallOptions = {}): Promise<T> {
  return graphWith<T>(bridge, { method, path, params: params as never, token, tokenIn: 'body' }, o);
}

// ---------------------------------------------------------------------------------------------
// the fields the area relies on in each reply (src/kernel/platform/shape.ts): a reply without them is
// "reply changed" for the call family named, never rows of empty cells

/** A page as me/accounts (and the re-read after a job) gives it; the platform leaves out what a page has none of. */
export const PAGE_SHAPE: Shape = {
  id: 'string', name: 'string', category: 'string?', category_list: 'array?', fan_count: 'number?', verification_status: 'string?', picture: 'object?',
  link: 'string?', is_published: 'boolean?', page_created_time: 'string?', tasks: 'array?', business: 'object?', access_token: 'string?',
};
export const checkPages = <T>(rows: readonly unknown[]): T[] => expectRows<T>('page.list', rows, PAGE_SHAPE);
/** The nodes of a GraphQL list reply, checked (an absent list is an empty one). */
const nodes = <T>(family: string, list: unknown, shape: Shape): T[] => expectRows<T>(family, Array.isArray(list) ? list : [], shape);

// ---------------------------------------------------------------------------------------------
// the list

export interface ListPage { rows: Page[]; next: string | null }

/** One page of me/accounts with a token; its next link (which carries the same token placeholder). */
export async function accountsPage(bridge: Bridge, next: string | null, token: Token, o: CallOptions & { limit?: number } = {}): Promise<ListPage> {
  const body = await pageGraph<{ data?: Page[]; paging?: { next?: string } }>(bridge, 'GET', next ?? 'me/accounts', next ? {} : { fields: LIST_FIELDS, limit: o.limit ?? LIST_LIMIT }, token, o);
  return { rows: Array.isArray(body?.data) ? checkPages<Page>(body.data).map((p) => ({ ...p, id: String(p.id) })) : [], next: body?.paging?.next ?? null };
}

/** The extended read of one page (the detail panel). */
export async function pageExtended(bridge: Bridge, id: string, o: CallOptions = {}): Promise<PageExtended> {
  const reply = await pageGraph<unknown>(bridge, 'GET', asPage(id), { fields: EXTENDED_FIELDS }, 'access_token', o);
  return expectObject<PageExtended>('page.page', reply, { id: 'string', business: 'object?', location: 'object?', website: 'string?', emails: 'array?', likes: 'number?' });
}

// ---------------------------------------------------------------------------------------------
// roles (Graph)

export interface PageRole { id: string; name: string; tasks: string[]; role?: string }

export const ROLES_FIELDS = 'id,name,tasks,role';

export async function listRoles(bridge: Bridge, id: string, o: CallOptions & { limit?: number } = {}): Promise<PageRole[]> {
  const body = await pageGraph<unknown>(bridge, 'GET', `${asPage(id)}/roles`, { fields: ROLES_FIELDS, limit: o.limit ?? ROLES_LIMIT }, 'access_token', o);
  return rolesOf(body);
}

/** The roles of a `{page}/roles` reply (the direct read's or a Graph batch entry's body), checked. */
export function rolesOf(body: unknown): PageRole[] {
  const data = (body as { data?: unknown } | null)?.data;
  return nodes<{ id: string; name?: string; tasks?: string[]; role?: string }>('page.roles', data, { id: 'string', name: 'string?', tasks: 'array?', role: 'string?' })
    .map((r) => ({ id: String(r.id), name: r.name ?? '', tasks: r.tasks ?? [], role: r.role }));
}

/**
 * A business's people with tasks on the page: `GET {page}/assigned_users?business=` (the platform
 * requires `business`). Row ids are business-user ids, the ids the business's people list shows; people
 * outside any business are under `roles` (docs/PLATFORM.md, pages; docs/SDK.md).
 */
export interface AssignedUser { id: string; name: string; tasks: string[]; userType: string }

export async function listAssigned(bridge: Bridge, id: string, business: string, o: CallOptions = {}): Promise<AssignedUser[]> {
  const body = await pageGraph<{ data?: { id: string; name?: string; tasks?: string[]; user_type?: string }[] }>(bridge, 'GET', `${asPage(id)}/assigned_users`,
    { business: asBusiness(business), fields: 'id,name,tasks,user_type', limit: ROLES_LIMIT }, 'access_token', o);
  return nodes<{ id: string; name?: string; tasks?: string[]; user_type?: string }>('page.assigned', body?.data, { id: 'string', name: 'string?', tasks: 'array?', user_type: 'string?' })
    .map((r) => ({ id: String(r.id), name: r.name ?? '', tasks: r.tasks ?? [], userType: r.user_type ?? '' }));
}

/** The business a page belongs to (`business{id}`), or null for a page outside any business. */
export async function pageBusiness(bridge: Bridge, id: string, o: CallOptions = {}): Promise<string | null> {
  const body = await pageGraph<{ business?: { id?: string } }>(bridge, 'GET', asPage(id), { fields: 'business{id}' }, 'access_token', o);
  return body?.business?.id ? String(body.business.id) : null;
}

/** `POST {page}/assigned_users` with a business-user id (`user`), the tasks and the page's business. */
export async function addRole(bridge: Bridge, id: string, business: string, user: string, tasks: readonly string[], o: CallOptions = {}): Promise<void> {
  await pageGraph(bridge, 'POST', `${asPage(id)}/assigned_users`, { user: asNode(user, 'business user'), tasks: JSON.stringify(tasks), business: asBusiness(business) }, 'access_token', o);
}

/** `DELETE {page}/assigned_users` with a business-user id and the page's business. */
export async function removeRole(bridge: Bridge, id: string, business: string, user: string, o: CallOptions = {}): Promise<void> {
  await pageGraph(bridge, 'DELETE', `${asPage(id)}/assigned_users`, { user: asNode(user, 'business user'), business: asBusiness(business) }, 'access_token', o);
}

/** Unpublish (or publish): `POST {page} is_published` with the page's own token. */
export async function setPublished(bridge: Bridge, id: string, published: boolean, o: CallOptions = {}): Promise<void> {
  await pageGraph(bridge, 'POST', asPage(id), { is_published: published }, { page: id }, o);
}

export async function isPublished(bridge: Bridge, id: string, o: CallOptions = {}): Promise<boolean> {
  return !!(await pageGraph<{ is_published?: boolean }>(bridge, 'GET', asPage(id), { fields: 'is_published' }, 'access_token', o)).is_published;
}

// ---------------------------------------------------------------------------------------------
// web GraphQL

/** The web GraphQL of www.facebook.com (the kernel lifts the platform's error codes). */
export const gql = graphqlOn('www.facebook.com');

export interface Deactivation { deactivated: boolean; since: number | null; until: number | null }

export async function deactivationState(bridge: Bridge, id: string, o: CallOptions = {}): Promise<Deactivation> {
  const d = await gql<{ page?: { is_deactivated?: boolean; deactivated_time?: number | null; reactivation_deadline?: number | null } }>(bridge, DOCS.deactivation, { page_id: asPage(id) }, o);
  if (d.page) expectObject('page.deactivation', d.page, { is_deactivated: 'boolean', deactivated_time: 'number?', reactivation_deadline: 'number?' });
  return { deactivated: !!d.page?.is_deactivated, since: d.page?.deactivated_time ?? null, until: d.page?.reactivation_deadline ?? null };
}

export async function deactivate(bridge: Bridge, id: string, o: CallOptions = {}): Promise<number | null> {
  const d = await gql<{ page_deactivate?: { reactivation_deadline?: number } }>(bridge, DOCS.deactivate, { page_id: asPage(id) }, o);
  return d.page_deactivate?.reactivation_deadline ?? null;
}

export async function reactivate(bridge: Bridge, id: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.reactivate, { profile_id: asPage(id) }, o);
}

/** The password re-check's result: success, or the platform's words for the failure. */
export interface Recheck { success: boolean; message: string }

/** The password re-check (a web form): the destructive page writes run only after it succeeds. */
export async function passwordRecheck(bridge: Bridge, password: string, o: CallOptions = {}): Promise<Recheck> {
  const { response, text } = await sendForm(bridge, { url: `${WWW}/ajax/security/password_reauth/`, fields: { password }, lsdHeader: false, signal: o.signal });
  const json = parseFormJson(text) as { payload?: { success?: boolean; error_text?: string }; errorSummary?: string; errorDescription?: string } | null;
  if (!response.ok && !json) throw toGraphError(response);
  if (json?.payload?.success === true) return { success: true, message: '' };
  return { success: false, message: json?.payload?.error_text ?? json?.errorDescription ?? json?.errorSummary ?? `HTTP ${response.status}` };
}

export async function reauthRequired(bridge: Bridge, o: CallOptions = {}): Promise<boolean> {
  return !!(await gql<{ viewer?: { reauth_required?: boolean } }>(bridge, DOCS.reauthCheck, {}, o)).viewer?.reauth_required;
}

export async function deletePage(bridge: Bridge, id: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.remove, { page_id: asPage(id) }, o);
}

export async function removePartner(bridge: Bridge, id: string, partner: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.partnerRemove, { page_id: asPage(id), partner_business_id: asBusiness(partner) }, o);
}

export async function releaseFromBusiness(bridge: Bridge, id: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.release, { page_id: asPage(id) }, o);
}

/** Does the page still answer (a deleted page does not)? */
export async function pageExists(bridge: Bridge, id: string, o: CallOptions = {}): Promise<boolean> {
  try {
    await pageGraph(bridge, 'GET', asPage(id), { fields: 'id' }, 'access_token', o);
    return true;
  } catch (e) {
    if (e instanceof GraphError && e.code === 100) return false;
    throw e;
  }
}

export interface PageBusinesses { owner: string | null; partners: string[] }

export async function adminPeople(bridge: Bridge, id: string, o: CallOptions = {}): Promise<{ id: string; name: string; full_control: boolean; status: string }[]> {
  const d = await gql<{ page?: { admin_permissions?: { nodes?: { id: string; name?: string; full_control?: boolean; status?: string }[] } } }>(bridge, DOCS.adminRoot, { page_id: asPage(id) }, o);
  return nodes<{ id: string; name?: string; full_control?: boolean; status?: string }>('page.adminRoot', d.page?.admin_permissions?.nodes, { id: 'string', name: 'string?', full_control: 'boolean?', status: 'string?' }).map((n) => ({ id: String(n.id), name: n.name ?? '', full_control: !!n.full_control, status: n.status ?? '' }));
}

export async function inviteAdmin(bridge: Bridge, id: string, user: string, fullControl: boolean, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.adminInvite, { page_id: asPage(id), user_id: asPerson(user), full_control: fullControl }, o);
}

export async function removeAdmin(bridge: Bridge, id: string, user: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.adminRemove, { page_id: asPage(id), user_id: asPerson(user) }, o);
}

export type BlockAction = 'BLOCK' | 'UNBLOCK';
export type BlockSetting = 'PAGE' | 'USER';
/** What a block call does when nothing says otherwise (docs/SPEC.md, pages). */
export const DEFAULT_BLOCK_ACTION: BlockAction = 'UNBLOCK';
export const DEFAULT_BLOCK_SETTING: BlockSetting = 'PAGE';

export async function block(bridge: Bridge, id: string, users: readonly string[], action: BlockAction = DEFAULT_BLOCK_ACTION, setting: BlockSetting = DEFAULT_BLOCK_SETTING, o: CallOptions = {}): Promise<number> {
  const d = await gql<{ page_block?: { blocked_count?: number } }>(bridge, DOCS.block, { page_id: asPage(id), user_ids: users.map((u) => asPerson(u)), action, setting_type: setting }, o);
  return d.page_block?.blocked_count ?? 0;
}

export interface BlockedPerson { id: string; name: string; setting_type: string; blocked_time: number | null }

export async function blockedPeople(bridge: Bridge, id: string, o: CallOptions = {}): Promise<BlockedPerson[]> {
  const d = await gql<{ page?: { blocked_profiles?: { nodes?: Partial<BlockedPerson>[] } } }>(bridge, DOCS.blocked, { page_id: asPage(id) }, o);
  return nodes<Partial<BlockedPerson>>('page.blocked', d.page?.blocked_profiles?.nodes, { id: 'string', name: 'string?', setting_type: 'string?', blocked_time: 'number?' }).map((n) => ({ id: String(n.id), name: n.name ?? '', setting_type: n.setting_type ?? '', blocked_time: n.blocked_time ?? null }));
}

/** The page's blocked keywords, the first 2,000, and how many there are. */
export async function keywords(bridge: Bridge, id: string, o: CallOptions = {}): Promise<{ words: string[]; count: number }> {
  const d = await gql<{ page?: { blocklist_tags?: { count?: number; nodes?: string[] } } }>(bridge, DOCS.keywords, { page_id: asPage(id), first: KEYWORDS_FIRST }, o);
  if (d.page?.blocklist_tags) expectObject('page.keywords', d.page.blocklist_tags, { nodes: 'array?', count: 'number?' });
  const words = (d.page?.blocklist_tags?.nodes ?? []).map(String);
  return { words, count: d.page?.blocklist_tags?.count ?? words.length };
}

export async function saveKeywords(bridge: Bridge, id: string, words: readonly string[], o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.keywordsSave, { page_id: asPage(id), tags: [...words] }, o);
}

export async function setProfanity(bridge: Bridge, id: string, level: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.profanity, { page_id: asPage(id), level }, o);
}

export async function setReviews(bridge: Bridge, id: string, enabled: boolean, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.reviews, { page_id: asPage(id), enabled }, o);
}

export async function liveVideoEligibility(bridge: Bridge, id: string, o: CallOptions = {}): Promise<{ eligible: boolean; reasons: string[] }> {
  const d = await gql<{ page?: { live_video_eligibility?: { is_eligible?: boolean; reasons?: string[] } } }>(bridge, DOCS.liveVideo, { page_id: asPage(id) }, o);
  if (d.page?.live_video_eligibility) expectObject('page.liveVideo', d.page.live_video_eligibility, { is_eligible: 'boolean', reasons: 'array?' });
  return { eligible: !!d.page?.live_video_eligibility?.is_eligible, reasons: d.page?.live_video_eligibility?.reasons ?? [] };
}

export async function transparency(bridge: Bridge, id: string, o: CallOptions = {}): Promise<{ creation_date: string; name_changes: number; admin_countries: string[] }> {
  const d = await gql<{ page?: { transparency?: { creation_date?: string; name_changes?: number; admin_countries?: string[] } } }>(bridge, DOCS.transparency, { pageID: asPage(id) }, o);
  const t = d.page?.transparency;
  if (t) expectObject('page.transparency', t, { creation_date: 'string?', name_changes: 'number?', admin_countries: 'array?' });
  return { creation_date: t?.creation_date ?? '', name_changes: t?.name_changes ?? 0, admin_countries: t?.admin_countries ?? [] };
}

export async function profileSearch(bridge: Bridge, term: string, o: CallOptions = {}): Promise<{ id: string; name: string; type: string }[]> {
  const d = await gql<{ profile_search?: { nodes?: { id: string; name?: string; type?: string }[] } }>(bridge, DOCS.profileSearch, { term }, o);
  return nodes<{ id: string; name?: string; type?: string }>('page.profileSearch', d.profile_search?.nodes, { id: 'string', name: 'string', type: 'string?' }).map((n) => ({ id: String(n.id), name: n.name ?? '', type: n.type ?? '' }));
}

export async function categorySearch(bridge: Bridge, query: string, o: CallOptions = {}): Promise<{ id: string; name: string }[]> {
  const d = await gql<{ page_category_search?: { nodes?: { id: string; name?: string }[] } }>(bridge, DOCS.categorySearch, { query }, o);
  return nodes<{ id: string; name?: string }>('page.categorySearch', d.page_category_search?.nodes, { id: 'string', name: 'string' }).map((n) => ({ id: String(n.id), name: n.name ?? '' }));
}

export async function updateCategory(bridge: Bridge, id: string, category: string, o: CallOptions = {}): Promise<void> {
  await setCategories(bridge, id, [category], o);
}

/** The page's categories, all at once (the form takes up to three ids; an undo puts back the ones the page had). */
export async function setCategories(bridge: Bridge, id: string, categories: readonly string[], o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.updateCategory, { page_id: asPage(id), categories: [...categories] }, o);
}

export async function createPage(bridge: Bridge, name: string, category: string, o: CallOptions = {}): Promise<{ id: string; name: string }> {
  const d = await gql<{ page_create?: { page?: { id: string; name: string } } }>(bridge, DOCS.create, { name, categories: [category] }, o);
  return { id: String(d.page_create?.page?.id ?? ''), name: d.page_create?.page?.name ?? name };
}

export async function createProfile(bridge: Bridge, name: string, category = DEFAULT_PROFILE_CATEGORY, o: CallOptions = {}): Promise<{ id: string; name: string }> {
  const d = await gql<{ additional_profile_create?: { profile?: { id: string; name: string } } }>(bridge, DOCS.createProfile, { name, category }, o);
  return { id: String(d.additional_profile_create?.profile?.id ?? ''), name: d.additional_profile_create?.profile?.name ?? name };
}

export interface AppealState { restricted: boolean; status: string; canAppeal: boolean; submitted: number | null }

export async function appealStatus(bridge: Bridge, id: string, o: CallOptions = {}): Promise<AppealState> {
  const d = await gql<{ page?: { is_restricted?: boolean; appeal?: { status?: string; can_appeal?: boolean; submitted_time?: number | null } } }>(bridge, DOCS.appealStatus, { page_id: asPage(id) }, o);
  if (d.page?.appeal) expectObject('page.appealStatus', d.page.appeal, { status: 'string', can_appeal: 'boolean?' });
  return { restricted: !!d.page?.is_restricted, status: d.page?.appeal?.status ?? '', canAppeal: !!d.page?.appeal?.can_appeal, submitted: d.page?.appeal?.submitted_time ?? null };
}

export async function appealSubmit(bridge: Bridge, id: string, comment: string, o: CallOptions = {}): Promise<string> {
  const d = await gql<{ page_appeal_submit?: { appeal?: { status?: string } } }>(bridge, DOCS.appealSubmit, { page_id: asPage(id), appeal_comment: comment }, o);
  return d.page_appeal_submit?.appeal?.status ?? '';
}

// ---------------------------------------------------------------------------------------------
// the name form

export interface RenameResult { status: 0 | 1; text: string }

/** `POST settings/account/name` (pseudonymous_name, save_password): status 1 when the reply has the name field, with its text. */
export async function renamePage(bridge: Bridge, id: string, name: string, password: string, o: CallOptions = {}): Promise<RenameResult> {
  const { response, text } = await sendForm(bridge, {
    url: `${WWW}/settings/account/name/`, fields: { page_id: asPage(id), pseudonymous_name: name, save_password: password }, lsdHeader: false, signal: o.signal,
  });
  const json = parseFormJson(text) as { payload?: { html?: unknown } } | null;
  const html = typeof json?.payload?.html === 'string' ? json.payload.html : null;
  if (!response.ok || html === null) throw toGraphError(response);
  return { status: renameStatus(html), text: htmlToText(html) };
}

export async function userAppealStatus(bridge: Bridge, o: CallOptions = {}): Promise<{ status: string; canAppeal: boolean }> {
  const d = await gql<{ viewer?: { appeal?: { status?: string; can_appeal?: boolean } } }>(bridge, 'UserAppealStatusQuery', {}, o);
  if (d.viewer?.appeal) expectObject('page.userAppealStatus', d.viewer.appeal, { status: 'string', can_appeal: 'boolean?' });
  return { status: d.viewer?.appeal?.status ?? '', canAppeal: !!d.viewer?.appeal?.can_appeal };
}

export async function userAppealSubmit(bridge: Bridge, comment: string, o: CallOptions = {}): Promise<string> {
  const d = await gql<{ user_appeal_submit?: { appeal?: { status?: string } } }>(bridge, 'UserAppealSubmitMutation', { appeal_comment: comment }, o);
  return d.user_appeal_submit?.appeal?.status ?? '';
}

/** The session user's pages by name (the first 200), to settle a create that may have landed. */
export async function pageNamed(bridge: Bridge, name: string, o: CallOptions = {}): Promise<boolean> {
  const first = await accountsPage(bridge, null, 'access_token', o);
  return first.rows.some((p) => p.name === name);
}
