// What of the pages needs the operator, counted over the cached list (plugin.json "needs").
import { readRowOutputs, type NeedCounters } from '@kernel';
import { isDeactivated } from './deactivation';
import type { Page } from './types';

const needs: NeedCounters = {
  unpublished: ([list]) => (list ? (list as readonly Page[]).filter((p) => p.is_published === false).length : null),
  deactivated: ([list], { store, now }) => {
    if (!list) return null;
    const outputs = readRowOutputs(store, 'page');
    return (list as readonly Page[]).filter((p) => isDeactivated(outputs.get(p.id), now)).length;
  },
};
export default needs;
