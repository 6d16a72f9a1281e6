// GraphQL handlers of the business-manager area (people, partners, assets, asset groups,
// connections); their documents are in ./graphql-docs.json.
import { PAGE_TASKS } from '../../constants';
import { dropId, nextId } from '../../dataset';
import { errors } from '../../errors';
import { encodeCursor, isoTime, type Ctx } from '../../graph/core';
import { memberOf, requireBusinessAdmin } from '../../graph/access';
import { need, str, strings, type GraphqlHandler, type Vars } from '../../web/graphql';
import type { AdAccount } from '../adaccount/data';
import { accountParam, releaseAccount, shareAccount, unshareAccount } from '../adaccount/graph';
import type { Page } from '../page/data';
import type { Business } from './data';
import { removeBusinessUser, requireUsableBusiness } from './graph';

function business(ctx: Ctx, vars: Vars): Business {
  const id = need(vars, 'business_id', 'businessID', 'businessId');
  const b = ctx.data.businesses.get(id);
  if (!b || !memberOf(ctx.data, b, ctx.session)) throw errors.unknownObject(id, 'GET');
  return b;
}

type Asset = { kind: 'ad-account'; a: AdAccount } | { kind: 'page'; p: Page } | { kind: 'pixel'; id: string };

function asset(ctx: Ctx, id: string): Asset {
  const a = ctx.data.accounts.get(id.startsWith('act_') ? id : `act_${id}`);
  if (a) return { kind: 'ad-account', a };
  const p = ctx.data.pages.get(id);
  if (p) return { kind: 'page', p };
  if (ctx.data.pixels.has(id)) return { kind: 'pixel', id };
  throw errors.invalidParam(`Unknown asset ${id}`, 'The asset could not be found.');
}

function ownsAsset(b: Business, x: Asset): boolean {
  if (x.kind === 'ad-account') return x.a.owner_business === b.id;
  if (x.kind === 'page') return x.p.owner_business === b.id;
  return b.owned_pixels.includes(x.id);
}

function assetId(x: Asset): string {
  return x.kind === 'ad-account' ? x.a.id : x.kind === 'page' ? x.p.id : x.id;
}

function businessUser(ctx: Ctx, b: Business, id: string) {
  const bu = ctx.data.businessUsers.get(id) ?? memberOf(ctx.data, b, id);
  if (!bu || bu.business !== b.id) throw errors.invalidParam('The person is not in this business');
  return bu;
}

function connectionList(vars: Vars): { from_id: string; from_type: string; to_id: string; to_type: string }[] {
  const raw = vars.connections;
  const list: Record<string, unknown>[] = Array.isArray(raw) ? raw as Record<string, unknown>[]
    : [{ from_id: vars.from_id, from_asset_type: vars.from_asset_type, to_id: vars.to_id, to_asset_type: vars.to_asset_type }];
  return list.map((c) => {
    const from = typeof c.from_id === 'string' || typeof c.from_id === 'number' ? String(c.from_id) : '';
    const to = typeof c.to_id === 'string' || typeof c.to_id === 'number' ? String(c.to_id) : '';
    if (!from || !to) throw errors.missingParam('from_id/to_id');
    const fromType = String(c.from_asset_type ?? 'pixel');
    const toType = String(c.to_asset_type ?? 'ad-account');
    if (!['pixel', 'events-dataset-new'].includes(fromType)) throw errors.invalidParam(`from_asset_type must be pixel or events-dataset-new, got ${fromType}`);
    if (!['ad-account', 'user', 'brand'].includes(toType)) throw errors.invalidParam(`to_asset_type must be ad-account, user or brand, got ${toType}`);
    return { from_id: from, from_type: fromType, to_id: to, to_type: toType };
  });
}

export const businessHandlers: Record<string, GraphqlHandler> = {
  businessUsersByAsset(ctx, vars) {
    const b = business(ctx, vars);
    const x = asset(ctx, need(vars, 'asset_id', 'assetID'));
    const id = assetId(x);
    const nodes = b.users.flatMap((uid) => {
      const bu = ctx.data.businessUsers.get(uid);
      if (!bu) return [];
      const tasks = bu.assigned[id] ?? (bu.role === 'ADMIN' && ownsAsset(b, x) ? ['MANAGE'] : null);
      return tasks ? [{ id: bu.id, user_id: bu.uid, name: ctx.data.users.get(bu.uid)?.name ?? '', role: bu.role, tasks, is_implicit: !bu.assigned[id] }] : [];
    });
    return { data: { business: { id: b.id, users_with_asset_access: { count: nodes.length, nodes } } } };
  },

  /** The business settings' people list: everyone with a role, hidden administrators included. */
  businessSettingsPeople(ctx, vars) {
    const b = business(ctx, vars);
    const nodes = [...b.users, ...b.hidden].flatMap((id) => {
      const bu = ctx.data.businessUsers.get(id);
      if (!bu) return [];
      const person = ctx.data.users.get(bu.uid);
      return [{ id: bu.id, user_id: bu.uid, name: person?.name ?? '', email: bu.email, role: bu.role }];
    });
    return { data: { business: { id: b.id, business_people: { count: nodes.length, nodes } } } };
  },

  restrictionCheck(ctx, vars) {
    const id = need(vars, 'entity_id', 'entityID');
    const b = ctx.data.businesses.get(id);
    if (b) {
      return { data: { entity: { id, type: 'BUSINESS', is_restricted: b.is_disabled_for_integrity_reasons, restriction_type: b.is_disabled_for_integrity_reasons ? 'BUSINESS_INTEGRITY' : null } } };
    }
    const a = ctx.data.accounts.get(id.startsWith('act_') ? id : `act_${id}`);
    if (a) {
      const restricted = a.account_status === 2;
      return { data: { entity: { id: a.account_id, type: 'AD_ACCOUNT', is_restricted: restricted, restriction_type: restricted ? 'AD_ACCOUNT_DISABLED' : null } } };
    }
    throw errors.unknownObject(id, 'GET');
  },

  businessPartners(ctx, vars) {
    const b = business(ctx, vars);
    const partner = (id: string, relationship: string) => {
      const p = ctx.data.businesses.get(id);
      if (!p) return [];
      const shared = relationship === 'AGENCY'
        ? b.owned_accounts.filter((act) => ctx.data.accounts.get(act)?.agencies.some((l) => l.business === id)).length
        : p.owned_accounts.filter((act) => ctx.data.accounts.get(act)?.agencies.some((l) => l.business === b.id)).length;
      return [{ id: p.id, name: p.name, relationship, shared_ad_accounts_count: shared }];
    };
    const nodes = [...b.agencies.flatMap((id) => partner(id, 'AGENCY')), ...b.clients.flatMap((id) => partner(id, 'CLIENT'))];
    return { data: { business: { id: b.id, partners: { count: nodes.length, nodes } } } };
  },

  businessInfo(ctx, vars) {
    const b = business(ctx, vars);
    const page = b.primary_page ? ctx.data.pages.get(b.primary_page) : undefined;
    return {
      data: {
        business: {
          id: b.id, name: b.name, created_time: b.created_time, verification_status: b.verification_status,
          primary_page: page ? { id: page.id, name: page.name } : null, timezone_id: b.timezone_id, vertical: b.vertical,
          ad_account_limit: b.ad_account_limit, is_restricted: b.is_disabled_for_integrity_reasons,
          viewer_role: memberOf(ctx.data, b, ctx.session)?.role ?? null,
        },
      },
      more: [{
        label: 'BusinessInfoQuery$defer$BusinessInfoCounts',
        path: ['business'],
        data: { owned_ad_accounts_count: b.owned_accounts.length, client_ad_accounts_count: b.client_accounts.length, people_count: b.users.length },
      }],
    };
  },

  businessUpdateBasicInfo(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const name = str(vars, 'name', 'business_name');
    const pageId = str(vars, 'primary_page_id', 'primaryPageID');
    if (name === undefined && pageId === undefined) throw errors.invalidParam('Nothing to update');
    if (name !== undefined && !name.trim()) throw errors.invalidParam('The business name must not be empty', 'Enter a business name.');
    if (pageId !== undefined && !ctx.data.pages.has(pageId)) throw errors.invalidParam('Unknown page', 'The primary page could not be found.');
    if (name !== undefined) b.name = name;
    if (pageId !== undefined) b.primary_page = pageId;
    return { data: { business_update_basic_info: { business: { id: b.id, name: b.name, primary_page: b.primary_page ? { id: b.primary_page } : null } } }, object: b.id };
  },

  businessAdAccountAssets(ctx, vars) {
    const b = business(ctx, vars);
    const size = Math.min(Math.max(Number(str(vars, 'pageSize', 'first', 'count') ?? 200) || 200, 1), 500);
    const rows = [...b.owned_accounts.map((id) => [id, 'OWNED'] as const), ...b.client_accounts.map((id) => [id, 'CLIENT'] as const)];
    const cursor = str(vars, 'cursor', 'after');
    let from = 0;
    if (cursor) {
      const at = rows.findIndex(([id]) => encodeCursor({ i: id, o: 0 }) === cursor);
      from = at >= 0 ? at + 1 : rows.length;
    }
    const page = rows.slice(from, from + size);
    const edges = page.flatMap(([id, relationship]) => {
      const a = ctx.data.accounts.get(id);
      return a ? [{ cursor: encodeCursor({ i: id, o: 0 }), node: { id: a.account_id, name: a.name, account_status: a.account_status, currency: a.currency, relationship } }] : [];
    });
    return {
      data: {
        business: {
          id: b.id,
          ad_accounts: {
            count: rows.length,
            edges,
            page_info: { has_next_page: from + size < rows.length, end_cursor: page.length ? encodeCursor({ i: page[page.length - 1]![0], o: 0 }) : null },
          },
        },
      },
    };
  },

  assetStatusBanner(ctx, vars) {
    const b = business(ctx, vars);
    const type = b.is_disabled_for_integrity_reasons ? 'RESTRICTED' : b.verification_status !== 'verified' ? 'UNVERIFIED' : 'NONE';
    const message = type === 'RESTRICTED' ? 'Your business account is restricted from advertising.'
      : type === 'UNVERIFIED' ? 'Verify your business to unlock more features.' : null;
    return { data: { business: { id: b.id, asset_status_banner: { show: type !== 'NONE', type, message } } } };
  },

  partnerAssetValidate(ctx, vars) {
    const b = business(ctx, vars);
    const partner = ctx.data.businesses.get(need(vars, 'partner_business_id', 'partnerBusinessID'));
    const x = asset(ctx, need(vars, 'asset_id', 'assetID'));
    const reason = !partner ? 'PARTNER_NOT_FOUND' : partner.id === b.id ? 'SAME_BUSINESS' : !ownsAsset(b, x) ? 'ASSET_NOT_OWNED'
      : b.is_disabled_for_integrity_reasons ? 'BUSINESS_RESTRICTED' : null;
    return { data: { partner_asset_validate: { is_valid: reason === null, reason } } };
  },

  partnerAssetAdd(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    requireUsableBusiness(b);
    const partner = ctx.data.businesses.get(need(vars, 'partner_business_id', 'partnerBusinessID'));
    if (!partner || partner.id === b.id) throw errors.invalidParam('Unknown partner business', 'The partner business could not be found.');
    const x = asset(ctx, need(vars, 'asset_id', 'assetID'));
    if (!ownsAsset(b, x)) throw errors.permission('The business does not own this asset');
    const tasks = (strings(vars, 'permitted_tasks') ?? strings(vars, 'tasks') ?? ['ADVERTISE', 'ANALYZE']).map((t) => t.toUpperCase());
    if (x.kind === 'ad-account') shareAccount(x.a, partner, tasks);
    else if (x.kind === 'page') {
      if (!x.p.client_businesses.includes(partner.id)) {
        x.p.client_businesses.push(partner.id);
        partner.client_pages.push(x.p.id);
      }
    } else {
      const px = ctx.data.pixels.get(x.id)!;
      const link = px.agencies.find((l) => l.business === partner.id);
      if (link) link.tasks = tasks;
      else {
        px.agencies.push({ business: partner.id, tasks });
        partner.client_pixels.push(px.id);
      }
    }
    if (!b.agencies.includes(partner.id)) {
      b.agencies.push(partner.id);
      partner.clients.push(b.id);
    }
    return { data: { partner_asset_add: { success: true, asset_id: assetId(x), partner_business_id: partner.id } }, object: b.id };
  },

  partnerAssetRemove(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const partner = ctx.data.businesses.get(need(vars, 'partner_business_id', 'partnerBusinessID'));
    if (!partner) throw errors.invalidParam('Unknown partner business');
    const x = asset(ctx, need(vars, 'asset_id', 'assetID'));
    let removed: boolean;
    if (x.kind === 'ad-account') removed = unshareAccount(x.a, partner);
    else if (x.kind === 'page') removed = dropId(x.p.client_businesses, partner.id) && dropId(partner.client_pages, x.p.id);
    else {
      const px = ctx.data.pixels.get(x.id)!;
      const i = px.agencies.findIndex((l) => l.business === partner.id);
      removed = i >= 0;
      if (removed) {
        px.agencies.splice(i, 1);
        dropId(partner.client_pixels, px.id);
      }
    }
    if (!removed) throw errors.invalidParam('The partner has no access to this asset');
    return { data: { partner_asset_remove: { success: true } }, object: b.id };
  },

  userAssetAssign(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const bu = businessUser(ctx, b, need(vars, 'user_id', 'userID', 'business_user_id'));
    const x = asset(ctx, need(vars, 'asset_id', 'assetID'));
    if (!ownsAsset(b, x) && !(x.kind === 'ad-account' && x.a.agencies.some((l) => l.business === b.id))) {
      throw errors.permission('The business has no access to this asset');
    }
    const tasks = (strings(vars, 'tasks') ?? strings(vars, 'permitted_tasks') ?? []).map((t) => t.toUpperCase());
    if (!tasks.length) throw errors.missingParam('tasks');
    bu.assigned[assetId(x)] = tasks;
    return { data: { user_asset_assign: { success: true, user_id: bu.id, asset_id: assetId(x), tasks } }, object: b.id };
  },

  userAssetRemove(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const bu = businessUser(ctx, b, need(vars, 'user_id', 'userID', 'business_user_id'));
    const id = assetId(asset(ctx, need(vars, 'asset_id', 'assetID')));
    if (!bu.assigned[id]) throw errors.invalidParam('The person is not assigned to this asset');
    delete bu.assigned[id];
    return { data: { user_asset_remove: { success: true } }, object: b.id };
  },

  assetConnections(ctx, vars) {
    const b = business(ctx, vars);
    const id = str(vars, 'asset_id', 'assetID');
    const nodes = ctx.data.connections.filter((c) => c.business === b.id && (!id || c.from_id === id || c.to_id === id));
    return { data: { business: { id: b.id, asset_connections: { count: nodes.length, nodes } } } };
  },

  assetConnectionsBulkAdd(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const list = connectionList(vars);
    const results = list.map((c) => {
      const exists = ctx.data.connections.some((x) => x.business === b.id && x.from_id === c.from_id && x.to_id === c.to_id);
      if (!exists) ctx.data.connections.push({ business: b.id, ...c });
      const px = ctx.data.pixels.get(c.from_id);
      const a = ctx.data.accounts.get(c.to_id.startsWith('act_') ? c.to_id : `act_${c.to_id}`);
      if (px && a && c.to_type === 'ad-account' && !px.shared_accounts.includes(a.id)) {
        px.shared_accounts.push(a.id);
        a.pixels.push(px.id);
      }
      return { from_id: c.from_id, to_id: c.to_id, status: 'CONNECTED' };
    });
    return { data: { asset_connections_bulk_add: { results } }, object: b.id };
  },

  assetConnectionsBulkRemove(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const list = connectionList(vars);
    const results = list.map((c) => {
      const i = ctx.data.connections.findIndex((x) => x.business === b.id && x.from_id === c.from_id && x.to_id === c.to_id);
      if (i >= 0) ctx.data.connections.splice(i, 1);
      const px = ctx.data.pixels.get(c.from_id);
      const a = ctx.data.accounts.get(c.to_id.startsWith('act_') ? c.to_id : `act_${c.to_id}`);
      let removed = i >= 0;
      if (px && a && dropId(px.shared_accounts, a.id)) {
        dropId(a.pixels, px.id);
        removed = true;
      }
      return { from_id: c.from_id, to_id: c.to_id, status: removed ? 'DISCONNECTED' : 'NOT_CONNECTED' };
    });
    return { data: { asset_connections_bulk_remove: { results } }, object: b.id };
  },

  assetGroupCreate(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const name = need(vars, 'name');
    const g = { id: nextId(ctx.data, 'assetGroup'), business: b.id, name, assets: [] as string[] };
    ctx.data.assetGroups.set(g.id, g);
    b.asset_groups.push(g.id);
    return { data: { asset_group_create: { asset_group: { id: g.id, name } } }, object: b.id };
  },

  assetGroupList(ctx, vars) {
    const b = business(ctx, vars);
    const nodes = b.asset_groups.flatMap((id) => {
      const g = ctx.data.assetGroups.get(id);
      return g ? [{ id: g.id, name: g.name, ad_account_ids: g.assets }] : [];
    });
    return { data: { business: { id: b.id, asset_groups: { count: nodes.length, nodes } } } };
  },

  assetGroupShareAdAccount(ctx, vars) {
    const g = ctx.data.assetGroups.get(need(vars, 'asset_group_id', 'assetGroupID'));
    if (!g) throw errors.invalidParam('Unknown asset group');
    const b = ctx.data.businesses.get(g.business)!;
    requireBusinessAdmin(ctx, b);
    const ids = strings(vars, 'ad_account_ids') ?? [need(vars, 'ad_account_id')];
    const added: string[] = [];
    for (const raw of ids) {
      const a = accountParam(ctx, raw);
      if (a.owner_business !== b.id && !a.agencies.some((l) => l.business === b.id)) throw errors.permission('The business has no access to this ad account');
      if (!g.assets.includes(a.id)) {
        g.assets.push(a.id);
        added.push(a.account_id);
      }
    }
    return { data: { asset_group_share_ad_account: { asset_group: { id: g.id, ad_account_ids: g.assets }, added } }, object: b.id };
  },

  businessCreatePage(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    requireUsableBusiness(b);
    if (!b.can_add_or_create_page) throw errors.permission('This business cannot create pages');
    const name = need(vars, 'name', 'page_name');
    if (!name.trim()) throw errors.invalidParam('The page name must not be empty');
    const category = str(vars, 'category', 'category_name') ?? 'Shopping & retail';
    const p: Page = {
      index: ctx.data.pageList.length, id: nextId(ctx.data, 'page'), name, category, fan_count: 0,
      verification_status: 'not_verified', is_published: true, created_time: ctx.nowS, promotion_eligible: true,
      owner_business: b.id, client_businesses: [], roles: [{ uid: ctx.session, tasks: [...PAGE_TASKS] }],
      website: '', phone: '', emails: [], country: 'US',
    };
    ctx.data.pages.set(p.id, p);
    ctx.data.pageList.push(p);
    b.owned_pages.push(p.id);
    return { data: { business_page_create: { page: { id: p.id, name: p.name, created_time: isoTime(p.created_time) } } }, object: b.id };
  },

  businessRemoveAdAccount(ctx, vars) {
    const b = business(ctx, vars);
    requireBusinessAdmin(ctx, b);
    const a = accountParam(ctx, need(vars, 'ad_account_id', 'adAccountID', 'asset_id'));
    if (a.owner_business === b.id) releaseAccount(ctx.data, a);
    else if (!unshareAccount(a, b)) throw errors.invalidParam('The ad account is not in this business', 'This ad account is not part of the business.');
    for (const id of b.asset_groups) {
      const g = ctx.data.assetGroups.get(id);
      if (g) dropId(g.assets, a.id);
    }
    return { data: { business_remove_ad_account: { success: true, ad_account: { id: a.account_id } } }, object: b.id };
  },

  businessRemoveUser(ctx, vars) {
    const b = business(ctx, vars);
    const bu = businessUser(ctx, b, need(vars, 'user_id', 'business_user_id'));
    removeBusinessUser(ctx, bu);
    return { data: { business_remove_user: { success: true } }, object: b.id };
  },
};
