// Admin: announcements to all users and notifications to one user (per social identity when given).
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcements, users } from '../../db/schema';
import { ApiError, Code, ok } from '../../envelope';
import { normaliseEmail } from '../../users';
import { caller } from '../../context';
import { announcementView } from '../messages';
import { API } from '../../../protocol/api';
import { route } from '../../route';
import * as s from '../../schemas';
import { ADMIN, findUserById } from './shared';

export async function adminAnnouncementRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.admin.announcements, {
    config: ADMIN, schema: { querystring: { type: 'object', properties: s.paging } },
  }, async (req) => {
    const { page, pageSize } = req.query;
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(announcements),
    ]);
    return ok(req.lang, { list: rows.map(announcementView), total: total?.n ?? 0, page, pageSize });
  });

  route(app, API.admin.createAnnouncement, {
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

  route(app, API.admin.deleteAnnouncement, {
    config: ADMIN, schema: { body: s.object({ id: s.id }, ['id']) },
  }, async (req) => {
    const [row] = await ctx.db.delete(announcements).where(eq(announcements.id, req.body.id)).returning({ id: announcements.id });
    if (!row) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'messageNotFound');
    return ok(req.lang, { id: row.id });
  });
}
