import { useEffect } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useKernel } from '../KernelProvider';
import { useSession } from '../core/session';
import { useUnseen, type Announcement } from './dashboard/unseen';
import { clearAlerts, useAlerts, type AlertsState } from './alerts';
import { lazyPopover } from './lazy-popover';

export type { Announcement } from './dashboard/unseen';

export const NOTIFICATION_POLL_MS = 60_000;
/** After a snapshot went to the server (an alert may have fired), the alerts are read again this much later: a list's requests go as one read. */
export const ALERTS_AFTER_SNAPSHOT_MS = 1_500;

/** The list's popover loads on the bell's first press (src/kernel/shell/lazy-popover.tsx); the count shows from the start. */
const NotificationsPopover = lazyPopover<{ list: readonly Announcement[]; markSeen: (id?: number) => Promise<void>; alerts: AlertsState }>(
  async () => (await import('./ShellPopovers')).NotificationsPopover, 'notifications');

/**
 * Unseen announcements and notifications for this user (and social identity), with marking them seen,
 * and the watch's firing alerts (docs/DECISIONS.md, "The watch: alerts in the app"): one badge counts
 * both, and the bell itself turns red while an alert fires. Text only. The lists are the ones the dashboard shows.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const { api, bus } = useKernel();
  const { token } = useSession();
  const { pathname } = useLocation();
  const { list, load, markSeen } = useUnseen(false);
  const alerts = useAlerts(false);
  const loadAlerts = alerts.load;

  useEffect(() => { if (token) void load(); }, [load, token, pathname]);
  // the rules' names come in the reader's language: read again after a switch
  useEffect(() => { if (token) void loadAlerts(); else clearAlerts(api); }, [loadAlerts, token, api, i18n.language]);
  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => { void load(); void loadAlerts(); }, NOTIFICATION_POLL_MS);
    const onVisible = () => { if (document.visibilityState === 'visible') { void load(); void loadAlerts(); } };
    document.addEventListener('visibilitychange', onVisible);
    // a list's snapshot may fire an alert on the server: read them once the sends of a load are done
    let soon: ReturnType<typeof setTimeout> | null = null;
    const onSent = () => {
      if (soon) clearTimeout(soon);
      soon = setTimeout(() => { soon = null; void loadAlerts(); }, ALERTS_AFTER_SNAPSHOT_MS);
    };
    bus.on('snapshots:sent', onSent);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      bus.off('snapshots:sent', onSent);
      if (soon) clearTimeout(soon);
    };
  }, [load, loadAlerts, token, bus]);

  if (!token) return null;
  const firing = alerts.firing.length;
  const total = list.length + firing;
  const label = firing
    ? t('notifications.labelWithAlerts', { count: list.length, alerts: firing })
    : t('notifications.label', { count: list.length });
  return (
    <NotificationsPopover list={list} markSeen={markSeen} alerts={alerts} target={
      <Button variant="minimal" icon="notifications" intent={firing ? 'danger' : undefined} aria-label={label} title={label} data-testid="notification-bell" data-alerts={firing} data-unread={list.length}>
        {total > 0 && <span className="tessera-badge" data-testid="notification-count">{total > 99 ? '99+' : total}</span>}
      </Button>
    } />
  );
}
NotificationBell.displayName = 'NotificationBell';
