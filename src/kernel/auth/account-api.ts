import type { ApiClient } from '../api/client';
import { API, apiPost, apiGet } from '../api/endpoints';
import type { BodyOf, CodePurpose, RegisterBody, ResetBody, SessionView } from '../../../protocol/api';
import { clearSession, storeToken } from '../core/session';

/**
 * The auth calls of docs/INTERFACES.md section 3. Whenever an answer carries `data.token` it is stored; when
 * one of these calls fails the token is removed and the error passed on.
 */
async function withToken<T extends object | null>(call: () => Promise<T>): Promise<T> {
  try {
    const data = await call();
    const token = (data as { token?: unknown } | null)?.token;
    if (typeof token === 'string') storeToken(token);
    return data;
  } catch (e) {
    clearSession();
    throw e;
  }
}

/** One of the account's live sessions (protocol/api: `API.user.sessions`). */
export type OwnSession = SessionView;

export const accountApi = {
  /** `unlockCode`: the code mailed when the server answers 40011 (too many failed logins for the address) */
  login: (api: ApiClient, email: string, password: string, unlockCode?: string) =>
    withToken(() => apiPost(api, API.account.login, { email: email.trim(), password, ...(unlockCode ? { unlockCode: unlockCode.trim() } : {}) })),
  register: (api: ApiClient, f: RegisterBody) =>
    withToken(() => apiPost(api, API.account.register, { ...f, email: f.email.trim() })),
  sendCode: (api: ApiClient, email: string, purpose: CodePurpose) => apiPost(api, API.account.sendCode, { email: email.trim(), purpose }),
  /** Without a token and with `passwordRequired` when the browser that registered did not activate: the user sets a password by reset. */
  activate: (api: ApiClient, email: string, code: string) =>
    withToken(() => apiPost(api, API.account.activate, { email: email.trim(), code: code.trim() })),
  forgotPassword: (api: ApiClient, email: string) =>
    withToken(() => apiPost(api, API.account.forgotPassword, { email: email.trim() })),
  createPassword: (api: ApiClient, f: ResetBody) =>
    withToken(() => apiPost(api, API.account.createPassword, { ...f, email: f.email.trim(), code: f.code.trim() })),
  /** Needs the current password; the server ends every other session and mails a notice. */
  changePassword: (api: ApiClient, f: BodyOf<typeof API.user.changePassword>) =>
    apiPost(api, API.user.changePassword, f),
  sessions: (api: ApiClient) => apiGet(api, API.user.sessions),
  /** Ends one session, all others or all; when this browser's session is among them, this browser is logged out (every tab). */
  endSessions: async (api: ApiClient, which: { id: number } | { which: 'others' | 'all' }) => {
    const result = await apiPost(api, API.user.endSessions, which);
    if (result.current) clearSession();
    return result;
  },
  /** Calls the server, then always clears the profile, the token and the server menu. */
  logout: async (api: ApiClient) => {
    try {
      await apiPost(api, API.account.logout);
    } catch {
      // logging out locally matters more than the server's answer
    } finally {
      clearSession();
    }
  },
};
