import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../api/client';
import { API, apiPost } from '../api/endpoints';
import { patchSession, useSession } from '../core/session';
import { useSettings } from '../core/settings';
import { dismissToast, updateToast } from '../core/toaster';

const MENU_TOAST = 'server-menu';

/**
 * With the setting 'menu from server' on, the menu comes from /api/user/menu (loading, success and
 * error notices); a route whose plugin is not in it does not exist. Off (the default), the menu is
 * built from the plugins.
 */
export function useServerMenu(api: ApiClient): void {
  const { menuFromServer } = useSettings();
  const { token, info } = useSession();
  const { t } = useTranslation();
  const role = info?.role;
  useEffect(() => {
    if (!menuFromServer || !token || !role) {
      patchSession({ serverMenu: null });
      return;
    }
    let cancelled = false;
    let settled = false;
    // One toast under one key: "loading" until the menu arrives, then replaced by the outcome.
    void updateToast(MENU_TOAST, t('menu.loading'), 'primary', 0);
    apiPost(api, API.user.menu)
      .then((menu) => {
        if (cancelled) return;
        settled = true;
        patchSession({ serverMenu: Array.isArray(menu) ? menu : [] });
        void updateToast(MENU_TOAST, t('menu.loaded'), 'success', 2000);
      })
      .catch((e) => {
        if (cancelled) return;
        settled = true;
        void updateToast(MENU_TOAST, t('menu.failed', { reason: (e as Error).message }), 'danger', 5000);
      });
    return () => {
      cancelled = true;
      if (!settled) void dismissToast(MENU_TOAST);
    };
  }, [api, menuFromServer, token, role, t]);
}
