import { useSyncExternalStore } from 'react';
import { getItem, setItem } from '../storage';

export interface RunnerSettings {
  /** Scales lane spacing and jitter only (docs/INTERFACES.md section 7); browser tests use e.g. 0.05. */
  paceFactor: number;
  /** Resume interrupted jobs after a reload without asking. */
  autoResume: boolean;
  /** Run the platform check once a day (docs/PLATFORM-CHECK.md); the check before a job runs whatever this says. */
  dailyCheck: boolean;
  /**
   * A job of more items than this asks the operator to type its item count before Start (the action
   * dialog and the areas' own buttons, src/kernel/runner/ConfirmJob.tsx); an irreversible action asks whatever its size.
   */
  confirmAbove: number;
}

export const DEFAULT_RUNNER_SETTINGS: RunnerSettings = { paceFactor: 1, autoResume: false, dailyCheck: true, confirmAbove: 50 };
export const PACE_RANGE = { min: 0.01, max: 10 } as const;
/** The confirmation threshold's range: 1 asks for every job of two items or more. */
export const CONFIRM_ABOVE_RANGE = { min: 1, max: 100000 } as const;

function sanitize(raw: unknown): RunnerSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const pace = typeof r.paceFactor === 'number' && Number.isFinite(r.paceFactor) ? Math.min(PACE_RANGE.max, Math.max(PACE_RANGE.min, r.paceFactor)) : 1;
  const above = typeof r.confirmAbove === 'number' && Number.isFinite(r.confirmAbove)
    ? Math.min(CONFIRM_ABOVE_RANGE.max, Math.max(CONFIRM_ABOVE_RANGE.min, Math.round(r.confirmAbove))) : DEFAULT_RUNNER_SETTINGS.confirmAbove;
  return { paceFactor: pace, autoResume: r.autoResume === true, dailyCheck: r.dailyCheck !== false, confirmAbove: above };
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
