import { Button, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ListNotCached, useCacheLoadState, useCachedList, type WidgetProps } from '@kernel';
import { ALL_KEY, RECEIVED_KEY, SENT_KEY } from '../cache';
import type { FriendRequestRow } from '../requests';

/** Pending friend requests, received and sent, from the cached lists only (never loads by itself). */
export default function PendingRequests({ open }: WidgetProps) {
  const { t } = useTranslation('friend');
  const received = useCachedList<FriendRequestRow>(RECEIVED_KEY);
  const sent = useCachedList<FriendRequestRow>(SENT_KEY);
  const all = useCachedList<FriendRequestRow>(ALL_KEY);
  const loadState = useCacheLoadState(RECEIVED_KEY, SENT_KEY, ALL_KEY);
  const count = (dir: 'incoming' | 'outgoing', own: FriendRequestRow[] | null) => (own ? own.length : all ? all.filter((r) => r.direction === dir).length : null);
  const inCount = count('incoming', received);
  const outCount = count('outgoing', sent);
  if (inCount === null && outCount === null) return <ListNotCached state={loadState} onOpen={() => open('/friend/index')} icon="people" text={t('widgets.pendingRequests.notLoaded')} loadText={t('widgets.pendingRequests.load')} />;
  return (
    <div data-testid="widget-friend-pending">
      <HTMLTable compact striped>
        <tbody>
          <tr><td>{t('widgets.pendingRequests.received')}</td><td>{inCount ?? '—'}</td></tr>
          <tr><td>{t('widgets.pendingRequests.sent')}</td><td>{outCount ?? '—'}</td></tr>
        </tbody>
      </HTMLTable>
      <Button variant="minimal" icon="arrow-right" text={t('widgets.pendingRequests.open')} onClick={() => open('/friend/index')} />
    </div>
  );
}
