import { BProgress } from '@bprogress/core';
import '@bprogress/core/css';

/** The spec's loading-bar constants. */
export const PROGRESS = { minimum: 0.08, speed: 200, trickleRate: 0.02, trickleIntervalMs: 800, showSpinner: true } as const;

BProgress.configure({ minimum: PROGRESS.minimum, speed: PROGRESS.speed, showSpinner: PROGRESS.showSpinner, trickle: false });

let trickleTimer: ReturnType<typeof setInterval> | null = null;
let active = 0;

/**
 * Starts the thin bar. BProgress trickles by its own curve, so the spec's fixed trickle
 * (+0.02 every 800 ms) drives `inc` instead. Nested starts are counted.
 */
export function startProgress(): void {
  active += 1;
  if (active > 1) return;
  BProgress.start();
  trickleTimer = setInterval(() => BProgress.inc(PROGRESS.trickleRate), PROGRESS.trickleIntervalMs);
}

export function doneProgress(): void {
  if (active === 0) return;
  active -= 1;
  if (active > 0) return;
  if (trickleTimer) clearInterval(trickleTimer);
  trickleTimer = null;
  BProgress.done();
}
