// The friend-request state machine: the plugin's rules (plugins/friend/requests.ts: what may be done
// with a request, and how a write is settled) and the sandbox's (sandbox/areas/friend/state.ts: the
// platform's transitions and the clock's part).
import { describe, expect, it } from 'vitest';
import { after, canApply, landed } from '../requests';
import { settle, transition } from '../../../sandbox/areas/friend/state';
import type { FriendRequest } from '../../../sandbox/areas/friend/data';
import type { Ctx } from '../../../sandbox/graph/core';

describe('what an operator may do with a request', () => {
  it('cancels only a pending sent request, confirms or deletes only a pending received one', () => {
    expect(canApply('OUTGOING_REQUEST', 'cancel')).toBe(true);
    expect(canApply('INCOMING_REQUEST', 'cancel')).toBe(false);
    expect(canApply('INCOMING_REQUEST', 'confirm')).toBe(true);
    expect(canApply('INCOMING_REQUEST', 'delete')).toBe(true);
    for (const s of ['ARE_FRIENDS', 'CAN_REQUEST', 'OUTGOING_REQUEST'] as const) {
      expect(canApply(s, 'confirm')).toBe(false);
      expect(canApply(s, 'delete')).toBe(false);
    }
    expect(canApply('ARE_FRIENDS', 'send')).toBe(false);
    expect(canApply('OUTGOING_REQUEST', 'send')).toBe(false);
    expect(canApply(undefined, 'send')).toBe(true);
  });

  it('says where each operation leads', () => {
    expect(after('CAN_REQUEST', 'send')).toBe('OUTGOING_REQUEST');
    expect(after('INCOMING_REQUEST', 'send')).toBe('ARE_FRIENDS');
    expect(after('OUTGOING_REQUEST', 'cancel')).toBe('CAN_REQUEST');
    expect(after('INCOMING_REQUEST', 'confirm')).toBe('ARE_FRIENDS');
    expect(after('INCOMING_REQUEST', 'delete')).toBe('CAN_REQUEST');
    expect(after('CAN_REQUEST', 'cancel')).toBeNull();
  });

  it('settles a write that may have landed by the status read afterwards', () => {
    expect(landed('send', 'OUTGOING_REQUEST')).toBe(true);
    expect(landed('send', 'ARE_FRIENDS')).toBe(true);
    expect(landed('send', 'CAN_REQUEST')).toBe(false);
    expect(landed('cancel', 'CAN_REQUEST')).toBe(true);
    expect(landed('cancel', 'OUTGOING_REQUEST')).toBe(false);
    expect(landed('confirm', 'ARE_FRIENDS')).toBe(true);
    expect(landed('confirm', 'INCOMING_REQUEST')).toBe(false);
    expect(landed('delete', 'INCOMING_REQUEST')).toBe(false);
  });
});

describe('the sandbox platform', () => {
  it('moves a pending request once; a settled one refuses every operation', () => {
    expect(transition('pending', 'cancel')).toBe('cancelled');
    expect(transition('pending', 'confirm')).toBe('accepted');
    expect(transition('pending', 'delete')).toBe('declined');
    for (const s of ['accepted', 'cancelled', 'declined'] as const) for (const op of ['cancel', 'confirm', 'delete'] as const) expect(transition(s, op)).toBeNull();
  });

  it('lets a person accept a sent request on the sandbox clock, and they become friends', () => {
    const friendships = new Set<string>();
    const r: FriendRequest = { id: '1', from: 'me', to: 'u2', state: 'pending', created_time: 100, updated_time: 100, accepts_at: 1000 };
    const ctx = (nowS: number) => ({ nowS, session: 'me', data: { friendships } }) as unknown as Ctx;
    expect(settle(ctx(999), r).state).toBe('pending');
    expect(friendships.has('u2')).toBe(false);
    expect(settle(ctx(1000), r).state).toBe('accepted');
    expect(r.updated_time).toBe(1000);
    expect(friendships.has('u2')).toBe(true);
    const never: FriendRequest = { ...r, id: '2', state: 'pending', accepts_at: null };
    expect(settle(ctx(10 ** 9), never).state).toBe('pending');
  });
});
