import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;
const B = 'business.facebook.com' as const;

/** plugins/pixel: its list loader (load.ts), its detail panel and its bulk actions (api.ts, actions/*); docs/PLATFORM.md section 10.1. */
export const pixel: AllowListSection = {
  area: 'pixel',
  calls: [
    { what: 'my businesses (the pixel list asks each)', host: G, method: 'GET', path: '/{v}/me/businesses' },
    { what: 'my businesses (next pages)', host: G, method: 'GET', path: '/{v}/{id}/businesses' },
    { what: 'pixels and datasets of a business, by cursor key', host: B, method: 'GET', path: '/me/signals' },
    { what: 'ad accounts a pixel is shared with', host: G, method: 'GET', path: '/{v}/{id}/shared_accounts' },
    { what: 'share a pixel with an ad account', host: G, method: 'POST', path: '/{v}/{id}/shared_accounts' },
    // the share's inverse (undo of shareToAccounts and of a connection's share; extension 1.5.0)
    { what: 'unshare a pixel from an ad account', host: G, method: 'DELETE', path: '/{v}/{id}/shared_accounts' },
    { what: "a pixel's partner businesses (also a business's agencies)", host: G, method: 'GET', path: '/{v}/{id}/agencies' },
    { what: 'share a pixel with a business', host: G, method: 'POST', path: '/{v}/{id}/agencies' },
    { what: "remove a business's access to a pixel", host: G, method: 'DELETE', path: '/{v}/{id}/agencies' },
    { what: 'people assigned to a pixel', host: G, method: 'GET', path: '/{v}/{id}/assigned_users' },
    { what: 'assign a person to a pixel', host: G, method: 'POST', path: '/{v}/{id}/assigned_users' },
    { what: 'remove a person from a pixel', host: G, method: 'DELETE', path: '/{v}/{id}/assigned_users' },
    { what: "a business's owned ad accounts (where a pixel can go)", host: G, method: 'GET', path: '/{v}/{id}/owned_ad_accounts' },
    { what: "a business's client ad accounts (where a pixel can go)", host: G, method: 'GET', path: '/{v}/{id}/client_ad_accounts' },
    { what: 'business people (pixel admin candidates)', host: G, method: 'GET', path: '/{v}/{id}/business_users' },
    { what: 'business system users (pixel admin candidates)', host: G, method: 'GET', path: '/{v}/{id}/system_users' },
    { what: 'business pending invitations (pixel admin candidates)', host: G, method: 'GET', path: '/{v}/{id}/pending_users' },
    { what: "search a business's pixels and datasets", host: G, method: 'GET', path: '/{v}/{id}/adspixels' },
    { what: 'create a dataset in a business', host: B, method: 'POST', path: '/events_manager/dataset/create/' },
    { what: 'connect a pixel or dataset to an asset', host: B, method: 'POST', path: '/objects/connections/add/' },
    { what: 'disconnect a pixel or dataset from an asset', host: B, method: 'POST', path: '/objects/connections/remove/' },
    // The connection undo reads a pixel's connections with the business area's BusinessAssetConnectionsQuery
    // (business_id, asset_id), which the bm section allows.
  ],
};
