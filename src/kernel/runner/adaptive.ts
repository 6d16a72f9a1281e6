/**
 * Usage pacing: keeps the caller's platform-wide score (the `X-App-Usage` `call_count`, a percentage
 * of a budget the page does not know) just under a target, so a long job runs about as fast as the
 * budget refills and never walks into the block that passing 100 % costs.
 *
 * The platform's score model (docs/PLATFORM.md section 6, docs/INTERFACES.md section 5): each call adds points (a read 1, a
 * write 3; batch entries one by one) and the score decays linearly. Neither the budget (how many
 * percent a point is) nor the decay (percent per second) is told, so both are learnt from the
 * readings: between two readings, `Δusage = a × points charged − r × Δt`. A weighted least-squares
 * fit of (a, r) over the recent pairs of readings gives them, with standard errors; the entries of a
 * batch answer each carry their own usage header, read at one instant, so a single batch already
 * pins `a`, and the waits between batches pin `r`.
 *
 * A start may go when `usage now + a × (points reserved by running tasks + the task's points)` stays
 * at or under the target; otherwise the lane waits until the decay makes room — or, for a task that
 * can be split (a batch), sends the part that fits now (`roomPoints`). The target is 95 % until the
 * fit is confident, then rises to `maxTargetPct` less what one reading's rounding and an in-batch
 * retry may add. These waits answer the platform's limits, so the pace factor (docs/INTERFACES.md
 * section 7) never scales them.
 *
 * The same pacer paces one rate-limited object (an ad account) on its own usage header: `readUsage`
 * picks which reading an answer gives it (the per-account entry instead of `X-App-Usage`).
 */
import { isRateLimitCode, parseUsage } from '../graph/classify';

/** Reads the usage (percent) this pacer follows from an answer's (or a batch entry's) headers. */
export type UsageReader = (headers: Record<string, string>) => number | null;
export const readAppUsage: UsageReader = (headers) => parseUsage(headers).app;

export interface PacerOptions {
  /** The usage (percent) a start may take the score up to until the fit is confident. The rest absorbs retries and estimate errors. */
  targetPct?: number;
  /**
   * Highest target once the fit is confident: 100 less one reading's rounding (0.5 %) and the cost of
   * `retryReservePoints`, never under `targetPct` nor over this.
   */
  maxTargetPct?: number;
  /** Points a start's in-batch retry may add beyond what it reserved (two writes). */
  retryReservePoints?: number;
  /** Which usage reading the pacer follows; default `X-App-Usage` `call_count`. */
  readUsage?: UsageReader;
  /** Prior guess of the percent one point costs: the documented user budget, 9,000 points. */
  priorPctPerPoint?: number;
  /** Prior guess of the decay, percent per second: the documented 300 s. */
  priorDecayPctPerS?: number;
  /** The decay a wait assumes while the readings have not pinned it yet (percent per second). */
  minDecayPctPerS?: number;
  /** Weight of old pairs halves every this many ms (budgets and other callers change). */
  halfLifeMs?: number;
  /** Longest wait the pacer imposes at once (it re-checks afterwards). */
  maxWaitMs?: number;
}

export const DEFAULT_TARGET_PCT = 95;
export const DEFAULT_MAX_TARGET_PCT = 99;
const DEFAULTS: Required<PacerOptions> = {
  targetPct: DEFAULT_TARGET_PCT,
  maxTargetPct: DEFAULT_MAX_TARGET_PCT,
  retryReservePoints: 6,
  readUsage: readAppUsage,
  priorPctPerPoint: 100 / 9000,
  priorDecayPctPerS: 100 / 300,
  minDecayPctPerS: 100 / 300,
  halfLifeMs: 120_000,
  maxWaitMs: 60_000,
};
/** Variance floor of one difference of two readings rounded to whole percents. */
const ROUNDING_VARIANCE = 1 / 6;
/** A reading is rounded to a whole percent: the score may be this much above it. */
const ROUNDING_PCT = 0.5;
/**
 * Once confident, how much (percent) the decay's uncertainty may cost between two readings before
 * the extrapolation counts it: the readings come with every start, so the error stays within this,
 * while counting the decay one standard error slow all along cost as much throughput (5–10 % on a
 * budget of 2,000 points over 100 s).
 */
const DECAY_SLACK_PCT = 0.5;
/** Before the decay is pinned, the longest a lane waits without a fresh reading (see `probeWaitMs`). */
export const PROBE_AFTER_MS = 3_000;
/** Points a probe may spend: one write, the dearest single call. */
const PROBE_POINTS = 3;

export interface PacerEstimate {
  /** Percent of the budget one point costs. */
  pctPerPoint: number;
  /** Decay, percent per second. */
  decayPctPerS: number;
  /** Standard errors of the two. */
  sePctPerPoint: number;
  seDecayPctPerS: number;
  /** Pairs of readings the fit rests on (weighted). */
  pairs: number;
}

export interface Reading { pct: number; at: number }

/** The points a request costs: one entry per call it makes (a batch: one per entry). */
export function requestCosts(init: { method: string; body?: string }): number[] {
  const method = init.method.toUpperCase();
  if (method === 'POST' && init.body && /(^|&)batch=/.test(init.body)) {
    try {
      const entries = JSON.parse(new URLSearchParams(init.body).get('batch') ?? '') as unknown;
      if (Array.isArray(entries)) {
        return entries.map((e) => (String((e as { method?: unknown })?.method ?? 'GET').toUpperCase() === 'GET' ? 1 : 3));
      }
    } catch {
      // not a batch after all
    }
  }
  return [method === 'GET' ? 1 : 3];
}

function errorCode(body: unknown): number | undefined {
  let b = body;
  if (typeof b === 'string') {
    try { b = JSON.parse(b); } catch { return undefined; }
  }
  const code = (b as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'number' ? code : undefined;
}

/** A refused call (rate limit) adds no points. */
function refused(status: number, body: unknown): boolean {
  return status >= 400 && isRateLimitCode(errorCode(body));
}

export class UsagePacer {
  readonly options: Required<PacerOptions>;
  // Weighted sums of the fit y = a·w − r·t (y = Δusage, w = points, t = Δt in s).
  private sww = 0;
  private stt = 0;
  private swt = 0;
  private swy = 0;
  private sty = 0;
  private syy = 0;
  private n = 0;
  private fittedAt = 0;
  private fit: PacerEstimate;
  private last: Reading | null = null;
  /** Points charged since the last reading. */
  private pending = 0;
  /** Points of the tasks running now (held from their start to their end). */
  private reserved = 0;
  private readonly itemCosts = new Map<string, number>();

  constructor(options: PacerOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.fit = { pctPerPoint: this.options.priorPctPerPoint, decayPctPerS: this.options.priorDecayPctPerS, sePctPerPoint: Infinity, seDecayPctPerS: Infinity, pairs: 0 };
  }

  /** The latest reading, if any. */
  reading(): Reading | null {
    return this.last;
  }

  estimate(): PacerEstimate {
    return { ...this.fit };
  }

  /** True once both the cost of a point and the decay rest on readings rather than on the prior. */
  confident(): boolean {
    const f = this.fit;
    return f.pairs >= 3 && f.seDecayPctPerS < f.decayPctPerS / 2 && f.sePctPerPoint < f.pctPerPoint / 2;
  }

  /** Points were charged (a call answered); they belong to the next reading's pair. */
  charge(points: number): void {
    this.pending += points;
  }

  /** A usage reading taken at `at` (ms). */
  observe(pct: number, at: number): void {
    const prev = this.last;
    const w = this.pending;
    this.pending = 0;
    this.last = { pct, at };
    if (!prev || pct >= 100 || prev.pct >= 100) return; // a blocked scope says 100 whatever its score
    const t = Math.max(0, at - prev.at) / 1000;
    const y = pct - prev.pct;
    if (t === 0 && w === 0) return;
    // The score stops at zero: a pair over which it may have run out tells nothing about the decay.
    const decayed = this.fit.pctPerPoint * w - y;
    if (t > 0 && prev.pct - decayed < 1.5) return;
    this.addPair(y, w, t, at);
  }

  /**
   * Reads an answer: charges the points its calls cost (refused ones cost nothing) and takes every
   * usage reading in it — a batch answer's entries carry their own headers, read in entry order.
   */
  observeResponse(init: { method: string; body?: string }, response: { status: number; headers?: Record<string, string>; body?: unknown }, at: number): void {
    const costs = requestCosts(init);
    if (refused(response.status, response.body)) {
      this.observeHeaders(response.headers ?? {}, at);
      return;
    }
    const entries = costs.length > 1 || /(^|&)batch=/.test(init.body ?? '') ? response.body : null;
    if (Array.isArray(entries) && response.status < 400) {
      costs.forEach((cost, i) => {
        const slot = entries[i] as { code?: number; headers?: { name: string; value: string }[]; body?: unknown } | null | undefined;
        if (!slot || typeof slot !== 'object') { this.charge(cost); return; }
        if (!refused(slot.code ?? 0, slot.body)) this.charge(cost);
        const headers = Object.fromEntries((slot.headers ?? []).map((h) => [h.name, h.value]));
        this.observeHeaders(headers, at);
      });
    } else {
      this.charge(costs.reduce((s, c) => s + c, 0));
    }
    this.observeHeaders(response.headers ?? {}, at);
  }

  private observeHeaders(headers: Record<string, string>, at: number): void {
    const pct = this.options.readUsage(headers);
    if (pct !== null) this.observe(pct, at);
  }

  /** The usage now, as far as the readings and the fitted decay tell (percent). */
  usageNow(now: number): number {
    if (!this.last) return 0;
    // A blocked reading says 100 whatever the score is; it decays from there like any other (the
    // block itself is the lane's pause for Retry-After). Held at 100 it would stop every start until
    // a new reading came — and none comes while nothing starts.
    return Math.max(0, Math.min(100, this.last.pct) - this.decayedPct(Math.max(0, now - this.last.at) / 1000)) + this.costPct(this.pending);
  }

  /**
   * Percent the score lost over `s` seconds since the last reading, erring on the slow side: until
   * confident one standard error slow (`safeDecay`); then the fitted decay, less what its standard
   * error adds up to beyond DECAY_SLACK_PCT (kept out of the target).
   */
  private decayedPct(s: number): number {
    if (!this.confident()) return this.safeDecay() * s;
    const { decayPctPerS: r, seDecayPctPerS: se } = this.fit;
    return Math.max(this.safeDecay() * s, r * s - Math.max(0, se * s - DECAY_SLACK_PCT));
  }

  /**
   * The decay waits count on, erring on the slow side: one standard error under the fit; before the
   * readings pin it, the prior's (the documented 300 s).
   */
  private safeDecay(): number {
    const { decayPctPerS: r, seDecayPctPerS: se } = this.fit;
    if (!Number.isFinite(se) || se >= r) return Math.min(r, this.options.minDecayPctPerS);
    return Math.max(r - se, r / 4);
  }

  /** Percent a number of points costs, erring on the dear side. */
  private costPct(points: number): number {
    const a = this.fit.pctPerPoint + (Number.isFinite(this.fit.sePctPerPoint) ? this.fit.sePctPerPoint : this.fit.pctPerPoint);
    return a * points;
  }

  /**
   * The usage a start may take the score up to now: `targetPct` until the fit is confident, then
   * 100 less one reading's rounding and a retry's points (at most `maxTargetPct`). With the cost of a
   * point and the decay known, the 5 % kept before is mostly idle budget: on a budget of 2,000
   * points decaying over 100 s it is 5 s of a 50 s job.
   */
  targetNow(): number {
    const { targetPct, maxTargetPct, retryReservePoints } = this.options;
    if (!this.confident()) return targetPct;
    return Math.max(targetPct, Math.min(maxTargetPct, 100 - ROUNDING_PCT - DECAY_SLACK_PCT - this.costPct(retryReservePoints)));
  }

  /** How long a task of `points` must wait before it may start (0 = now). */
  waitMs(points: number, now: number): number {
    if (!this.last) return 0;
    const { maxWaitMs } = this.options;
    const targetPct = this.targetNow();
    const usage = this.usageNow(now) + this.costPct(this.reserved);
    const cost = this.costPct(points);
    // A task dearer than the whole target goes when the score is (nearly) empty.
    const allowed = cost >= targetPct ? 0.5 : targetPct - cost;
    const excess = usage - allowed;
    if (excess <= 0) return 0;
    // Waiting at the fitted decay is enough while its error stays within the slack; else at the safe one.
    const fitted = Math.ceil((excess / this.fit.decayPctPerS) * 1000);
    const wait = this.confident() && this.usageNow(now + fitted) + this.costPct(this.reserved) <= allowed + 1e-9 ? fitted : Math.ceil((excess / this.safeDecay()) * 1000);
    if (!this.confident() && wait > PROBE_AFTER_MS) return this.probeWaitMs(now);
    return Math.min(maxWaitMs, wait);
  }

  /**
   * Until the decay is pinned, a wait is counted at the documented floor, which may be many times
   * too long (after another caller filled the budget, 15 s for 5 % where the budget was empty again
   * in 2 s) — and no reading comes while nothing starts. So a long wait is cut short: once the last
   * reading is PROBE_AFTER_MS old and nothing is in flight, one task goes alone and brings a fresh one.
   */
  private probeWaitMs(now: number): number {
    if (this.reserved > 0) return PROBE_AFTER_MS;
    return this.probing(now) ? 0 : PROBE_AFTER_MS - (now - this.last!.at);
  }

  /**
   * Points a start may spend now without taking the score past the target (Infinity before any
   * reading). A probe (see `probeWaitMs`) may spend `probePoints`: one call's worth, or the task's
   * smallest part when that is dearer, so a probe can always send something.
   */
  roomPoints(now: number, probePoints = PROBE_POINTS): number {
    if (!this.last) return Infinity;
    const room = this.targetNow() - this.usageNow(now) - this.costPct(this.reserved);
    const points = room <= 0 ? 0 : room / this.costPct(1);
    return this.probing(now) ? Math.max(points, probePoints, PROBE_POINTS) : points;
  }

  private probing(now: number): boolean {
    return !!this.last && !this.confident() && this.reserved === 0 && now - this.last.at >= PROBE_AFTER_MS;
  }

  /** A task of `points` starts; returns the release to call when it ends. */
  reserve(points: number): () => void {
    this.reserved += points;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reserved = Math.max(0, this.reserved - points);
    };
  }

  /** Points one item of a lane's non-batched tasks costs, learnt from what the items sent (a write until known). */
  itemCost(laneId: string): number {
    return this.itemCosts.get(laneId) ?? 3;
  }

  learnItemCost(laneId: string, points: number): void {
    if (points <= 0) return;
    const prev = this.itemCosts.get(laneId);
    this.itemCosts.set(laneId, prev === undefined ? points : prev * 0.8 + points * 0.2);
  }

  private addPair(y: number, w: number, t: number, at: number): void {
    if (this.fittedAt) {
      const f = Math.pow(0.5, Math.max(0, at - this.fittedAt) / this.options.halfLifeMs);
      this.sww *= f; this.stt *= f; this.swt *= f; this.swy *= f; this.sty *= f; this.syy *= f; this.n *= f;
    }
    this.fittedAt = at;
    this.sww += w * w; this.stt += t * t; this.swt += w * t; this.swy += w * y; this.sty += t * y; this.syy += y * y; this.n += 1;
    this.refit();
  }

  /** Solves the 2×2 normal equations of y = a·w − r·t, with a faint prior so it always has an answer. */
  private refit(): void {
    const { priorPctPerPoint: a0, priorDecayPctPerS: r0 } = this.options;
    // The prior: as much as one write's reading and a tenth of a second's (data soon outweighs it).
    const pw = 3, pt = 0.1;
    const A = this.sww + pw * pw;          // Σ w²
    const B = -this.swt;                   // Σ w·(−t)
    const C = this.stt + pt * pt;          // Σ t²
    const u = this.swy + pw * pw * a0;     // Σ w·y
    const v = -this.sty + pt * pt * r0;    // Σ (−t)·y
    const det = A * C - B * B;
    if (!(det > 0)) return;
    const a = (C * u - B * v) / det;
    const r = (A * v - B * u) / det;
    const rss = Math.max(0, this.syy - 2 * (a * this.swy - r * this.sty) + a * a * this.sww - 2 * a * r * this.swt + r * r * this.stt);
    const sigma2 = Math.max(ROUNDING_VARIANCE, this.n > 2 ? rss / (this.n - 2) : ROUNDING_VARIANCE * 4);
    const seA = Math.sqrt(sigma2 * C / det);
    const seR = Math.sqrt(sigma2 * A / det);
    // A fit that says points are free or the score grows by itself is noise: keep the prior's sign.
    this.fit = {
      pctPerPoint: a > 0 ? a : this.fit.pctPerPoint,
      decayPctPerS: r > 0 ? r : this.fit.decayPctPerS,
      sePctPerPoint: seA,
      seDecayPctPerS: seR,
      pairs: this.n,
    };
  }
}
