import { useSyncExternalStore } from 'react';

/** What the server tells the page about itself (GET /api/runtime; no inline script may carry it). */
export interface RuntimeSettings {
  demo: boolean;
  graphBase: string | null;
  webVersion: string;
  websocketUrl: string | null;
  paymentPublicKey: string | null;
  /** Demo mode: the accounts a newcomer may try (operator first). */
  demoAccounts?: { email: string; role: 'user' | 'admin' }[];
  /** Demo mode with the published default password: that password; otherwise null. */
  demoPassword?: string | null;
}

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
