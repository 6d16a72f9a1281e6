// The pacing gate: before a lane starts a task, the usage pacers (the caller's and the task's own
// object's, adaptive.ts and scope-pacers.ts) say how long to wait and how much of a batch fits, and
// the fair share splits scarce room between lanes; every answer teaches the pacers and may slow or
// pause the lane on its usage headers. Part of the Runner (runner.ts).
import { parseUsage, slowdownFor } from '../graph/classify';
import type { LaneClock, LaneScheduler, LaneTask } from './lanes';
import type { UsagePacer } from './adaptive';
import type { ScopePacers } from './scope-pacers';
import type { FairShare } from './fair-share';
import type { ScopeMap } from './scope';
import type { Runner } from './runner';

/** Entries a batch part holds at least once the pacer is confident (see `smallestPart`). */
const MIN_PART_UNITS = 10;

/** Gates every lane's starts on the pacers and the fair share. */
export function installPacingGate(lanes: LaneScheduler, clock: LaneClock, pacer: UsagePacer, scoped: ScopePacers, fairShare: FairShare): void {
  const points = (laneId: string, task: LaneTask) => task.cost ?? pacer.itemCost(laneId);
  lanes.setGate({
    waitMs: (laneId, task) => {
      const now = clock.now();
      const part = smallestPart(pacer, task, points(laneId, task));
      const scope = task.scope ? scoped.get(task.scope) : undefined;
      const wait = Math.max(pacer.waitMs(part, now), scope?.waitMs(part, now) ?? 0);
      if (wait > 0) {
        fairShare.waited(laneId, now + wait);
        return wait;
      }
      return fairShare.holdMs(laneId, now);
    },
    roomPoints: (_laneId, task) => {
      const now = clock.now();
      const scope = task.scope ? scoped.get(task.scope) : undefined;
      return Math.min(pacer.roomPoints(now, task.unitCost), scope?.roomPoints(now) ?? Infinity);
    },
    started: (laneId, task) => {
      const p = points(laneId, task);
      fairShare.started(laneId, p, clock.now());
      const release = pacer.reserve(p);
      const releaseScope = task.scope ? scoped.get(task.scope)?.reserve(p) : undefined;
      return () => { release(); releaseScope?.(); };
    },
  });
}

/**
 * Points of the smallest part of a task worth starting: the whole task, or for a batch that splits
 * one entry while the pacer is still learning (each part brings readings), then ten entries —
 * the decay is linear, so sending ten at a time costs no throughput and keeps the calls few.
 */
function smallestPart(pacer: UsagePacer, task: LaneTask, points: number): number {
  if (!task.split || !task.unitCost) return points;
  const units = pacer.confident() ? MIN_PART_UNITS : 1;
  return Math.min(points, task.unitCost * units);
}

/**
 * Every answer an action gets: the pacer learns from it (and the pacer of the item's own scope, for
 * a task limited to one object), and the lane slows down or pauses on its usage headers.
 */
export function observeResponse(runner: Pick<Runner, 'clock' | 'pacer' | 'scopePacers' | 'lanes'>, laneId: string, scopes: ScopeMap, init: { method: string; body?: string }, response: { status: number; headers: Record<string, string>; body?: unknown }, scope: string | null = null): void {
  const now = runner.clock.now();
  runner.pacer?.observeResponse(init, response, now);
  if (scope) runner.scopePacers?.observeResponse(scope, scopes, init, response, now);
  const usage = parseUsage(response.headers ?? {});
  // Once a pacer knows a budget it holds that score near its target on purpose, so the spacing
  // slowdown follows only the scores no confident pacer models.
  const app = runner.pacer?.confident() ? 0 : usage.app ?? 0;
  const unpaced = usage.business.filter((b) => !runner.scopePacers?.get(scopes.fromUsageKey(b.id))?.confident());
  const worst = Math.max(app, ...unpaced.map((b) => b.callCount));
  runner.lanes.setSlowdown(laneId, slowdownFor(worst));
  for (const b of usage.business) {
    if (b.callCount >= 100 && b.regainMinutes > 0) runner.lanes.pause(laneId, scopes.fromUsageKey(b.id), runner.clock.now() + b.regainMinutes * 60_000);
  }
}
