import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/client';
import { getSession, patchSession, setUserInfo, type UserInfo } from './session';
import { syncPageSizes } from './page-sizes';

/**
 * Reloads the profile (role, membership, enabled plugins) on start and on every navigation with a
 * token, so a policy change reaches a user at their next navigation.
 */
export function useSessionSync(api: ApiClient, enabled: boolean): () => void {
  const { pathname } = useLocation();
  const inFlight = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    if (!getSession().token || inFlight.current) return;
    if (!getSession().info) patchSession({ infoStatus: 'loading' });
    inFlight.current = api
      .post<UserInfo>('/api/user/info')
      .then((info) => {
        const first = !getSession().info;
        setUserInfo({ ...info, plugins: Array.isArray(info.plugins) ? info.plugins : [] });
        if (first) void syncPageSizes(api);
      })
      .catch((e) => {
        // auth failures are handled by the client (session cleared or re-login dialog)
        if (!(e instanceof ApiError && (e.kind === 'auth' || e.kind === 'relogin')) && !getSession().info) patchSession({ infoStatus: 'error' });
      })
      .finally(() => { inFlight.current = null; });
  }, [api]);

  useEffect(() => {
    if (enabled) refresh();
  }, [enabled, pathname, refresh]);

  return refresh;
}
