/**
 * Fair sharing of the caller's usage budget between lanes. Each lane's pump asks the usage gate on
 * its own timer, so when room is scarce the lane that asks most often — small tasks, short spacing —
 * would take every bit of room as it appears and a lane waiting for more (a batch) would starve.
 *
 * A lane the pacer told to wait is "waiting" until its wait is due (and a short grace after). A lane
 * the pacer lets go holds back while another lane is waiting and has been served fewer points lately
 * while room was scarce (points decayed with a short half-life, so the past is soon forgotten): the
 * room is left to build up for the lane that is behind. Both lanes progress; together they still use
 * the whole budget, since a lane only holds back for another that is about to take the room.
 */
export interface FairShareOptions {
  /** Weight of points served halves every this many ms. */
  halfLifeMs?: number;
  /** A waiting lane that has not started this long after its wait was due no longer holds others back. */
  graceMs?: number;
}

/** How long after a waiting lane's due time a held lane looks again (the waiting one goes first). */
const AFTER_DUE_MS = 20;

export class FairShare {
  private readonly halfLifeMs: number;
  private readonly graceMs: number;
  private readonly served = new Map<string, { points: number; at: number }>();
  /** Lanes the pacer told to wait, with the time their wait is due. */
  private readonly waiting = new Map<string, number>();

  constructor(options: FairShareOptions = {}) {
    this.halfLifeMs = options.halfLifeMs ?? 3_000;
    this.graceMs = options.graceMs ?? 1_000;
  }

  /** Points the lane was served lately (decayed to `now`). */
  servedPoints(laneId: string, now: number): number {
    const s = this.served.get(laneId);
    return s ? s.points * Math.pow(0.5, Math.max(0, now - s.at) / this.halfLifeMs) : 0;
  }

  /** The pacer told the lane to wait until `dueAt`. */
  waited(laneId: string, dueAt: number): void {
    this.waiting.set(laneId, dueAt);
  }

  /** ms the lane holds back so that a waiting lane served less goes first; 0 = go. */
  holdMs(laneId: string, now: number): number {
    const mine = this.servedPoints(laneId, now);
    let hold = 0;
    for (const [other, dueAt] of this.waiting) {
      if (other === laneId) continue;
      if (dueAt + this.graceMs < now) { this.waiting.delete(other); continue; }
      if (this.servedPoints(other, now) < mine) hold = Math.max(hold, Math.max(0, dueAt - now) + AFTER_DUE_MS);
    }
    return hold;
  }

  /**
   * The lane started a task of `points`. Only points taken while another lane was waiting count: room
   * taken while it was plentiful (a job's first burst) was nobody's loss, and counted it would make
   * that lane hold back afterwards as if it had been served at the other's expense.
   */
  started(laneId: string, points: number, now: number): void {
    this.waiting.delete(laneId);
    const contended = [...this.waiting].some(([other, dueAt]) => other !== laneId && dueAt + this.graceMs >= now);
    this.served.set(laneId, { points: this.servedPoints(laneId, now) + (contended ? points : 0), at: now });
  }
}
