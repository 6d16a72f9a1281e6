import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Callout, Card, H4, HTMLSelect, HTMLTable, InputGroup, Spinner, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApi, useBus, useKernel } from '../KernelProvider';
import { API, WATCH_CHECK_EVERY_MAX_S, WATCH_CHECK_EVERY_MIN_S, type WatchCheckChoice, type WatchCheckView, type WatchSettings } from '../../../protocol/api';
import { choiceOf, scheduledChecks, type ScheduledCheck } from './watch-plan';

/** The units an interval is written in, largest first. */
const UNITS = [['days', 86400], ['hours', 3600], ['minutes', 60], ['seconds', 1]] as const;
type Unit = (typeof UNITS)[number][0];

/** An interval in the largest unit that divides it (3600 s: 1 hour). */
export function splitInterval(seconds: number): { amount: number; unit: Unit } {
  for (const [unit, size] of UNITS) if (seconds % size === 0) return { amount: seconds / size, unit };
  return { amount: seconds, unit: 'seconds' };
}

/** The seconds an interval as written stands for, or why it cannot be used. */
export function readInterval(amount: string, unit: Unit): { seconds: number } | { problem: 'notWhole' | 'tooShort' | 'tooLong' } {
  const text = amount.trim();
  if (!/^\d{1,7}$/.test(text)) return { problem: 'notWhole' };
  const seconds = Number(text) * UNITS.find(([u]) => u === unit)![1];
  if (seconds < WATCH_CHECK_EVERY_MIN_S) return { problem: 'tooShort' };
  if (seconds > WATCH_CHECK_EVERY_MAX_S) return { problem: 'tooLong' };
  return { seconds };
}

type Loaded = { settings: WatchSettings; last: WatchCheckView[] };

/**
 * The operator's scheduled checks (issue 34 item 4): each check on or off and how often, saved as it is
 * changed (`POST /api/watch/settings { checks }`); the leader tab picks the change up at once.
 */
export function WatchChecksSettings() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const bus = useBus();
  const { plugins } = useKernel();
  const checks = useMemo(() => scheduledChecks(plugins), [plugins]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [settings, last] = await Promise.all([api.get<WatchSettings>(API.watch.settings.path), api.get<WatchCheckView[]>(API.watch.lastChecks.path)]);
      setLoaded({ settings, last });
    } catch {
      setFailed(true);
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const save = async (check: ScheduledCheck, choice: WatchCheckChoice): Promise<string | null> => {
    try {
      const settings = await api.post<WatchSettings>(API.watch.saveSettings.path, { checks: { [check.key]: choice } });
      setLoaded((l) => (l ? { ...l, settings } : l));
      bus.emit('watch:checks-changed', undefined);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };

  if (!checks.length) return null;
  return (
    <Card className="tessera-watch-section tessera-watch-checks" data-watch-section="checks" data-testid="watch-checks-settings" aria-label={t('watch.schedule.title')}>
      <H4>{t('watch.schedule.title')}</H4>
      <p className="bp6-text-muted">{t('watch.schedule.intro')}</p>
      {failed && <Callout intent="warning" compact>{t('watch.schedule.loadFailed')} <Button size="small" variant="minimal" text={t('watch.retry')} onClick={() => void load()} /></Callout>}
      {!loaded && !failed && <Spinner size={20} />}
      {loaded && (
        <HTMLTable compact className="tessera-watch-table tessera-watch-checks-table">
          <thead>
            <tr><th>{t('watch.schedule.check')}</th><th>{t('watch.schedule.on')}</th><th>{t('watch.schedule.every')}</th><th>{t('watch.schedule.last')}</th></tr>
          </thead>
          <tbody>
            {checks.map((check) => {
              const last = loaded.last.find((l) => l.check === check.key);
              return (
                <CheckRow key={check.key} check={check} choice={choiceOf(check, loaded.settings.checks)} save={(c) => save(check, c)}
                  last={last ? (last.ok ? t('watch.schedule.ranAt', { at: new Date(last.at).toLocaleString(i18n.language) }) : t('watch.schedule.failedAt', { at: new Date(last.at).toLocaleString(i18n.language), reason: last.reason })) : t('watch.schedule.never')} />
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
WatchChecksSettings.displayName = 'WatchChecksSettings';

function CheckRow({ check, choice, save, last }: { check: ScheduledCheck; choice: WatchCheckChoice; save: (c: WatchCheckChoice) => Promise<string | null>; last: string }) {
  const { t } = useTranslation();
  const initial = splitInterval(choice.everyS);
  const [amount, setAmount] = useState(String(initial.amount));
  const [unit, setUnit] = useState<Unit>(initial.unit);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const commit = async (next: { enabled?: boolean; amount?: string; unit?: Unit }) => {
    const read = readInterval(next.amount ?? amount, next.unit ?? unit);
    if ('problem' in read) {
      setProblem(t(`watch.schedule.${read.problem}`, { min: WATCH_CHECK_EVERY_MIN_S, maxDays: WATCH_CHECK_EVERY_MAX_S / 86400 }));
      return;
    }
    setProblem(null);
    const enabled = next.enabled ?? choice.enabled;
    if (enabled === choice.enabled && read.seconds === choice.everyS) return;
    setBusy(true);
    const failure = await save({ enabled, everyS: read.seconds });
    setBusy(false);
    if (failure) setProblem(t('watch.schedule.saveFailed', { reason: failure }));
  };

  return (
    <tr data-testid="watch-check-row" data-check={check.key}>
      <td>{t(check.titleKey, { ns: check.pluginId })}</td>
      <td><Switch checked={choice.enabled} disabled={busy} aria-label={t('watch.schedule.on')} onChange={(e) => void commit({ enabled: e.currentTarget.checked })} /></td>
      <td>
        <div className="tessera-watch-check-every" style={{ display: "flex", gap: 4, alignItems: "center", flexWrap: "nowrap" }}>
          <InputGroup small value={amount} inputMode="numeric" aria-label={t('watch.schedule.every')} style={{ width: 72 }} intent={problem ? 'danger' : 'none'}
            onChange={(e) => setAmount(e.currentTarget.value)} onBlur={() => void commit({})} onKeyDown={(e) => { if (e.key === 'Enter') void commit({}); }} />
          <HTMLSelect minimal value={unit} aria-label={t('watch.schedule.unit')} onChange={(e) => { const u = e.currentTarget.value as Unit; setUnit(u); void commit({ unit: u }); }}
            options={UNITS.map(([u]) => ({ value: u, label: t(`watch.schedule.units.${u}`) }))} />
        </div>
        {problem && <div className="bp6-form-helper-text" style={{ color: "#e76a6e" }} role="alert">{problem}</div>}
      </td>
      <td className="bp6-text-muted">{last}</td>
    </tr>
  );
}
