// Admin endpoints (role admin only): users, plugin policy, settings, services, the extension's latest
// record, announcements, orders and usage statistics.
import { and, asc, count, desc, eq, gte, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcements, extensionReleases, moduleVisits, orders, services, sessions, users } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { PLUGIN_IDS, ROLES, type Role } from '../catalog';
import { enabledPlugins, getSettings, setEnabledPlugins, setSettings, type AdminSettings } from '../policy';
import { adminUserView, normaliseEmail } from '../users';
import { caller, type AppContext, type UserRow } from '../context';
import { latestRecord } from './runtime';
import { announcementView } from './messages';
import { orderView, serviceView, settleOrder, SERVICE_KINDS, type OrderRow } from '../payments/orders';
import * as s from '../schemas';

const ADMIN = { auth: 'admin' } as const;
const role = { type: 'string', enum: [...ROLES] } as const;
const level = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;
const isoDate = { type: ['string', 'null'], maxLength: 40 } as const;
const serviceFields = {
  kind: { type: 'string', enum: SERVICE_KINDS },
  name: { type: 'string', minLength: 1, maxLength: 100 },
  description: s.shortText(1000),
  level: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_-]*$' },
  durationDays: { type: 'integer', minimum: 0, maximum: 36_500 },
  fuelAmount: { type: 'integer', minimum: 0, maximum: 100_000_000 },
  priceCents: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  active: { type: 'boolean' },
  sort: { type: 'integer', minimum: -100_000, maximum: 100_000 },
} as const;

interface UsersQuery extends s.Paging { q?: string; role?: Role; status?: string }
interface ServiceInput {
  kind: 'membership' | 'fuel' | 'upgrade'; name: string; description?: string; level?: string; durationDays?: number;
  fuelAmount?: number; priceCents: number; currency?: string; active?: boolean; sort?: number;
}
interface ReleaseInput { url?: string; version: string; version_web?: string; description?: string; clear_index?: string; type?: number; func?: { identify: string }[] }
interface AnnouncementInput { title: string; content: string; message_type?: number; uid?: number; email?: string; fbid?: string }

/**
 * A date of the years 1900 to 9999, else 400: JavaScript reads dates up to the year 275760 (`+099999-01-01`),
 * which PostgreSQL would refuse as text.
 */
function parseDate(field: string, value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1900 || year > 9999) throw new ApiError(Code.INVALID, 'vFormat', { field }, 400);
  return date;
}

async function findUserById(ctx: AppContext, id: number): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'userNotFound');
  return user;
}

/** Refuses a change that would leave no active admin. */
async function assertAnotherAdmin(ctx: AppContext, target: UserRow): Promise<void> {
  if (target.role !== 'admin' || target.status !== 'active') return;
  const [other] = await ctx.db.select({ id: users.id }).from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, target.id))).limit(1);
  if (!other) throw new ApiError(Code.CONFLICT, 'lastAdmin');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A plan or an upgrade needs a level (and a plan a term); a fuel bag needs an amount. */
function checkService(service: Pick<ServiceInput, 'kind' | 'level' | 'durationDays' | 'fuelAmount'>): void {
  const complete = service.kind === 'fuel'
    ? (service.fuelAmount ?? 0) > 0
    : Boolean(service.level) && service.level !== 'free' && (service.kind === 'upgrade' || (service.durationDays ?? 0) > 0);
  if (!complete) throw new ApiError(Code.INVALID, 'serviceIncomplete', {}, 400);
}

async function policyView(ctx: AppContext) {
  return { plugins: PLUGIN_IDS, roles: { user: await enabledPlugins(ctx, 'user'), admin: await enabledPlugins(ctx, 'admin') } };
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  // Users
  app.get<{ Querystring: UsersQuery }>('/api/admin/users', {
    config: ADMIN,
    schema: { querystring: { type: 'object', properties: { ...s.paging, q: s.shortText(100), role, status: { type: 'string', enum: ['pending', 'active', 'disabled'] } } } },
  }, async (req) => {
    const { page, pageSize, q, role: r, status } = req.query;
    const filters: (SQL | undefined)[] = [r ? eq(users.role, r) : undefined, status ? eq(users.status, status) : undefined];
    if (q) filters.push(or(ilike(users.email, `%${escapeLike(q)}%`), ilike(users.name, `%${escapeLike(q)}%`)));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(users).where(where).orderBy(asc(users.id)).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(users).where(where),
    ]);
    const now = ctx.now();
    return ok(req.lang, { list: rows.map((u) => adminUserView(u, now)), total: total?.n ?? 0, page, pageSize });
  });

  app.post<{ Body: { uid: number; role: Role } }>('/api/admin/users/role', {
    config: ADMIN, schema: { body: s.object({ uid: s.id, role }, ['uid', 'role']) },
  }, async (req) => {
    const target = await findUserById(ctx, req.body.uid);
    if (req.body.role !== 'admin') await assertAnotherAdmin(ctx, target);
    const [updated] = await ctx.db.update(users).set({ role: req.body.role, updatedAt: ctx.now() }).where(eq(users.id, target.id)).returning();
    return ok(req.lang, adminUserView(updated!, ctx.now()));
  });

  app.post<{ Body: { uid: number; level: string; start?: string | null; expiry?: string | null; fuel?: number } }>('/api/admin/users/membership', {
    config: ADMIN,
    schema: { body: s.object({ uid: s.id, level, start: isoDate, expiry: isoDate, fuel: { type: 'integer', minimum: 0, maximum: 100_000_000 } }, ['uid', 'level']) },
  }, async (req) => {
    const target = await findUserById(ctx, req.body.uid);
    const now = ctx.now();
    const free = req.body.level === 'free';
    const start = parseDate('start', req.body.start);
    const expiry = parseDate('expiry', req.body.expiry);
    const [updated] = await ctx.db.update(users).set({
      membershipLevel: req.body.level,
      membershipStart: free ? null : start === undefined ? target.membershipStart ?? now : start,
      membershipExpiry: free ? null : expiry === undefined ? target.membershipExpiry : expiry,
      ...(req.body.fuel === undefined ? {} : { fuel: req.body.fuel }),
      updatedAt: now,
    }).where(eq(users.id, target.id)).returning();
    return ok(req.lang, adminUserView(updated!, now));
  });

  app.post<{ Body: { uid: number; active: boolean } }>('/api/admin/users/activation', {
    config: ADMIN, schema: { body: s.object({ uid: s.id, active: { type: 'boolean' } }, ['uid', 'active']) },
  }, async (req) => {
    const me = caller(req.auth).user;
    const target = await findUserById(ctx, req.body.uid);
    const now = ctx.now();
    if (!req.body.active) {
      if (target.id === me.id) throw new ApiError(Code.CONFLICT, 'notOnSelf');
      await assertAnotherAdmin(ctx, target);
    }
    const [updated] = await ctx.db.transaction(async (tx) => {
      if (!req.body.active) {
        await tx.update(sessions).set({ revokedAt: now, revokeReason: 'disabled' })
          .where(and(eq(sessions.userId, target.id), sql`${sessions.revokedAt} is null`));
      }
      return tx.update(users).set({
        status: req.body.active ? 'active' : 'disabled',
        activatedAt: req.body.active ? target.activatedAt ?? now : target.activatedAt,
        updatedAt: now,
      }).where(eq(users.id, target.id)).returning();
    });
    return ok(req.lang, adminUserView(updated!, now));
  });

  // Plugin policy and settings
  app.get('/api/admin/policy', { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await policyView(ctx)));

  app.post<{ Body: { role: Role; plugins: string[] } }>('/api/admin/policy', {
    config: ADMIN,
    schema: { body: s.object({ role, plugins: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', enum: [...PLUGIN_IDS] } } }, ['role', 'plugins']) },
  }, async (req) => {
    await setEnabledPlugins(ctx, req.body.role, req.body.plugins);
    return ok(req.lang, await policyView(ctx));
  });

  app.get('/api/admin/settings', { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await getSettings(ctx)));

  app.post<{ Body: Partial<AdminSettings> }>('/api/admin/settings', {
    config: ADMIN, schema: { body: s.object({ singleSessionPerUser: { type: 'boolean' } }) },
  }, async (req) => ok(req.lang, await setSettings(ctx, req.body)));

  // Services
  app.get('/api/admin/services', { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => {
    const rows = await ctx.db.select().from(services).orderBy(asc(services.sort), asc(services.id));
    return ok(req.lang, rows.map(serviceView));
  });

  app.post<{ Body: ServiceInput }>('/api/admin/services/create', {
    config: ADMIN, schema: { body: s.object(serviceFields, ['kind', 'name', 'priceCents']) },
  }, async (req) => {
    checkService(req.body);
    const now = ctx.now();
    const [row] = await ctx.db.insert(services).values({ ...req.body, createdAt: now, updatedAt: now }).returning();
    return ok(req.lang, serviceView(row!));
  });

  app.post<{ Body: Partial<ServiceInput> & { id: number } }>('/api/admin/services/update', {
    config: ADMIN, schema: { body: s.object({ id: s.id, ...serviceFields }, ['id']) },
  }, async (req) => {
    const { id, ...patch } = req.body;
    const [current] = await ctx.db.select().from(services).where(eq(services.id, id)).limit(1);
    if (!current) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'serviceNotFound');
    checkService({ ...(current as Pick<ServiceInput, 'kind' | 'level' | 'durationDays' | 'fuelAmount'>), ...patch });
    const [row] = await ctx.db.update(services).set({ ...patch, updatedAt: ctx.now() }).where(eq(services.id, id)).returning();
    if (!row) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'serviceNotFound');
    return ok(req.lang, serviceView(row));
  });

  app.post<{ Body: { id: number } }>('/api/admin/services/delete', {
    config: ADMIN, schema: { body: s.object({ id: s.id }, ['id']) },
  }, async (req) => {
    // Orders keep a copy of what they bought, so removing a service never changes an order.
    const [row] = await ctx.db.delete(services).where(eq(services.id, req.body.id)).returning({ id: services.id });
    if (!row) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'serviceNotFound');
    return ok(req.lang, { id: row.id });
  });

  // The extension's latest record
  app.get('/api/admin/extension', { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => {
    const rows = await ctx.db.select().from(extensionReleases).orderBy(desc(extensionReleases.createdAt), desc(extensionReleases.id)).limit(100);
    return ok(req.lang, { latest: await latestRecord(ctx), history: rows.map((r) => ({ id: r.id, version: r.version, version_web: r.versionWeb, type: r.type, create_time: r.createdAt.toISOString() })) });
  });

  app.post<{ Body: ReleaseInput }>('/api/admin/extension', {
    config: ADMIN,
    schema: {
      body: s.object({
        url: { type: 'string', maxLength: 1000, pattern: '^(https?://[^\\s]*)?$' },
        version: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z.+-]+$' },
        version_web: { type: 'string', maxLength: 32 },
        description: s.shortText(5000),
        clear_index: { type: 'string', maxLength: 1000, pattern: '^[A-Za-z0-9_.:,\\- ]*$' },
        type: { type: 'integer', minimum: 0, maximum: 9 },
        func: { type: 'array', maxItems: 200, items: s.object({ identify: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z][A-Za-z0-9_.-]*$' } }, ['identify']) },
      }, ['version']),
    },
  }, async (req) => {
    const b = req.body;
    await ctx.db.insert(extensionReleases).values({
      url: b.url ?? '', version: b.version, versionWeb: b.version_web ?? '', description: b.description ?? '', clearIndex: b.clear_index ?? '',
      type: b.type ?? 0, func: b.func ?? [], createdAt: ctx.now(),
    });
    return ok(req.lang, await latestRecord(ctx));
  });

  // Announcements
  app.get<{ Querystring: s.Paging }>('/api/admin/announcements', {
    config: ADMIN, schema: { querystring: { type: 'object', properties: s.paging } },
  }, async (req) => {
    const { page, pageSize } = req.query;
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(announcements),
    ]);
    return ok(req.lang, { list: rows.map(announcementView), total: total?.n ?? 0, page, pageSize });
  });

  app.post<{ Body: AnnouncementInput }>('/api/admin/announcements/create', {
    config: ADMIN,
    schema: {
      body: s.object({
        title: { type: 'string', minLength: 1, maxLength: 200 }, content: { type: 'string', minLength: 1, maxLength: 10_000 },
        message_type: { type: 'integer', minimum: 0, maximum: 1000 }, uid: s.id, email: s.email, fbid: { ...s.fbid, minLength: 1 },
      }, ['title', 'content']),
    },
  }, async (req) => {
    const b = req.body;
    let targetUserId: number | null = null;
    if (b.uid !== undefined) targetUserId = (await findUserById(ctx, b.uid)).id;
    else if (b.email !== undefined) {
      const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, normaliseEmail(b.email))).limit(1);
      if (!u) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'userNotFound');
      targetUserId = u.id;
    }
    const [row] = await ctx.db.insert(announcements).values({
      title: b.title, content: b.content, messageType: b.message_type ?? 1, targetUserId, fbid: b.fbid ?? null,
      createdBy: caller(req.auth).user.id, createdAt: ctx.now(),
    }).returning();
    return ok(req.lang, announcementView(row!));
  });

  app.post<{ Body: { id: number } }>('/api/admin/announcements/delete', {
    config: ADMIN, schema: { body: s.object({ id: s.id }, ['id']) },
  }, async (req) => {
    const [row] = await ctx.db.delete(announcements).where(eq(announcements.id, req.body.id)).returning({ id: announcements.id });
    if (!row) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'messageNotFound');
    return ok(req.lang, { id: row.id });
  });

  // Orders
  app.get<{ Querystring: s.Paging & { status?: string; uid?: number } }>('/api/admin/orders', {
    config: ADMIN,
    schema: { querystring: { type: 'object', properties: { ...s.paging, status: { type: 'string', enum: ['pending', 'paid', 'cancelled', 'failed'] }, uid: s.id } } },
  }, async (req) => {
    const { page, pageSize, status, uid } = req.query;
    const where = and(status ? eq(orders.status, status) : undefined, uid ? eq(orders.userId, uid) : undefined);
    const [rows, [total]] = await Promise.all([
      ctx.db.select({ order: orders, email: users.email }).from(orders).innerJoin(users, eq(users.id, orders.userId))
        .where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(orders).where(where),
    ]);
    return ok(req.lang, { list: rows.map((r) => ({ ...orderView(r.order), uid: r.order.userId, email: r.email })), total: total?.n ?? 0, page, pageSize });
  });

  app.post<{ Body: { ordernum: string } }>('/api/admin/orders/markPaid', {
    config: ADMIN, schema: { body: s.object({ ordernum: s.ordernum }, ['ordernum']) },
  }, async (req) => {
    const find = async (): Promise<OrderRow | undefined> => (await ctx.db.select().from(orders).where(eq(orders.ordernum, req.body.ordernum)).limit(1))[0];
    const order = await find();
    if (!order) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'orderNotFound');
    if (!(await settleOrder(ctx, order.ordernum, `admin:${caller(req.auth).user.id}`))) {
      throw new ApiError(Code.ORDER_STATE, 'orderNotPending', { status: order.status });
    }
    return ok(req.lang, orderView((await find())!));
  });

  // Usage statistics
  app.get<{ Querystring: { days: number } }>('/api/admin/statistics', {
    config: ADMIN, schema: { querystring: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 30 } } } },
  }, async (req) => {
    const since = new Date(ctx.now().getTime() - req.query.days * 86_400_000);
    const n = count();
    const rows = await ctx.db.select({ module: moduleVisits.module, func_id: moduleVisits.funcId, count: n }).from(moduleVisits)
      .where(gte(moduleVisits.createdAt, since)).groupBy(moduleVisits.module, moduleVisits.funcId).orderBy(desc(n)).limit(500);
    return ok(req.lang, { since: since.toISOString(), total: rows.reduce((sum, r) => sum + r.count, 0), list: rows });
  });
}
