import { defineAction } from '@kernel';
import { cancelRequest, friendshipStatus, sendRequest } from '../api';
import { sendTarget, type FriendItem } from '../checks';
import { after, landed, type FriendshipStatus } from '../requests';

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
  // Undo: the request sent is cancelled. The person's friendship status is read one person at a time
  // (the platform has no status read for many). A send to someone who had asked first confirmed their
  // request: you are friends then, and no call brings their request back, so that item's undo fails
  // saying so (undoing a friendship is not cancelling a request).
  undo: {
    read: async (items, params, ctx) => {
      const out = new Map<string, { status: FriendshipStatus }>();
      for (const item of items) out.set(typeof item.pair === 'string' ? `${item.id}|${item.pair}` : item.id, { status: await friendshipStatus(ctx.bridge, sendTarget(item, params.uids), ctx) });
      return out;
    },
    after: (_item, _params, before) => ({ status: after((before?.status ?? 'CAN_REQUEST') as FriendshipStatus, 'send') ?? 'OUTGOING_REQUEST' }),
    run: async (item, before, params, ctx) => {
      if (before?.status !== 'CAN_REQUEST') throw new Error(`${sendTarget(item, params.uids)}: the request sent confirmed theirs (${String(before?.status)}); a friendship is not undone by cancelling`);
      await cancelRequest(ctx.bridge, sendTarget(item, params.uids), ctx);
    },
    describe: (item) => ({ key: 'undo.send', values: { person: String(item.pair ?? item.id) } }),
  },
});
