import type { LoadedPlugin, PluginWatch } from '../plugin/types';
import type { WatchCheckChoice, WatchCheckSchedule } from '../../../protocol/api';

// The scheduled checks' plan (docs/DECISIONS.md, "The watch: scheduled checks"): which checks there are,
// the operator's choice for each, and which are due. Apart from the rounds (watch-checks.ts) so the
// dashboard's card reads it without loading the sender.

/** One check of one plugin: its key (`<watch type>.<id>`), its default interval and the plugin's watch. */
export interface ScheduledCheck {
  key: string;
  checkId: string;
  pluginId: string;
  titleKey: string;
  /** the default interval, seconds */
  every: number;
  /** the web GraphQL queries it posts */
  operations: readonly string[];
  watch: PluginWatch;
}

/** The checks of the plugins this operator may use, in plugin order. */
export function scheduledChecks(plugins: readonly LoadedPlugin[]): ScheduledCheck[] {
  return plugins.flatMap((p) => (p.watch?.checks ?? []).map((c) => ({
    key: `${p.watch!.type}.${c.id}`, checkId: c.id, pluginId: p.id, titleKey: c.titleKey, every: c.every, operations: c.operations ?? [], watch: p.watch!,
  })));
}

/** The operator's choice for a check, or its default (on, at the plugin's interval). */
export function choiceOf(check: Pick<ScheduledCheck, 'key' | 'every'>, choices: WatchCheckSchedule): WatchCheckChoice {
  return choices[check.key] ?? { enabled: true, everyS: check.every };
}

/**
 * A check that never ran waits this long after the scheduler started (or its own interval, when
 * shorter): the lists the operator opens on signing in go first.
 */
export const FIRST_RUN_DELAY_MS = 2 * 60_000;

/**
 * Which checks are due at `now` (their interval has passed since they last ran, whether it went well or
 * not; one that never ran, FIRST_RUN_DELAY_MS or its interval after `startedAt`) and when the next one
 * falls due once these have run (null: every check is off).
 */
export function planChecks(
  checks: readonly ScheduledCheck[], choices: WatchCheckSchedule, lastAt: ReadonlyMap<string, number>, now: number, startedAt = now,
): { due: ScheduledCheck[]; nextAt: number | null } {
  const due: ScheduledCheck[] = [];
  let nextAt: number | null = null;
  for (const c of checks) {
    const choice = choiceOf(c, choices);
    if (!choice.enabled) continue;
    const last = lastAt.get(c.key);
    const dueAt = last === undefined ? startedAt + Math.min(FIRST_RUN_DELAY_MS, choice.everyS * 1000) : last + choice.everyS * 1000;
    const after = dueAt <= now ? now + choice.everyS * 1000 : dueAt;
    if (dueAt <= now) due.push(c);
    nextAt = nextAt === null ? after : Math.min(nextAt, after);
  }
  return { due, nextAt };
}
