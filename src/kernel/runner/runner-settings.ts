import { useSyncExternalStore } from 'react';
import { getItem, setItem } from '../storage';

export interface RunnerSettings {
  /** Scales lane spacing and jitter only (docs/INTERFACES.md section 7); browser tests use e.g. 0.05. */
  paceFactor: number;
  /** Resume interrupted jobs after a reload without asking. */
  autoResume: boolean;
  /** Run the platform check once a day (docs/PLATFORM-CHECK.md); the check before a job runs whatever this says. */
  dailyCheck: boolean;
}

export const DEFAULT_RUNNER_SETTINGS: RunnerSettings = { paceFactor: 1, autoResume: false, dailyCheck: true };
export const PACE_RANGE = { min: 0.01, max: 10 } as const;

function sanitize(raw: unknown): RunnerSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const pace = typeof r.paceFactor === 'number' && Number.isFinite(r.paceFactor) ? Math.min(PACE_RANGE.max, Math.max(PACE_RANGE.min, r.paceFactor)) : 1;
  return { paceFactor: pace, autoResume: r.autoResume === true, dailyCheck: r.dailyCheck !== false };
}

let current = sanitize(getItem('tessera-runner'));
const listeners = new Set<() => void>();

export function getRunnerSettings(): RunnerSettings { return current; }
export function updateRunnerSettings(patch: Partial<RunnerSettings>): void {
  current = sanitize({ ...current, ...patch });
  setItem('tessera-runner', { ...current });
  listeners.forEach((l) => l());
}
export function useRunnerSettings(): RunnerSettings {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, getRunnerSettings, getRunnerSettings);
}
