import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** Blueprint's toaster (its overlay and transitions), loaded with the first toast (toaster.ts). */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP, maxToasts: 5 });
}
