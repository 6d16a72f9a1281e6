import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/client';
import { API, apiPost } from '../api/endpoints';
import { getSession, patchSession, setUserInfo, subscribeSession } from '../core/session';
import { syncPageSizes } from './page-sizes';

/** How often a signed-in page asks whether its session still holds (ended elsewhere: it logs out, the leader pauses its jobs). */
export const SESSION_CHECK_MS = 30_000;

/**
 * Reloads the profile (role, membership, enabled plugins) on start, on every navigation with a token,
 * every SESSION_CHECK_MS and when the page comes back into view, so a policy change reaches a user at
 * their next navigation and a session ended elsewhere (logged out on another device, a password change)
 * ends here too: the answer 50008 clears the session, every tab of the browser follows, and the leader
 * tab's jobs pause.
 */
export function useSessionSync(api: ApiClient, enabled: boolean): () => void {
  const { pathname } = useLocation();
  const inFlight = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    if (!getSession().token || inFlight.current) return;
    if (!getSession().info) patchSession({ infoStatus: 'loading' });
    inFlight.current = apiPost(api, API.user.info)
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

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(refresh, SESSION_CHECK_MS);
    const onVisible = () => { if (document.visibilityState === 'visible') refresh(); };
    document.addEventListener('visibilitychange', onVisible);
    // another tab handed this one a new user's token (followOtherTab): load that user's profile
    const unsubscribe = subscribeSession(() => {
      const s = getSession();
      if (s.token && !s.info && s.infoStatus === 'idle') refresh();
    });
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
    };
  }, [enabled, refresh]);

  return refresh;
}
