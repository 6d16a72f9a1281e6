import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;

/** plugins/bm: its list loader (load.ts), its detail panel and its bulk actions (api.ts, actions/*). */
export const bm: AllowListSection = {
  area: 'bm',
  calls: [
    { what: 'business people', host: G, method: 'GET', path: '/{v}/{id}/business_users' },
    { what: 'invite a person to a business', host: G, method: 'POST', path: '/{v}/{id}/business_users' },
    { what: 'business pending invitations', host: G, method: 'GET', path: '/{v}/{id}/pending_users' },
    { what: "a business's owned pages (create-page check)", host: G, method: 'GET', path: '/{v}/{id}/owned_pages' },
    { what: "change a business user's role", host: G, method: 'POST', path: '/{v}/{id}' },
    // "remove a business user": POST {business user} method=delete, by id (docs/PLATFORM.md, bm)
    { what: 'remove a business user by id', host: G, method: 'DELETE', path: '/{v}/{id}' },
    { what: 'business ad-account limit form', host: 'business.facebook.com', method: 'POST', path: '/business/adaccount/limits/' },
    {
      what: 'business GraphQL (restriction, partners, assets, groups, connections, info, people)', host: 'business.facebook.com', method: 'POST', path: '/api/graphql/',
      operations: [
        'BusinessRestrictionCheckQuery', 'BusinessPartnersQuery', 'BusinessInfoQuery', 'BusinessUpdateBasicInfoMutation', 'BusinessAdAccountAssetsQuery',
        'BusinessAssetStatusBannerQuery', 'BusinessPartnerAssetAddMutation', 'BusinessPartnerAssetValidateQuery', 'BusinessPartnerAssetRemoveMutation',
        'BusinessUserAssetAssignMutation', 'BusinessUserAssetRemoveMutation', 'BusinessAssetConnectionsQuery', 'BusinessAssetConnectionsBulkAddMutation',
        'BusinessAssetConnectionsBulkRemoveMutation', 'BusinessAssetGroupCreateMutation', 'BusinessAssetGroupListQuery', 'BusinessAssetGroupShareAdAccountMutation',
        'BusinessCreatePageMutation', 'BusinessRemoveAdAccountMutation', 'BusinessSettingsPeopleQuery', 'BusinessUsersByAssetQuery',
      ],
    },
  ],
};
