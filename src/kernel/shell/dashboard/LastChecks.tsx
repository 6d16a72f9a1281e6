import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApi, useBus, useKernel } from '../../KernelProvider';
import { useExtensionState } from '../../bridge/extension-status';
import { API, type WatchCheckView, type WatchSettings } from '../../../../protocol/api';
import { CHECKS_EXTENSION_VERSION, versionBelow } from '../../../../protocol';
import { choiceOf, scheduledChecks, type ScheduledCheck } from '../../list/watch-plan';

/** How often the card reads the checks again (the leader tab may be another tab). */
export const LAST_CHECKS_POLL_MS = 60_000;
/** A check this much past its time counts as missed (a round may take a while). */
export const MISSED_GRACE_MS = 2 * 60_000;

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; settings: WatchSettings; last: WatchCheckView[] };

/** One check as the card says it. */
export interface CheckLine {
  check: ScheduledCheck;
  enabled: boolean;
  everyS: number;
  last: WatchCheckView | null;
  /** when it is due next (null: off) */
  dueAt: number | null;
  missed: boolean;
}

/** Each check's line: its last outcome, when it is due, and whether it missed its time. */
export function checkLines(checks: readonly ScheduledCheck[], settings: WatchSettings, last: readonly WatchCheckView[], now: number): CheckLine[] {
  return checks.map((check) => {
    const choice = choiceOf(check, settings.checks);
    const mine = last.find((l) => l.check === check.key) ?? null;
    const dueAt = !choice.enabled ? null : mine ? Date.parse(mine.at) + choice.everyS * 1000 : null;
    return { check, enabled: choice.enabled, everyS: choice.everyS, last: mine, dueAt, missed: dueAt !== null && now > dueAt + MISSED_GRACE_MS };
  });
}

/**
 * The dashboard's scheduled checks (issue 34 item 4): when each last ran, whether it went well (and why
 * not), when it is due, and why a missed one did not run — checks run in a Tessera tab, which the
 * extension (from CHECKS_EXTENSION_VERSION) opens when none is open, so a missed check means the browser
 * was not running, or the extension could not open a tab.
 */
export function LastChecks() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const bus = useBus();
  const { plugins } = useKernel();
  const ext = useExtensionState();
  const checks = useMemo(() => scheduledChecks(plugins), [plugins]);
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    try {
      const [settings, last] = await Promise.all([
        api.get<WatchSettings>(API.watch.settings.path),
        api.get<WatchCheckView[]>(API.watch.lastChecks.path),
      ]);
      setState({ phase: 'ready', settings, last });
    } catch {
      setState((s) => (s.phase === 'ready' ? s : { phase: 'error' }));
    }
    setNow(Date.now());
  }, [api]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), LAST_CHECKS_POLL_MS);
    const onRan = () => void load();
    bus.on('watch:checks-ran', onRan);
    return () => { clearInterval(timer); bus.off('watch:checks-ran', onRan); };
  }, [load, bus]);

  if (!checks.length) return null;
  const time = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(ms);
  // why a check may miss its time, from what this page knows of the extension
  const noOpener = ext.version === null ? 'missedNoExtension' : versionBelow(ext.version, CHECKS_EXTENSION_VERSION) ? 'missedOldExtension' : 'missedBrowser';
  return (
    <Card compact className="tessera-last-checks" data-testid="last-checks">
      <h4 className="tessera-widget-title">{t('watch.lastChecks.title')}</h4>
      {state.phase === 'loading' && <Spinner size={20} />}
      {state.phase === 'error' && (
        <div className="tessera-last-checks-failed">
          {t('watch.lastChecks.failed')} <Button size="small" variant="minimal" text={t('watch.retry')} onClick={() => void load()} />
        </div>
      )}
      {state.phase === 'ready' && (
        <ul className="tessera-last-checks-list">
          {checkLines(checks, state.settings, state.last, now).map((line) => (
            <li key={line.check.key} data-testid="last-check" data-check={line.check.key} data-state={!line.enabled ? 'off' : line.missed ? 'missed' : !line.last ? 'never' : line.last.ok ? 'ok' : 'failed'}>
              <span className="tessera-last-check-what">{t(line.check.titleKey, { ns: line.check.pluginId })}</span>
              {/* a tag in words, no icon: each icon would be one more download on the first screen */}
              <Tag minimal intent={!line.enabled ? 'none' : line.last?.ok === false || line.missed ? 'warning' : line.last ? 'success' : 'none'}>
                {t(!line.enabled ? 'watch.lastChecks.off' : line.missed ? 'watch.lastChecks.tagMissed' : !line.last ? 'watch.lastChecks.tagNever' : line.last.ok ? 'watch.lastChecks.tagOk' : 'watch.lastChecks.tagFailed')}
              </Tag>
              {line.enabled && !line.last && <span className="bp6-text-muted">{t('watch.lastChecks.never')}</span>}
              {line.enabled && line.last && (
                <span className={line.last.ok ? 'bp6-text-muted' : 'tessera-last-check-problem'}>
                  {line.last.ok ? t('watch.lastChecks.ran', { at: time(Date.parse(line.last.at)) }) : t('watch.lastChecks.couldNot', { at: time(Date.parse(line.last.at)), reason: line.last.reason || t('watch.lastChecks.noReason') })}
                </span>
              )}
              {line.dueAt !== null && !line.missed && <span className="bp6-text-muted">{t('watch.lastChecks.next', { at: time(line.dueAt) })}</span>}
              {line.missed && line.dueAt !== null && (
                <span className="tessera-last-check-problem" data-testid="last-check-missed">{t('watch.lastChecks.missed', { at: time(line.dueAt) })} {t(`watch.lastChecks.${noOpener}`, { version: CHECKS_EXTENSION_VERSION })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
LastChecks.displayName = 'LastChecks';
