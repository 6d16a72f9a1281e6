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

  /** The key's entry for the window `now` falls in (a new window keeps a block still running). */
  private current(key: string, now: number) {
    this.sweep(now);
    let entry = this.entries.get(key);
    if (!entry || now - entry.windowStart >= this.rule.windowMs) {
      entry = { windowStart: now, count: 0, blockedUntil: entry?.blockedUntil ?? 0 };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private count(key: string, threshold: number): number {
    const now = this.clock();
    const entry = this.current(key, now);
    entry.count += 1;
    if (entry.count < threshold) return 0;
    entry.blockedUntil = now + this.rule.blockMs;
    entry.count = 0;
    entry.windowStart = now;
    return this.rule.blockMs / 1000;
  }

  /**
   * Counts an attempt BEFORE the work it guards (e.g. a password check), so parallel requests cannot pass
   * the limit: at most `limit` attempts per window go through; the next one is refused and starts a block.
   * Returns the seconds to wait (nothing counted), else 0. Give the attempt back with refund() when it succeeded.
   */
  take(key: string): number {
    const wait = this.blockedFor(key);
    if (wait) return wait;
    const now = this.clock();
    const entry = this.current(key, now);
    if (entry.count >= this.rule.limit) {
      entry.blockedUntil = now + this.rule.blockMs;
      entry.count = 0;
      entry.windowStart = now;
      return this.rule.blockMs / 1000;
    }
    entry.count += 1;
    return 0;
  }

  /** Gives back one attempt counted by take(). */
  refund(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every key that starts with the prefix (e.g. all the `address|source` keys of one address). */
  resetPrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private sweep(now: number): void {
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) {
      if (entry.blockedUntil <= now && now - entry.windowStart >= this.rule.windowMs) this.entries.delete(key);
    }
  }
}

/**
 * The key a client is counted under: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber
 * usually holds a whole /64), an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function sourceKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // an embedded IPv4 tail (a.b.c.d) stands for two groups; it only ever touches the last 32 bits
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}
