import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;

/** plugins/adaccount: its loader (load.ts), its detail panel and its bulk actions (api.ts, actions/*). */
export const adaccount: AllowListSection = {
  area: 'adaccount',
  calls: [
    { what: 'my ad accounts', host: G, method: 'GET', path: '/{v}/me/adaccounts' },
    { what: 'my businesses', host: G, method: 'GET', path: '/{v}/me/businesses' },
    // The platform's next links name the user by id instead of `me`.
    { what: 'my ad accounts (next pages)', host: G, method: 'GET', path: '/{v}/{id}/adaccounts' },
    { what: 'my businesses (next pages)', host: G, method: 'GET', path: '/{v}/{id}/businesses' },
    { what: "a business's owned ad accounts", host: G, method: 'GET', path: '/{v}/{id}/owned_ad_accounts' },
    { what: "a business's client ad accounts", host: G, method: 'GET', path: '/{v}/{id}/client_ad_accounts' },
    { what: 'assign an ad account to a business', host: G, method: 'POST', path: '/{v}/{id}/client_ad_accounts' },
    { what: 'ad account fields', host: G, method: 'GET', path: '/{v}/{act}' },
    { what: 'change ad account fields (name, spend cap, currency, timezone, business info)', host: G, method: 'POST', path: '/{v}/{act}' },
    { what: 'ad account users', host: G, method: 'GET', path: '/{v}/{act}/users' },
    { what: 'add an ad account user', host: G, method: 'POST', path: '/{v}/{act}/users' },
    { what: 'remove an ad account user', host: G, method: 'DELETE', path: '/{v}/{act}/users' },
    { what: 'ad account agencies', host: G, method: 'GET', path: '/{v}/{act}/agencies' },
    { what: 'share an ad account with an agency', host: G, method: 'POST', path: '/{v}/{act}/agencies' },
    { what: 'remove an agency', host: G, method: 'DELETE', path: '/{v}/{act}/agencies' },
    { what: 'ad account roles page (hidden administrators)', host: 'adsmanager.facebook.com', method: 'GET', path: '/ads/manager/account_settings/account_roles/' },
    {
      what: 'ad account GraphQL (access request, billing, appeals)', host: 'business.facebook.com', method: 'POST', path: '/api/graphql/',
      operations: ['AdAccountAccessRequestMutation', 'AdAccountBillingTransactionsQuery', 'AdAccountAppealStatusQuery', 'AdAccountAppealSubmitMutation'],
    },
  ],
};
