// Drops what can no longer matter: sessions ended a week ago or idle for twice the expiry, codes expired a day ago,
// limit counters whose windows, blocks and leases are over, the watch's changes older than its retention
// (server/watch/store.ts, sweepWatch), and audit-log entries (job records) older than their retention.
import { and, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { emailCodes, jobRecords, organisations, sessions } from './db/schema';
import { AUDIT_RETENTION_DAYS_DEFAULT } from '../protocol/api';
import { IDLE_MS } from './auth/sessions';
import type { AppContext } from './context';
import { sweepLimits } from './rate-limit';
import { sweepWatch } from './watch/store';

const DAY = 86_400_000;
export const SWEEP_EVERY_MS = 6 * 3600_000;

export async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.now().getTime();
  // A revoked token keeps its specific answer (50012, 50014) for a week; after that it is simply unknown (50008).
  await ctx.db.delete(sessions).where(or(
    and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, new Date(now - 7 * DAY))),
    lt(sessions.lastUsedAt, new Date(now - 2 * IDLE_MS)),
  ));
  await ctx.db.delete(emailCodes).where(lt(emailCodes.expiresAt, new Date(now - DAY)));
  await sweepLimits(ctx.db, now, DAY);
  await sweepWatch(ctx);
  await sweepAudit(ctx);
}

/** Rows deleted per statement, and at most this many statements per kind and sweep (the rest waits for the next one). */
export const AUDIT_SWEEP_BATCH = 5_000;
const AUDIT_SWEEP_BATCHES = 200;

async function deleteInBatches(ctx: AppContext, where: SQL): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < AUDIT_SWEEP_BATCHES; i++) {
    const gone = await ctx.db.delete(jobRecords)
      .where(inArray(jobRecords.id, ctx.db.select({ id: jobRecords.id }).from(jobRecords).where(where).limit(AUDIT_SWEEP_BATCH)))
      .returning({ id: jobRecords.id });
    deleted += gone.length;
    if (gone.length < AUDIT_SWEEP_BATCH) break;
  }
  return deleted;
}

/**
 * The audit log's retention (docs/TEAMS.md, "The audit log"): each organisation's job records older than
 * its `audit_retention_days`, and everyone's own (outside any organisation) older than
 * AUDIT_RETENTION_DAYS_DEFAULT, in bounded batches so no statement holds long locks. The watch reads job
 * records of the last minutes only (server/watch/attribution.ts): a retention of at least 7 days never
 * takes one it needs. Returns how many were deleted.
 */
export async function sweepAudit(ctx: AppContext): Promise<number> {
  const now = ctx.now().getTime();
  let deleted = 0;
  const orgs = await ctx.db.select({ id: organisations.id, days: organisations.auditRetentionDays }).from(organisations);
  for (const org of orgs) {
    deleted += await deleteInBatches(ctx, and(eq(jobRecords.orgId, org.id), lt(jobRecords.createdAt, new Date(now - org.days * DAY)))!);
  }
  deleted += await deleteInBatches(ctx, and(isNull(jobRecords.orgId), lt(jobRecords.createdAt, new Date(now - AUDIT_RETENTION_DAYS_DEFAULT * DAY)))!);
  return deleted;
}
