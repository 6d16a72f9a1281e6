import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;

/** plugins/target: the interest search, the taxonomy browse and its account picker (plugins/target/api.ts). Reads only. */
export const target: AllowListSection = {
  area: 'target',
  calls: [
    { what: 'interest search (type=adinterest)', host: G, method: 'GET', path: '/{v}/search' },
    { what: "an ad account's targeting taxonomy", host: G, method: 'GET', path: '/{v}/{act}/targetingbrowse' },
    { what: 'ad accounts to browse targeting with', host: G, method: 'GET', path: '/{v}/me/adaccounts' },
  ],
};
