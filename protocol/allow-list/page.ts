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
    // page roles of a business's people, by business-user id (docs/SDK.md); the read settles both writes
    { what: "a business's people with a page role", host: G, method: 'GET', path: '/{v}/{id}/assigned_users' },
    { what: 'give a business person a page role', host: G, method: 'POST', path: '/{v}/{id}/assigned_users' },
    { what: "remove a business person's page role", host: G, method: 'DELETE', path: '/{v}/{id}/assigned_users' },
    { what: 'password re-check before deleting, removing a partner, releasing or inviting an admin', host: W, method: 'POST', path: '/ajax/security/password_reauth/' },
    { what: 'page name form', host: W, method: 'POST', path: '/settings/account/name/' },
    {
      what: 'page GraphQL (lifecycle, admins, moderation, keywords, appeals)', host: W, method: 'POST', path: '/api/graphql/',
      operations: {
        // Pages, people and businesses by their digits (plugins/page/api.ts checks them with pageId);
        // categories by their id (digits, from the category search or the default 2214).
        PageCreateMutation: { name: 'text', categories: 'ids' },
        PageCategorySearchQuery: { query: 'text' },
        PageUpdateCategoryMutation: { page_id: 'id', categories: 'ids' },
        AdditionalProfileCreateMutation: { name: 'text', category: 'id' },
        PageDeleteMutation: { page_id: 'id' },
        PagePartnerRemoveMutation: { page_id: 'id', partner_business_id: 'id' },
        PageBusinessReleaseMutation: { page_id: 'id' },
        PageDeactivateMutation: { page_id: 'id' },
        PageReactivateMutation: { profile_id: 'id' },
        PageDeactivationStateQuery: { page_id: 'id' },
        PageAdminReauthCheckQuery: {},
        PageAdminInviteMutation: { page_id: 'id', user_id: 'id', full_control: 'bool' },
        PageAdminRemoveMutation: { page_id: 'id', user_id: 'id' },
        PageAdminPermissionsRootQuery: { page_id: 'id' },
        PageBlockMutation: { page_id: 'id', user_ids: 'ids', action: ['BLOCK', 'UNBLOCK'], setting_type: ['PAGE', 'USER'] },
        PageBlockingDialogQuery: { page_id: 'id' },
        // first: 2,000
        PageBlocklistTagsQuery: { page_id: 'id', first: 'int' },
        // the whole list, saved as one: up to the 2,000 read plus up to 2,000 added (a list holds at most 5,000)
        PageBlocklistTagsSaveMutation: { page_id: 'id', tags: 'texts' },
        PageProfanityFilterMutation: { page_id: 'id', level: ['OFF', 'MEDIUM', 'HIGH'] },
        PageReviewsToggleMutation: { page_id: 'id', enabled: 'bool' },
        PageLiveVideoEligibilityQuery: { page_id: 'id' },
        PageTransparencyDialogQuery: { pageID: 'id' },
        ProfileSearchQuery: { term: 'text' },
        PageAppealStatusQuery: { page_id: 'id' },
        PageAppealSubmitMutation: { page_id: 'id', appeal_comment: 'text' },
        UserAppealStatusQuery: {},
        UserAppealSubmitMutation: { appeal_comment: 'text' },
      },
    },
  ],
};
