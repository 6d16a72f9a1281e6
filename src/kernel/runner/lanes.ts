/**
 * Lanes: named queues shared by every job in the page. A lane has a concurrency, a minimum spacing
 * between starts, optional random jitter (which may depend on the job's size), and can be paused —
 * as a whole or for one scope (an ad account, a business) — until a given time.
 */

import type { JitterStep, LaneDeclaration, LoadedPlugin } from '../plugin/types';
import { KERNEL_LANES, MAX_BATCH_SIZE, laneProblems } from '../jobs/lanes';

export { KERNEL_LANES, MAX_BATCH_SIZE, laneProblems };

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
  /** Which usage header scores the lane's calls (kept from the declaration). */
  usage?: 'app' | 'business';
}

/** When the gate said go but no part of a task that splits fits after all (rounding), the lane looks again this soon. */
const SPLIT_RECHECK_MS = 100;

/** Jitter steps as the scheduler draws them: the first step whose upTo ≥ the job's size, else the last. */
export function jitterFromSteps(steps: readonly JitterStep[]): (jobSize: number) => JitterRange {
  return (jobSize) => (steps.find((s) => s.upTo !== undefined && jobSize <= s.upTo) ?? steps[steps.length - 1]).ms;
}

export function toLaneProfile(id: string, decl: LaneDeclaration): LaneProfile {
  return {
    id,
    concurrency: decl.concurrency,
    spacingMs: decl.spacingMs,
    ...(decl.jitter?.length ? { jitter: jitterFromSteps(decl.jitter) } : {}),
    ...(decl.batchSize !== undefined ? { batchSize: decl.batchSize } : {}),
    ...(decl.usage ? { usage: decl.usage } : {}),
  };
}

/** Every lane the given plugins declare, by id (what the runner defines besides the kernel's). */
export function pluginLanes(plugins: readonly Pick<LoadedPlugin, 'lanes'>[]): Record<string, LaneDeclaration> {
  const out: Record<string, LaneDeclaration> = {};
  for (const p of plugins) Object.assign(out, p.lanes ?? {});
  return out;
}

/** The kernel lanes as scheduler profiles. */
export const LANE_PROFILES: Record<string, LaneProfile> = Object.fromEntries(Object.entries(KERNEL_LANES).map(([id, d]) => [id, toLaneProfile(id, d)]));

export interface LaneTask {
  /** The job the task belongs to (for fairness and cancellation). */
  jobId: string;
  jobSize: number;
  /** Scope the platform rate-limits separately (one object, per its plugin's scope declaration); null = the lane as a whole. */
  scope: string | null;
  /** Platform points the task will spend (a write 3, a read 1, a batch the sum), for the usage gate. */
  cost?: number;
  /**
   * A task that can be sent in parts (a batch): the points of its smallest part (one entry). With
   * `split`, the scheduler starts the part the gate has room for instead of waiting for room for all.
   */
  unitCost?: number;
  /** Takes the head of the task that costs at most `points` as a task of its own (this one keeps the rest); null when no part fits. */
  split?: (points: number) => LaneTask | null;
  run: () => Promise<void>;
}

/**
 * A gate every start passes besides spacing and pauses: the runner's usage pacer (adaptive.ts). Its
 * waits answer the platform's limits, so the pace factor never scales them.
 */
export interface LaneGate {
  /** ms the task must still wait before it may start; 0 = now. For a task that splits, the wait for its smallest part worth sending. */
  waitMs(laneId: string, task: LaneTask): number;
  /** Points the task may spend now (a task that splits sends the part that fits); Infinity when nothing limits it. */
  roomPoints?(laneId: string, task: LaneTask): number;
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

  has(laneId: string): boolean {
    return this.lanes.has(laneId);
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
  /** The lane's usage slowdown now (1: none). */
  slowdownOf(laneId: string): number {
    return this.lanes.get(laneId)?.slowdown ?? 1;
  }

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
      const head = lane.queue[index];
      const wait = this.gate ? this.gate.waitMs(laneId, head) : 0;
      if (wait > 0) return this.schedule(laneId, wait);
      const task = this.take(laneId, lane, index);
      if (!task) return this.schedule(laneId, SPLIT_RECHECK_MS);
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

  /**
   * Takes the task at `index` off the queue to start it — or, when the gate has room for only part
   * of a task that splits, that part (the rest stays queued at its place). Null when no part fits.
   */
  private take(laneId: string, lane: LaneState, index: number): LaneTask | null {
    const task = lane.queue[index];
    const room = task.split && task.cost !== undefined && this.gate?.roomPoints ? this.gate.roomPoints(laneId, task) : Infinity;
    if (room >= (task.cost ?? 0)) return lane.queue.splice(index, 1)[0];
    const part = task.split!(room);
    if (part && (task.cost ?? 0) <= 0) lane.queue.splice(index, 1);
    return part;
  }

  /** Spacing and jitter scaled by the pace factor (docs/INTERFACES.md section 7) and the usage slowdown. */
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
