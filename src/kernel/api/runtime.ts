import { useSyncExternalStore } from 'react';
import type { RuntimeSettings } from '../../../protocol/api';

/** What the server tells the page about itself (GET /api/runtime; no inline script may carry it). */
export type { RuntimeSettings } from '../../../protocol/api';

let runtime: RuntimeSettings | null = null;
const listeners = new Set<() => void>();

export function setRuntime(next: RuntimeSettings | null): void {
  runtime = next;
  listeners.forEach((l) => l());
}

export function getRuntime(): RuntimeSettings | null {
  return runtime;
}

export function useRuntime(): RuntimeSettings | null {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, getRuntime, getRuntime);
}
