import type { AllowListSection } from './types';

/**
 * plugins/friend: web GraphQL on www.facebook.com, by operation name (plugins/friend/api.ts); the
 * doc ids come from the document catalogue. Profile links are resolved by the kernel's id resolver
 * (core section).
 */
export const friend: AllowListSection = {
  area: 'friend',
  calls: [
    {
      what: 'friend requests, notifications, invitations, profile feed, account quality (GraphQL)', host: 'www.facebook.com', method: 'POST', path: '/api/graphql/',
      operations: {
        // People by their digits (plugins/friend/api.ts checks them with personId). Lists: `count` a page,
        // `cursor` null on the first page.
        FriendingCometFriendRequestSendMutation: { friend_requestee_ids: 'ids', friending_channel: ['PROFILE_BUTTON'] },
        FriendingCometFriendRequestCancelMutation: { cancelled_friend_requestee_id: 'id' },
        FriendingCometFriendRequestConfirmMutation: { friend_requester_id: 'id' },
        FriendingCometFriendRequestDeleteMutation: { friend_requester_id: 'id' },
        FriendingCometOutgoingRequestsQuery: { count: 'int', 'cursor?': 'text' },
        FriendingCometRequestsRootQuery: { count: 'int', 'cursor?': 'text' },
        FriendingCometFriendshipStatusQuery: { id: 'id' },
        // the first page has no cursor, the next pages always one
        CometNotificationsRootQuery: { count: 'int' },
        CometNotificationsPaginationQuery: { count: 'int', cursor: 'text' },
        CometInvitesListQuery: { count: 'int', 'cursor?': 'text' },
        // id: the session's own profile, left out when its id is not known
        ProfileCometTimelineFeedRefetchQuery: { 'id?': 'id', count: 'int', 'cursor?': 'text' },
        AccountQualityHubQuery: {},
      },
    },
  ],
};
