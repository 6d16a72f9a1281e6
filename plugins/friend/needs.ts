// What of the friend requests needs the operator (plugin.json "needs"): the cached lists and the count over them.
import type { NeedCounters } from '@kernel';
import { ALL_KEY, RECEIVED_KEY } from './cache';
import type { FriendRequestRow } from './requests';

const needs: NeedCounters = {
  // the received requests' own list, else the received ones among every request
  received: {
    lists: [RECEIVED_KEY, ALL_KEY],
    count: ([received, all]) => (received ? received.length : all ? (all as readonly FriendRequestRow[]).filter((r) => r.direction === 'incoming').length : null),
  },
};
export default needs;
