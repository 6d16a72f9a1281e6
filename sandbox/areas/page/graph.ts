// The page node with the reads and role writes the ad-account and business areas need, and what the
// area adds to others: `me/accounts`, a business's owned and client pages, a business user's pages.
import { PAGE_TASKS } from '../../constants';
import { errors } from '../../errors';
import { byName, isoTime, ref, required, SUCCESS, tasksParam, type Ctx, type EdgeDef, type Ref, type TypeDef } from '../../graph/core';
import { isBusinessAdmin } from '../../graph/access';
import type { User } from '../core/data';
import { mine } from '../core/graph';
import type { Business, BusinessUser } from '../bm/data';
import { bizRef, businessParam } from '../bm/graph';
import { assignedBusiness, assignedRows, assignee } from '../bm/assigned';
import type { Page } from './data';
import { categoryOf as categoryId } from './graphql';

function pageToken(ctx: Ctx, pg: Page): string {
  return `EAAP${ctx.data.seed.length}${pg.id}PAGE`;
}

export function pagesOf(ctx: Ctx, ids: string[]): Ref[] {
  return ids.flatMap((id) => {
    const pg = ctx.data.pages.get(id);
    return pg ? [ref('page', pg)] : [];
  });
}

export function findPage(ctx: Ctx, id: string): Ref | null {
  const pg = /^\d+$/.test(id) ? ctx.data.pages.get(id) : undefined;
  return pg ? ref('page', pg) : null;
}

/** The page's deactivation as of now: a deactivation past its 7 days has expired (the page is back). */
export function deactivationOf(ctx: Ctx, pg: Page): { deactivated: boolean; until: number | null } {
  if (pg.deactivated_until && ctx.nowS >= pg.deactivated_until) {
    pg.deactivated_until = null;
    pg.deactivated_time = null;
  }
  return { deactivated: !!pg.deactivated_until, until: pg.deactivated_until ?? null };
}

/** The session user's tasks on the page (a business admin of the owner manages it). */
export function pageTasks(ctx: Ctx, pg: Page): string[] {
  const mine = pg.roles.find((r) => r.uid === ctx.session)?.tasks ?? [];
  const owner = pg.owner_business ? ctx.data.businesses.get(pg.owner_business) : undefined;
  return owner && isBusinessAdmin(ctx, owner) ? [...new Set([...mine, 'MANAGE', 'MODERATE'])] : mine;
}

/** The platform's refusal when the session lacks the task on the page (code 200). */
export function requireTask(ctx: Ctx, pg: Page, task: 'MANAGE' | 'MODERATE' | 'CREATE_CONTENT'): void {
  if (!pageTasks(ctx, pg).includes(task)) {
    throw errors.permission(`User does not have the ${task} task on this page`, 'You need a different role on this Page to do this.');
  }
}

export function managePage(ctx: Ctx, pg: Page) {
  const mine = pg.roles.find((r) => r.uid === ctx.session);
  const owner = pg.owner_business ? ctx.data.businesses.get(pg.owner_business) : undefined;
  if (!mine?.tasks.includes('MANAGE') && !(owner && isBusinessAdmin(ctx, owner))) throw errors.permission('User does not have permission to manage this page');
}

export const pageType: TypeDef<Page> = {
  label: 'Page',
  defaults: ['id', 'name'],
  id: (pg) => pg.id,
  visible: (pg) => !pg.deleted,
  // POST {page} is_published=true|false (unpublish); the page's own token or a manager's
  update: (pg, p, ctx) => {
    requireTask(ctx, pg, 'MANAGE');
    if (p.is_published === undefined) throw errors.missingParam('is_published');
    if (p.is_published !== 'true' && p.is_published !== 'false') throw errors.invalidParam('is_published must be true or false');
    pg.is_published = p.is_published === 'true';
    return SUCCESS;
  },
  fields: {
    id: (pg) => pg.id,
    name: (pg) => pg.name,
    category: (pg) => pg.category,
    // the id of the page's category itself (the one the category search gives and the category form takes)
    category_list: (pg) => [{ id: categoryId(pg.category), name: pg.category }],
    fan_count: (pg) => pg.fan_count,
    likes: (pg) => pg.fan_count,
    followers_count: (pg) => Math.round(pg.fan_count * 1.1),
    verification_status: (pg) => pg.verification_status,
    link: (pg) => `https://www.facebook.com/${pg.id}`,
    picture: (pg) => ({ data: { height: 50, width: 50, is_silhouette: false, url: `https://scontent.example.test/p/${pg.id}.jpg` } }),
    is_published: (pg) => pg.is_published,
    page_created_time: (pg) => isoTime(pg.created_time),
    promotion_eligible: (pg) => pg.promotion_eligible,
    promotion_ineligible_reason: (pg) => (pg.promotion_eligible ? undefined : 'PAGE_NOT_PUBLISHED'),
    access_token: (pg, ctx) => (pg.roles.some((r) => r.uid === ctx.session) ? pageToken(ctx, pg) : undefined),
    tasks: (pg, ctx) => pg.roles.find((r) => r.uid === ctx.session)?.tasks,
    business: (pg, ctx) => bizRef(ctx, pg.owner_business),
    additional_profile_id: (pg) => String(Number(pg.id) + 9_000_000_000_000),
    location: (pg) => ({ country: pg.country }),
    website: (pg) => pg.website,
    phone: (pg) => pg.phone,
    emails: (pg) => pg.emails,
    country_page_likes: (pg) => Math.round(pg.fan_count * 0.6),
    username: (pg) => pg.username,
  },
  edges: {
    roles: {
      list: (pg, ctx) => pg.roles.flatMap((r) => {
        const u = ctx.data.users.get(r.uid);
        return u ? [ref('user', u, { tasks: r.tasks, role: r.tasks.includes('MANAGE') ? 'Admin' : 'Advertiser' })] : [];
      }),
    },
    // business and system users of the business the read names (docs/SDK.md): AssignedUser rows whose
    // id is the business-user id; people outside that business are under `roles`
    assigned_users: {
      list: (pg, ctx, p) => {
        const b = assignedBusiness(ctx, p);
        if (pg.owner_business !== b.id && !pg.client_businesses.includes(b.id)) return [];
        const viaBusiness = b.users.flatMap((id) => {
          const bu = ctx.data.businessUsers.get(id);
          const tasks = bu?.assigned[pg.id];
          return bu && tasks ? [{ uid: bu.uid, tasks }] : [];
        });
        return assignedRows(ctx, b, [...viaBusiness, ...pg.roles], PAGE_TASKS);
      },
      // `user` is a business-user id (or a system user's id with `business`); tasks are required
      create: (pg, p, ctx) => {
        managePage(ctx, pg);
        const business = p.business ? businessParam(ctx, p.business) : null;
        const who = assignee(ctx, business, required(p, 'user'));
        const tasks = tasksParam(p, 'tasks', PAGE_TASKS, null);
        const existing = pg.roles.find((r) => r.uid === who.uid);
        if (existing) existing.tasks = tasks;
        else pg.roles.push({ uid: who.uid, tasks });
        if (who.bu) who.bu.assigned[pg.id] = tasks;
        return SUCCESS;
      },
      remove: (pg, p, ctx) => {
        managePage(ctx, pg);
        const business = p.business ? businessParam(ctx, p.business) : null;
        const who = assignee(ctx, business, required(p, 'user'));
        const i = pg.roles.findIndex((r) => r.uid === who.uid);
        const had = i >= 0 || !!who.bu?.assigned[pg.id];
        if (!had) throw errors.invalidParam('The user is not assigned to this page');
        if (i >= 0) pg.roles.splice(i, 1);
        if (who.bu) delete who.bu.assigned[pg.id];
        return SUCCESS;
      },
    },
  },
};

// `me/accounts`: the pages the user has a role on, with a page token and the tasks
const userEdges: Record<string, EdgeDef<User>> = {
  accounts: {
    maxLimit: 200,
    list: (u, ctx) => {
      mine(ctx, u);
      return ctx.data.pageList.flatMap((pg) => {
        const role = pg.roles.find((r) => r.uid === u.id);
        return role && !pg.deleted ? [ref('page', pg, { tasks: role.tasks, access_token: pageToken(ctx, pg) })] : [];
      });
    },
  },
};

const businessEdges: Record<string, EdgeDef<Business>> = {
  owned_pages: { maxLimit: 200, search: byName, list: (b, ctx) => pagesOf(ctx, b.owned_pages) },
  client_pages: { maxLimit: 200, search: byName, list: (b, ctx) => pagesOf(ctx, b.client_pages) },
};

const businessUserEdges: Record<string, EdgeDef<BusinessUser>> = {
  assigned_pages: { list: (bu, ctx) => Object.entries(bu.assigned).flatMap(([id, tasks]) => pagesOf(ctx, [id]).map((r) => ({ ...r, x: { tasks } }))) },
};

export const pageExtensions = {
  user: { edges: userEdges },
  business: { edges: businessEdges },
  business_user: { edges: businessUserEdges },
};
