import type { WhileLeading } from '../runner/RunnerHost';
import { platformUserId } from '../bridge/extension-status';
import { loadAllStrings } from '../i18n';
import { sessionUserId } from '../store/user-store';

/**
 * The leader starts its scheduled checks this long after it became the leader: nothing is due sooner
 * (FIRST_RUN_DELAY_MS), and the first screen does not load the scheduler. A tab the extension opened
 * for due checks starts at once.
 */
export const CHECKS_START_DELAY_MS = 15_000;

/**
 * The watch's scheduled checks while this tab leads (src/kernel/list/watch-checks.ts), given to the
 * RunnerHost by the signed-in shell; the rounds' code loads only when they start, and a check's problem
 * loads every string before it is worded.
 */
export const leadScheduledChecks: WhileLeading = (runner, kernel) => {
  let stop: (() => void) | null = null;
  let gone = false;
  const openedForChecks = new URLSearchParams(window.location.search).get('checks') === 'background';
  const start = async () => {
    const [{ startWatchChecks, tellExtensionDone, tellExtensionSchedule }, { watchSender }] = await Promise.all([import('../list/watch-checks'), import('../list/watch')]);
    if (gone) return;
    const checks = startWatchChecks({
      plugins: () => kernel().plugins,
      api: kernel().api,
      backgroundBridge: (queries) => runner.background.bridge(null, { queries }),
      sender: () => {
        const uid = sessionUserId();
        return uid === undefined ? null : watchSender(kernel().api, uid);
      },
      platformUserId: () => platformUserId(),
      words: async (problem, message) => {
        await loadAllStrings(kernel().i18n).catch(() => undefined);
        return kernel().i18n.t(`watch.checkProblem.${problem}`, { message });
      },
      tellExtension: (nextAt) => tellExtensionSchedule(window, nextAt),
      openedForChecks,
      // only while nobody uses the tab: an operator who switched to it keeps it
      tellDone: () => { if (document.hidden || !document.hasFocus()) tellExtensionDone(window); },
      onRound: () => kernel().bus.emit('watch:checks-ran', undefined),
    });
    const onChanged = () => void checks.poke();
    kernel().bus.on('watch:checks-changed', onChanged);
    stop = () => { kernel().bus.off('watch:checks-changed', onChanged); checks.stop(); };
  };
  const timer = setTimeout(() => { start().catch((e) => console.warn('[tessera] the scheduled checks could not start', e)); }, openedForChecks ? 0 : CHECKS_START_DELAY_MS);
  return () => { gone = true; clearTimeout(timer); stop?.(); };
};
