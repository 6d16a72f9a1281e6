// Per-user bounds on the endpoints that insert rows (visit statistics, recent-item records, orders, job records):
// a fixed one-minute window of calls per user kept in the database (429 with retry-after and the envelope
// past it), and caps on the rows a user keeps (docs/DECISIONS.md, "Per-user limits").
import type { AppContext } from './context';
import { rateLimited } from './envelope';

export type LimitedAction = 'visits' | 'records' | 'orders' | 'jobRecords' | 'watchSnapshots' | 'watchTests';

// How often a user's visit rows are pruned is bookkeeping, not a limit: it stays in memory.
const sincePrune = new WeakMap<AppContext, Map<number, number>>();

/** Counts a call of a row-inserting endpoint for the user (in the database, shared by every instance); throws 429 (envelope, retry-after) past the per-minute limit. */
export async function limitUser(ctx: AppContext, action: LimitedAction, userId: number): Promise<void> {
  const wait = await ctx.limits.perUser[action].hit(String(userId));
  if (wait) throw rateLimited(wait);
}

/** Whether the user's visit rows should be pruned now (every `visits.pruneEvery` inserts, and on the first after start). */
export function visitPruneDue(ctx: AppContext, userId: number): boolean {
  let counts = sincePrune.get(ctx);
  if (!counts) sincePrune.set(ctx, (counts = new Map()));
  const every = ctx.config.userLimits.visits.pruneEvery;
  const n = counts.get(userId);
  if (n !== undefined && n + 1 < every) {
    counts.set(userId, n + 1);
    return false;
  }
  if (counts.size > 50_000) counts.clear();
  counts.set(userId, 0);
  return true;
}
