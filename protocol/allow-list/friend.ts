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
      operations: [
        'FriendingCometFriendRequestSendMutation', 'FriendingCometFriendRequestCancelMutation', 'FriendingCometFriendRequestConfirmMutation',
        'FriendingCometFriendRequestDeleteMutation', 'FriendingCometOutgoingRequestsQuery', 'FriendingCometRequestsRootQuery',
        'FriendingCometFriendshipStatusQuery', 'CometNotificationsRootQuery', 'CometNotificationsPaginationQuery', 'CometInvitesListQuery',
        'ProfileCometTimelineFeedRefetchQuery', 'AccountQualityHubQuery',
      ],
    },
  ],
};
