// Admins' announcements as the user sees them: unseen ones, and marking them seen (per social identity when given).
import { and, desc, eq, isNull, or, notExists, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcements, announcementSeen } from '../db/schema';
import { ok } from '../envelope';
import { caller, type AppContext } from '../context';
import * as s from '../schemas';
import { API, type AnnouncementView } from '../../protocol/api';
import { route } from '../route';

type AnnouncementRow = typeof announcements.$inferSelect;

export function announcementView(a: AnnouncementRow): AnnouncementView {
  return {
    id: a.id, title: a.title, content: a.content, message_type: a.messageType, fbid: a.fbid, targetUserId: a.targetUserId,
    create_time: a.createdAt.toISOString(),
  };
}

/** Messages meant for this user (all, or them alone) and this identity (any, or the one given) they have not seen yet. */
function unseenWhere(userId: number, fbid: string): SQL {
  return and(
    or(isNull(announcements.targetUserId), eq(announcements.targetUserId, userId)),
    fbid ? or(isNull(announcements.fbid), eq(announcements.fbid, fbid)) : isNull(announcements.fbid),
    notExists(sql`(select 1 from ${announcementSeen} where ${announcementSeen.announcementId} = ${announcements.id}
      and ${announcementSeen.userId} = ${userId} and ${announcementSeen.fbid} = ${fbid})`),
  )!;
}

async function unseen(ctx: AppContext, userId: number, fbid: string, extra?: SQL, limit = 100) {
  return ctx.db.select().from(announcements).where(and(unseenWhere(userId, fbid), extra)).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(limit);
}

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const seenQuery = {
    type: 'object',
    properties: { fbid: s.fbid, message_type: { type: 'integer', minimum: 0, maximum: 1000 }, identity: { type: 'string', maxLength: 32, pattern: '^[0-9]{0,9}$' }, uid: s.uid },
  } as const;

  route(app, API.messages.unseen, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { fbid: s.fbid, uid: s.uid } } },
  }, async (req) => {
    const userId = caller(req.auth).user.id;
    const fbid = req.query.fbid ?? '';
    // server/read-cache.ts: dropped by any write to announcements or announcement_seen
    const list = await ctx.readCache.load(`unseen:${userId}:${fbid}`, ctx.now().getTime(), () => unseen(ctx, userId, fbid));
    return ok(req.lang, { list: list.map(announcementView), count: list.length });
  });

  // The spec passes message_type, fbid and identity in the query; a JSON body with the same fields is read too.
  route(app, API.messages.markSeen, {
    config: { auth: 'user' },
    schema: { querystring: seenQuery, body: { ...seenQuery, type: ['object', 'null'] } },
  }, async (req) => {
    const userId = caller(req.auth).user.id;
    const q = { ...(req.body ?? {}), ...req.query };
    const fbid = q.fbid ?? '';
    const extra = and(
      q.message_type === undefined ? undefined : eq(announcements.messageType, q.message_type),
      q.identity ? eq(announcements.id, Number(q.identity)) : undefined,
    );
    const list = await unseen(ctx, userId, fbid, extra, 1000);
    const now = ctx.now();
    if (list.length) {
      await ctx.db.insert(announcementSeen).values(list.map((a) => ({ announcementId: a.id, userId, fbid, seenAt: now }))).onConflictDoNothing();
    }
    return ok(req.lang, { updated: list.length });
  });
}
