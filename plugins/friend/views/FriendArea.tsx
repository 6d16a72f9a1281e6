import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tab, Tabs, Tag, TextArea } from '@blueprintjs/core';
import {
  recordRecent, DataTable, ListButtons, ListStatus, ObjectPicker, RecognisedList, getItem, idsOf, showToast, useApi, useAreaList, useBridge, useConfirmedStart, usePastedList, useRunner,
  type AreaList, type Bridge, type FollowedSelection, type ListLoadContext, type ViewProps,
} from '@kernel';
import { readAccountQuality, type AccountQuality } from '../api';
import { ALL_KEY, RECEIVED_KEY, SENT_KEY } from '../cache';
import { toItem } from '../checks';
import { requestColumns } from '../columns';
import { loadFeed, loadInvitations, loadNotifications, loadReceived, loadRequests, loadSent } from '../load';
import type { FriendRequestRow } from '../requests';
import './friend.css';

type TabId = 'received' | 'sent' | 'send' | 'notifications' | 'invitations' | 'feed' | 'quality';
const getId = (r: FriendRequestRow) => r.id;

/** The area's view: the whole friends screen on its route; in a tile, received and sent requests in one list. */
export default function FriendView({ tileId, placement, followedSelection }: ViewProps) {
  return placement === 'route' ? <FriendArea sourceId={tileId} /> : <RequestList sourceId={tileId} followed={followedSelection} />;
}

/** The friends screen: received and sent requests, sending to a pasted list, and the session account's notifications, invitations, feed and quality. */
export function FriendArea({ sourceId }: { sourceId: string }) {
  const { t } = useTranslation('friend');
  const [tab, setTab] = useState<TabId>('received');
  return (
    <div className="friend-area" data-testid="friend-area">
      <Tabs id="friend-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly>
        <Tab id="received" title={t('tabs.received')} data-testid="friend-tab-received" panel={<RequestList sourceId={`${sourceId}:received`} direction="incoming" />} />
        <Tab id="sent" title={t('tabs.sent')} data-testid="friend-tab-sent" panel={<RequestList sourceId={`${sourceId}:sent`} direction="outgoing" />} />
        <Tab id="send" title={t('tabs.send')} data-testid="friend-tab-send" panel={<SendPanel onStarted={() => setTab('sent')} />} />
        <Tab id="notifications" title={t('tabs.notifications')} data-testid="friend-tab-notifications" panel={<ReadPanel kind="notifications" />} />
        <Tab id="invitations" title={t('tabs.invitations')} data-testid="friend-tab-invitations" panel={<ReadPanel kind="invitations" />} />
        <Tab id="feed" title={t('tabs.feed')} data-testid="friend-tab-feed" panel={<ReadPanel kind="feed" />} />
        <Tab id="quality" title={t('tabs.quality')} data-testid="friend-tab-quality" panel={<QualityPanel />} />
      </Tabs>
    </div>
  );
}

/** Received (20 a page) or sent (10 a page) requests; their actions come from the bulk-actions palette. */
export function RequestList({ sourceId, direction, followed }: { sourceId: string; direction?: 'incoming' | 'outgoing'; followed?: FollowedSelection | null }) {
  const { t } = useTranslation('friend');
  const api = useApi();
  const load = useCallback(({ bridge, signal, emit }: ListLoadContext<FriendRequestRow>) => {
    const o = { signal, onRows: emit };
    return direction === 'incoming' ? loadReceived(bridge, o) : direction === 'outgoing' ? loadSent(bridge, o) : loadRequests(bridge, o);
  }, [direction]);
  const cacheKey = direction === 'incoming' ? RECEIVED_KEY : direction === 'outgoing' ? SENT_KEY : ALL_KEY;
  const list = useAreaList<FriendRequestRow>({ cacheKey, load, rowType: 'friendRequest', getId, toItem, sourceId, followed });
  const columns = useMemo(() => requestColumns(t, !direction), [t, direction]);
  return (
    <div className="friend-list" data-testid={`friend-list-${direction ?? 'all'}`}>
      <ListStatus list={list as AreaList<unknown>} />
      <DataTable viewId={`friend.${direction ?? 'all'}`} rows={list.visible} columns={columns} getRowId={getId} loading={list.loading && list.rows.length === 0}
        selection={list.selection} onSelectionChange={list.onSelectionChange} onRowOpen={(r) => recordRecent(api, 'friend', { record_id: r.id, record_name: r.name || r.id, link: r.url })} exportFileName={`friend-requests-${direction ?? 'all'}`}
        emptyText={t(direction === 'outgoing' ? 'empty.sent' : 'empty.received')} toolbar={<ListButtons list={list as AreaList<unknown>} testId={`friend-actions-${direction ?? 'all'}`} />} />
    </div>
  );
}

/** Paste profile ids, links or user names; they are looked up and shown, with names, then sent as one paced job. */
function SendPanel({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation('friend');
  const runner = useRunner();
  const pasted = usePastedList('person');
  const [error, setError] = useState<string | null>(null);
  const ids = pasted.lines ? idsOf(pasted.lines) : [];
  const check = async () => {
    setError(null);
    try { await pasted.read(); } catch (e) { setError((e as Error).message); }
  };
  const confirmed = useConfirmedStart();
  const start = () => {
    if (!ids.length) return;
    // one request per person: a long list asks for the typed count first
    confirmed.ask({
      actionId: 'friend.send', count: ids.length,
      start: () => {
        try {
          runner.start('friend.send', { uids: ids }, [{ id: getItem('fbid') || 'me', account: true } as never]);
          void showToast(t('send.started', { count: ids.length }), 'primary');
          pasted.setText('');
          onStarted();
        } catch (e) {
          setError((e as Error).message);
        }
      },
    });
  };
  return (
    <div className="friend-send" data-testid="friend-send">
      <Callout intent="primary" compact>{t('send.intro')}</Callout>
      <ObjectPicker format="person" text={pasted.text} onChange={pasted.setText} testId="friend-send-picker" />
      <TextArea value={pasted.text} onChange={(e) => pasted.setText(e.target.value)} rows={8} fill aria-label={t('send.label')} placeholder={t('send.placeholder')} data-testid="friend-send-text" />
      <div className="friend-send__buttons">
        <Button icon="search" text={t('send.check')} loading={pasted.reading} disabled={!pasted.text.trim()} onClick={() => void check()} data-testid="friend-send-check" />
        <Button icon="send-message" intent="primary" text={t('send.start', { count: ids.length })} disabled={!ids.length || pasted.reading} onClick={start} data-testid="friend-send-start" />
      </div>
      {error && <Callout intent="danger" compact>{error}</Callout>}
      {confirmed.dialog}
      {pasted.lines && (
        <div data-testid="friend-send-preview">
          <p>{t('send.preview', { count: ids.length })}</p>
          <RecognisedList lines={pasted.lines} format="person" testId="friend-send-recognised" />
        </div>
      )}
    </div>
  );
}

type ReadKind = 'notifications' | 'invitations' | 'feed';
interface ReadRow { id: string; text: string; extra: string; time?: number; url?: string }

function useRead<T>(read: (bridge: Bridge, signal: AbortSignal) => Promise<T>): { value: T | null; error: string | null; reload: () => void } {
  const bridge = useBridge();
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setValue(null);
    setError(null);
    read(bridge, ctl.signal).then(setValue, (e) => { if (!ctl.signal.aborted) setError((e as Error).message); });
    return () => ctl.abort();
  }, [bridge, n]); // eslint-disable-line react-hooks/exhaustive-deps
  return { value, error, reload: () => setN((x) => x + 1) };
}

function ReadPanel({ kind }: { kind: ReadKind }) {
  const { t } = useTranslation('friend');
  const { value, error, reload } = useRead<ReadRow[]>(async (bridge, signal) => {
    if (kind === 'notifications') return (await loadNotifications(bridge, { signal })).map((n) => ({ id: n.id, text: n.body?.text ?? '', extra: n.seen_state === 'UNSEEN' ? t('read.unseen') : '', time: n.creation_time, url: n.url }));
    if (kind === 'invitations') return (await loadInvitations(bridge, { signal })).map((i) => ({ id: i.id, text: i.title ?? '', extra: `${t(`invite.${i.invite_type}`, { defaultValue: i.invite_type ?? '' })} · ${i.inviter?.name ?? ''}`, time: i.creation_time }));
    const fbid = getItem('fbid');
    return (await loadFeed(bridge, { signal, userId: fbid && /^\d+$/.test(fbid) ? fbid : undefined })).map((s) => ({ id: s.id, text: s.message?.text ?? '', extra: '', time: s.creation_time, url: s.url }));
  });
  return (
    <div className="friend-read" data-testid={`friend-${kind}`}>
      <div className="friend-read__bar">
        <Tag minimal round>{value ? t('read.count', { count: value.length }) : '…'}</Tag>
        <Button icon="refresh" variant="minimal" text={t('read.reload')} onClick={reload} />
      </div>
      {error && <Callout intent="danger" compact>{error}</Callout>}
      {!value && !error && <Spinner size={24} />}
      {value && value.length === 0 && <NonIdealState icon="inbox" description={t('read.empty')} />}
      {value && value.length > 0 && (
        <HTMLTable compact striped className="friend-read__table">
          <tbody>{value.map((r) => (
            <tr key={r.id} data-read-id={r.id}>
              <td className="friend-read__time">{r.time ? new Date(r.time * 1000).toISOString().slice(0, 16).replace('T', ' ') : ''}</td>
              <td>{r.text}</td>
              <td className="bp6-text-muted friend-read__extra">{r.extra}</td>
            </tr>
          ))}</tbody>
        </HTMLTable>
      )}
    </div>
  );
}

function QualityPanel() {
  const { t } = useTranslation('friend');
  const { value, error, reload } = useRead<AccountQuality>((bridge, signal) => readAccountQuality(bridge, { signal }));
  let body: ReactNode = null;
  if (value) {
    body = (
      <>
        <Callout intent={value.status === 'OK' ? 'success' : 'danger'} title={t(`quality.${value.status}`, { defaultValue: value.status })} data-testid="friend-quality-status">
          {value.friend_requests_sent_last_hour !== undefined && <p>{t('quality.sentLastHour', { count: value.friend_requests_sent_last_hour })}</p>}
        </Callout>
        {value.restrictions.length > 0 && (
          <HTMLTable compact striped>
            <tbody>{value.restrictions.map((r) => <tr key={r.id}><td>{r.title}</td><td>{r.ends_at ? t('quality.until', { time: r.ends_at.slice(0, 16).replace('T', ' ') }) : ''}</td></tr>)}</tbody>
          </HTMLTable>
        )}
      </>
    );
  }
  return (
    <div className="friend-read" data-testid="friend-quality">
      <div className="friend-read__bar"><Button icon="refresh" variant="minimal" text={t('read.reload')} onClick={reload} /></div>
      {error && <Callout intent="danger" compact>{error}</Callout>}
      {!value && !error && <Spinner size={24} />}
      {body}
    </div>
  );
}
