import type { JobRow } from '../../runner/types';
import type { KernelStore } from '../../store/store';
import type { LoadedPlugin, NeedCounters, PluginNeed } from '../../plugin/types';

/** What one need counts to: a number, or null while the lists it counts are not cached (not counted yet). */
export interface NeedFigure {
  need: PluginNeed;
  /** How many need the operator; null while it cannot be counted (its lists not cached, its code not loaded or failing). */
  count: number | null;
  /** The cached lists its counter reads (empty while the counter is not loaded). */
  lists: readonly string[];
}

/** How long a failed job stays among what needs the operator (its outcome is in the jobs panel for ever). */
export const FAILED_JOB_DAYS = 7;

/**
 * Counts every need with its area's counter over the lists the counter names (null where none of them
 * is cached, or the counter is missing or throws: not counted, never a made-up zero).
 */
export function countNeeds(
  needs: readonly PluginNeed[],
  counters: ReadonlyMap<string, NeedCounters>,
  listOf: (key: string) => readonly unknown[] | null,
  store: KernelStore,
  now = Date.now(),
): NeedFigure[] {
  return needs.map((need) => {
    const counter = counters.get(need.pluginId)?.[need.name];
    if (!counter || !Array.isArray(counter.lists) || typeof counter.count !== 'function') return { need, count: null, lists: [] };
    const lists = counter.lists.map(listOf);
    if (lists.every((l) => l === null)) return { need, count: null, lists: counter.lists };
    try {
      const n = counter.count(lists, { store, now });
      return { need, count: typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null, lists: counter.lists };
    } catch (e) {
      console.warn(`[tessera] the need ${need.id} could not be counted`, e);
      return { need, count: null, lists: counter.lists };
    }
  });
}

/** The needs of the plugins the operator may use, in menu order. */
export function declaredNeeds(plugins: readonly LoadedPlugin[]): PluginNeed[] {
  return plugins.flatMap((p) => p.needs ?? []);
}

/** Every cached list the loaded counters read (each read once). */
export function neededLists(counters: ReadonlyMap<string, NeedCounters>): string[] {
  return [...new Set([...counters.values()].flatMap((c) => Object.values(c).flatMap((n) => (Array.isArray(n?.lists) ? n.lists : []))))];
}

/** The kernel's own need: jobs that failed in the last FAILED_JOB_DAYS days, and jobs interrupted (waiting for a resume). */
export function jobsNeedingOperator(jobs: readonly JobRow[], now = Date.now()): { failed: number; interrupted: number } {
  const since = now - FAILED_JOB_DAYS * 24 * 3600_000;
  let failed = 0;
  let interrupted = 0;
  for (const j of jobs) {
    if (j.status === 'interrupted') interrupted += 1;
    else if (j.status === 'failed' && (j.finishedAt || j.updatedAt || j.createdAt) >= since) failed += 1;
  }
  return { failed, interrupted };
}

/**
 * The panel's summary: figures above zero (what needs the operator), the areas not counted yet, and
 * whether everything was counted and came to zero (only then may the dashboard say nothing needs them).
 */
export function summariseNeeds(figures: readonly NeedFigure[]): { pending: NeedFigure[]; zero: NeedFigure[]; notCounted: string[]; allCounted: boolean } {
  const pending = figures.filter((f) => (f.count ?? 0) > 0);
  const zero = figures.filter((f) => f.count === 0);
  const notCounted = [...new Set(figures.filter((f) => f.count === null).map((f) => f.need.pluginId))];
  return { pending, zero, notCounted, allCounted: notCounted.length === 0 };
}
