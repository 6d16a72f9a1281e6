// What of the businesses needs the operator, counted over the cached list (plugin.json "needs").
import type { NeedCounters } from '@kernel';
import type { Business } from './types';

const needs: NeedCounters = {
  restricted: ([list]) => (list ? (list as readonly Business[]).filter((b) => b.isRestricted === 'true').length : null),
};
export default needs;
