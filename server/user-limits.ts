// Per-user bounds on the endpoints that insert rows (visit statistics, recent-item records, orders):
// a fixed one-minute window of calls per user kept in memory (429 with retry-after and the envelope
// past it), and caps on the rows a user keeps (docs/DECISIONS.md, "Per-user limits").
import type { AppContext } from './context';
import { rateLimited } from './envelope';

export type LimitedAction = 'visits' | 'records' | 'orders';

const WINDOW_MS = 60_000;

class PerUserCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  /** inserts since the last prune, per user (visits prune only every so often) */
  private readonly sincePrune = new Map<number, number>();

  constructor(private readonly ctx: AppContext) {}

  /** Counts one call; throws the 429 envelope when the user is past the action's limit for this minute. */
  hit(action: LimitedAction, userId: number): void {
    const limit = this.ctx.config.userLimits[action].perMinute;
    const now = this.ctx.config.clock();
    const key = `${action}:${userId}`;
    if (this.windows.size > 50_000) {
      for (const [k, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(k);
    }
    let w = this.windows.get(key);
    if (!w || now - w.start >= WINDOW_MS || now < w.start) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= limit) throw rateLimited((w.start + WINDOW_MS - now) / 1000);
    w.count += 1;
  }

  /** True once every `every` calls for this user (and on the first call after start). */
  due(userId: number, every: number): boolean {
    const n = this.sincePrune.get(userId);
    if (n !== undefined && n + 1 < every) {
      this.sincePrune.set(userId, n + 1);
      return false;
    }
    if (this.sincePrune.size > 50_000) this.sincePrune.clear();
    this.sincePrune.set(userId, 0);
    return true;
  }
}

const counters = new WeakMap<AppContext, PerUserCounter>();

function counterOf(ctx: AppContext): PerUserCounter {
  let c = counters.get(ctx);
  if (!c) {
    c = new PerUserCounter(ctx);
    counters.set(ctx, c);
  }
  return c;
}

/** Counts a call of a row-inserting endpoint for the user; throws 429 (envelope, retry-after) past the per-minute limit. */
export function limitUser(ctx: AppContext, action: LimitedAction, userId: number): void {
  counterOf(ctx).hit(action, userId);
}

/** Whether the user's visit rows should be pruned now (every `visits.pruneEvery` inserts). */
export function visitPruneDue(ctx: AppContext, userId: number): boolean {
  return counterOf(ctx).due(userId, ctx.config.userLimits.visits.pruneEvery);
}
