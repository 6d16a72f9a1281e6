// Fixed-window limits kept in the database (table rate_limits), so every instance on one PostgreSQL (or
// the one PGlite) counts the same numbers: each change is one atomic statement (INSERT … ON CONFLICT DO
// UPDATE … WHERE …), never a read followed by a write. Two kinds of counter (docs/DECISIONS.md,
// "Limits in the database"):
//  - hit(): requests in the window; past the limit the key is refused (for blockMs, or until the window ends);
//  - slots (reserve / fail / release): for password checks. A check holds a slot while it runs; a failed check
//    turns its slot into a failure, a right one gives it back. At most `limit` failures plus checks under way
//    per window; the limit-th failure starts a block. Only failures block: a full window of checks under way
//    makes the next request wait (waitForSlot), never fail, so correct logins can never lock anyone out.
import { sql } from 'drizzle-orm';
import type { RateLimitRule } from './config';
import type { Db } from './db';

/** A check under way holds its slot at most this long (a crashed instance's slots come free after it). */
export const SLOT_LEASE_MS = 30_000;

/**
 * A window that starts later than now by more than this was written by a clock that has since moved back (a
 * test's clock, a corrected system clock): it restarts. Small differences between instances' clocks do not.
 */
const CLOCK_SKEW_MS = 5_000;

/**
 * How long a password check waits for a slot while other checks for the same address or source are under way
 * (they may all be right and give their slots back); past it the answer is 429 without any lock.
 */
export const LOGIN_WAIT_MS = 8000;

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => Math.max(0, ms) / 1000;

export type SlotResult = { ok: true } | { ok: false; blockedFor: number } | { ok: false; full: true };

export class RateLimiter {
  constructor(
    private readonly db: Db,
    /** the key prefix of this limiter (one table holds them all) */
    private readonly name: string,
    private readonly rule: RateLimitRule,
    private readonly clock: () => number,
  ) {}

  private key(key: string): string {
    return `${this.name}:${key}`;
  }

  /** Seconds the key must still wait, or 0 when it may go on. */
  async blockedFor(key: string): Promise<number> {
    const now = this.clock();
    const [row] = await rows(this.db, sql`select (extract(epoch from blocked_until) * 1000)::float8 as blocked from rate_limits where key = ${this.key(key)}`);
    const blocked = row?.blocked == null ? 0 : Number(row.blocked);
    return blocked > now ? seconds(blocked - now) : 0;
  }

  /**
   * Counts a request: the (limit + 1)th inside the window is refused and starts a block of blockMs (or, with
   * blockMs 0, waits for the window's end). Returns the seconds to wait, else 0. A refused request is not counted.
   */
  async hit(key: string): Promise<number> {
    const now = this.clock();
    const { limit, windowMs, blockMs } = this.rule;
    const k = this.key(key);
    const fresh = sql`(r.window_start <= ${iso(now - windowMs)}::timestamptz or r.window_start > ${iso(now + CLOCK_SKEW_MS)}::timestamptz)`;
    const [row] = await rows(this.db, sql`
      insert into rate_limits as r (key, window_start, hits) values (${k}, ${iso(now)}::timestamptz, 1)
      on conflict (key) do update set
        window_start = case when ${fresh} then excluded.window_start else r.window_start end,
        hits = case when ${fresh} then 1 else r.hits + 1 end
      where (r.blocked_until is null or r.blocked_until <= ${iso(now)}::timestamptz)
        and (${fresh} or r.hits < ${limit})
      returning hits`);
    if (row) return 0;
    // refused: blocked, or the window is full (which starts the block)
    const [state] = await rows(this.db, sql`
      update rate_limits r set
        blocked_until = case when ${blockMs} > 0 and (r.blocked_until is null or r.blocked_until <= ${iso(now)}::timestamptz)
          then ${iso(now + blockMs)}::timestamptz else r.blocked_until end,
        hits = case when ${blockMs} > 0 and (r.blocked_until is null or r.blocked_until <= ${iso(now)}::timestamptz) then 0 else r.hits end,
        window_start = case when ${blockMs} > 0 and (r.blocked_until is null or r.blocked_until <= ${iso(now)}::timestamptz)
          then ${iso(now)}::timestamptz else r.window_start end
      where key = ${k}
      returning (extract(epoch from blocked_until) * 1000)::float8 as blocked, (extract(epoch from window_start) * 1000)::float8 as start`);
    if (!state) return 0;
    const blocked = state.blocked == null ? 0 : Number(state.blocked);
    if (blocked > now) return seconds(blocked - now);
    return Math.max(1, seconds(Number(state.start) + windowMs - now));
  }

  /** Gives back one request counted by hit(). */
  async refund(key: string): Promise<void> {
    await this.db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${this.key(key)}`);
  }

  /**
   * Reserves a slot for a check BEFORE doing it: granted while failures + checks under way < limit and no
   * block holds. Refused with the block's seconds, or `full` when checks under way fill the window.
   */
  async reserve(key: string): Promise<SlotResult> {
    const now = this.clock();
    const { limit, windowMs } = this.rule;
    const k = this.key(key);
    const fresh = sql`(r.window_start <= ${iso(now - windowMs)}::timestamptz or r.window_start > ${iso(now + CLOCK_SKEW_MS)}::timestamptz)`;
    const leased = sql`(r.inflight_until is not null and r.inflight_until > ${iso(now)}::timestamptz)`;
    const [row] = await rows(this.db, sql`
      insert into rate_limits as r (key, window_start, hits, inflight, inflight_until)
      values (${k}, ${iso(now)}::timestamptz, 0, 1, ${iso(now + SLOT_LEASE_MS)}::timestamptz)
      on conflict (key) do update set
        window_start = case when ${fresh} then excluded.window_start else r.window_start end,
        hits = case when ${fresh} then 0 else r.hits end,
        inflight = (case when ${leased} then r.inflight else 0 end) + 1,
        inflight_until = excluded.inflight_until
      where (r.blocked_until is null or r.blocked_until <= ${iso(now)}::timestamptz)
        and (case when ${fresh} then 0 else r.hits end) + (case when ${leased} then r.inflight else 0 end) < ${limit}
      returning key`);
    if (row) return { ok: true };
    const wait = await this.blockedFor(key);
    return wait ? { ok: false, blockedFor: wait } : { ok: false, full: true };
  }

  /**
   * Reserves a slot, waiting up to waitMs while checks under way fill the window (they may all succeed and
   * give their slots back). A block is answered at once; `full` means the window was still full at the deadline.
   */
  async waitForSlot(key: string, waitMs: number): Promise<SlotResult> {
    const deadline = Date.now() + waitMs;
    for (let delay = 20; ; delay = Math.min(delay * 1.5, 250)) {
      const slot = await this.reserve(key);
      if (slot.ok || 'blockedFor' in slot || Date.now() + delay > deadline) return slot;
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    }
  }

  /** The reserved check failed: its slot becomes a failure; the limit-th failure starts the block. Returns the block's seconds, else 0. */
  async fail(key: string): Promise<number> {
    const now = this.clock();
    const { limit, blockMs } = this.rule;
    const [row] = await rows(this.db, sql`
      update rate_limits r set
        inflight = greatest(r.inflight - 1, 0),
        hits = case when r.hits + 1 >= ${limit} then 0 else r.hits + 1 end,
        window_start = case when r.hits + 1 >= ${limit} then ${iso(now)}::timestamptz else r.window_start end,
        blocked_until = case when r.hits + 1 >= ${limit} then ${iso(now + blockMs)}::timestamptz else r.blocked_until end
      where key = ${this.key(key)}
      returning (extract(epoch from blocked_until) * 1000)::float8 as blocked`);
    const blocked = row?.blocked == null ? 0 : Number(row.blocked);
    return blocked > now ? seconds(blocked - now) : 0;
  }

  /** The reserved check succeeded (or never ran): its slot is given back. */
  async release(key: string): Promise<void> {
    await this.db.execute(sql`update rate_limits set inflight = greatest(inflight - 1, 0) where key = ${this.key(key)}`);
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${this.key(key)}`);
  }

  /** Forgets every key that starts with the prefix (e.g. all the `address|source` keys of one address). */
  async resetPrefix(prefix: string): Promise<void> {
    const p = this.key(prefix);
    await this.db.execute(sql`delete from rate_limits where left(key, ${p.length}) = ${p}`);
  }
}

/** Drops counters that no longer hold anything (housekeeping). */
export async function sweepLimits(db: Db, now: number, longestWindowMs: number): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < ${iso(now - longestWindowMs)}::timestamptz
    and (blocked_until is null or blocked_until < ${iso(now)}::timestamptz)
    and (inflight_until is null or inflight_until < ${iso(now)}::timestamptz)`);
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
