import { useEffect } from 'react';
import { getItem } from '../storage';
import { API } from '../../../protocol/api';

/**
 * What visit statistics need of the server's api client (api/client.ts's ApiClient is one): core sits
 * under the api, so it names the one method it calls rather than importing the client.
 */
export interface VisitPoster {
  post(path: string, body?: unknown): Promise<unknown>;
}

/** Reports a screen visit (module = plugin id, func_id = 'visit'); bulk-action starts are reported by the runner. */
export function reportVisit(api: VisitPoster, module: string, funcId: string): void {
  api.post(API.records.saveVisit.path, { uid: getItem('uid'), module, func_id: funcId }).catch((e) => console.warn('[tessera] visit not recorded', e));
}

/** Reports each screen once when it is shown: `screen` is the plugin (module) and route path on screen, null on none. */
export function useVisitStatistics(api: VisitPoster, screen: { module: string; path: string } | null, enabled: boolean): void {
  const module = screen?.module ?? null;
  const path = screen?.path ?? null;
  useEffect(() => {
    if (enabled && module) reportVisit(api, module, 'visit');
  }, [api, module, path, enabled]);
}
