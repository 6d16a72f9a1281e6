// Drops what can no longer matter: sessions ended a week ago or idle for twice the expiry, codes expired a day ago,
// limit counters whose windows, blocks and leases are over, the watch's changes older than its retention
// (server/watch/store.ts, sweepWatch).
import { and, isNotNull, lt, or } from 'drizzle-orm';
import { emailCodes, sessions } from './db/schema';
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
}
