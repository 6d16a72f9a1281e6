import type { Bridge } from '../bridge/bridge';
import type { LoadedPlugin } from '../plugin/types';
import { API, type WatchCheckBody, type WatchCheckView, type WatchSettings } from '../../../protocol/api';
import { PAGE_SOURCE, type PageMessage } from '../../../protocol';
import { offerToWatch } from './watch';
import type { WatchSender } from './watch-send';
import { FIRST_RUN_DELAY_MS, planChecks, scheduledChecks, type ScheduledCheck } from './watch-plan';

export { choiceOf, FIRST_RUN_DELAY_MS, planChecks, scheduledChecks, type ScheduledCheck } from './watch-plan';

// Scheduled checks (issue 34 item 4; docs/DECISIONS.md, "The watch: scheduled checks"): the leader tab
// reads each area's objects on the operator's schedule, as background reads (at most a fifth of the
// budget, yielding to jobs: src/kernel/runner/background.ts), sends what changed as a snapshot and
// reports each check's outcome to the server, which fires `checkFailed` while one cannot run. The
// extension is told when the next check is due, so it can open a tab for it when none is open.

/** Why a check could not run, in the operator's words (sent to the server as the check's `reason`). */
export type CheckProblem = 'noSession' | 'noIdentity' | 'noReader' | 'notSent' | 'failed';

export interface WatchChecksDeps {
  plugins: () => readonly LoadedPlugin[];
  api: { get: <T>(path: string, query?: Record<string, unknown>) => Promise<T>; post: <T>(path: string, body?: unknown) => Promise<T> };
  /** The runner's background bridge (null scope: it waits while any job runs). */
  /** the runner's background reads; `queries`: the web GraphQL queries the check may post */
  backgroundBridge: (queries: readonly string[]) => Bridge;
  /** The signed-in user's snapshot sender (null: nobody is signed in). */
  sender: () => WatchSender | null;
  /** undefined until the page has asked who the platform session is; null: no platform session. */
  platformUserId: () => string | null | undefined;
  /** A problem in the operator's words (the strings may have to load first). */
  words: (problem: CheckProblem, message?: string) => string | Promise<string>;
  /** Tells the extension when the next check is due (a window message; nothing listens without an extension). */
  tellExtension?: (nextAt: number | null) => void;
  /** This tab was opened by the extension for due checks: told once the first round has run. */
  openedForChecks?: boolean;
  tellDone?: () => void;
  /** After each round (the dashboard's last-check card re-reads). */
  onRound?: () => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (message: string, error?: unknown) => void;
}

/** A round waits at most this long: a choice changed on another screen or device is read by then. */
export const CHECKS_REREAD_MS = 5 * 60_000;
/** After the server could not be read, the next try. */
export const CHECKS_RETRY_MS = 60_000;
/** How long a check waits for the page to learn who the platform session is. */
export const IDENTITY_WAIT_MS = 20_000;

export interface WatchChecks {
  /** Runs a round now (the settings changed); resolves when it ran. */
  poke: () => Promise<void>;
  stop: () => void;
}

/** Starts the scheduled checks of this (leader) tab; `stop` when it stops leading or the user leaves. */
export function startWatchChecks(deps: WatchChecksDeps): WatchChecks {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const log = deps.log ?? ((m, e) => console.warn(`[tessera] ${m}`, e ?? ''));
  const controller = new AbortController();
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let firstRound = true;
  let stopped = false;
  // a tab opened for due checks runs them at once: nobody is looking at its lists
  const startedAt = deps.openedForChecks ? now() - FIRST_RUN_DELAY_MS : now();

  const wait = (ms: number) => new Promise<void>((resolve) => { const t = setTimer(resolve, ms); controller.signal.addEventListener('abort', () => { clearTimer(t); resolve(); }, { once: true }); });

  async function identity(): Promise<string | null | undefined> {
    const until = now() + IDENTITY_WAIT_MS;
    while (deps.platformUserId() === undefined && now() < until && !stopped) await wait(500);
    return deps.platformUserId();
  }

  async function report(body: WatchCheckBody): Promise<void> {
    try {
      await deps.api.post(API.watch.checks.path, body);
    } catch (e) {
      log(`the watch: the outcome of ${body.check} could not be reported`, e);
    }
  }

  async function runOne(check: ScheduledCheck): Promise<void> {
    const fail = async (problem: CheckProblem, message?: string) => report({ check: check.key, ok: false, reason: (await deps.words(problem, message)).slice(0, 300) });
    const sender = deps.sender();
    if (!sender) return;
    const who = await identity();
    if (stopped) return;
    if (who === undefined) return fail('noIdentity');
    if (who === null) return fail('noSession');
    let rows: readonly unknown[];
    try {
      const module = await check.watch.load();
      const read = module.checks?.[check.checkId];
      if (!read) return fail('noReader');
      rows = await read({ bridge: deps.backgroundBridge(check.operations), signal: controller.signal, platformUserId: who });
    } catch (e) {
      if (stopped) return;
      return fail('failed', e instanceof Error ? e.message : String(e));
    }
    await offerToWatch(check.watch, sender, rows);
    await sender.flush();
    if (sender.pending() > 0) return fail('notSent');
    await report({ check: check.key, ok: true });
  }

  async function round(): Promise<void> {
    let settings: WatchSettings;
    let last: WatchCheckView[];
    try {
      [settings, last] = await Promise.all([
        deps.api.get<WatchSettings>(API.watch.settings.path),
        deps.api.get<WatchCheckView[]>(API.watch.lastChecks.path),
      ]);
    } catch (e) {
      log('the watch: the scheduled checks could not be read; trying again in a minute', e);
      schedule(CHECKS_RETRY_MS);
      return;
    }
    const checks = scheduledChecks(deps.plugins());
    const lastAt = new Map(last.map((l) => [l.check, Date.parse(l.at)]));
    const { due } = planChecks(checks, settings.checks, lastAt, now(), startedAt);
    for (const check of due) {
      if (stopped) return;
      await runOne(check);
      lastAt.set(check.key, now());
    }
    if (stopped) return;
    const { nextAt } = planChecks(checks, settings.checks, lastAt, now(), startedAt);
    deps.tellExtension?.(nextAt);
    deps.onRound?.();
    if (firstRound && deps.openedForChecks) deps.tellDone?.();
    firstRound = false;
    schedule(nextAt === null ? CHECKS_REREAD_MS : Math.min(CHECKS_REREAD_MS, Math.max(0, nextAt - now())));
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => { timer = null; void poke(); }, ms);
  }

  function poke(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= round().catch((e) => log('the watch: a round of scheduled checks failed', e)).finally(() => { running = null; });
    return running;
  }

  void poke();
  return {
    poke,
    stop: () => {
      stopped = true;
      controller.abort();
      if (timer !== null) clearTimer(timer);
    },
  };
}

/** The page's messages to the extension about the checks (protocol/messages.ts). */
export function tellExtensionSchedule(win: Window, nextAt: number | null): void {
  const message: PageMessage = { source: PAGE_SOURCE, type: 'tessera:watchSchedule', nextAt };
  win.postMessage(message, win.location.origin);
}

export function tellExtensionDone(win: Window): void {
  const message: PageMessage = { source: PAGE_SOURCE, type: 'tessera:watchDone' };
  win.postMessage(message, win.location.origin);
}
