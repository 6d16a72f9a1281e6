// The friends area: friend requests both ways with their states on the sandbox clock, and the
// session account's notifications, invitations, profile feed and account quality (web GraphQL).
import type { GraphqlDoc, SandboxArea } from '../../area';
import type { Dataset } from '../../dataset';
import { FRIEND_COUNTS, generateFriends } from './data';
import { friendHandlers } from './graphql';
import docs from './graphql-docs.json';

/** by request id, or by the other person's user id (the latest request between them and the session) */
function requestObject(data: Dataset, id: string) {
  let r = data.friendRequests.get(id);
  if (!r) {
    const withUser = [...data.friendRequests.values()].filter((x) => x.from === id || x.to === id);
    r = withUser.sort((a, b) => b.updated_time - a.updated_time || b.id.localeCompare(a.id))[0];
  }
  if (!r) return null;
  const other = r.from === data.sessionUserId ? r.to : r.from;
  return { type: 'friendRequest', ...r, direction: r.from === data.sessionUserId ? 'outgoing' : 'incoming', friends: data.friendships.has(other) };
}

export const friendArea: SandboxArea = {
  id: 'friend',
  counts: FRIEND_COUNTS,
  generate: generateFriends,
  graphql: { docs: docs as unknown as Record<string, GraphqlDoc>, handlers: friendHandlers },
  objects: {
    friendRequest: requestObject,
    friend_request: requestObject,
  },
  summary: (data) => ({ friendRequests: data.friendRequests.size, friends: data.friendships.size }),
};
