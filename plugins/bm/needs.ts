// What of the businesses needs the operator (plugin.json "needs"): the cached list and the count over it.
import type { NeedCounters } from '@kernel';
import { CACHE_KEY } from './cache';
import type { Business } from './types';

const needs: NeedCounters = {
  restricted: { lists: [CACHE_KEY], count: ([list]) => (list ? (list as readonly Business[]).filter((b) => b.isRestricted === 'true').length : null) },
};
export default needs;
