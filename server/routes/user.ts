// The signed-in user's own data: profile, menu, page-size config.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, userConfig } from '../db/schema';
import { ok } from '../envelope';
import { MENU } from '../catalog';
import { asRole, enabledPlugins } from '../policy';
import { profileView } from '../users';
import { caller, type AppContext, type UserRow } from '../context';
import { extensionHistory } from './runtime';
import * as s from '../schemas';
import { API, type PageSizes, type ProfilePatch } from '../../protocol/api';
import { route } from '../route';

const PROFILE_FIELDS = {
  name: s.shortText(100),
  avatar: s.shortText(1000),
  job: s.shortText(100),
  organization: s.shortText(200),
  location: s.shortText(200),
  introduction: s.shortText(2000),
  personalWebsite: s.shortText(500),
  jobName: s.shortText(100),
  organizationName: s.shortText(200),
  locationName: s.shortText(200),
  phone: { type: 'string', maxLength: 32, pattern: '^[0-9+()\\- ]*$' },
} as const;


const DEFAULT_PLEN = 20;
const CONFIG_FIELDS = { page_plen: s.pageSize, acc_plen: s.pageSize, pixel_plen: s.pageSize, bm_plen: s.pageSize } as const;

export async function profileOf(ctx: AppContext, user: UserRow) {
  return profileView(user, ctx.now(), await enabledPlugins(ctx, asRole(user.role)));
}

async function pageSizes(ctx: AppContext, userId: number): Promise<PageSizes> {
  const [row] = await ctx.db.select().from(userConfig).where(eq(userConfig.userId, userId)).limit(1);
  return {
    page_plen: row?.pagePlen ?? DEFAULT_PLEN,
    acc_plen: row?.accPlen ?? DEFAULT_PLEN,
    pixel_plen: row?.pixelPlen ?? DEFAULT_PLEN,
    bm_plen: row?.bmPlen ?? DEFAULT_PLEN,
  };
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.user.info, { config: { auth: 'user' }, schema: { body: s.noBody, querystring: s.noQuery } }, async (req) => ok(req.lang, await profileOf(ctx, caller(req.auth).user)));

  route(app, API.user.menu, { config: { auth: 'user' }, schema: { body: s.noBody, querystring: s.noQuery } }, async (req) => {
    const role = asRole(caller(req.auth).user.role);
    const enabled = await enabledPlugins(ctx, role);
    return ok(req.lang, MENU.filter((m) => enabled.includes(m.id) && (m.roles.includes('*') || m.roles.includes(role))));
  });

  route(app, API.user.updateProfile, {
    config: { auth: 'user' },
    schema: { body: s.object(PROFILE_FIELDS) },
  }, async (req) => {
    const user = caller(req.auth).user;
    const patch = Object.fromEntries(Object.entries(req.body).filter(([, v]) => v !== undefined)) as ProfilePatch;
    const [updated] = Object.keys(patch).length
      ? await ctx.db.update(users).set({ ...patch, updatedAt: ctx.now() }).where(eq(users.id, user.id)).returning()
      : [user];
    return ok(req.lang, await profileOf(ctx, updated!));
  });

  route(app, API.user.config, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { key: { type: 'string', enum: ['version_list', 'page_size'] }, uid: s.uid } } },
  }, async (req) => {
    const user = caller(req.auth).user;
    const { key } = req.query;
    return ok(req.lang, {
      ...(key !== 'version_list' ? await pageSizes(ctx, user.id) : {}),
      ...(key !== 'page_size' ? { version_list: await extensionHistory(ctx) } : {}),
    });
  });

  route(app, API.user.setConfig, {
    config: { auth: 'user' },
    schema: { body: s.object(CONFIG_FIELDS) },
  }, async (req) => {
    const user = caller(req.auth).user;
    const b = req.body;
    const set = { pagePlen: b.page_plen, accPlen: b.acc_plen, pixelPlen: b.pixel_plen, bmPlen: b.bm_plen };
    const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    const now = ctx.now();
    if (Object.keys(given).length) await ctx.db.insert(userConfig).values({ userId: user.id, ...given, updatedAt: now })
      .onConflictDoUpdate({ target: userConfig.userId, set: { ...given, updatedAt: now } });
    return ok(req.lang, await pageSizes(ctx, user.id));
  });

  route(app, API.user.pageSizes, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await pageSizes(ctx, caller(req.auth).user.id)));
}
