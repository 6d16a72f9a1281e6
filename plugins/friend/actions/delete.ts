import { defineAction } from '@kernel';
import { friendshipStatus, deleteRequest } from '../api';
import { personName, requestProblem, type FriendItem } from '../checks';
import { landed } from '../requests';

/**
 * Delete a friend request (web GraphQL, by operation name). Not idempotent: the platform refuses a
 * repeat ("no pending friend request"), so a write that may have landed is settled by the person's
 * friendship status.
 */
export default defineAction<'friend.delete', FriendItem>('friend.delete', {
  run: async (item, _params, ctx) => { await deleteRequest(ctx.bridge, item.id, ctx); },
  verify: async (item, _params, ctx) => landed('delete', await friendshipStatus(ctx.bridge, item.id, ctx)),
  describe: (item) => ({ key: 'effects.delete', values: { person: personName(item) } }),
  preflight: (item) => requestProblem(item, 'delete'),
});
