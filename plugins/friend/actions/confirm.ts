import { defineAction } from '@kernel';
import { friendshipStatus, confirmRequest } from '../api';
import { personName, requestProblem, type FriendItem } from '../checks';
import { landed } from '../requests';

/**
 * Confirm a friend request (web GraphQL, by operation name). Not idempotent: the platform refuses a
 * repeat ("no pending friend request"), so a write that may have landed is settled by the person's
 * friendship status.
 */
export default defineAction<'friend.confirm', FriendItem>('friend.confirm', {
  run: async (item, _params, ctx) => { await confirmRequest(ctx.bridge, item.id, ctx); },
  verify: async (item, _params, ctx) => landed('confirm', await friendshipStatus(ctx.bridge, item.id, ctx)),
  describe: (item) => ({ key: 'effects.confirm', values: { person: personName(item) } }),
  preflight: (item) => requestProblem(item, 'confirm'),
});
