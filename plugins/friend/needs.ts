// What of the friend requests needs the operator, counted over the cached lists (plugin.json "needs").
import type { NeedCounters } from '@kernel';
import type { FriendRequestRow } from './requests';

const needs: NeedCounters = {
  // the received requests' own list, else the received ones among every request
  received: ([received, all]) => (received ? received.length : all ? (all as readonly FriendRequestRow[]).filter((r) => r.direction === 'incoming').length : null),
};
export default needs;
