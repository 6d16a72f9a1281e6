import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../api/client';
import { patchSession, useSession, type MenuItem } from '../auth/session';
import { useSettings } from '../core/settings';
import { showToast } from '../core/toaster';

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
    void showToast(t('menu.loading'), 'primary', 1500);
    api.post<MenuItem[]>('/api/user/menu')
      .then((menu) => {
        if (cancelled) return;
        patchSession({ serverMenu: Array.isArray(menu) ? menu : [] });
        void showToast(t('menu.loaded'), 'success', 2000);
      })
      .catch((e) => {
        if (!cancelled) void showToast(t('menu.failed', { reason: (e as Error).message }), 'danger');
      });
    return () => { cancelled = true; };
  }, [api, menuFromServer, token, role, t]);
}
