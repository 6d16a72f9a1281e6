import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { PlatformCheck, CheckProgress } from './service';
import { useKernel } from '../KernelProvider';
import { setReplyChangedTranslator } from '../platform/shape';
import { CHECK_TABLE, isBlocking, isPast, readFindings } from './results';

const CheckContext = createContext<PlatformCheck | null>(null);

/** How often the page asks whether the daily check is due. */
const DAILY_POLL_MS = 10 * 60_000;

/**
 * Gives the page its platform check and runs it once a day (in the tab that runs the jobs, whose
 * background reads share the budget with them). The check itself is src/kernel/check/service.ts.
 */
export function PlatformCheckHost({ check, runsDaily, children }: { check: PlatformCheck; runsDaily: boolean; children: ReactNode }) {
  const { i18n } = useKernel();
  useEffect(() => {
    setReplyChangedTranslator((key, values) => i18n.t(key, { ns: 'kernel', ...values }));
    return () => setReplyChangedTranslator(null);
  }, [i18n]);
  useEffect(() => {
    if (!runsDaily) return;
    const controller = new AbortController();
    const tick = () => { if (check.dailyDue()) check.run({ signal: controller.signal }).catch(() => {}); };
    // A little after sign-in, so the first screen's own reads go first.
    const first = setTimeout(tick, 30_000);
    const every = setInterval(tick, DAILY_POLL_MS);
    return () => { controller.abort(); clearTimeout(first); clearInterval(every); };
  }, [check, runsDaily]);
  return <CheckContext.Provider value={check}>{children}</CheckContext.Provider>;
}
PlatformCheckHost.displayName = 'PlatformCheckHost';

/** The page's platform check (null outside a signed-in page). */
export function usePlatformCheck(): PlatformCheck | null {
  return useContext(CheckContext);
}

const IDLE: CheckProgress = { running: false, ended: 0, done: 0, total: 0, problem: null };

export function useCheckProgress(): CheckProgress {
  const check = usePlatformCheck();
  return useSyncExternalStore((l) => check?.subscribe(l) ?? (() => {}), () => check?.getProgress() ?? IDLE);
}

/** How many call families fail or answer differently now (the dashboard's card). */
export function useBlockingFindings(): number {
  const { store } = useKernel();
  const check = usePlatformCheck();
  const count = () => [...readFindings(store).values()].filter((f) => isBlocking(f) && !isPast(f, check?.version() ?? '')).length;
  return useSyncExternalStore((l) => {
    const id = store.addTableListener(CHECK_TABLE, l);
    return () => { store.delListener(id); };
  }, count);
}
