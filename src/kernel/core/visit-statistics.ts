import { useEffect } from 'react';
import type { ApiClient } from '../api/client';
import { getItem } from '../storage';
import { API, apiPost } from '../api/endpoints';
import type { RouteDecision } from './route-table';

/** Reports a screen visit (module = plugin id, func_id = 'visit'); bulk-action starts are reported by the runner. */
export function reportVisit(api: ApiClient, module: string, funcId: string): void {
  apiPost(api, API.records.saveVisit, { uid: getItem('uid'), module, func_id: funcId }).catch((e) => console.warn('[tessera] visit not recorded', e));
}

export function useVisitStatistics(api: ApiClient, decision: RouteDecision, enabled: boolean): void {
  const module = decision.kind === 'screen' ? decision.resolved.plugin.id : null;
  const path = decision.kind === 'screen' ? decision.resolved.route.path : null;
  useEffect(() => {
    if (enabled && module) reportVisit(api, module, 'visit');
  }, [api, module, path, enabled]);
}
