/**
 * Requests of the friends area: web GraphQL form posts to www.facebook.com by operation name; their
 * doc ids come from the document catalogue (docs/PLATFORM.md section 14 and "Friends: values decided").
 */
import { asPerson, expectObject, expectRows, graphqlOn, type Bridge, type CallOptions, type Shape } from '@kernel';

/** The platform operations of this area, by what they do. */
export const DOCS = {
  send: 'FriendingCometFriendRequestSendMutation',
  cancel: 'FriendingCometFriendRequestCancelMutation',
  confirm: 'FriendingCometFriendRequestConfirmMutation',
  delete: 'FriendingCometFriendRequestDeleteMutation',
  sent: 'FriendingCometOutgoingRequestsQuery',
  received: 'FriendingCometRequestsRootQuery',
  status: 'FriendingCometFriendshipStatusQuery',
  notifications: 'CometNotificationsRootQuery',
  notificationsMore: 'CometNotificationsPaginationQuery',
  invitations: 'CometInvitesListQuery',
  feed: 'ProfileCometTimelineFeedRefetchQuery',
  quality: 'AccountQualityHubQuery',
} as const;

/** Page sizes (docs/SPEC.md, personal and friends): sent 10, received 20, notifications 15 then 10. */
export const SENT_PAGE = 10;
export const RECEIVED_PAGE = 20;
export const NOTIFICATIONS_FIRST = 15;
export const NOTIFICATIONS_NEXT = 10;
export const FEED_PAGE = 10;
/** Lists stop after this many rows. */
export const LIST_MAX = 1000;

import type { FriendshipStatus } from './requests';

export type { FriendshipStatus };

/** The web GraphQL of www.facebook.com (the kernel lifts the platform's error codes). */
const gql = graphqlOn('www.facebook.com');

// ---------------------------------------------------------------------------------------------
// the four writes and the status read that settles them

export async function sendRequest(bridge: Bridge, uid: string, o: CallOptions = {}): Promise<FriendshipStatus> {
  const data = await gql<{ friend_request_send?: { friend_requestees?: { friendship_status?: FriendshipStatus }[] } }>(bridge, DOCS.send,
    { friend_requestee_ids: [asPerson(uid)], friending_channel: 'PROFILE_BUTTON' }, o);
  return data.friend_request_send?.friend_requestees?.[0]?.friendship_status ?? 'OUTGOING_REQUEST';
}

export async function cancelRequest(bridge: Bridge, uid: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.cancel, { cancelled_friend_requestee_id: asPerson(uid) }, o);
}

export async function confirmRequest(bridge: Bridge, uid: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.confirm, { friend_requester_id: asPerson(uid) }, o);
}

export async function deleteRequest(bridge: Bridge, uid: string, o: CallOptions = {}): Promise<void> {
  await gql(bridge, DOCS.delete, { friend_requester_id: asPerson(uid) }, o);
}

export async function friendshipStatus(bridge: Bridge, uid: string, o: CallOptions = {}): Promise<FriendshipStatus> {
  const data = await gql<{ node?: { friendship_status?: FriendshipStatus } | null }>(bridge, DOCS.status, { id: asPerson(uid) }, o);
  if (data.node) expectObject('friend.status', data.node, { friendship_status: 'string' });
  return data.node?.friendship_status ?? 'CAN_REQUEST';
}

// ---------------------------------------------------------------------------------------------
// lists

export interface Connection<N> { edges?: { node?: N }[]; page_info?: { has_next_page?: boolean; end_cursor?: string | null } }

/** Pages of a GraphQL connection: the first `first` rows, then `next` a page, until it ends (or LIST_MAX). */
export async function pagesOf<N>(read: (count: number, cursor: string | null) => Promise<Connection<N> | null | undefined>, first: number, next = first, onPage?: (rows: N[]) => void): Promise<N[]> {
  const out: N[] = [];
  let cursor: string | null = null;
  for (let n = 0; out.length < LIST_MAX; n++) {
    const c = await read(n === 0 ? first : next, cursor);
    const rows = (c?.edges ?? []).flatMap((e) => (e.node ? [e.node] : []));
    out.push(...rows);
    onPage?.(rows);
    const end = c?.page_info?.end_cursor ?? null;
    if (!c?.page_info?.has_next_page || !end || end === cursor) break;
    cursor = end;
  }
  return out;
}

/**
 * A connection's nodes, checked for the fields the area relies on (src/kernel/platform/shape.ts): a
 * reply without them is "reply changed" for the call family, never rows of empty cells.
 */
function checked<N>(family: string, c: Connection<N> | null | undefined, shape: Shape): Connection<N> | null | undefined {
  if (c?.edges) expectRows(family, c.edges.flatMap((e) => (e?.node ? [e.node] : [])), shape);
  return c;
}
const PERSON_SHAPE: Shape = { id: 'string', name: 'string?', url: 'string?', friendship_status: 'string?', request_time: 'number?' };

export interface PersonNode { id: string; name?: string | null; url?: string; friendship_status?: FriendshipStatus; request_time?: number }

export function readSentPage(bridge: Bridge, count: number, cursor: string | null, o: CallOptions = {}) {
  return gql<{ viewer?: { outgoing_friend_requests_connection?: Connection<PersonNode> } }>(bridge, DOCS.sent, { count, cursor }, o)
    .then((d) => checked('friend.sent', d.viewer?.outgoing_friend_requests_connection, PERSON_SHAPE));
}

export function readReceivedPage(bridge: Bridge, count: number, cursor: string | null, o: CallOptions = {}) {
  return gql<{ viewer?: { friending_possibilities?: Connection<PersonNode> } }>(bridge, DOCS.received, { count, cursor }, o)
    .then((d) => checked('friend.received', d.viewer?.friending_possibilities, PERSON_SHAPE));
}

export interface NotificationNode { id: string; body?: { text?: string }; url?: string; creation_time?: number; seen_state?: string }
export function readNotificationsPage(bridge: Bridge, count: number, cursor: string | null, o: CallOptions = {}) {
  return gql<{ viewer?: { notifications_page?: Connection<NotificationNode> } }>(bridge, cursor ? DOCS.notificationsMore : DOCS.notifications, cursor ? { count, cursor } : { count }, o)
    .then((d) => checked('friend.notifications', d.viewer?.notifications_page, { id: 'string', body: 'object?', url: 'string?', creation_time: 'number?', seen_state: 'string?' }));
}

export interface InviteNode { id: string; invite_type?: string; title?: string; inviter?: { id: string; name?: string | null }; creation_time?: number }
export function readInvitationsPage(bridge: Bridge, count: number, cursor: string | null, o: CallOptions = {}) {
  return gql<{ viewer?: { invites?: Connection<InviteNode> } }>(bridge, DOCS.invitations, { count, cursor }, o).then((d) => checked('friend.invitations', d.viewer?.invites, { id: 'string', invite_type: 'string?', title: 'string?', inviter: 'object?', creation_time: 'number?' }));
}

export interface FeedNode { id: string; message?: { text?: string } | null; creation_time?: number; url?: string }
export function readFeedPage(bridge: Bridge, count: number, cursor: string | null, o: CallOptions & { userId?: string } = {}) {
  return gql<{ node?: { timeline_list_feed_units?: Connection<FeedNode> } | null }>(bridge, DOCS.feed, { id: o.userId, count, cursor }, o)
    .then((d) => checked('friend.feed', d.node?.timeline_list_feed_units, { id: 'string', message: 'object?', creation_time: 'number?', url: 'string?' }));
}

export interface AccountQuality { status: string; restrictions: { id: string; title: string; ends_at: string | null }[]; friend_requests_sent_last_hour?: number }
export async function readAccountQuality(bridge: Bridge, o: CallOptions = {}): Promise<AccountQuality> {
  const d = await gql<{ viewer?: { account_quality?: Partial<AccountQuality> | null } }>(bridge, DOCS.quality, {}, o);
  const q = d.viewer?.account_quality;
  if (q) expectObject('friend.quality', q, { status: 'string', restrictions: 'array?', friend_requests_sent_last_hour: 'number?' });
  return { status: q?.status ?? 'UNKNOWN', restrictions: q?.restrictions ?? [], friend_requests_sent_last_hour: q?.friend_requests_sent_last_hour };
}
