import { Card, Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { scheduledChecks } from '../list/watch-plan';
import { changeWords, fieldValueWords, ObjectCell, useOwners, Who, type Owner } from '../list/WatchChanges';
import type { WatchAlertView, WatchChange, WatchType } from '../../../protocol/api/watch';

// The watch's alerts in words (docs/DECISIONS.md, "The watch: alerts in the app"): in the bell's popover
// and on the dashboard. Loaded with those parts, never with the first screen (alerts.ts holds the list);
// worded as the change feed words a change (src/kernel/list/WatchChanges.tsx): the object as a link to its
// area's list filtered on it, the change from → to, who made it ("From outside" in red for a person or
// partner added). What the platform named is text, never HTML.

/** How many firing alerts the dashboard lists. */
export const NEEDS_ME_ALERTS = 3;
/** How many firing alerts the bell's popover lists (the newest; the rest are counted). */
export const BELL_ALERTS = 30;

/** The change that started (or, resolved, ended) an alert, as the feed's change. */
function changeOf(alert: WatchAlertView): WatchChange {
  return {
    at: alert.firedAt,
    object: { ...alert.object, type: alert.object.type as WatchType },
    field: alert.change.field,
    from: alert.change.from,
    to: alert.change.to,
    by: alert.by,
  };
}

/** What happened, in words: the field and from → to; for a scheduled check that could not run, why. */
function AlertChange({ alert, owner }: { alert: WatchAlertView; owner: Owner | undefined }) {
  const { t, i18n } = useTranslation();
  const { t: tOwner } = useTranslation(owner?.plugin.id ?? 'kernel');
  if (alert.object.type === 'check') {
    const reason = typeof alert.change.to === 'string' && alert.change.to !== 'ok' ? alert.change.to : '';
    return <span>{reason ? t('watch.alerts.checkReason', { reason }) : t('watch.alerts.checkFailed')}</span>;
  }
  const { field, what } = changeWords(changeOf(alert), owner, owner ? tOwner : null, t, i18n.language);
  if (stateOnly(alert)) {
    // the state the rule found, not a change: "— → Disabled" would claim a change nobody saw
    const value = fieldValueWords(alert.change.field, alert.change.to, owner, owner ? tOwner : null, t, i18n.language);
    return <span>{t('watch.alerts.state', { field, value })}</span>;
  }
  return <span>{t('watch.alerts.change', { field, what })}</span>;
}

/**
 * An alert of a condition found without a change from a known value: the object's first sighting (an
 * account already disabled when first read) or a rule switched on. The server sends it as `from: null`.
 */
function stateOnly(alert: WatchAlertView): boolean {
  const { from, to } = alert.change;
  return from === null && (to === null || typeof to !== 'object');
}

/** The object an alert is about: its kind, its name linked to its list (as the feed does), its id. */
function AlertObject({ alert, owner }: { alert: WatchAlertView; owner: Owner | undefined }) {
  const { t } = useTranslation();
  const { plugins } = useKernel();
  if (alert.object.type === 'check') {
    // the check in the area's words (`adaccount.health` → "Ad accounts: status, spend and users")
    const check = scheduledChecks(plugins).find((c) => c.key === alert.object.id);
    const name = check ? t(check.titleKey, { ns: check.pluginId }) : alert.object.name || alert.object.id;
    return <span><span className="tessera-watch-kind">{t('watch.alerts.check')}</span>{' '}<span>{name}</span></span>;
  }
  return <ObjectCell change={changeOf(alert)} owner={owner} />;
}

/** One alert: the rule's name, the object, the change and who made it, when it fired (and resolved). */
export function AlertItem({ alert, owner, className, testId }: { alert: WatchAlertView; owner: Owner | undefined; className?: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const firing = alert.state === 'firing';
  return (
    <Card compact className={`tessera-alert ${className ?? ''}`} data-testid={testId ?? 'alert'} data-alert-id={alert.id} data-alert-state={alert.state} data-alert-rule={alert.rule}>
      <div className="tessera-alert-head">
        <Tag minimal intent={firing ? 'danger' : 'success'} icon={firing ? 'warning-sign' : 'tick-circle'}>
          {t(firing ? 'watch.alerts.firing' : 'watch.alerts.resolved')}
        </Tag>
        <strong className="tessera-need-title">{alert.ruleName}</strong>
      </div>
      <div className="tessera-alert-object"><AlertObject alert={alert} owner={owner} /></div>
      <div className="tessera-alert-change">
        <AlertChange alert={alert} owner={owner} />
        {alert.object.type !== 'check' && !stateOnly(alert) && <>{' · '}<Who change={changeOf(alert)} /></>}
      </div>
      <div className={`tessera-alert-when ${Classes.TEXT_MUTED}`}>
        {t('watch.alerts.firedAt', { when: when(alert.firedAt) })}
        {alert.resolvedAt && <>{' · '}{t('watch.alerts.resolvedAt', { when: when(alert.resolvedAt) })}</>}
      </div>
    </Card>
  );
}
AlertItem.displayName = 'AlertItem';

/**
 * The bell's "Alerts": the firing alerts (the newest 30, the rest counted), then the latest resolved ones, marked resolved. Its words are
 * outside the first screen's strings: the popover shows it as a part that waits for them (ShellPopovers.tsx).
 */
export function AlertList({ firing, resolved }: { firing: readonly WatchAlertView[]; resolved: readonly WatchAlertView[] }) {
  const { t } = useTranslation();
  const owners = useOwners();
  return (
    <section className="tessera-alerts" data-testid="bell-alerts" aria-label={t('watch.alerts.title')}>
      <div className="tessera-alerts-title">{t('watch.alerts.title')}</div>
      {firing.length === 0 && <div className={Classes.TEXT_MUTED} data-testid="bell-alerts-none">{t('watch.alerts.none')}</div>}
      {firing.slice(0, BELL_ALERTS).map((a) => <AlertItem key={a.id} alert={a} owner={owners.get(a.object.type)} />)}
      {firing.length > BELL_ALERTS && (
        <div className={Classes.TEXT_MUTED} data-testid="bell-alerts-more">{t('watch.alerts.moreFiring', { count: firing.length - BELL_ALERTS })}</div>
      )}
      {resolved.length > 0 && (
        <>
          <div className={`tessera-alerts-subtitle ${Classes.TEXT_MUTED}`}>{t('watch.alerts.recentlyResolved')}</div>
          {resolved.map((a) => <AlertItem key={a.id} alert={a} owner={owners.get(a.object.type)} className="tessera-alert-resolved" />)}
        </>
      )}
    </section>
  );
}


/** The dashboard's firing alerts, first in "What needs you now" (a lazily loaded part with every string). */
export function NeedsAlerts({ firing }: { firing: readonly WatchAlertView[] }) {
  const { t } = useTranslation();
  const owners = useOwners();
  return (
    <>
      {firing.slice(0, NEEDS_ME_ALERTS).map((a) => (
        <AlertItem key={a.id} alert={a} owner={owners.get(a.object.type)} className="tessera-need" testId="needs-me-alert" />
      ))}
      {firing.length > NEEDS_ME_ALERTS && (
        <Card compact className="tessera-need" data-testid="needs-me-more-alerts">{t('watch.alerts.more', { count: firing.length - NEEDS_ME_ALERTS })}</Card>
      )}
    </>
  );
}
NeedsAlerts.displayName = 'NeedsAlerts';
