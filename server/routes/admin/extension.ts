// Admin: the companion extension's latest record (what the page offers as the update) and its history.
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extensionReleases } from '../../db/schema';
import { ok } from '../../envelope';
import { latestRecord } from '../runtime';
import { API } from '../../../protocol/api';
import { route } from '../../route';
import * as s from '../../schemas';
import { ADMIN } from './shared';

export async function adminExtensionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.admin.extension, { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => {
    const rows = await ctx.db.select().from(extensionReleases).orderBy(desc(extensionReleases.createdAt), desc(extensionReleases.id)).limit(100);
    return ok(req.lang, { latest: await latestRecord(ctx), history: rows.map((r) => ({ id: r.id, version: r.version, version_web: r.versionWeb, type: r.type, create_time: r.createdAt.toISOString() })) });
  });

  route(app, API.admin.publishExtension, {
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
}
