// The friend-request state machine of the sandbox: what each operation does to a request, and the
// clock's part (a person accepts an outgoing request on their own at `accepts_at`).
import type { Ctx } from '../../graph/core';
import type { FriendRequest, RequestState } from './data';

export type FriendOp = 'cancel' | 'confirm' | 'delete';

/** The state an operation leads to, or null when the platform refuses it in this state. */
export function transition(state: RequestState, op: FriendOp): RequestState | null {
  if (state !== 'pending') return null;
  return op === 'cancel' ? 'cancelled' : op === 'confirm' ? 'accepted' : 'declined';
}

/** A request as of the sandbox clock: an outgoing request whose person accepts it turns accepted (and they become friends). */
export function settle(ctx: Ctx, r: FriendRequest): FriendRequest {
  if (r.state === 'pending' && r.accepts_at !== null && ctx.nowS >= r.accepts_at) {
    r.state = 'accepted';
    r.updated_time = r.accepts_at;
    ctx.data.friendships.add(r.from === ctx.session ? r.to : r.from);
  }
  return r;
}

/** The pending request between the session user and `uid` in the given direction, if any. */
export function pendingWith(ctx: Ctx, uid: string, direction: 'outgoing' | 'incoming'): FriendRequest | undefined {
  for (const r of ctx.data.friendRequests.values()) {
    settle(ctx, r);
    if (r.state !== 'pending') continue;
    if (direction === 'outgoing' && r.from === ctx.session && r.to === uid) return r;
    if (direction === 'incoming' && r.to === ctx.session && r.from === uid) return r;
  }
  return undefined;
}

export type FriendshipStatus = 'ARE_FRIENDS' | 'OUTGOING_REQUEST' | 'INCOMING_REQUEST' | 'CAN_REQUEST';

export function friendshipStatus(ctx: Ctx, uid: string): FriendshipStatus {
  if (pendingWith(ctx, uid, 'outgoing')) return 'OUTGOING_REQUEST';
  if (pendingWith(ctx, uid, 'incoming')) return 'INCOMING_REQUEST';
  return ctx.data.friendships.has(uid) ? 'ARE_FRIENDS' : 'CAN_REQUEST';
}
