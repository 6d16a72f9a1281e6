import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Classes, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useApi } from '../KernelProvider';
import { getItem } from '../storage';
import { useSession } from '../auth/session';

export interface Announcement {
  id: number;
  title: string;
  content: string;
  message_type: number;
  create_time: string;
}

export const NOTIFICATION_POLL_MS = 60_000;

/** Unseen announcements for this user (and social identity), with marking them seen. Text only. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { token } = useSession();
  const { pathname } = useLocation();
  const [list, setList] = useState<Announcement[]>([]);

  const fbid = () => getItem('fbid');
  const load = useCallback(async () => {
    if (!token) return;
    try {
      const data = await api.get<{ list: Announcement[]; count: number }>('/api/message_notification/unseen', { query: { fbid: fbid() } });
      setList(Array.isArray(data.list) ? data.list : []);
    } catch (e) {
      console.warn('[tessera] notifications unavailable', e);
    }
  }, [api, token]);

  useEffect(() => { void load(); }, [load, pathname]);
  useEffect(() => {
    const timer = setInterval(() => void load(), NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const markSeen = async (id?: number) => {
    await api.post('/api/message_notification/update_message_to_seen', undefined, { query: { fbid: fbid(), identity: id } }).catch(() => undefined);
    await load();
  };

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
