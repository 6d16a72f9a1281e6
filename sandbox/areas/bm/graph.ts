// The business node and what hangs off it in this area: people, invitations, system users,
// partners; the business-user, invitation and asset-group nodes. The ad-account, page and pixel
// areas add their asset edges (owned_ad_accounts, owned_pages, owned_pixels, …).
import { BUSINESS_ROLES, findTimezone } from '../../constants';
import { dropId, nextId } from '../../dataset';
import { errors } from '../../errors';
import { isoTime, param, plain, ref, required, SUCCESS, type Ctx, type EdgeDef, type Ref, type TypeDef } from '../../graph/core';
import { memberOf, requireBusinessAdmin } from '../../graph/access';
import type { User } from '../core/data';
import { mine } from '../core/graph';
import type { AssetGroup, Business, BusinessUser, Invite } from './data';

export function businessParam(ctx: Ctx, value: string): Business {
  const b = ctx.data.businesses.get(value);
  if (!b) throw errors.invalidParam(`Param business must be a valid business id: ${value}`);
  return b;
}

/** a person by user id, or by business-user id (the platform takes both) */
export function userParam(ctx: Ctx, value: string): User {
  const bu = ctx.data.businessUsers.get(value);
  const u = ctx.data.users.get(bu ? bu.uid : value);
  if (!u) throw errors.invalidParam(`Param user must be a valid user id: ${value}`, 'The person you chose could not be found.');
  return u;
}

export function bizRef(ctx: Ctx, id: string | null): Ref | undefined {
  const b = id ? ctx.data.businesses.get(id) : undefined;
  return b ? ref('business', b) : undefined;
}

export function businessesOf(ctx: Ctx, ids: string[]): Ref[] {
  return ids.flatMap((id) => {
    const b = ctx.data.businesses.get(id);
    return b ? [ref('business', b)] : [];
  });
}

export function requireUsableBusiness(b: Business): void {
  if (b.is_disabled_for_integrity_reasons) {
    throw errors.permission('This business is restricted from advertising and cannot make this change',
      'Your business account is restricted, so this change could not be made.');
  }
}

export function removeBusinessUser(ctx: Ctx, bu: BusinessUser): void {
  const b = ctx.data.businesses.get(bu.business)!;
  requireBusinessAdmin(ctx, b);
  // a hidden administrator is not among the listed admins the last-admin rule counts
  if (bu.role === 'ADMIN' && b.users.includes(bu.id)) {
    const admins = b.users.filter((id) => ctx.data.businessUsers.get(id)?.role === 'ADMIN');
    if (admins.length <= 1) {
      throw errors.invalidParam('A business must keep at least one admin', 'You can\'t remove the last admin of a business.');
    }
  }
  dropId(b.users, bu.id);
  dropId(b.hidden, bu.id);
  ctx.data.businessUsers.delete(bu.id);
}

export function findBusinessNode(ctx: Ctx, id: string): Ref | null {
  if (!/^\d+$/.test(id)) return null;
  const d = ctx.data;
  const b = d.businesses.get(id);
  if (b) return ref('business', b);
  const bu = d.businessUsers.get(id);
  if (bu) return ref('business_user', bu);
  const inv = d.invites.get(id);
  if (inv) return ref('invite', inv);
  const g = d.assetGroups.get(id);
  if (g) return ref('asset_group', g);
  return null;
}

// ---------------------------------------------------------------------------------------------
// business

export const businessType: TypeDef<Business> = {
  label: 'Business',
  defaults: ['id', 'name'],
  id: (b) => b.id,
  visible: (b, ctx) => !!memberOf(ctx.data, b, ctx.session) || b.clients.some((c) => {
    const cb = ctx.data.businesses.get(c);
    return !!cb && !!memberOf(ctx.data, cb, ctx.session);
  }),
  fields: {
    id: (b) => b.id,
    name: (b) => b.name,
    created_by: (b, ctx) => {
      const u = ctx.data.users.get(b.created_by);
      return u ? ref('user', u) : undefined;
    },
    created_time: (b) => isoTime(b.created_time),
    updated_time: (b) => isoTime(b.created_time),
    is_disabled_for_integrity_reasons: (b) => b.is_disabled_for_integrity_reasons,
    can_use_extended_credit: (b) => b.can_use_extended_credit,
    verification_status: (b) => b.verification_status,
    sharing_eligibility_status: (b) => b.sharing_eligibility_status,
    permitted_roles: (b, ctx) => {
      const me = memberOf(ctx.data, b, ctx.session);
      return me ? (me.role === 'ADMIN' ? ['ADMIN', 'EMPLOYEE'] : [me.role]) : [];
    },
    allow_page_management_in_www: (b) => b.allow_page_management_in_www,
    can_add_or_create_page: (b) => b.can_add_or_create_page,
    primary_page: (b, ctx) => {
      const pg = b.primary_page ? ctx.data.pages.get(b.primary_page) : undefined;
      return pg ? ref('page', pg) : undefined;
    },
    vertical: (b) => b.vertical,
    timezone_id: (b) => b.timezone_id,
    two_factor_type: (b) => b.two_factor_type,
    link: (b) => `https://business.facebook.com/settings/?business_id=${b.id}`,
    profile_picture_uri: (b) => `https://scontent.example.test/b/${b.id}.jpg`,
    is_hidden: () => false,
    ad_account_limit: (b) => b.ad_account_limit,
  },
  edges: {
    business_users: {
      maxLimit: 300,
      search: (r, q) => {
        const bu = r.o as BusinessUser;
        return bu.email.toLowerCase().includes(q) || bu.id === q;
      },
      list: (b, ctx) => b.users.flatMap((id) => {
        const bu = ctx.data.businessUsers.get(id);
        return bu ? [ref('business_user', bu)] : [];
      }),
      create: (b, p, ctx) => {
        requireBusinessAdmin(ctx, b);
        requireUsableBusiness(b);
        const email = required(p, 'email').trim();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw errors.invalidParam('Param email must be a valid email address', 'Enter a valid email address.');
        const role = (param(p, 'role') ?? 'EMPLOYEE').toUpperCase();
        if (!(BUSINESS_ROLES as readonly string[]).includes(role)) throw errors.invalidParam(`Param role must be one of {${BUSINESS_ROLES.join(', ')}}`);
        const lower = email.toLowerCase();
        if (b.users.some((id) => ctx.data.businessUsers.get(id)?.email.toLowerCase() === lower)) {
          throw errors.invalidParam('This person is already in the business', `${email} already has access to this business.`);
        }
        if (b.pending.some((id) => ctx.data.invites.get(id)?.email.toLowerCase() === lower)) {
          throw errors.invalidParam('This person has already been invited', `An invitation to ${email} is already pending.`);
        }
        const inv: Invite = {
          id: nextId(ctx.data, 'invite'), business: b.id, email, role, status: 'PENDING',
          created_time: ctx.nowS, expiration_time: ctx.nowS + 30 * 86400,
        };
        ctx.data.invites.set(inv.id, inv);
        b.pending.push(inv.id);
        return { body: { id: inv.id } };
      },
      remove: (b, p, ctx) => {
        const v = required(p, 'user', 'uid', 'id');
        const bu = ctx.data.businessUsers.get(v) ?? memberOf(ctx.data, b, v);
        if (!bu || bu.business !== b.id) throw errors.invalidParam('The user is not in this business');
        removeBusinessUser(ctx, bu);
        return SUCCESS;
      },
    },
    pending_users: {
      maxLimit: 300,
      list: (b, ctx) => b.pending.flatMap((id) => {
        const inv = ctx.data.invites.get(id);
        return inv ? [ref('invite', inv)] : [];
      }),
    },
    system_users: {
      list: (b) => b.system_users.map((s) => plain({ ...s })),
    },
    agencies: { list: (b, ctx) => businessesOf(ctx, b.agencies) },
    clients: { list: (b, ctx) => businessesOf(ctx, b.clients) },
    partner_relationships: {
      list: (b, ctx) => [
        ...businessesOf(ctx, b.agencies).map((r) => ({ ...r, x: { relationship: 'AGENCY' } })),
        ...businessesOf(ctx, b.clients).map((r) => ({ ...r, x: { relationship: 'CLIENT' } })),
      ],
    },
  },
  update: (b, p, ctx) => {
    requireBusinessAdmin(ctx, b);
    const changes: (() => void)[] = [];
    if (p.name !== undefined) {
      const name = p.name;
      if (!name.trim()) throw errors.invalidParam('Param name must be a non-empty string');
      changes.push(() => { b.name = name; });
    }
    const page = param(p, 'primary_page');
    if (page !== undefined) {
      if (!ctx.data.pages.has(page)) throw errors.invalidParam('Param primary_page must be a page id');
      changes.push(() => { b.primary_page = page; });
    }
    if (p.vertical !== undefined) {
      const v = p.vertical;
      changes.push(() => { b.vertical = v; });
    }
    const tz = param(p, 'timezone_id');
    if (tz !== undefined) {
      const t = findTimezone(tz);
      if (!t) throw errors.invalidParam('Param timezone_id must be a valid timezone');
      changes.push(() => { b.timezone_id = t.id; });
    }
    if (!changes.length) throw errors.invalidParam('No fields to update were given');
    for (const c of changes) c();
    return SUCCESS;
  },
};

// ---------------------------------------------------------------------------------------------
// business user, invitation, asset group

export const businessUserType: TypeDef<BusinessUser> = {
  label: 'BusinessUser',
  defaults: ['id', 'name', 'role'],
  id: (bu) => bu.id,
  visible: (bu, ctx) => !!memberOf(ctx.data, ctx.data.businesses.get(bu.business)!, ctx.session),
  fields: {
    id: (bu) => bu.id,
    name: (bu, ctx) => ctx.data.users.get(bu.uid)?.name,
    first_name: (bu, ctx) => ctx.data.users.get(bu.uid)?.first_name,
    last_name: (bu, ctx) => ctx.data.users.get(bu.uid)?.last_name,
    email: (bu) => bu.email,
    role: (bu) => bu.role,
    title: (bu) => bu.title,
    pending_email: (bu) => bu.pending_email,
    two_fac_status: (bu) => bu.two_fac_status,
    is_two_fac_blocked: (bu) => bu.is_two_fac_blocked,
    was_integrity_demoted: (bu) => bu.was_integrity_demoted,
    active_status: () => 'ACTIVE',
    business: (bu, ctx) => bizRef(ctx, bu.business),
  },
  edges: {},
  update: (bu, p, ctx) => {
    const b = ctx.data.businesses.get(bu.business)!;
    requireBusinessAdmin(ctx, b);
    const changes: (() => void)[] = [];
    const role = param(p, 'role');
    if (role !== undefined) {
      const r = role.toUpperCase();
      if (!(BUSINESS_ROLES as readonly string[]).includes(r)) throw errors.invalidParam(`Param role must be one of {${BUSINESS_ROLES.join(', ')}}`);
      if (bu.role === 'ADMIN' && r !== 'ADMIN' && b.users.filter((id) => ctx.data.businessUsers.get(id)?.role === 'ADMIN').length <= 1) {
        throw errors.invalidParam('A business must keep at least one admin');
      }
      changes.push(() => { bu.role = r; });
    }
    if (p.title !== undefined) {
      const t = p.title;
      changes.push(() => { bu.title = t; });
    }
    if (!changes.length) throw errors.invalidParam('No fields to update were given');
    for (const c of changes) c();
    return SUCCESS;
  },
  remove: (bu, _p, ctx) => {
    removeBusinessUser(ctx, bu);
    return { ...SUCCESS, object: bu.business };
  },
};

export const inviteType: TypeDef<Invite> = {
  label: 'BusinessRoleRequest',
  defaults: ['id', 'email', 'role', 'status'],
  id: (inv) => inv.id,
  visible: (inv, ctx) => !!memberOf(ctx.data, ctx.data.businesses.get(inv.business)!, ctx.session),
  fields: {
    id: (inv) => inv.id,
    email: (inv) => inv.email,
    role: (inv) => inv.role,
    status: (inv) => inv.status,
    created_time: (inv) => isoTime(inv.created_time),
    expiration_time: (inv) => isoTime(inv.expiration_time),
    invited_user_type: () => ['FB'],
    business: (inv, ctx) => bizRef(ctx, inv.business),
  },
  edges: {},
  update: (inv, p, ctx) => {
    requireBusinessAdmin(ctx, ctx.data.businesses.get(inv.business)!);
    const role = required(p, 'role').toUpperCase();
    if (!(BUSINESS_ROLES as readonly string[]).includes(role)) throw errors.invalidParam(`Param role must be one of {${BUSINESS_ROLES.join(', ')}}`);
    inv.role = role;
    return SUCCESS;
  },
  remove: (inv, _p, ctx) => {
    const b = ctx.data.businesses.get(inv.business)!;
    requireBusinessAdmin(ctx, b);
    dropId(b.pending, inv.id);
    ctx.data.invites.delete(inv.id);
    return { ...SUCCESS, object: b.id };
  },
};

export const assetGroupType: TypeDef<AssetGroup> = {
  label: 'BusinessAssetGroup',
  defaults: ['id', 'name'],
  id: (g) => g.id,
  fields: {
    id: (g) => g.id,
    name: (g) => g.name,
    owner_business: (g, ctx) => bizRef(ctx, g.business),
  },
  edges: {
    // `/{group}/contained_adaccounts`: the group's ad accounts; POST adds one, DELETE takes one out
    // (`asset_id`, docs/PLATFORM.md section 8). The product adds them with its web GraphQL form.
    contained_adaccounts: {
      list: (g, ctx) => g.assets.flatMap((id) => {
        const a = ctx.data.accounts.get(id);
        return a ? [ref('adaccount', a)] : [];
      }),
      create: (g, p, ctx) => {
        const b = ctx.data.businesses.get(g.business)!;
        requireBusinessAdmin(ctx, b);
        const a = groupAccount(ctx, required(p, 'asset_id', 'adaccount_id'));
        if (a.owner_business !== b.id && !a.agencies.some((l) => l.business === b.id)) throw errors.permission('The business has no access to this ad account');
        if (!g.assets.includes(a.id)) g.assets.push(a.id);
        return { ...SUCCESS, object: b.id };
      },
      remove: (g, p, ctx) => {
        const b = ctx.data.businesses.get(g.business)!;
        requireBusinessAdmin(ctx, b);
        const a = groupAccount(ctx, required(p, 'asset_id', 'adaccount_id'));
        if (!dropId(g.assets, a.id)) throw errors.invalidParam('The ad account is not in this asset group', 'This ad account is not in the asset group.');
        return { ...SUCCESS, object: b.id };
      },
    },
  },
};

/** An ad account a group write names, as `act_<digits>` or the digits. */
function groupAccount(ctx: Ctx, value: string) {
  const a = ctx.data.accounts.get(value.startsWith('act_') ? value : `act_${value}`);
  if (!a) throw errors.invalidParam(`Param asset_id must be an ad account id: ${value}`);
  return a;
}

// `me/businesses`
const userEdges: Record<string, EdgeDef<User>> = {
  businesses: {
    maxLimit: 300,
    list: (u, ctx) => {
      mine(ctx, u);
      return ctx.data.businessList.filter((b) => memberOf(ctx.data, b, u.id)).map((b) => ref('business', b));
    },
  },
};

export const businessExtensions = { user: { edges: userEdges } };
