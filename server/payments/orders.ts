// Orders: created pending, paid through a provider, and once paid applied to the buyer exactly once.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { orders, services, users } from '../db/schema';
import { ApiError, Code } from '../envelope';
import { membershipView } from '../users';
import type { AppContext, UserRow } from '../context';
import type { Tx } from '../db';
import type { OrderStatus, OrderView, PaymentStart, ServiceKind, ServiceSnapshot, ServiceView } from '../../protocol/api';

export type ServiceRow = typeof services.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export { SERVICE_KINDS, type ServiceKind } from '../../protocol/api';

const money = (cents: number) => (cents / 100).toFixed(2);

export function serviceView(s: ServiceRow): ServiceView {
  return {
    id: s.id, kind: s.kind as ServiceKind, name: s.name, description: s.description, level: s.level, durationDays: s.durationDays,
    fuelAmount: s.fuelAmount, priceCents: s.priceCents, price: money(s.priceCents), currency: s.currency, active: s.active, sort: s.sort,
  };
}

export function orderView(o: OrderRow): OrderView {
  return {
    ordernum: o.ordernum, status: o.status as OrderStatus, provider: o.provider, amountCents: o.amountCents, amount: money(o.amountCents), currency: o.currency,
    service: o.service as ServiceSnapshot, providerRef: o.providerRef, createdAt: o.createdAt.toISOString(), updatedAt: o.updatedAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
  };
}

function newOrdernum(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `T${stamp}${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export async function findOwnOrder(ctx: AppContext, user: UserRow, ordernum: string): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(orders).where(and(eq(orders.ordernum, ordernum), eq(orders.userId, user.id))).limit(1);
  if (!order) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'orderNotFound');
  return order;
}

export async function createOrder(ctx: AppContext, user: UserRow, serviceId: number, providerId: string | undefined) {
  const [service] = await ctx.db.select().from(services).where(and(eq(services.id, serviceId), eq(services.active, true))).limit(1);
  if (!service) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'serviceNotFound');
  const provider = ctx.payments.get(providerId ?? ctx.payments.defaultId);
  if (!provider) throw new ApiError(Code.PROVIDER_UNAVAILABLE, 'providerUnavailable', { provider: providerId ?? '' });
  if (service.kind === 'upgrade' && !membershipView(user, ctx.now()).active) throw new ApiError(Code.ORDER_STATE, 'upgradeNeedsMembership');
  const now = ctx.now();
  const snapshot: ServiceSnapshot = {
    id: service.id, kind: service.kind as ServiceKind, name: service.name, level: service.level, durationDays: service.durationDays, fuelAmount: service.fuelAmount,
  };
  const [order] = await ctx.db.insert(orders).values({
    ordernum: newOrdernum(now), userId: user.id, serviceId: service.id, service: snapshot, amountCents: service.priceCents,
    currency: service.currency, provider: provider.id, status: 'pending', createdAt: now, updatedAt: now,
  }).returning();
  return startPayment(ctx, user, order!);
}

/** Hands a pending order to its provider; a provider that settles at once (sandbox) pays it here. */
export async function startPayment(ctx: AppContext, user: UserRow, order: OrderRow): Promise<PaymentStart> {
  if (order.status !== 'pending') throw new ApiError(Code.ORDER_STATE, 'orderNotPending', { status: order.status });
  const provider = ctx.payments.get(order.provider);
  if (!provider) throw new ApiError(Code.PROVIDER_UNAVAILABLE, 'providerUnavailable', { provider: order.provider });
  const started = await provider.startPayment({
    ordernum: order.ordernum, amountCents: order.amountCents, currency: order.currency, description: (order.service as ServiceSnapshot).name,
    userId: user.id, email: user.email,
  });
  if (started.status === 'paid') await settleOrder(ctx, order.ordernum, started.providerRef ?? null);
  else if (started.providerRef) await ctx.db.update(orders).set({ providerRef: started.providerRef, updatedAt: ctx.now() }).where(eq(orders.id, order.id));
  const [fresh] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  return { order: orderView(fresh!), payment: { provider: provider.id, status: fresh!.status, clientData: started.clientData ?? null } };
}

export async function cancelOrder(ctx: AppContext, order: OrderRow) {
  const [done] = await ctx.db.update(orders).set({ status: 'cancelled', updatedAt: ctx.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'))).returning();
  if (!done) throw new ApiError(Code.ORDER_STATE, 'orderNotPending', { status: order.status });
  return orderView(done);
}

/**
 * Marks a pending order paid and gives the buyer what it bought, in one transaction. Returns false
 * when the order was not pending (already paid, cancelled): paying twice never applies twice.
 */
export async function settleOrder(ctx: AppContext, ordernum: string, providerRef: string | null): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [order] = await tx.update(orders)
      .set({ status: 'paid', paidAt: now, updatedAt: now, providerRef: sql`coalesce(${providerRef}, ${orders.providerRef})` })
      .where(and(eq(orders.ordernum, ordernum), eq(orders.status, 'pending'))).returning();
    if (!order) return false;
    await applyOrder(tx, now, order);
    return true;
  });
}

/** Marks a pending order failed (a provider's webhook said so). */
export async function failOrder(ctx: AppContext, ordernum: string, providerRef: string | null): Promise<boolean> {
  const [order] = await ctx.db.update(orders).set({ status: 'failed', updatedAt: ctx.now(), providerRef: sql`coalesce(${providerRef}, ${orders.providerRef})` })
    .where(and(eq(orders.ordernum, ordernum), eq(orders.status, 'pending'))).returning({ id: orders.id });
  return Boolean(order);
}

async function applyOrder(tx: Tx, now: Date, order: OrderRow): Promise<void> {
  const service = order.service as ServiceSnapshot;
  const [user] = await tx.select().from(users).where(eq(users.id, order.userId)).for('update');
  if (!user) return;
  if (service.kind === 'fuel') {
    await tx.update(users).set({ fuel: sql`${users.fuel} + ${service.fuelAmount}`, updatedAt: now }).where(eq(users.id, user.id));
    return;
  }
  // A membership plan or an upgrade: the new level, and the days added to what is left of the current term.
  const current = membershipView(user, now);
  const base = current.active && user.membershipExpiry ? user.membershipExpiry : now;
  await tx.update(users).set({
    membershipLevel: service.level || user.membershipLevel,
    membershipStart: current.active && user.membershipStart ? user.membershipStart : now,
    membershipExpiry: new Date(base.getTime() + service.durationDays * 86_400_000),
    updatedAt: now,
  }).where(eq(users.id, user.id));
}
