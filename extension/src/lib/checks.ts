/**
 * The watch's scheduled checks (issue 34 item 4; extension/README.md, "Scheduled checks"). The checks
 * themselves run in the app's leader tab: an MV3 worker cannot run the app's reads (docs/DECISIONS.md,
 * "The extension opens a tab for due checks"). The page tells the extension when the next check of
 * its origin is due (`tessera:watchSchedule`); the extension keeps that time per product origin and one
 * alarm per origin. When an alarm rings and no tab of that origin is open, it opens one in the
 * background, unfocused, at `CHECKS_BACKGROUND_PATH`; that tab runs the due checks and says
 * `tessera:watchDone`, and the extension closes it (only a tab it opened itself).
 *
 * Everything chrome.* is behind `CheckDeps`, so the tests drive this with fakes; worker.ts wires it.
 */
import { CHECKS_BACKGROUND_PATH } from '../../../protocol';
import type { KeyValueStorage } from './journal';

/** chrome.storage.local key: `{ [origin]: nextAt }`, the next due check per product origin (survives restarts). */
export const SCHEDULE_KEY = 'checks:schedule';
/** chrome.storage.session key: `{ [origin]: tabId }`, the background tab the extension opened per origin. */
export const OPENED_KEY = 'checks:opened';
/** One alarm per product origin: `tessera-checks|<origin>`. */
export const ALARM_PREFIX = 'tessera-checks|';

export const alarmName = (origin: string) => `${ALARM_PREFIX}${origin}`;
export function originOfAlarm(name: string): string | null {
  return name.startsWith(ALARM_PREFIX) ? name.slice(ALARM_PREFIX.length) || null : null;
}

/** The same bounds parsePageMessage puts on `nextAt` (protocol/messages.ts): an integer epoch ms between 2000 and 2200. */
export function isDueTime(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 946_684_800_000 && v < 7_258_118_400_000;
}

export interface CheckDeps {
  /** chrome.storage.local (the schedule outlives the worker and the browser session). */
  local: Pick<KeyValueStorage, 'set'> & { get(key: string): Promise<Record<string, unknown>> };
  /** chrome.storage.session (a tab id means nothing after a browser restart). */
  session: Pick<KeyValueStorage, 'set'> & { get(key: string): Promise<Record<string, unknown>> };
  alarms: {
    create(name: string, when: number): Promise<void>;
    clear(name: string): Promise<void>;
    exists(name: string): Promise<boolean>;
  };
  /** Is a tab of this product origin open (one the extension may or may not have opened)? */
  productTabOpen(origin: string): Promise<boolean>;
  /** Is this tab still open? */
  tabExists(tabId: number): Promise<boolean>;
  /** Opens `url` without taking focus: a background tab in a normal window, else a minimized, unfocused window. Answers the tab id. */
  openInBackground(url: string): Promise<number | null>;
  closeTab(tabId: number): Promise<void>;
  /** Is this origin one the extension was built for (the alarm's name is re-checked when it rings)? */
  isProductOrigin(origin: string): boolean;
}

export type RingOutcome = 'not-ours' | 'tab-open' | 'already-opened' | 'opened' | 'failed';

const numberMap = (v: unknown): Record<string, number> => {
  const out: Record<string, number> = {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
  for (const [k, n] of Object.entries(v)) if (typeof n === 'number') out[k] = n;
  return out;
};

export function createCheckScheduler(d: CheckDeps) {
  // Storage is read, changed and written back: one change at a time, or two origins' messages would lose one.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  const readSchedule = async () => numberMap((await d.local.get(SCHEDULE_KEY))[SCHEDULE_KEY]);
  const readOpened = async () => numberMap((await d.session.get(OPENED_KEY))[OPENED_KEY]);

  async function setOpened(origin: string, tabId: number | null) {
    const opened = await readOpened();
    if (tabId === null) delete opened[origin];
    else opened[origin] = tabId;
    await d.session.set({ [OPENED_KEY]: opened });
  }

  return {
    /** `tessera:watchSchedule` from a tab of `origin` (already checked against the product origins). */
    schedule(origin: string, nextAt: number | null): Promise<void> {
      return serial(async () => {
        if (!d.isProductOrigin(origin)) return;
        if (nextAt !== null && !isDueTime(nextAt)) return; // parsePageMessage refuses it too; never trust one check
        const schedule = await readSchedule();
        if (nextAt === null) {
          delete schedule[origin];
          await d.local.set({ [SCHEDULE_KEY]: schedule });
          await d.alarms.clear(alarmName(origin));
          return;
        }
        schedule[origin] = nextAt;
        await d.local.set({ [SCHEDULE_KEY]: schedule });
        // Same name: the old alarm is replaced. Chromium fires no earlier than its minimum delay (30 s packed, 1 s unpacked).
        await d.alarms.create(alarmName(origin), nextAt);
      });
    },

    /** `tessera:watchDone` from tab `tabId` of `origin`: closes that tab only if the extension opened it. */
    done(origin: string, tabId: number | null): Promise<boolean> {
      return serial(async () => {
        if (tabId === null) return false;
        const opened = await readOpened();
        if (opened[origin] !== tabId) return false;
        await setOpened(origin, null);
        await d.closeTab(tabId).catch(() => undefined); // already closed by the operator: nothing left to do
        return true;
      });
    },

    /** An alarm rang. The schedule it served is used up: the tab that runs the checks sends the next one. */
    ring(name: string): Promise<RingOutcome> {
      return serial(async (): Promise<RingOutcome> => {
        const origin = originOfAlarm(name);
        if (!origin || !d.isProductOrigin(origin)) return 'not-ours';
        const schedule = await readSchedule();
        if (origin in schedule) {
          delete schedule[origin];
          await d.local.set({ [SCHEDULE_KEY]: schedule });
        }
        // A tab it opened that is gone (closed by the operator) is forgotten here, not on every tab's close:
        // listening to chrome.tabs.onRemoved would wake the worker whenever any tab in the browser closes.
        const opened = (await readOpened())[origin];
        if (opened !== undefined) {
          if (await d.tabExists(opened)) return 'already-opened';
          await setOpened(origin, null);
        }
        // An open tab's leader runs the checks and sends the next schedule itself.
        if (await d.productTabOpen(origin)) return 'tab-open';
        const tabId = await d.openInBackground(`${origin}${CHECKS_BACKGROUND_PATH}`).catch(() => null);
        if (tabId === null) return 'failed';
        await setOpened(origin, tabId);
        return 'opened';
      });
    },

    /**
     * At worker start: an alarm Chromium dropped (alarms may not survive a browser restart or an
     * extension update) is set again from the stored schedule; one already due rings at once (after
     * Chromium's minimum delay), so a check missed while the browser was closed runs when it starts.
     */
    restore(): Promise<void> {
      return serial(async () => {
        const schedule = await readSchedule();
        for (const [origin, nextAt] of Object.entries(schedule)) {
          if (!d.isProductOrigin(origin) || !isDueTime(nextAt)) continue;
          if (!(await d.alarms.exists(alarmName(origin)))) await d.alarms.create(alarmName(origin), nextAt);
        }
      });
    },
  };
}

export type CheckScheduler = ReturnType<typeof createCheckScheduler>;
