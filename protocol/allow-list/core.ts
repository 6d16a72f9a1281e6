import type { AllowListSection } from './types';

/** Calls the kernel makes for every area. */
export const core: AllowListSection = {
  area: 'core',
  calls: [
    // runBatch (src/kernel/graph/batch.ts): each item is checked against the list on its own.
    { what: 'graph batch (items checked one by one)', host: 'graph.facebook.com', method: 'POST', path: '/{v}/', batch: true },
    // resolveIds (src/kernel/graph/resolve-ids.ts): profile/page links and codes to ids, 10 per request.
    { what: 'id resolver (bulk-route-definitions)', host: 'www.facebook.com', method: 'POST', path: '/ajax/bulk-route-definitions/' },
  ],
};
