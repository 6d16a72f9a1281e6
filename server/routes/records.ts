// Recent-item records (per user and module, newest first, at most 50 a module and a cap over all
// modules) and usage statistics; both inserting endpoints are limited per user (server/user-limits.ts).
import crypto from 'node:crypto';
import { and, desc, eq, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { moduleVisits, records } from '../db/schema';
import type { Executor } from '../db';
import { ApiError, Code, ok } from '../envelope';
import { MODULE_PATTERN } from '../catalog';
import { assertModuleEnabled } from '../policy';
import { caller } from '../context';
import { limitUser, visitPruneDue } from '../user-limits';
import * as s from '../schemas';
import { API, type RecordView } from '../../protocol/api';
import { route } from '../route';

export const RECORDS_PER_MODULE = 50;
/** The first key of the advisory lock that serialises one user's record writes on PostgreSQL (the second is the user id). */
const RECORDS_LOCK_CLASS = 7_340_001;
export const RECORD_MAX_BYTES = 8 * 1024;

/**
 * The read cache's scope of one user's recent items. getRecords is a fifth of what an operator's pages
 * ask; its answer is kept READ_CACHE_TTL_MS (server/read-cache.ts) and dropped by the user's own
 * writes here. Another instance on the same PostgreSQL sees a new item at most that late.
 */
const recordsScope = (userId: number | string) => `records:${userId}`;

const moduleId = { type: 'string', minLength: 1, maxLength: 100, pattern: MODULE_PATTERN } as const;

/** JSON with sorted keys, so the same item added twice is recognised. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface NewRecord { userId: number; mod: string; data: unknown; contentKey: string; now: Date; stored: number }

/**
 * Adds a recent item in one statement: the same item added before goes (it moves to the top), the
 * module keeps its newest RECORDS_PER_MODULE and the user their newest `stored` over all modules.
 * Every part of one statement reads the rows as they were before it, so the caps count the new item
 * as the newest and keep one fewer of the others. One statement instead of a transaction of three:
 * each statement costs about 2 ms of the server's one thread on PGlite (bench/README.md, "Server").
 */
export function addRecordStatement(db: Executor, r: NewRecord) {
  const mine = and(eq(records.userId, r.userId), eq(records.moduleId, r.mod));
  const newestFirst = [desc(records.createdAt), desc(records.id)] as const;
  const keepInModule = db.$with('keep_in_module').as(db.select({ id: records.id }).from(records)
    .where(and(mine, ne(records.contentKey, r.contentKey))).orderBy(...newestFirst).limit(RECORDS_PER_MODULE - 1));
  // Module ids are open-ended, so the per-module cap alone does not bound a user's rows.
  const keepOverall = db.$with('keep_overall').as(db.select({ id: records.id }).from(records)
    .where(and(eq(records.userId, r.userId), or(ne(records.moduleId, r.mod), inArray(records.id, db.select({ id: keepInModule.id }).from(keepInModule)))))
    .orderBy(...newestFirst).limit(Math.max(0, r.stored - 1)));
  const prune = db.delete(records).where(and(eq(records.userId, r.userId),
    or(and(mine, eq(records.contentKey, r.contentKey)), notInArray(records.id, db.select({ id: keepOverall.id }).from(keepOverall)))));
  const pruned = db.$with('pruned', {}).as(prune.getSQL());
  return db.with(keepInModule, keepOverall, pruned).insert(records)
    .values({ userId: r.userId, moduleId: r.mod, content: r.data, contentKey: r.contentKey, createdAt: r.now })
    .returning().then(([row]) => row!);
}

export async function recordRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const moduleQuery = { type: 'object', properties: { module_id: moduleId, uid: s.uid }, required: ['module_id'] } as const;

  route(app, API.records.addRecord, {
    config: { auth: 'user' },
    schema: { body: s.object({ module_id: moduleId, data: { type: ['object', 'array', 'string', 'number', 'boolean'] }, uid: s.uid }, ['module_id', 'data']) },
  }, async (req) => {
    const auth = caller(req.auth);
    await limitUser(ctx, 'records', auth.user.id);
    const { module_id: mod, data } = req.body;
    await assertModuleEnabled(ctx, auth, mod);
    const text = canonical(data);
    if (Buffer.byteLength(text) > RECORD_MAX_BYTES) throw new ApiError(Code.RECORD_TOO_LARGE, 'recordTooLarge', { max: RECORD_MAX_BYTES }, 400);
    const contentKey = crypto.createHash('sha256').update(text).digest('hex');
    const userId = auth.user.id;
    const now = ctx.now();
    // the user's cached lists (every module: the prune below may reach other modules' rows) go, before and after
    const scope = recordsScope(userId);
    ctx.readCache.forgetScope(scope);
    const add = (db: Executor) => addRecordStatement(db, { userId, mod, data, contentKey, now, stored: ctx.config.userLimits.records.stored });
    const row = await (ctx.dbKind === 'postgres'
      // Two instances (or pool connections) adding records for one user at once deadlocked in the
      // prune (each deleting rows the other had just inserted): one user's writes take turns.
      ? ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RECORDS_LOCK_CLASS}, ${userId})`);
        return add(tx);
      })
      // PGlite runs one statement at a time: the one statement needs neither lock nor transaction.
      : add(ctx.db)).finally(() => ctx.readCache.forgetScope(scope));
    return ok(req.lang, { id: row.id, module_id: row.moduleId, data: row.content, createdAt: row.createdAt.toISOString() });
  });

  route(app, API.records.records, {
    config: { auth: 'user' },
    schema: { querystring: moduleQuery },
  }, async (req) => {
    const auth = caller(req.auth);
    await assertModuleEnabled(ctx, auth, req.query.module_id);
    const userId = auth.user.id;
    const mod = req.query.module_id;
    const rows = await ctx.readCache.load(`records:${userId}:${mod}`, ctx.now().getTime(), () => ctx.db.select().from(records)
      .where(and(eq(records.userId, userId), eq(records.moduleId, mod)))
      .orderBy(desc(records.createdAt), desc(records.id)).limit(RECORDS_PER_MODULE), recordsScope(userId));
    return ok(req.lang, rows.map((r): RecordView => ({ id: r.id, module_id: r.moduleId, data: r.content, createdAt: r.createdAt.toISOString() })));
  });

  route(app, API.records.clearRecords, {
    config: { auth: 'user' },
    schema: { querystring: moduleQuery },
  }, async (req) => {
    const auth = caller(req.auth);
    await assertModuleEnabled(ctx, auth, req.query.module_id);
    const scope = recordsScope(auth.user.id);
    ctx.readCache.forgetScope(scope);
    const deleted = await ctx.db.delete(records)
      .where(and(eq(records.userId, auth.user.id), eq(records.moduleId, req.query.module_id))).returning({ id: records.id })
      .finally(() => ctx.readCache.forgetScope(scope));
    return ok(req.lang, { deleted: deleted.length });
  });

  route(app, API.records.saveVisit, {
    config: { auth: 'user' },
    schema: { body: s.object({ module: moduleId, func_id: { type: 'string', maxLength: 100 }, uid: s.uid }, ['module']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const userId = auth.user.id;
    await limitUser(ctx, 'visits', userId);
    await assertModuleEnabled(ctx, auth, req.body.module);
    await ctx.db.insert(moduleVisits).values({ userId, module: req.body.module, funcId: req.body.func_id ?? '', createdAt: ctx.now() });
    // module_visits has no index on user_id, so the cap is enforced every `pruneEvery` inserts, not on each.
    if (visitPruneDue(ctx, userId)) {
      const [edge] = await ctx.db.select({ id: moduleVisits.id }).from(moduleVisits).where(eq(moduleVisits.userId, userId))
        .orderBy(desc(moduleVisits.id)).offset(ctx.config.userLimits.visits.stored).limit(1);
      if (edge) await ctx.db.delete(moduleVisits).where(and(eq(moduleVisits.userId, userId), lte(moduleVisits.id, edge.id)));
    }
    return ok(req.lang, null);
  });
}
