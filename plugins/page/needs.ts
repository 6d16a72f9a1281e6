// What of the pages needs the operator (plugin.json "needs"): the cached list and the counts over it.
import { readRowOutputs, type NeedCounters } from '@kernel';
import { CACHE_KEY } from './cache';
import { isDeactivated } from './deactivation';
import type { Page } from './types';

const needs: NeedCounters = {
  unpublished: { lists: [CACHE_KEY], count: ([list]) => (list ? (list as readonly Page[]).filter((p) => p.is_published === false).length : null) },
  deactivated: {
    lists: [CACHE_KEY],
    count: ([list], { store, now }) => {
      if (!list) return null;
      const outputs = readRowOutputs(store, 'page');
      return (list as readonly Page[]).filter((p) => isDeactivated(outputs.get(p.id), now)).length;
    },
  },
};
export default needs;
