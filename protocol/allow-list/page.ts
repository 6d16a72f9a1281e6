import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;
const W = 'www.facebook.com' as const;

/** plugins/page: its list loader (load.ts), detail panel, sub-screens and bulk actions (api.ts, actions/*). */
export const page: AllowListSection = {
  area: 'page',
  calls: [
    // me/accounts with the user's token, or the alternate one ({{access_token_alt}}) when the first answer was an error
    { what: 'my pages', host: G, method: 'GET', path: '/{v}/me/accounts' },
    { what: 'my pages (next pages)', host: G, method: 'GET', path: '/{v}/{id}/accounts' },
    { what: 'page fields (the extended read, does the page still exist)', host: G, method: 'GET', path: '/{v}/{id}' },
    { what: 'publish or unpublish a page (its own token)', host: G, method: 'POST', path: '/{v}/{id}' },
    { what: 'page roles', host: G, method: 'GET', path: '/{v}/{id}/roles' },
    { what: 'give a person a page role', host: G, method: 'POST', path: '/{v}/{id}/assigned_users' },
    { what: "remove a person's page role", host: G, method: 'DELETE', path: '/{v}/{id}/assigned_users' },
    { what: 'password re-check before deleting, removing a partner, releasing or inviting an admin', host: W, method: 'POST', path: '/ajax/security/password_reauth/' },
    { what: 'page name form', host: W, method: 'POST', path: '/settings/account/name/' },
    {
      what: 'page GraphQL (lifecycle, admins, moderation, keywords, appeals)', host: W, method: 'POST', path: '/api/graphql/',
      operations: [
        'PageCreateMutation', 'PageCategorySearchQuery', 'PageUpdateCategoryMutation', 'AdditionalProfileCreateMutation',
        'PageDeleteMutation', 'PagePartnerRemoveMutation', 'PageBusinessReleaseMutation', 'PageDeactivateMutation',
        'PageReactivateMutation', 'PageDeactivationStateQuery', 'PageAdminReauthCheckQuery', 'PageAdminInviteMutation',
        'PageAdminRemoveMutation', 'PageAdminPermissionsRootQuery', 'PageBlockMutation', 'PageBlockingDialogQuery',
        'PageBlocklistTagsQuery', 'PageBlocklistTagsSaveMutation', 'PageProfanityFilterMutation', 'PageReviewsToggleMutation',
        'PageLiveVideoEligibilityQuery', 'PageTransparencyDialogQuery', 'ProfileSearchQuery', 'PageAppealStatusQuery',
        'PageAppealSubmitMutation', 'UserAppealStatusQuery', 'UserAppealSubmitMutation',
      ],
    },
  ],
};
