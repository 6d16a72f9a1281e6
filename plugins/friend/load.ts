/**
 * The area's lists: sent requests (10 a page), received requests (20 a page), notifications (15, then
 * 10 a page), invitations, the session's profile feed (10 a page). Rows stream out page by page.
 */
import type { Bridge } from '@kernel';
import {
  FEED_PAGE, NOTIFICATIONS_FIRST, NOTIFICATIONS_NEXT, RECEIVED_PAGE, SENT_PAGE, pagesOf,
  readFeedPage, readInvitationsPage, readNotificationsPage, readReceivedPage, readSentPage,
  type FeedNode, type InviteNode, type NotificationNode, type PersonNode,
} from './api';
import type { Direction, FriendRequestRow } from './requests';

export interface LoadOptions { signal?: AbortSignal; onRows?: (rows: FriendRequestRow[]) => void }

function toRow(n: PersonNode, direction: Direction): FriendRequestRow {
  return {
    id: String(n.id), name: n.name ?? '', url: n.url ?? '', direction,
    status: n.friendship_status ?? (direction === 'outgoing' ? 'OUTGOING_REQUEST' : 'INCOMING_REQUEST'), request_time: n.request_time,
  };
}

export async function loadSent(bridge: Bridge, o: LoadOptions = {}): Promise<FriendRequestRow[]> {
  const rows: FriendRequestRow[] = [];
  await pagesOf((count, cursor) => readSentPage(bridge, count, cursor, o), SENT_PAGE, SENT_PAGE, (page) => { rows.push(...page.map((n) => toRow(n, 'outgoing'))); o.onRows?.([...rows]); });
  return rows;
}

export async function loadReceived(bridge: Bridge, o: LoadOptions = {}): Promise<FriendRequestRow[]> {
  const rows: FriendRequestRow[] = [];
  await pagesOf((count, cursor) => readReceivedPage(bridge, count, cursor, o), RECEIVED_PAGE, RECEIVED_PAGE, (page) => { rows.push(...page.map((n) => toRow(n, 'incoming'))); o.onRows?.([...rows]); });
  return rows;
}

/** Both lists, received first (the tile's list). */
export async function loadRequests(bridge: Bridge, o: LoadOptions = {}): Promise<FriendRequestRow[]> {
  const received = await loadReceived(bridge, { signal: o.signal, onRows: (r) => o.onRows?.(r) });
  const sent = await loadSent(bridge, { signal: o.signal, onRows: (r) => o.onRows?.([...received, ...r]) });
  return [...received, ...sent];
}

export function loadNotifications(bridge: Bridge, o: { signal?: AbortSignal } = {}): Promise<NotificationNode[]> {
  return pagesOf((count, cursor) => readNotificationsPage(bridge, count, cursor, o), NOTIFICATIONS_FIRST, NOTIFICATIONS_NEXT);
}

export function loadInvitations(bridge: Bridge, o: { signal?: AbortSignal } = {}): Promise<InviteNode[]> {
  return pagesOf((count, cursor) => readInvitationsPage(bridge, count, cursor, o), 20);
}

export function loadFeed(bridge: Bridge, o: { signal?: AbortSignal; userId?: string } = {}): Promise<FeedNode[]> {
  return pagesOf((count, cursor) => readFeedPage(bridge, count, cursor, o), FEED_PAGE);
}
