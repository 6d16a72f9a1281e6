/**
 * A friend request as the area lists it, and what may be done with it (the request state machine
 * of docs/PLATFORM.md, "Friends: values decided"): a pending sent request may be cancelled; a pending
 * received request confirmed or deleted; nothing else. Each operation's outcome is the friendship
 * status the platform then reports, which is also how a write that may have landed is settled.
 */
/** What the platform says about the session user and a person. */
export type FriendshipStatus = 'ARE_FRIENDS' | 'OUTGOING_REQUEST' | 'INCOMING_REQUEST' | 'CAN_REQUEST';

export type Direction = 'outgoing' | 'incoming';
export type FriendOp = 'send' | 'cancel' | 'confirm' | 'delete';

export interface FriendRequestRow {
  /** the other person's profile id: a request is named by who it is with */
  id: string;
  name: string;
  url: string;
  direction: Direction;
  status: FriendshipStatus;
  /** epoch seconds, when the platform says */
  request_time?: number;
}

/** Which status an operation needs, and which it leads to. */
const RULES: Record<FriendOp, { from: readonly FriendshipStatus[]; to: FriendshipStatus; landed: readonly FriendshipStatus[] }> = {
  send: { from: ['CAN_REQUEST', 'INCOMING_REQUEST'], to: 'OUTGOING_REQUEST', landed: ['OUTGOING_REQUEST', 'ARE_FRIENDS'] },
  cancel: { from: ['OUTGOING_REQUEST'], to: 'CAN_REQUEST', landed: ['CAN_REQUEST'] },
  confirm: { from: ['INCOMING_REQUEST'], to: 'ARE_FRIENDS', landed: ['ARE_FRIENDS'] },
  delete: { from: ['INCOMING_REQUEST'], to: 'CAN_REQUEST', landed: ['CAN_REQUEST', 'ARE_FRIENDS'] },
};

/** May `op` be applied to a request in `status`? */
export function canApply(status: FriendshipStatus | undefined, op: FriendOp): boolean {
  return status === undefined ? op === 'send' : RULES[op].from.includes(status);
}

/** The status after `op`, or null when the platform refuses it. Sending to someone who asked first makes friends. */
export function after(status: FriendshipStatus, op: FriendOp): FriendshipStatus | null {
  if (!canApply(status, op)) return null;
  return op === 'send' && status === 'INCOMING_REQUEST' ? 'ARE_FRIENDS' : RULES[op].to;
}

/** Did `op` land, judging by the status read afterwards? (verify) */
export function landed(op: FriendOp, status: FriendshipStatus): boolean {
  return RULES[op].landed.includes(status);
}
