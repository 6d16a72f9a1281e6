// Admin: the users list, a user's role, membership and activation.
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../../db/schema';
import { ApiError, Code, ok } from '../../envelope';
import { adminUserView } from '../../users';
import { caller, type AppContext, type UserRow } from '../../context';
import { API } from '../../../protocol/api';
import { route } from '../../route';
import * as s from '../../schemas';
import { ADMIN, findUserById, role } from './shared';

const level = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;
const isoDate = { type: ['string', 'null'], maxLength: 40 } as const;

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

export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.admin.users, {
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

  route(app, API.admin.setRole, {
    config: ADMIN, schema: { body: s.object({ uid: s.id, role }, ['uid', 'role']) },
  }, async (req) => {
    const target = await findUserById(ctx, req.body.uid);
    if (req.body.role !== 'admin') await assertAnotherAdmin(ctx, target);
    const [updated] = await ctx.db.update(users).set({ role: req.body.role, updatedAt: ctx.now() }).where(eq(users.id, target.id)).returning();
    return ok(req.lang, adminUserView(updated!, ctx.now()));
  });

  route(app, API.admin.setMembership, {
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

  route(app, API.admin.setActivation, {
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
}
