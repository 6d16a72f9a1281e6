// Admin: the services users can buy (membership plans, fuel bags, upgrades).
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { services } from '../../db/schema';
import { ApiError, Code, ok } from '../../envelope';
import { serviceView, SERVICE_KINDS } from '../../payments/orders';
import { API, type ServiceInput } from '../../../protocol/api';
import { route } from '../../route';
import * as s from '../../schemas';
import { ADMIN } from './shared';

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

/** A plan or an upgrade needs a level (and a plan a term); a fuel bag needs an amount. */
function checkService(service: Pick<ServiceInput, 'kind' | 'level' | 'durationDays' | 'fuelAmount'>): void {
  const complete = service.kind === 'fuel'
    ? (service.fuelAmount ?? 0) > 0
    : Boolean(service.level) && service.level !== 'free' && (service.kind === 'upgrade' || (service.durationDays ?? 0) > 0);
  if (!complete) throw new ApiError(Code.INVALID, 'serviceIncomplete', {}, 400);
}

export async function adminServiceRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.admin.services, { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => {
    const rows = await ctx.db.select().from(services).orderBy(asc(services.sort), asc(services.id));
    return ok(req.lang, rows.map(serviceView));
  });

  route(app, API.admin.createService, {
    config: ADMIN, schema: { body: s.object(serviceFields, ['kind', 'name', 'priceCents']) },
  }, async (req) => {
    checkService(req.body);
    const now = ctx.now();
    const [row] = await ctx.db.insert(services).values({ ...req.body, createdAt: now, updatedAt: now }).returning();
    return ok(req.lang, serviceView(row!));
  });

  route(app, API.admin.updateService, {
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

  route(app, API.admin.deleteService, {
    config: ADMIN, schema: { body: s.object({ id: s.id }, ['id']) },
  }, async (req) => {
    // Orders keep a copy of what they bought, so removing a service never changes an order.
    const [row] = await ctx.db.delete(services).where(eq(services.id, req.body.id)).returning({ id: services.id });
    if (!row) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'serviceNotFound');
    return ok(req.lang, { id: row.id });
  });
}
