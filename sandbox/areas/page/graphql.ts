// GraphQL handlers of the page area; their documents are in ./graphql-docs.json. The destructive
// writes (delete, remove a partner, release from a business) and an admin invitation need a
// password re-check made in the last 10 minutes (./web.ts), else they are refused with code 1404.
import { PAGE_TASKS } from '../../constants';
import { nextId } from '../../dataset';
import { GraphError, errors } from '../../errors';
import { isoTime, type Ctx } from '../../graph/core';
import { need, str, strings, type GraphqlHandler, type Vars } from '../../web/graphql';
import { PAGE_CATEGORIES, type Page } from './data';
import { deactivationOf, pageTasks, requireTask } from './graph';

/** How long a password re-check holds, in seconds. */
export const REAUTH_S = 600;
/** A deactivation lasts 7 days (docs/SPEC.md, constants). */
export const DEACTIVATION_S = 7 * 86400;
/** The category an additional profile gets when none is given (docs/PLATFORM.md, pages). */
export const DEFAULT_PROFILE_CATEGORY = '2214';
const CATEGORY_BASE = 2200;
const KEYWORDS_MAX = 2000;

function page(ctx: Ctx, vars: Vars, ...names: string[]): Page {
  const id = need(vars, ...(names.length ? names : ['page_id', 'pageID', 'profile_id']));
  const pg = /^\d+$/.test(id) ? ctx.data.pages.get(id) : undefined;
  if (!pg || pg.deleted) throw errors.unknownObject(id, 'POST');
  return pg;
}

function requireReauth(ctx: Ctx): void {
  if ((ctx.data.pageReauthUntilS ?? 0) < ctx.nowS) {
    throw new GraphError(400, 1404, 'Please re-enter your password to continue.', { userTitle: 'Re-enter your password', userMsg: 'For your security, re-enter your password before you make this change.' });
  }
}

const categoryName = (id: string) => PAGE_CATEGORIES[(Number(id) - CATEGORY_BASE) % PAGE_CATEGORIES.length] ?? null;
const categoryOf = (name: string) => String(CATEGORY_BASE + Math.max(0, PAGE_CATEGORIES.indexOf(name)));

function categories(vars: Vars): string[] {
  const list = strings(vars, 'categories') ?? (str(vars, 'category', 'category_id') ? [str(vars, 'category', 'category_id')!] : []);
  if (!list.length) throw errors.missingParam('categories');
  for (const c of list) if (!/^\d+$/.test(c) || !categoryName(c) || Number(c) < CATEGORY_BASE) throw errors.invalidParam(`Unknown category ${c}`, 'Choose a category from the list.');
  return list;
}

function newPage(ctx: Ctx, name: string, category: string, extra: Partial<Page> = {}): Page {
  if (!name.trim()) throw errors.invalidParam('The name must not be empty', 'Enter a name.');
  if (name.length > 75) throw errors.invalidParam('The name is too long', 'Names can have at most 75 characters.');
  const p: Page = {
    index: ctx.data.pageList.length, id: nextId(ctx.data, 'page'), name, category, fan_count: 0,
    verification_status: 'not_verified', is_published: true, created_time: ctx.nowS, promotion_eligible: true,
    owner_business: null, client_businesses: [], roles: [{ uid: ctx.session, tasks: [...PAGE_TASKS] }],
    website: '', phone: '', emails: [], country: 'US', deactivated_until: null, blocked: [], keywords: [], reviews_enabled: true,
    profanity_filter: 'OFF', admin_invites: [], appeal: null, ...extra,
  };
  p.username = `${name.replace(/[^A-Za-z0-9]+/g, '').slice(0, 40) || 'page'}.${p.index}`;
  ctx.data.pages.set(p.id, p);
  ctx.data.pageList.push(p);
  return p;
}

function userId(ctx: Ctx, id: string): string {
  if (!/^\d+$/.test(id) || !ctx.data.users.has(id)) throw errors.invalidParam(`Unknown user ${id}`, 'This person could not be found.');
  return id;
}

const appealOf = (a: Page['appeal'] | undefined | null, canAppeal: boolean) =>
  ({ status: a?.status ?? 'NONE', can_appeal: canAppeal && (!a || a.status === 'REJECTED'), submitted_time: a?.time ?? null, comment: a?.comment ?? null });

export const pageHandlers: Record<string, GraphqlHandler> = {
  pageCreate(ctx, vars) {
    const cats = categories(vars);
    const p = newPage(ctx, need(vars, 'name'), categoryName(cats[0]!)!);
    return { data: { page_create: { page: { id: p.id, name: p.name, category: p.category } } }, object: p.id };
  },

  pageCategorySearch(ctx, vars) {
    const q = (str(vars, 'query', 'term') ?? '').toLowerCase();
    const rows = PAGE_CATEGORIES.map((name, i) => ({ id: String(CATEGORY_BASE + i), name })).filter((c) => c.name.toLowerCase().includes(q));
    return { data: { page_category_search: { nodes: rows.slice(0, 20) } } };
  },

  pageUpdateCategory(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    pg.category = categoryName(categories(vars)[0]!)!;
    return { data: { page_update_category: { page: { id: pg.id, category: pg.category } } }, object: pg.id };
  },

  additionalProfileCreate(ctx, vars) {
    const category = str(vars, 'category', 'category_id') ?? DEFAULT_PROFILE_CATEGORY;
    const name = categoryName(category);
    if (!name) throw errors.invalidParam(`Unknown category ${category}`);
    const p = newPage(ctx, need(vars, 'name'), name);
    return { data: { additional_profile_create: { profile: { id: p.id, name: p.name, category_id: category } } }, object: p.id };
  },

  pageDelete(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    requireReauth(ctx);
    pg.deleted = true;
    return { data: { page_delete: { success: true, page_id: pg.id } }, object: pg.id };
  },

  pagePartnerRemove(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    requireReauth(ctx);
    const partner = need(vars, 'partner_business_id', 'business_id');
    const i = pg.client_businesses.indexOf(partner);
    if (i < 0) throw errors.invalidParam('The business is not a partner of this page', 'This business has no access to the page.');
    pg.client_businesses.splice(i, 1);
    const b = ctx.data.businesses.get(partner);
    if (b) b.client_pages = b.client_pages.filter((x) => x !== pg.id);
    return { data: { page_partner_remove: { success: true } }, object: pg.id };
  },

  pageBusinessRelease(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    requireReauth(ctx);
    if (!pg.owner_business) throw errors.invalidParam('The page is not owned by a business', 'This Page does not belong to a business.');
    const b = ctx.data.businesses.get(pg.owner_business);
    if (b) b.owned_pages = b.owned_pages.filter((x) => x !== pg.id);
    pg.owner_business = null;
    return { data: { page_business_release: { success: true } }, object: pg.id };
  },

  pageDeactivate(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    if (deactivationOf(ctx, pg).deactivated) throw errors.invalidParam('The page is already deactivated', 'This Page is already deactivated.');
    pg.deactivated_time = ctx.nowS;
    pg.deactivated_until = ctx.nowS + DEACTIVATION_S;
    return { data: { page_deactivate: { success: true, reactivation_deadline: pg.deactivated_until } }, object: pg.id };
  },

  pageReactivate(ctx, vars) {
    const pg = page(ctx, vars, 'profile_id', 'page_id');
    requireTask(ctx, pg, 'MANAGE');
    if (!deactivationOf(ctx, pg).deactivated) throw errors.invalidParam('The page is not deactivated', 'This Page is not deactivated.');
    pg.deactivated_until = null;
    pg.deactivated_time = null;
    return { data: { page_reactivate: { success: true } }, object: pg.id };
  },

  pageDeactivationState(ctx, vars) {
    const pg = page(ctx, vars);
    const d = deactivationOf(ctx, pg);
    return { data: { page: { id: pg.id, is_deactivated: d.deactivated, deactivated_time: d.deactivated ? pg.deactivated_time ?? null : null, reactivation_deadline: d.until } } };
  },

  pageAdminReauthCheck(ctx) {
    return { data: { viewer: { reauth_required: (ctx.data.pageReauthUntilS ?? 0) < ctx.nowS } } };
  },

  pageAdminInvite(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    requireReauth(ctx);
    const uid = userId(ctx, need(vars, 'user_id', 'invitee_id'));
    const full = vars.full_control === true || vars.full_control === 'true';
    const invites = (pg.admin_invites ??= []);
    if (invites.some((i) => i.uid === uid) || pg.roles.some((r) => r.uid === uid && r.tasks.includes('MANAGE'))) {
      throw errors.invalidParam('This person already has access or an invitation', 'This person already has access to the Page or was invited.');
    }
    invites.push({ uid, full_control: full, time: ctx.nowS });
    return { data: { page_admin_invite: { success: true, invitee_id: uid, full_control: full } }, object: pg.id };
  },

  pageAdminRemove(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    const uid = need(vars, 'user_id', 'admin_id');
    if (uid === ctx.session) throw errors.invalidParam('You cannot remove yourself', 'You can\'t remove yourself here.');
    const before = (pg.admin_invites ?? []).length + pg.roles.length;
    pg.admin_invites = (pg.admin_invites ?? []).filter((i) => i.uid !== uid);
    pg.roles = pg.roles.filter((r) => r.uid !== uid);
    if ((pg.admin_invites.length + pg.roles.length) === before) throw errors.invalidParam('This person is not an admin of the page', 'This person has no access to the Page.');
    return { data: { page_admin_remove: { success: true } }, object: pg.id };
  },

  pageAdminPermissionsRoot(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    const people = pg.roles.map((r) => ({ id: r.uid, name: ctx.data.users.get(r.uid)?.name ?? '', full_control: r.tasks.includes('MANAGE'), tasks: r.tasks, status: 'ACTIVE' }));
    const invited = (pg.admin_invites ?? []).map((i) => ({ id: i.uid, name: ctx.data.users.get(i.uid)?.name ?? '', full_control: i.full_control, tasks: [], status: 'INVITED' }));
    return { data: { page: { id: pg.id, admin_permissions: { nodes: [...people, ...invited] } } } };
  },

  pageBlock(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MODERATE');
    const action = (str(vars, 'action') ?? 'UNBLOCK').toUpperCase();
    const type = (str(vars, 'setting_type') ?? 'PAGE').toUpperCase();
    if (action !== 'BLOCK' && action !== 'UNBLOCK') throw errors.invalidParam('action must be BLOCK or UNBLOCK');
    if (type !== 'PAGE' && type !== 'USER') throw errors.invalidParam('setting_type must be PAGE or USER');
    const ids = (strings(vars, 'user_ids') ?? [need(vars, 'user_id')]).map((id) => userId(ctx, id));
    if (!ids.length || ids.length > 100) throw errors.invalidParam('user_ids: 1 to 100 people');
    const list = (pg.blocked ??= []);
    for (const id of ids) {
      const i = list.findIndex((b) => b.id === id);
      if (action === 'BLOCK' && i < 0) list.push({ id, type: type as 'PAGE' | 'USER', time: ctx.nowS });
      if (action === 'UNBLOCK' && i >= 0) list.splice(i, 1);
    }
    return { data: { page_block: { success: true, action, blocked_count: list.length } }, object: pg.id };
  },

  pageBlockingDialog(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MODERATE');
    const nodes = (pg.blocked ?? []).map((b) => ({ id: b.id, name: ctx.data.users.get(b.id)?.name ?? '', setting_type: b.type, blocked_time: b.time }));
    return { data: { page: { id: pg.id, blocked_profiles: { count: nodes.length, nodes } } } };
  },

  pageBlocklistTags(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MODERATE');
    const first = Math.min(Number(str(vars, 'first') ?? KEYWORDS_MAX) || KEYWORDS_MAX, KEYWORDS_MAX);
    const all = pg.keywords ?? [];
    return { data: { page: { id: pg.id, blocklist_tags: { count: all.length, nodes: all.slice(0, first) } } } };
  },

  pageBlocklistTagsSave(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MODERATE');
    const tags = strings(vars, 'tags');
    if (!tags) throw errors.missingParam('tags');
    const clean = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
    if (clean.some((t) => t.length > 80)) throw errors.invalidParam('A keyword is too long', 'Keywords can have at most 80 characters.');
    if (clean.length > 10_000) throw errors.invalidParam('Too many keywords');
    pg.keywords = clean;
    return { data: { page_blocklist_tags_save: { success: true, count: clean.length } }, object: pg.id };
  },

  pageProfanityFilter(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MODERATE');
    const level = need(vars, 'level').toUpperCase();
    if (!['OFF', 'MEDIUM', 'HIGH'].includes(level)) throw errors.invalidParam('level must be OFF, MEDIUM or HIGH');
    pg.profanity_filter = level as Page['profanity_filter'];
    return { data: { page_profanity_filter: { success: true, level } }, object: pg.id };
  },

  pageReviewsToggle(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    if (typeof vars.enabled !== 'boolean') throw errors.invalidParam('enabled must be true or false');
    pg.reviews_enabled = vars.enabled;
    return { data: { page_reviews_toggle: { success: true, enabled: pg.reviews_enabled } }, object: pg.id };
  },

  pageLiveVideoEligibility(ctx, vars) {
    const pg = page(ctx, vars);
    const reasons: string[] = [];
    if (!pg.is_published) reasons.push('PAGE_NOT_PUBLISHED');
    if (pg.restricted) reasons.push('PAGE_RESTRICTED');
    if (pg.fan_count < 100) reasons.push('NOT_ENOUGH_FOLLOWERS');
    return { data: { page: { id: pg.id, live_video_eligibility: { is_eligible: reasons.length === 0, reasons } } } };
  },

  pageTransparencyDialog(ctx, vars) {
    const pg = page(ctx, vars, 'pageID', 'page_id');
    return { data: { page: { id: pg.id, transparency: { creation_date: isoTime(pg.created_time), name_changes: pg.name_changed_time ? 1 : 0, admin_countries: [pg.country], is_running_ads: pg.promotion_eligible } } } };
  },

  profileSearch(ctx, vars) {
    const term = need(vars, 'term', 'query').toLowerCase();
    const rows: { id: string; name: string; type: string }[] = [];
    for (const u of ctx.data.users.values()) if (rows.length < 20 && u.name.toLowerCase().includes(term)) rows.push({ id: u.id, name: u.name, type: 'USER' });
    for (const p of ctx.data.pageList) if (rows.length < 20 && !p.deleted && p.name.toLowerCase().includes(term)) rows.push({ id: p.id, name: p.name, type: 'PAGE' });
    return { data: { profile_search: { nodes: rows } } };
  },

  pageAppealStatus(ctx, vars) {
    const pg = page(ctx, vars);
    return { data: { page: { id: pg.id, is_restricted: !!pg.restricted, appeal: appealOf(pg.appeal, !!pg.restricted) } } };
  },

  pageAppealSubmit(ctx, vars) {
    const pg = page(ctx, vars);
    requireTask(ctx, pg, 'MANAGE');
    if (!pg.restricted) throw errors.invalidParam('The page is not restricted', 'This Page has no restriction to appeal.');
    if (pg.appeal && pg.appeal.status === 'PENDING') throw errors.invalidParam('An appeal is already in review', 'You already requested a review.');
    pg.appeal = { status: 'PENDING', comment: str(vars, 'appeal_comment') ?? null, time: ctx.nowS };
    return { data: { page_appeal_submit: { success: true, appeal: { status: 'PENDING', submitted_time: ctx.nowS } } }, object: pg.id };
  },

  userAppealStatus(ctx) {
    const a = ctx.data.userAppeal ?? null;
    return { data: { viewer: { id: ctx.session, is_restricted: true, appeal: appealOf(a, true) } } };
  },

  userAppealSubmit(ctx, vars) {
    if (ctx.data.userAppeal?.status === 'PENDING') throw errors.invalidParam('An appeal is already in review', 'You already requested a review.');
    ctx.data.userAppeal = { status: 'PENDING', comment: str(vars, 'appeal_comment') ?? null, time: ctx.nowS };
    return { data: { user_appeal_submit: { success: true, appeal: { status: 'PENDING', submitted_time: ctx.nowS } } }, object: ctx.session };
  },
};

export { pageTasks, categoryOf };
