// Admin: usage statistics (visits per module and function).
import { count, desc, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { moduleVisits } from '../../db/schema';
import { ok } from '../../envelope';
import { API } from '../../../protocol/api';
import { route } from '../../route';
import { ADMIN } from './shared';

export async function adminStatisticsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.admin.statistics, {
    config: ADMIN, schema: { querystring: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 30 } } } },
  }, async (req) => {
    const since = new Date(ctx.now().getTime() - req.query.days * 86_400_000);
    const n = count();
    const rows = await ctx.db.select({ module: moduleVisits.module, func_id: moduleVisits.funcId, count: n }).from(moduleVisits)
      .where(gte(moduleVisits.createdAt, since)).groupBy(moduleVisits.module, moduleVisits.funcId).orderBy(desc(n)).limit(500);
    return ok(req.lang, { since: since.toISOString(), total: rows.reduce((sum, r) => sum + r.count, 0), list: rows });
  });
}
