/**
 * How long a job will take, said before it starts (the action dialog) and kept while it runs (the jobs
 * panel's remaining time). Two bounds, the larger wins:
 * - the lane's pace: each start waits the lane's spacing plus its mean jitter for a job of this size,
 *   times the pace factor and the usage slowdown; at most `concurrency` requests are in flight, so a
 *   start also waits for a reply when replies are slower than the spacing; a batching lane starts one
 *   request per batch;
 * - the caller's budget: the job's points (a write 3, a read 1, as the usage pacer counts them) beyond
 *   what the budget has room for now refill at the budget's decay (the contract's lower bound,
 *   docs/INTERFACES.md section 8). The pacer's learnt figures when it has them, else those it learnt
 *   in an earlier job (kept in the store), else the documented standard tier (9,000 points over 300 s)
 *   — an estimate that may be short until answers teach the pacer; the remaining time then follows
 *   the job's own pace.
 */
import type { LaneProfile } from './lanes';

export interface EstimateInput {
  items: number;
  lane: Pick<LaneProfile, 'concurrency' | 'spacingMs' | 'jitter' | 'batchSize'>;
  /** the action batches on this lane */
  batched: boolean;
  paceFactor: number;
  /** the lane's usage slowdown now (1: none) */
  slowdown?: number;
  /** points one item costs */
  pointsPerItem: number;
  /**
   * each start reads the items' before-state first (an action that can be undone, docs/UNDO.md): one
   * more reply to wait for before the write leaves, and a read's point per item
   */
  readsFirst?: boolean;
  /** a request's typical reply time */
  latencyMs: number;
  /** the caller's budget as the pacer knows it: percent a point costs, percent decayed a second, the usage now and the usage it keeps under */
  budget: { pctPerPoint: number; decayPctPerS: number; usagePct: number; targetPct: number };
}

export interface Estimate {
  seconds: number;
  /** which bound decided it */
  by: 'pace' | 'budget';
}

/** The documented standard tier's budget in the pacer's terms (docs/PLATFORM.md): 9,000 points, 300 s. */
export const STANDARD_BUDGET = { pctPerPoint: 100 / 9000, decayPctPerS: 100 / 300 } as const;
/** The store value keeping the caller's budget as the pacer last learnt it (JSON `{ pctPerPoint, decayPctPerS }`). */
export const LEARNT_BUDGET = 'runnerLearntBudget';

/** The stored learnt budget, or null when none is stored or it is not one. */
export function learntBudget(stored: unknown): { pctPerPoint: number; decayPctPerS: number } | null {
  if (typeof stored !== 'string') return null;
  try {
    const v = JSON.parse(stored) as { pctPerPoint?: unknown; decayPctPerS?: unknown };
    const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
    return ok(v.pctPerPoint) && ok(v.decayPctPerS) ? { pctPerPoint: v.pctPerPoint, decayPctPerS: v.decayPctPerS } : null;
  } catch {
    return null;
  }
}

/** A reply's time before the job measured any (the sandbox's and the platform's usual). */
export const DEFAULT_LATENCY_MS = 600;

function meanJitter(lane: EstimateInput['lane'], items: number): number {
  const range = typeof lane.jitter === 'function' ? lane.jitter(items) : lane.jitter;
  return range ? (range[0] + range[1]) / 2 : 0;
}

export function estimateJob(i: EstimateInput): Estimate {
  if (i.items <= 0) return { seconds: 0, by: 'pace' };
  const starts = i.batched && (i.lane.batchSize ?? 1) > 1 ? Math.ceil(i.items / i.lane.batchSize!) : i.items;
  const delayMs = (i.lane.spacingMs + meanJitter(i.lane, i.items)) * i.paceFactor * (i.slowdown ?? 1);
  const replyMs = i.latencyMs * (i.readsFirst ? 2 : 1);
  const perStartMs = Math.max(delayMs, replyMs / Math.max(1, i.lane.concurrency));
  const paceS = ((starts - 1) * perStartMs + replyMs) / 1000;
  const { pctPerPoint, decayPctPerS, usagePct, targetPct } = i.budget;
  const neededPct = i.items * (i.pointsPerItem + (i.readsFirst ? 1 : 0)) * pctPerPoint;
  const roomPct = Math.max(0, targetPct - usagePct);
  const budgetS = decayPctPerS > 0 ? Math.max(0, neededPct - roomPct) / decayPctPerS + i.latencyMs / 1000 : 0;
  return budgetS > paceS ? { seconds: budgetS, by: 'budget' } : { seconds: paceS, by: 'pace' };
}

/**
 * The time left of a running job: its own pace so far (items settled a second since it started),
 * blended with the estimate while few items have settled, so the first slow item does not say hours.
 */
export function remainingSeconds(job: { total: number; settled: number; elapsedS: number; estimateS?: number }): number | null {
  const left = Math.max(0, job.total - job.settled);
  if (left === 0) return 0;
  const fromEstimate = job.estimateS !== undefined ? Math.max(0, job.estimateS - job.elapsedS) : null;
  if (job.settled === 0 || job.elapsedS <= 0) return fromEstimate;
  const observed = (left * job.elapsedS) / job.settled;
  if (fromEstimate === null) return observed;
  // the job's own pace weighs more as more of it has settled
  const w = Math.min(1, job.settled / Math.max(5, job.total * 0.2));
  return w * observed + (1 - w) * fromEstimate;
}

/** A duration in an operator's words: "about 40 seconds", "about 3 minutes", "about 1 hour 20 minutes". */
export function durationWords(seconds: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return t('runner.aboutSeconds', { count: s < 10 ? s : Math.round(s / 5) * 5 });
  const m = Math.round(s / 60);
  if (m < 60) return t('runner.aboutMinutes', { count: m });
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? t('runner.aboutHoursMinutes', { hours: h, minutes: rest }) : t('runner.aboutHours', { count: h });
}
