import { useSyncExternalStore } from 'react';
import type { RuntimeSettings } from '../../../protocol/api';
import { setGraphVersion } from '../bridge/graph-version';

/** What the server tells the page about itself (GET /api/runtime; no inline script may carry it). */
export type { RuntimeSettings } from '../../../protocol/api';

let runtime: RuntimeSettings | null = null;
const listeners = new Set<() => void>();

export function setRuntime(next: RuntimeSettings | null): void {
  runtime = next;
  // every Graph call reads the version at call time: the next one names the server's
  setGraphVersion(next?.graphVersion);
  listeners.forEach((l) => l());
}

export function getRuntime(): RuntimeSettings | null {
  return runtime;
}

export function useRuntime(): RuntimeSettings | null {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, getRuntime, getRuntime);
}
