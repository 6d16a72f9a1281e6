/**
 * Lanes: named queues shared by every job in the page. A lane has a concurrency, a minimum spacing
 * between starts, optional random jitter (which may depend on the job's size), and can be paused —
 * as a whole or for one scope (an ad account, a business) — until a given time.
 */

export type JitterRange = readonly [minMs: number, maxMs: number];

export interface LaneProfile {
  id: string;
  concurrency: number;
  /** Minimum time between two starts on this lane. */
  spacingMs: number;
  /** Extra random delay per start; a function picks the range by the job's item count. */
  jitter?: JitterRange | ((jobSize: number) => JitterRange);
  /** Items per batch request when the action can batch (at most 50). */
  batchSize?: number;
}

/** The spec's pacing (asset-areas sections 7–9). */
export const LANE_PROFILES: Record<string, LaneProfile> = {
  graph: { id: 'graph', concurrency: 4, spacingMs: 200 },
  'graph-write': { id: 'graph-write', concurrency: 2, spacingMs: 300, batchSize: 50 },
  /** Ad-account batches: 50 per request, 300 ms between chunks (the 400 ms retry is the batch helper's). */
  'adaccount-batch': { id: 'adaccount-batch', concurrency: 1, spacingMs: 300, batchSize: 50 },
  /** Pixel sharing: 1–3 s for up to 10 items, 2–5 s up to 50, 5–10 s beyond; one at a time. */
  'pixel-share': { id: 'pixel-share', concurrency: 1, spacingMs: 0, jitter: (n) => (n <= 10 ? [1000, 3000] : n <= 50 ? [2000, 5000] : [5000, 10000]) },
  /** List pages every 500 ms. */
  'list-pages': { id: 'list-pages', concurrency: 1, spacingMs: 500 },
  /** Business items every 200 ms. */
  business: { id: 'business', concurrency: 1, spacingMs: 200 },
};

export interface LaneTask {
  /** The job the task belongs to (for fairness and cancellation). */
  jobId: string;
  jobSize: number;
  /** Scope the platform rate-limits separately (e.g. `act_123`); null = the lane as a whole. */
  scope: string | null;
  /** Platform points the task will spend (a write 3, a read 1, a batch the sum), for the usage gate. */
  cost?: number;
  run: () => Promise<void>;
}

/**
 * A gate every start passes besides spacing and pauses: the runner's usage pacer (adaptive.ts). Its
 * waits answer the platform's limits, so the pace factor never scales them.
 */
export interface LaneGate {
  /** ms the task must still wait before it may start; 0 = now. */
  waitMs(laneId: string, task: LaneTask): number;
  /** The task starts; the returned function is called when it ends. */
  started?(laneId: string, task: LaneTask): () => void;
}

export interface LaneClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
}

export const realClock: LaneClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  random: () => Math.random(),
};

interface LaneState {
  profile: LaneProfile;
  queue: LaneTask[];
  active: number;
  nextStartAt: number;
  pausedUntil: number;
  scopePausedUntil: Map<string, number>;
  /** Extra spacing factor from the platform's usage headers (1 = none). */
  slowdown: number;
  timer: unknown;
  /** Drawn delays, kept for the benchmark's lower bound. */
  drawn: number[];
}

export class LaneScheduler {
  private lanes = new Map<string, LaneState>();
  private gate: LaneGate | null = null;

  constructor(private clock: LaneClock = realClock, private paceFactor: () => number = () => 1, profiles: Record<string, LaneProfile> = LANE_PROFILES) {
    for (const p of Object.values(profiles)) this.define(p);
  }

  define(profile: LaneProfile): void {
    const existing = this.lanes.get(profile.id);
    if (existing) { existing.profile = profile; return; }
    this.lanes.set(profile.id, { profile, queue: [], active: 0, nextStartAt: 0, pausedUntil: 0, scopePausedUntil: new Map(), slowdown: 1, timer: null, drawn: [] });
  }

  /** Installs (or removes, with null) the gate every start passes. */
  setGate(gate: LaneGate | null): void {
    this.gate = gate;
  }

  profile(laneId: string): LaneProfile {
    return this.lane(laneId).profile;
  }

  enqueue(laneId: string, task: LaneTask): void {
    this.lane(laneId).queue.push(task);
    this.pump(laneId);
  }

  /** Removes the queued (not yet started) tasks of a job; returns how many. */
  drop(jobId: string): number {
    let n = 0;
    for (const lane of this.lanes.values()) {
      const before = lane.queue.length;
      lane.queue = lane.queue.filter((t) => t.jobId !== jobId);
      n += before - lane.queue.length;
    }
    return n;
  }

  /** Pauses a scope (or the whole lane when scope is null) until `until` (epoch ms). */
  pause(laneId: string, scope: string | null, until: number): void {
    const lane = this.lane(laneId);
    if (scope === null) lane.pausedUntil = Math.max(lane.pausedUntil, until);
    else lane.scopePausedUntil.set(scope, Math.max(lane.scopePausedUntil.get(scope) ?? 0, until));
    this.schedule(laneId, until - this.clock.now());
  }

  pausedUntil(laneId: string, scope: string | null): number {
    const lane = this.lane(laneId);
    return Math.max(lane.pausedUntil, scope ? lane.scopePausedUntil.get(scope) ?? 0 : 0);
  }

  /** Usage near the limit slows a lane down: spacing × factor (1 = normal). */
  setSlowdown(laneId: string, factor: number): void {
    this.lane(laneId).slowdown = Math.max(1, factor);
  }

  queued(laneId?: string): number {
    if (laneId) return this.lane(laneId).queue.length;
    return [...this.lanes.values()].reduce((n, l) => n + l.queue.length, 0);
  }

  active(laneId: string): number {
    return this.lane(laneId).active;
  }

  drawnDelays(laneId: string): number[] {
    return [...this.lane(laneId).drawn];
  }

  private lane(laneId: string): LaneState {
    const lane = this.lanes.get(laneId);
    if (!lane) throw new Error(`unknown lane "${laneId}"`);
    return lane;
  }

  private schedule(laneId: string, delayMs: number): void {
    const lane = this.lane(laneId);
    if (lane.timer !== null) this.clock.clearTimeout(lane.timer);
    lane.timer = this.clock.setTimeout(() => { lane.timer = null; this.pump(laneId); }, Math.max(0, delayMs));
  }

  /** Starts as many tasks as the lane allows now, and schedules itself for the next possible start. */
  private pump(laneId: string): void {
    const lane = this.lane(laneId);
    const now = this.clock.now();
    if (lane.pausedUntil > now) return this.schedule(laneId, lane.pausedUntil - now);
    while (lane.active < lane.profile.concurrency && lane.queue.length > 0) {
      const at = this.clock.now();
      if (lane.nextStartAt > at) return this.schedule(laneId, lane.nextStartAt - at);
      const index = lane.queue.findIndex((t) => !t.scope || (lane.scopePausedUntil.get(t.scope) ?? 0) <= at);
      if (index < 0) {
        const soonest = Math.min(...lane.queue.map((t) => lane.scopePausedUntil.get(t.scope!) ?? at));
        return this.schedule(laneId, soonest - at);
      }
      const wait = this.gate ? this.gate.waitMs(laneId, lane.queue[index]) : 0;
      if (wait > 0) return this.schedule(laneId, wait);
      const [task] = lane.queue.splice(index, 1);
      const delay = this.delay(lane, task.jobSize);
      lane.nextStartAt = at + delay;
      lane.active += 1;
      const release = this.gate?.started?.(laneId, task);
      void task.run().catch(() => undefined).finally(() => {
        release?.();
        lane.active -= 1;
        this.pump(laneId);
      });
    }
  }

  /** Spacing and jitter scaled by the pace factor (CONTRACT.md section 7) and the usage slowdown. */
  private delay(lane: LaneState, jobSize: number): number {
    const { spacingMs, jitter } = lane.profile;
    const range = typeof jitter === 'function' ? jitter(jobSize) : jitter;
    const drawn = range ? range[0] + this.clock.random() * (range[1] - range[0]) : 0;
    const delay = (spacingMs + drawn) * this.paceFactor() * lane.slowdown;
    lane.drawn.push(delay);
    if (lane.drawn.length > 10_000) lane.drawn.shift();
    return delay;
  }
}
