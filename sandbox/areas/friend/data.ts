// Friends of the session user: friendships, friend requests both ways with their states, the
// notifications, invitations, profile feed and account quality of the session account. Drawn from
// the area's own stream (area.ts), so adding it moved no other area's data.
import type { Dataset } from '../../dataset';
import { defineIdFamilies, hostileName, makeId } from '../../dataset';
import { DATA_EPOCH_S } from '../../constants';
import type { GenContext } from '../../area';
import { otherUsers } from '../core/data';

/** pending → accepted | cancelled (by the sender) | declined (by the receiver) */
export type RequestState = 'pending' | 'accepted' | 'cancelled' | 'declined';

export interface FriendRequest {
  id: string;
  from: string;
  to: string;
  state: RequestState;
  created_time: number;
  updated_time: number;
  /** an outgoing request this person accepts on their own once the sandbox clock passes this time */
  accepts_at: number | null;
}

export interface Notification { id: string; text: string; url: string; time: number; seen: boolean }
export interface Invitation { id: string; kind: 'PAGE_LIKE' | 'GROUP' | 'EVENT'; title: string; inviter: string; time: number }
export interface FeedStory { id: string; text: string; time: number }

declare module '../../dataset' {
  interface Dataset {
    friendships: Set<string>;
    friendRequests: Map<string, FriendRequest>;
    notifications: Notification[];
    invitations: Invitation[];
    feed: FeedStory[];
    accountQuality: { status: 'OK' | 'RESTRICTED'; restrictions: { id: string; title: string; ends_at: number | null }[] };
    /** sandbox times (s) of the session's recent sends, for the platform's sending limit */
    friendSends: number[];
  }
  interface Fixtures {
    friend: { canRequest: string[]; incoming: string[]; outgoing: string[]; friends: string[] };
  }
  interface IdFamilies {
    friendRequest: true;
    notification: true;
  }
}

defineIdFamilies({ friendRequest: 181000000000000, notification: 182000000000000 });

export const FRIEND_COUNTS = { small: { notifications: 40, invitations: 12, feed: 30 }, large: { notifications: 300, invitations: 60, feed: 200 } };
/** a person accepts an outgoing request on their own after this long (sandbox clock) */
export const ACCEPT_AFTER_S = 24 * 3600;

const NOTES = ['{name} commented on your post', '{name} accepted your friend request', '{name} reacted to your photo', '{name} invited you to like a page',
  '{name} 给你的帖子点了赞', '{name} 回复了你的评论', 'Your ad was approved', 'Reminder: your ad account payment is due'];
const INVITES: [Invitation['kind'], string][] = [['PAGE_LIKE', 'Golden Forge Media'], ['GROUP', 'Ad operators 广告投放交流群'], ['EVENT', 'Summer sale launch'], ['PAGE_LIKE', 'Quiet Harbor Fitness']];

export function generateFriends(data: Dataset, g: GenContext): void {
  const { rng, hostile } = g;
  const session = data.sessionUserId;
  const people = otherUsers(data);
  data.friendships = new Set();
  data.friendRequests = new Map();
  data.friendSends = [];
  let serial = 0;
  const request = (from: string, to: string, state: RequestState, age: number, accepts: boolean): FriendRequest => {
    const t = DATA_EPOCH_S - age;
    const r: FriendRequest = { id: makeId('friendRequest', serial++), from, to, state, created_time: t, updated_time: t, accepts_at: accepts ? DATA_EPOCH_S + ACCEPT_AFTER_S : null };
    data.friendRequests.set(r.id, r);
    return r;
  };
  // people in order: friends, incoming, outgoing, the rest can be asked
  const n = people.length;
  const friends = people.slice(0, Math.floor(n * 0.25));
  const incoming = people.slice(friends.length, friends.length + Math.max(3, Math.floor(n * 0.2)));
  const outgoing = people.slice(friends.length + incoming.length, friends.length + incoming.length + Math.max(3, Math.floor(n * 0.12)));
  const rest = people.slice(friends.length + incoming.length + outgoing.length);
  for (const uid of friends) data.friendships.add(uid);
  for (const uid of incoming) request(uid, session, 'pending', rng.int(1, 30) * 3600, false);
  outgoing.forEach((uid, i) => request(session, uid, 'pending', rng.int(1, 20) * 3600, i % 3 === 0));
  // history that no list shows any more
  for (const uid of rng.sample(rest, 3)) request(session, uid, 'cancelled', 40 * 86400, false);
  data.serial.friendRequest = serial;

  data.notifications = [];
  for (let i = 0; i < g.size.notifications!; i++) {
    const who = data.users.get(rng.pick(people))!;
    data.notifications.push({
      id: makeId('notification', i), text: hostileName(hostile, rng.pick(NOTES).replace('{name}', who.name), i),
      url: `https://www.facebook.com/notifications/${i}`, time: DATA_EPOCH_S - i * 3600 - rng.int(0, 3000), seen: i > 5 && rng.chance(0.7),
    });
  }
  data.serial.notification = g.size.notifications!;
  data.invitations = [];
  for (let i = 0; i < g.size.invitations!; i++) {
    const [kind, title] = rng.pick(INVITES);
    data.invitations.push({ id: `inv_${i + 1}`, kind, title: hostileName(hostile, title, i), inviter: rng.pick(people), time: DATA_EPOCH_S - i * 7200 });
  }
  data.feed = [];
  for (let i = 0; i < g.size.feed!; i++) {
    data.feed.push({ id: `${session}_${900000000 + i}`, text: hostileName(hostile, rng.pick(['Back from the trade show', 'New office!', '周末愉快', 'Happy to share our new campaign results']), i), time: DATA_EPOCH_S - i * 86400 });
  }
  data.accountQuality = { status: 'OK', restrictions: [] };
  data.fixtures.friend = { canRequest: rest.filter((uid) => ![...data.friendRequests.values()].some((r) => r.to === uid && r.state === 'pending')).slice(0, 20), incoming, outgoing, friends };
}
