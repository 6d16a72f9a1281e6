// The job estimate (issue 31 part 6, src/kernel/runner/estimate.ts): the lane's pace and the caller's
// budget, whichever binds; the time left blends the job's own pace with it; durations in words.
import { describe, expect, it } from 'vitest';
import { durationWords, estimateJob, remainingSeconds, STANDARD_BUDGET } from '../../src/kernel/runner/estimate';

const roomy = { ...STANDARD_BUDGET, usagePct: 0, targetPct: 90 };

describe('the estimate of a job', () => {
  it('follows a paced lane: spacing plus mean jitter for the job size, times the pace factor', () => {
    // the pixel share lane: 2–5 s jitter for jobs of 11–50 items, one at a time
    const lane = { concurrency: 1, spacingMs: 0, jitter: (n: number) => (n <= 10 ? [1000, 3000] : n <= 50 ? [2000, 5000] : [5000, 10000]) as [number, number] };
    const e = estimateJob({ items: 27, lane, batched: false, paceFactor: 1, pointsPerItem: 3, latencyMs: 200, budget: roomy });
    expect(e.by).toBe('pace');
    expect(e.seconds).toBeCloseTo((26 * 3500 + 200) / 1000, 5);
    // the same job at pace 0.05 (the browser tests)
    expect(estimateJob({ items: 27, lane, batched: false, paceFactor: 0.05, pointsPerItem: 3, latencyMs: 200, budget: roomy }).seconds).toBeCloseTo((26 * 200 + 200) / 1000, 5);
  });

  it('waits for replies when they are slower than the spacing, and a batching lane starts once per batch', () => {
    const lane = { concurrency: 2, spacingMs: 100, batchSize: 50 };
    expect(estimateJob({ items: 10, lane, batched: false, paceFactor: 1, pointsPerItem: 3, latencyMs: 1000, budget: roomy }).seconds).toBeCloseTo((9 * 500 + 1000) / 1000, 5);
    expect(estimateJob({ items: 1000, lane, batched: true, paceFactor: 1, pointsPerItem: 3, latencyMs: 1000, budget: roomy }).seconds).toBeCloseTo((19 * 500 + 1000) / 1000, 5);
  });

  it('is bound by the budget when the points needed pass the room: the contract\'s lower bound', () => {
    // 1,000 points over 20 s (bench:runner's rename-1000): 3,000 points, 1,000 of room → (3N − P) × D / P = 40 s
    const budget = { pctPerPoint: 100 / 1000, decayPctPerS: 100 / 20, usagePct: 0, targetPct: 100 };
    const e = estimateJob({ items: 1000, lane: { concurrency: 1, spacingMs: 0, batchSize: 50 }, batched: true, paceFactor: 1, pointsPerItem: 3, latencyMs: 150, budget });
    expect(e.by).toBe('budget');
    expect(e.seconds).toBeCloseTo(40.15, 5);
    // usage already at 60 %: less room, longer
    expect(estimateJob({ items: 1000, lane: { concurrency: 1, spacingMs: 0, batchSize: 50 }, batched: true, paceFactor: 1, pointsPerItem: 3, latencyMs: 150, budget: { ...budget, usagePct: 60 } }).seconds).toBeCloseTo(52.15, 5);
  });

  it('says nothing takes no time', () => {
    expect(estimateJob({ items: 0, lane: { concurrency: 1, spacingMs: 1000 }, batched: false, paceFactor: 1, pointsPerItem: 3, latencyMs: 100, budget: roomy }).seconds).toBe(0);
  });
});

describe('the time left of a running job', () => {
  it('is the estimate before anything settled, its own pace once much did, a blend between', () => {
    expect(remainingSeconds({ total: 100, settled: 0, elapsedS: 5, estimateS: 60 })).toBe(55);
    // half done in 40 s: its own pace says 40 s more, the estimate 20 s: the job's pace weighs fully
    expect(remainingSeconds({ total: 100, settled: 50, elapsedS: 40, estimateS: 60 })).toBe(40);
    const early = remainingSeconds({ total: 100, settled: 5, elapsedS: 10, estimateS: 60 })!;
    expect(early).toBeGreaterThan(50);
    expect(early).toBeLessThan(190);
    expect(remainingSeconds({ total: 10, settled: 10, elapsedS: 10 })).toBe(0);
    expect(remainingSeconds({ total: 10, settled: 0, elapsedS: 0 })).toBeNull();
  });
});

describe('a duration in words', () => {
  const t = (key: string, o?: Record<string, unknown>) => `${key}:${JSON.stringify(o)}`;
  it('rounds to what an operator reads', () => {
    expect(durationWords(7, t)).toBe('runner.aboutSeconds:{"count":7}');
    expect(durationWords(43, t)).toBe('runner.aboutSeconds:{"count":45}');
    expect(durationWords(100, t)).toBe('runner.aboutMinutes:{"count":2}');
    expect(durationWords(3600 + 20 * 60, t)).toBe('runner.aboutHoursMinutes:{"hours":1,"minutes":20}');
    expect(durationWords(7200, t)).toBe('runner.aboutHours:{"count":2}');
  });
});

describe('the budget learnt in an earlier job', () => {
  it('is read back only when it is one', async () => {
    const { learntBudget } = await import('../../src/kernel/runner/estimate');
    expect(learntBudget(JSON.stringify({ pctPerPoint: 0.1, decayPctPerS: 5 }))).toEqual({ pctPerPoint: 0.1, decayPctPerS: 5 });
    for (const bad of [undefined, 3, 'not json', JSON.stringify({ pctPerPoint: -1, decayPctPerS: 5 }), JSON.stringify({ pctPerPoint: 0.1 })]) expect(learntBudget(bad)).toBeNull();
  });
});
