import { defineAction } from '@kernel';
import { friendshipStatus, cancelRequest } from '../api';
import { personName, requestProblem, type FriendItem } from '../checks';
import { landed } from '../requests';

/**
 * Cancel a friend request (web GraphQL, by operation name). Not idempotent: the platform refuses a
 * repeat ("no pending friend request"), so a write that may have landed is settled by the person's
 * friendship status.
 */
export default defineAction<'friend.cancel', FriendItem>('friend.cancel', {
  run: async (item, _params, ctx) => { await cancelRequest(ctx.bridge, item.id, ctx); },
  verify: async (item, _params, ctx) => landed('cancel', await friendshipStatus(ctx.bridge, item.id, ctx)),
  describe: (item) => ({ key: 'effects.cancel', values: { person: personName(item) } }),
  preflight: (item) => requestProblem(item, 'cancel'),
});
