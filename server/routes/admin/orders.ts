// Admin: every user's orders, and marking a pending order paid (applied to the buyer once).
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, users } from '../../db/schema';
import { ApiError, Code, ok } from '../../envelope';
import { caller } from '../../context';
import { orderView, settleOrder, type OrderRow } from '../../payments/orders';
import { API } from '../../../protocol/api';
import { route } from '../../route';
import * as s from '../../schemas';
import { ADMIN } from './shared';

export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.admin.orders, {
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

  route(app, API.admin.markPaid, {
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
}
