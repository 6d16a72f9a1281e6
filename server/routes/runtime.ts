// Public read-only answers: the runtime settings of the app and the extension's latest record.
import fs from 'node:fs';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extensionReleases } from '../db/schema';
import { ok } from '../envelope';
import type { AppContext } from '../context';
import { DEMO_ACCOUNTS } from '../seed';
import { DEFAULT_DEMO_PASSWORD } from '../config';
import { MIN_EXTENSION_VERSION } from '../../protocol/messages';
import { API, type LatestRecord } from '../../protocol/api';
import { route } from '../route';
import { graphVersion } from '../platform';

type ReleaseRow = typeof extensionReleases.$inferSelect;

export type { LatestRecord } from '../../protocol/api';

function releaseView(r: ReleaseRow): LatestRecord {
  return {
    url: r.url, version: r.version, version_web: r.versionWeb, description: r.description, create_time: r.createdAt.toISOString(),
    clear_index: r.clearIndex, type: r.type, func: r.func as { identify: string }[], minVersion: MIN_EXTENSION_VERSION,
  };
}

/** The version of extension/ in this repository: what a matching extension reports, so it raises no dialog. */
export function bundledExtensionVersion(ctx: AppContext): string {
  for (const file of ['manifest.json', 'package.json']) {
    try {
      const version = JSON.parse(fs.readFileSync(path.join(ctx.config.extensionDir, file), 'utf8')).version;
      if (typeof version === 'string' && version) return version;
    } catch { /* not there: try the next */ }
  }
  return ctx.webVersion;
}

export async function latestRecord(ctx: AppContext): Promise<LatestRecord> {
  const [row] = await ctx.db.select().from(extensionReleases).orderBy(desc(extensionReleases.createdAt), desc(extensionReleases.id)).limit(1);
  if (row) return releaseView(row);
  return { url: '', version: bundledExtensionVersion(ctx), version_web: ctx.webVersion, description: '', create_time: null, clear_index: '', type: 0, func: [], minVersion: MIN_EXTENSION_VERSION };
}

export async function extensionHistory(ctx: AppContext): Promise<LatestRecord[]> {
  const rows = await ctx.db.select().from(extensionReleases).orderBy(desc(extensionReleases.createdAt), desc(extensionReleases.id)).limit(100);
  return rows.length ? rows.map(releaseView) : [await latestRecord(ctx)];
}

export async function runtimeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const { config } = ctx;

  route(app, API.runtime.runtime, { schema: { querystring: { type: 'object' } } }, async (req) => ok(req.lang, {
    demo: config.demo,
    graphBase: config.demo ? '/__graph' : null,
    webVersion: ctx.webVersion,
    graphVersion: await graphVersion(ctx),
    websocketUrl: config.websocketUrl,
    paymentPublicKey: config.paymentPublicKey ?? ctx.payments.get(ctx.payments.defaultId)?.publicKey ?? null,
    // The login box tells a newcomer what to type: the demo operator only (the admin's password is on the
    // server's console), and only the published default password is ever shown.
    demoAccounts: config.demo ? DEMO_ACCOUNTS.filter((u) => u.role !== 'admin').map((u) => ({ email: u.email, role: u.role })) : [],
    demoPassword: config.demo && config.demoPassword === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : null,
  }));

  route(app, API.runtime.latestExtension, {
    schema: { querystring: { type: 'object', properties: { version: { type: 'string', maxLength: 64 } } } },
  }, async (req) => ok(req.lang, await latestRecord(ctx)));
}
