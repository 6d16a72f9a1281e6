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
    // the appeal evidence (plugins/adaccount/evidence.ts): the platform's activity log and spend by day
    { what: 'ad account activities', host: G, method: 'GET', path: '/{v}/{act}/activities' },
    { what: 'ad account insights (spend by day)', host: G, method: 'GET', path: '/{v}/{act}/insights' },
    { what: 'share an ad account with an agency', host: G, method: 'POST', path: '/{v}/{act}/agencies' },
    { what: 'remove an agency', host: G, method: 'DELETE', path: '/{v}/{act}/agencies' },
    { what: 'ad account roles page (hidden administrators)', host: 'adsmanager.facebook.com', method: 'GET', path: '/ads/manager/account_settings/account_roles/' },
    {
      what: 'ad account GraphQL (access request, billing, appeals)', host: 'business.facebook.com', method: 'POST', path: '/api/graphql/',
      operations: {
        // requestAccess: everything under `input`; ad accounts and businesses by their digits (`act_` dropped).
        AdAccountAccessRequestMutation: {
          input: {
            'actor_id?': 'id', // the session's user id; left out when the identity is not known
            client_mutation_id: ['1'],
            ad_account_id: 'id',
            // ACCESS_REQUEST_ROLES (plugins/adaccount/api.ts), the four fixed role ids
            permitted_roles: { list: ['864195700451909', '151821535410699', '610690166001223', '186595505260379'] },
            permitted_tasks: { list: [] }, // always sent empty
            requesting_business_id: 'id',
          },
        },
        // billingTransactions: the last 10 years (epoch seconds), 10 at a time, then by cursor.
        AdAccountBillingTransactionsQuery: { paymentAccountID: 'id', count: 'int', start_time: 'int', end_time: 'int', 'cursor?': 'text' },
        AdAccountAppealStatusQuery: { ad_account_id: 'id' },
        AdAccountAppealSubmitMutation: { ad_account_id: 'id', appeal_comment: 'text' },
      },
    },
  ],
};
