// Services, orders and payment for the signed-in user, plus the providers' webhook.
import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, services } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { assertModuleEnabled } from '../policy';
import { membershipView } from '../users';
import { caller, type AppContext, type UserRow } from '../context';
import { limitUser } from '../user-limits';
import { cancelOrder, createOrder, failOrder, findOwnOrder, orderView, serviceView, settleOrder, startPayment } from '../payments/orders';
import * as s from '../schemas';
import { API, PAY_WEBHOOK_PATH } from '../../protocol/api';
import { route } from '../route';

const providerId = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z0-9_-]+$' } as const;
const orderStatus = { type: 'string', enum: ['pending', 'paid', 'cancelled', 'failed'] } as const;

/**
 * Per-user bounds before an order is made (server/user-limits.ts): calls a minute, open orders at once,
 * and only the newest closed unpaid (cancelled, failed) orders are kept. Paid orders are never pruned.
 */
async function boundOrders(ctx: AppContext, user: UserRow): Promise<void> {
  const limits = ctx.config.userLimits.orders;
  await limitUser(ctx, 'orders', user.id);
  const [open] = await ctx.db.select({ n: count() }).from(orders).where(and(eq(orders.userId, user.id), eq(orders.status, 'pending')));
  if ((open?.n ?? 0) >= limits.pending) throw new ApiError(Code.ORDER_STATE, 'tooManyPendingOrders', { max: limits.pending });
  const closed = and(eq(orders.userId, user.id), inArray(orders.status, ['cancelled', 'failed']));
  const keep = ctx.db.select({ id: orders.id }).from(orders).where(closed).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limits.closedKept);
  await ctx.db.delete(orders).where(and(closed, notInArray(orders.id, keep)));
}

export async function payRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.pay.catalogue, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const user = caller(req.auth).user;
    const rows = await ctx.db.select().from(services).where(eq(services.active, true)).orderBy(asc(services.sort), asc(services.id));
    return ok(req.lang, {
      services: rows.map(serviceView),
      membership: membershipView(user, ctx.now()),
      fuel: user.fuel,
      providers: ctx.payments.list().map((p) => ({ id: p.id, publicKey: p.publicKey ?? null })),
      defaultProvider: ctx.payments.defaultId,
    });
  });

  route(app, API.pay.myOrders, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { ...s.paging, status: orderStatus, uid: s.uid } } },
  }, async (req) => {
    const user = caller(req.auth).user;
    const { page, pageSize, status } = req.query;
    const where = and(eq(orders.userId, user.id), status ? eq(orders.status, status) : undefined);
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(orders).where(where),
    ]);
    return ok(req.lang, { list: rows.map(orderView), total: total?.n ?? 0, page, pageSize });
  });

  route(app, API.pay.orderDetail, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { ordernum: s.ordernum, uid: s.uid }, required: ['ordernum'] } },
  }, async (req) => ok(req.lang, orderView(await findOwnOrder(ctx, caller(req.auth).user, req.query.ordernum))));

  route(app, API.pay.createOrder, {
    config: { auth: 'user' },
    schema: { body: s.object({ serviceId: s.id, provider: providerId }, ['serviceId']) },
  }, async (req) => {
    const auth = caller(req.auth);
    await assertModuleEnabled(ctx, auth, 'payment');
    await boundOrders(ctx, auth.user);
    return ok(req.lang, await createOrder(ctx, auth.user, req.body.serviceId, req.body.provider));
  });

  route(app, API.pay.payOrder, {
    config: { auth: 'user' },
    schema: { body: s.object({ ordernum: s.ordernum }, ['ordernum']) },
  }, async (req) => {
    const auth = caller(req.auth);
    await assertModuleEnabled(ctx, auth, 'payment');
    return ok(req.lang, await startPayment(ctx, auth.user, await findOwnOrder(ctx, auth.user, req.body.ordernum)));
  });

  route(app, API.pay.cancelOrder, {
    config: { auth: 'user' },
    schema: { body: s.object({ ordernum: s.ordernum }, ['ordernum']) },
  }, async (req) => {
    const user = caller(req.auth).user;
    return ok(req.lang, { order: await cancelOrder(ctx, await findOwnOrder(ctx, user, req.body.ordernum)) });
  });

  // Providers call this; the raw body is kept for their signature check, so it has its own parser.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string }; Body: string }>(PAY_WEBHOOK_PATH, {
      schema: { params: { type: 'object', properties: { provider: providerId }, required: ['provider'] } },
    }, async (req) => {
      const provider = ctx.payments.get(req.params.provider);
      if (!provider?.handleWebhook) throw new ApiError(Code.PROVIDER_UNAVAILABLE, 'providerUnavailable', { provider: req.params.provider });
      const result = await provider.handleWebhook({ headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '' });
      if (!result) return ok(req.lang, { handled: false });
      const [order] = await ctx.db.select().from(orders).where(eq(orders.ordernum, result.ordernum)).limit(1);
      if (!order || order.provider !== provider.id) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'orderNotFound');
      const changed = result.status === 'paid'
        ? await settleOrder(ctx, result.ordernum, result.providerRef ?? null)
        : await failOrder(ctx, result.ordernum, result.providerRef ?? null);
      return ok(req.lang, { handled: true, changed });
    });
  });
}
