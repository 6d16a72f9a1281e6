// GraphQL handlers of the friends area (www.facebook.com/api/graphql/); the documents are in
// ./graphql-docs.json. Reply shapes follow the ones public tools read (docs/PLATFORM.md section 14):
// `viewer.outgoing_friend_requests_connection`, `viewer.friending_possibilities`, and the mutations'
// `friendship_status`. Lists page by `count` and an opaque `cursor`.
import { GraphError, errors } from '../../errors';
import { isoTime, type Ctx } from '../../graph/core';
import { need, str, strings, type GraphqlHandler, type Vars } from '../../web/graphql';
import { nextId } from '../../dataset';
import type { FriendRequest } from './data';
import { friendshipStatus, pendingWith, settle, transition } from './state';

/** the platform's limit on sending: more in an hour blocks the feature (code 368) */
export const SENDS_PER_HOUR = 40;

function page<T>(rows: readonly T[], vars: Vars, fallback: number, max = 50): { slice: T[]; start: number; end: number } {
  const count = Math.min(Math.max(Number(vars.count ?? fallback) || fallback, 1), max);
  let start = 0;
  const cursor = str(vars, 'cursor', 'after');
  if (cursor) {
    const n = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o:/, ''));
    if (!Number.isInteger(n) || n < 0) throw errors.invalidParam('Invalid cursor');
    start = n;
  }
  const end = Math.min(rows.length, start + count);
  return { slice: rows.slice(start, end), start, end };
}
const cursorAt = (n: number) => Buffer.from(`o:${n}`).toString('base64url');

function connection<T>(rows: readonly T[], vars: Vars, fallback: number, node: (row: T) => Record<string, unknown>) {
  const { slice, end } = page(rows, vars, fallback);
  return {
    count: rows.length,
    edges: slice.map((r, i) => ({ node: node(r), cursor: cursorAt(end - slice.length + i + 1) })),
    page_info: { has_next_page: end < rows.length, end_cursor: slice.length ? cursorAt(end) : null },
  };
}

function person(ctx: Ctx, uid: string) {
  const u = ctx.data.users.get(uid);
  return { id: uid, name: u?.name ?? null, url: `https://www.facebook.com/profile.php?id=${uid}` };
}

function userVar(ctx: Ctx, vars: Vars, ...names: string[]): string {
  const list = Array.isArray(vars[names[0]!]) ? strings(vars, names[0]!) : undefined;
  const id = list?.[0] ?? need(vars, ...names);
  if (!/^\d+$/.test(id) || !ctx.data.users.has(id)) throw new GraphError(400, 100, `(#100) No profile with ID ${id}`, { userTitle: 'Profile unavailable', userMsg: 'This profile isn\'t available right now.' });
  return id;
}

const byNewest = (a: FriendRequest, b: FriendRequest) => b.created_time - a.created_time || a.id.localeCompare(b.id);

function outgoing(ctx: Ctx): FriendRequest[] {
  return [...ctx.data.friendRequests.values()].map((r) => settle(ctx, r)).filter((r) => r.from === ctx.session && r.state === 'pending').sort(byNewest);
}
function incoming(ctx: Ctx): FriendRequest[] {
  return [...ctx.data.friendRequests.values()].map((r) => settle(ctx, r)).filter((r) => r.to === ctx.session && r.state === 'pending').sort(byNewest);
}

const send: GraphqlHandler = (ctx, vars) => {
  const uid = userVar(ctx, vars, 'friend_requestee_ids', 'friend_requestee_id');
  if (uid === ctx.session) throw errors.invalidParam('You can\'t send a friend request to yourself');
  const status = friendshipStatus(ctx, uid);
  if (status === 'ARE_FRIENDS' || status === 'OUTGOING_REQUEST') throw new GraphError(400, 1545052, status === 'ARE_FRIENDS' ? 'You are already friends' : 'A friend request is already pending', { userTitle: 'Friend request', userMsg: status === 'ARE_FRIENDS' ? 'You\'re already friends with this person.' : 'You already sent this person a friend request.' });
  const hourAgo = ctx.nowS - 3600;
  ctx.data.friendSends = ctx.data.friendSends.filter((t) => t > hourAgo);
  if (ctx.data.friendSends.length >= SENDS_PER_HOUR) {
    throw new GraphError(400, 368, 'You can\'t use this feature at the moment', { userTitle: 'You Can\'t Use This Feature Right Now', userMsg: 'You\'ve sent many friend requests recently. Try again later.' });
  }
  ctx.data.friendSends.push(ctx.nowS);
  const incomingReq = status === 'INCOMING_REQUEST' ? pendingWith(ctx, uid, 'incoming') : undefined;
  if (incomingReq) {
    // sending to someone who asked first confirms their request, as the platform does
    incomingReq.state = 'accepted';
    incomingReq.updated_time = ctx.nowS;
    ctx.data.friendships.add(uid);
  } else {
    const r: FriendRequest = { id: nextId(ctx.data, 'friendRequest'), from: ctx.session, to: uid, state: 'pending', created_time: ctx.nowS, updated_time: ctx.nowS, accepts_at: null };
    ctx.data.friendRequests.set(r.id, r);
  }
  return { data: { friend_request_send: { friend_requestees: [{ ...person(ctx, uid), friendship_status: friendshipStatus(ctx, uid) }] } }, object: uid };
};

function change(op: 'cancel' | 'confirm' | 'delete', field: string, root: string, key: string): GraphqlHandler {
  return (ctx, vars) => {
    const uid = userVar(ctx, vars, field);
    const r = pendingWith(ctx, uid, op === 'cancel' ? 'outgoing' : 'incoming');
    const next = r ? transition(r.state, op) : null;
    if (!r || !next) throw new GraphError(400, 1545052, 'There is no pending friend request', { userTitle: 'Friend request', userMsg: 'This friend request is no longer pending.' });
    r.state = next;
    r.updated_time = ctx.nowS;
    if (next === 'accepted') ctx.data.friendships.add(uid);
    return { data: { [root]: { [key]: { ...person(ctx, uid), friendship_status: friendshipStatus(ctx, uid) } } }, object: uid };
  };
}

export const friendHandlers: Record<string, GraphqlHandler> = {
  friendRequestSend: send,
  friendRequestCancel: change('cancel', 'cancelled_friend_requestee_id', 'friend_request_cancel', 'cancelled_friend_requestee'),
  friendRequestConfirm: change('confirm', 'friend_requester_id', 'friend_request_confirm', 'friend_requester'),
  friendRequestDelete: change('delete', 'friend_requester_id', 'friend_request_delete', 'friend_requester'),
  friendRequestsSent: (ctx, vars) => ({
    data: { viewer: { outgoing_friend_requests_connection: connection(outgoing(ctx), vars, 10, (r) => ({ ...person(ctx, r.to), friendship_status: 'OUTGOING_REQUEST', request_time: r.created_time })) } },
  }),
  friendRequestsReceived: (ctx, vars) => ({
    data: { viewer: { friending_possibilities: connection(incoming(ctx), vars, 20, (r) => ({ ...person(ctx, r.from), friendship_status: 'INCOMING_REQUEST', request_time: r.created_time })) } },
  }),
  friendshipStatus: (ctx, vars) => {
    const uid = userVar(ctx, vars, 'id', 'user_id');
    return { data: { node: { __typename: 'User', id: uid, friendship_status: friendshipStatus(ctx, uid) } } };
  },
  notifications: (ctx, vars) => ({
    data: { viewer: { notifications_page: connection(ctx.data.notifications, vars, 15, (n) => ({ id: n.id, body: { text: n.text }, url: n.url, creation_time: n.time, seen_state: n.seen ? 'SEEN' : 'UNSEEN' })) } },
  }),
  invitations: (ctx, vars) => ({
    data: { viewer: { invites: connection(ctx.data.invitations, vars, 20, (i) => ({ id: i.id, invite_type: i.kind, title: i.title, inviter: person(ctx, i.inviter), creation_time: i.time })) } },
  }),
  profileFeed: (ctx, vars) => {
    const id = str(vars, 'id') ?? ctx.session;
    if (id !== ctx.session) throw errors.permission('Only your own timeline is available here');
    return { data: { node: { id, timeline_list_feed_units: connection(ctx.data.feed, vars, 10, (s) => ({ id: s.id, message: { text: s.text }, creation_time: s.time, url: `https://www.facebook.com/${s.id.replace('_', '/posts/')}` })) } } };
  },
  accountQuality: (ctx) => {
    const q = ctx.data.accountQuality;
    const sendsLastHour = ctx.data.friendSends.filter((t) => t > ctx.nowS - 3600).length;
    const blocked = sendsLastHour >= SENDS_PER_HOUR;
    return {
      data: { viewer: { account_quality: {
        id: ctx.session, status: blocked ? 'RESTRICTED' : q.status,
        restrictions: [...q.restrictions, ...(blocked ? [{ id: 'friend_requests', title: 'Friend requests limited', ends_at: Math.max(...ctx.data.friendSends) + 3600 }] : [])]
          .map((r) => ({ ...r, ends_at: r.ends_at === null ? null : isoTime(r.ends_at) })),
        friend_requests_sent_last_hour: sendsLastHour,
      } } },
    };
  },
};
