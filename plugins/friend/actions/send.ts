import { defineAction } from '@kernel';
import { friendshipStatus, sendRequest } from '../api';
import { sendTarget, type FriendItem } from '../checks';
import { landed } from '../requests';

/**
 * Sends a friend request to each pasted person: one job item per person (`uids` is the pair
 * parameter, the row is the session account). Not idempotent (a second send is refused): a send
 * that may have landed is settled by the person's friendship status.
 */
export default defineAction<'friend.send', FriendItem>('friend.send', {
  run: async (item, params, ctx) => ({ status: await sendRequest(ctx.bridge, sendTarget(item, params.uids), ctx) }),
  verify: async (item, params, ctx) => landed('send', await friendshipStatus(ctx.bridge, sendTarget(item, params.uids), ctx)),
  describe: (item, params) => ({ key: 'effects.send', values: { person: sendTarget(item, params.uids) } }),
  preflight: (item) => (item.account ? null : { key: 'preflight.sendFromAccount', values: {} }),
});
