import type { i18n as I18n } from 'i18next';
import { createApiClient, type ApiClient } from './client';
import { getItem } from '../storage';
import { clearSession, patchSession, storeToken } from '../core/session';
import { activeOrg, reportNotMember } from '../core/active-org';

/**
 * The product's API client wired to the session: rotation stored, 50008 logs out, 50012/50014 re-login;
 * requests act in the active organisation (src/kernel/core/active-org.ts), and a 40302 leaves it.
 */
export function createProductApi(i18n: I18n, fetchImpl?: typeof fetch): ApiClient {
  return createApiClient({
    getToken: () => getItem('token'),
    setToken: storeToken,
    getUid: () => getItem('uid'),
    getOrg: () => activeOrg()?.id,
    onNotMember: reportNotMember,
    language: () => i18n.language,
    onTokenRejected: clearSession,
    onReloginNeeded: (code, info) => patchSession({ relogin: { code, info } }),
    messages: {
      timeout: () => i18n.t('api.timeout'),
      network: () => i18n.t('api.network'),
      http: (status) => i18n.t('api.http', { status }),
    },
    fetch: fetchImpl,
  });
}
