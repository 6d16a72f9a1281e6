// A small fixed-window limiter kept in memory (one per process; with several instances behind one
// PostgreSQL each instance counts on its own, which still bounds guessing per instance).
import type { RateLimitRule } from './config';

interface Entry {
  windowStart: number;
  count: number;
  blockedUntil: number;
}

export class RateLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly rule: RateLimitRule, private readonly clock: () => number) {}

  /** Seconds the key must still wait, or 0 when it may go on. */
  blockedFor(key: string): number {
    const entry = this.entries.get(key);
    const now = this.clock();
    return entry && entry.blockedUntil > now ? (entry.blockedUntil - now) / 1000 : 0;
  }

  /** Counts a request: the (limit + 1)th inside the window is refused and starts a block. Returns the seconds to wait, else 0. */
  hit(key: string): number {
    return this.count(key, this.rule.limit + 1);
  }

  /** Counts a failure: the limit-th failure starts a block, so the next attempt is refused. Returns the block's seconds, else 0. */
  fail(key: string): number {
    return this.count(key, this.rule.limit);
  }

  private count(key: string, threshold: number): number {
    const now = this.clock();
    this.sweep(now);
    let entry = this.entries.get(key);
    if (!entry || now - entry.windowStart >= this.rule.windowMs) {
      entry = { windowStart: now, count: 0, blockedUntil: entry?.blockedUntil ?? 0 };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    if (entry.count < threshold) return 0;
    entry.blockedUntil = now + this.rule.blockMs;
    entry.count = 0;
    entry.windowStart = now;
    return this.rule.blockMs / 1000;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) {
      if (entry.blockedUntil <= now && now - entry.windowStart >= this.rule.windowMs) this.entries.delete(key);
    }
  }
}
