import { useEffect } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../core/session';
import { useUnseen, type Announcement } from './dashboard/unseen';
import { lazyPopover } from './lazy-popover';

export type { Announcement } from './dashboard/unseen';

export const NOTIFICATION_POLL_MS = 60_000;

/** The list's popover loads on the bell's first press (src/kernel/shell/lazy-popover.tsx); the count shows from the start. */
const NotificationsPopover = lazyPopover<{ list: readonly Announcement[]; markSeen: (id?: number) => Promise<void> }>(
  async () => (await import('./ShellPopovers')).NotificationsPopover, 'notifications');

/**
 * Unseen announcements and notifications for this user (and social identity), with marking them seen.
 * Text only. The list is the one the dashboard shows: marking one seen there drops it here too.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { pathname } = useLocation();
  const { list, load, markSeen } = useUnseen(false);

  useEffect(() => { if (token) void load(); }, [load, token, pathname]);
  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => void load(), NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, [load, token]);

  if (!token) return null;
  return (
    <NotificationsPopover list={list} markSeen={markSeen} target={
      <Button variant="minimal" icon="notifications" aria-label={t('notifications.label', { count: list.length })} title={t('notifications.label', { count: list.length })} data-testid="notification-bell">
        {list.length > 0 && <span className="tessera-badge" data-testid="notification-count">{list.length > 99 ? '99+' : list.length}</span>}
      </Button>
    } />
  );
}
NotificationBell.displayName = 'NotificationBell';
