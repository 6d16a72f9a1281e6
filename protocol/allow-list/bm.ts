import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;

/** The tasks a partner or a business user may be given on an asset (the partner and user asset actions' schemas). */
const ASSET_TASKS = ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'EDIT', 'UPLOAD'] as const;
/** One pixel or dataset connection (the connection actions). */
const CONNECTION = { from_id: 'id', from_asset_type: ['pixel', 'events-dataset-new'], to_id: 'id', to_asset_type: ['ad-account', 'user', 'brand'] } as const;

/** plugins/bm: its list loader (load.ts), its detail panel and its bulk actions (api.ts, actions/*). */
export const bm: AllowListSection = {
  area: 'bm',
  calls: [
    { what: 'business people', host: G, method: 'GET', path: '/{v}/{id}/business_users' },
    { what: 'invite a person to a business', host: G, method: 'POST', path: '/{v}/{id}/business_users' },
    { what: 'business pending invitations', host: G, method: 'GET', path: '/{v}/{id}/pending_users' },
    { what: "a business's owned pages (create-page check)", host: G, method: 'GET', path: '/{v}/{id}/owned_pages' },
    { what: "change a business user's role", host: G, method: 'POST', path: '/{v}/{id}' },
    // "remove a business user": POST {business user} method=delete, by id (docs/PLATFORM.md, bm); the
    // invitation undo's DELETE {invitation} (a BusinessRoleRequest) is the same call shape
    { what: 'remove a business user or cancel an invitation, by id', host: G, method: 'DELETE', path: '/{v}/{id}' },
    // the undo of adding ad accounts to an asset group (extension 1.5.0)
    { what: 'take an ad account out of an asset group', host: G, method: 'DELETE', path: '/{v}/{id}/contained_adaccounts' },
    { what: 'business ad-account limit form', host: 'business.facebook.com', method: 'POST', path: '/business/adaccount/limits/' },
    {
      what: 'business GraphQL (restriction, partners, assets, groups, connections, info, people)', host: 'business.facebook.com', method: 'POST', path: '/api/graphql/',
      operations: {
        // Businesses, business users, partners, pages and asset groups by their digits; an asset
        // (ad account, page or pixel) as the operator typed it, so `act_<digits>` too.
        BusinessRestrictionCheckQuery: { entity_id: 'id' },
        BusinessPartnersQuery: { business_id: 'id' },
        BusinessInfoQuery: { business_id: 'id' },
        // fields left out stay as they are
        BusinessUpdateBasicInfoMutation: { business_id: 'id', 'name?': 'text', 'primary_page_id?': 'id' },
        // 200 a page; no cursor on the first
        BusinessAdAccountAssetsQuery: { business_id: 'id', pageSize: 'int', 'cursor?': 'text' },
        BusinessAssetStatusBannerQuery: { business_id: 'id' },
        BusinessPartnerAssetAddMutation: { business_id: 'id', partner_business_id: 'id', asset_id: 'node', permitted_tasks: { list: ASSET_TASKS } },
        BusinessPartnerAssetValidateQuery: { business_id: 'id', partner_business_id: 'id', asset_id: 'node' },
        BusinessPartnerAssetRemoveMutation: { business_id: 'id', partner_business_id: 'id', asset_id: 'node' },
        BusinessUserAssetAssignMutation: { business_id: 'id', user_id: 'id', asset_id: 'node', tasks: { list: ASSET_TASKS } },
        BusinessUserAssetRemoveMutation: { business_id: 'id', user_id: 'id', asset_id: 'node' },
        // asset_id: listConnections' optional filter (the connection undo reads one pixel's); connections name pixels and assets by digits
        BusinessAssetConnectionsQuery: { business_id: 'id', 'asset_id?': 'id' },
        BusinessAssetConnectionsBulkAddMutation: { business_id: 'id', connections: { list: CONNECTION } },
        BusinessAssetConnectionsBulkRemoveMutation: { business_id: 'id', connections: { list: CONNECTION } },
        BusinessAssetGroupCreateMutation: { business_id: 'id', name: 'text' },
        BusinessAssetGroupListQuery: { business_id: 'id' },
        BusinessAssetGroupShareAdAccountMutation: { asset_group_id: 'id', ad_account_ids: 'ids' },
        // category: free text, left out when none is given
        BusinessCreatePageMutation: { business_id: 'id', name: 'text', 'category?': 'text' },
        BusinessRemoveAdAccountMutation: { business_id: 'id', ad_account_id: 'id' },
        BusinessSettingsPeopleQuery: { business_id: 'id' },
        BusinessUsersByAssetQuery: { business_id: 'id', asset_id: 'node' },
      },
    },
  ],
};
