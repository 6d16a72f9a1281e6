// The platform settings the server holds: the Graph API version every platform call names. The
// platform retires a Marketing API version about 90 days after the next one (a call on it fails with
// #2635), so the version is data an admin changes, not a constant a release changes
// (docs/DECISIONS.md, "The Graph API version is data"). Kept under the `settings` key `graphVersion`;
// without it the default is TESSERA_GRAPH_VERSION, else v24.0. `/api/runtime` carries it, so open tabs
// take a change at their next runtime read.
import { eq } from 'drizzle-orm';
import { settings } from './db/schema';
import type { AppContext } from './context';
import { isGraphVersion, type PlatformView } from '../protocol/api';

export const GRAPH_VERSION_KEY = 'graphVersion';

async function stored(ctx: AppContext): Promise<{ graphVersion: string; updatedAt: Date } | null> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, GRAPH_VERSION_KEY)).limit(1);
  return row && isGraphVersion(row.value) ? { graphVersion: row.value, updatedAt: row.updatedAt } : null;
}

/** The Graph version every platform call names now. */
export async function graphVersion(ctx: AppContext): Promise<string> {
  return (await stored(ctx))?.graphVersion ?? ctx.config.graphVersion;
}

export async function platformView(ctx: AppContext): Promise<PlatformView> {
  const row = await stored(ctx);
  return { graphVersion: row?.graphVersion ?? ctx.config.graphVersion, defaultGraphVersion: ctx.config.graphVersion, updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function setGraphVersion(ctx: AppContext, version: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.insert(settings).values({ key: GRAPH_VERSION_KEY, value: version, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: version, updatedAt: now } });
}
