import { Classes, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** Blueprint's toaster (its overlay and transitions), loaded with the first toast (toaster.ts). */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP, maxToasts: 5 });
}

/**
 * Resolves once no toast is on the page, counting those still animating out (their transition's
 * last timer has then run), or after `limitMs`.
 */
export async function toastsGone(limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (document.querySelector(`.${Classes.TOAST}`) !== null && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
