import type { AllowListSection } from './types';

/** Calls the kernel makes for every area. */
export const core: AllowListSection = {
  area: 'core',
  calls: [
    // runBatch (src/kernel/graph/batch.ts): each item is checked against the list on its own.
    { what: 'graph batch (items checked one by one)', host: 'graph.facebook.com', method: 'POST', path: '/{v}/', batch: true },
    // resolveRoutes (src/kernel/graph/resolve-ids.ts): the user names in pasted profile and page links, 10 per request.
    // The names listed beside pasted ids (src/kernel/platform/pasted.ts) are batch items `GET <node>?fields=name`:
    // the node reads `/{v}/{act}` and `/{v}/{id}` of the adaccount and page sections, so they add no entry here.
    { what: 'id resolver (bulk-route-definitions)', host: 'www.facebook.com', method: 'POST', path: '/ajax/bulk-route-definitions/' },
  ],
};
