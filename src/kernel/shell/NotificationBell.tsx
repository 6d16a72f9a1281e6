import { useEffect } from 'react';
import { Button, Card, Classes, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../core/session';
import { useUnseen } from './dashboard/unseen';

export type { Announcement } from './dashboard/unseen';

export const NOTIFICATION_POLL_MS = 60_000;

/**
 * Unseen announcements and notifications for this user (and social identity), with marking them seen.
 * Text only. The list is the one the dashboard shows: marking one seen there drops it here too.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
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
  const format = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <div className="tessera-notifications">
          {list.length === 0 ? (
            <NonIdealState icon="notifications" description={t('notifications.empty')} />
          ) : (
            <>
              {list.map((m) => (
                <Card key={m.id} compact className="tessera-notification" data-notification-id={m.id}>
                  <div className="tessera-notification-title">{m.title}</div>
                  <div className="tessera-notification-body">{m.content}</div>
                  <div className={`tessera-notification-meta ${Classes.TEXT_MUTED}`}>
                    {format(m.create_time)}
                    <Button size="small" variant="minimal" text={t('notifications.markSeen')} onClick={() => void markSeen(m.id)} />
                  </div>
                </Card>
              ))}
              <Button fill icon="tick" text={t('notifications.markAllSeen')} onClick={() => void markSeen()} />
            </>
          )}
        </div>
      }
    >
      <Button variant="minimal" icon="notifications" aria-label={t('notifications.label', { count: list.length })} title={t('notifications.label', { count: list.length })} data-testid="notification-bell">
        {list.length > 0 && <span className="tessera-badge" data-testid="notification-count">{list.length > 99 ? '99+' : list.length}</span>}
      </Button>
    </PopoverNext>
  );
}
NotificationBell.displayName = 'NotificationBell';
