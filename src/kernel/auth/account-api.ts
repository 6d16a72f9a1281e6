import type { ApiClient } from '../api/client';
import { clearSession, storeToken } from '../core/session';

/**
 * The auth calls of docs/INTERFACES.md section 3. Whenever an answer carries `data.token` it is stored; when
 * one of these calls fails the token is removed and the error passed on.
 */
async function withToken<T extends { token?: string } | null>(call: () => Promise<T>): Promise<T> {
  try {
    const data = await call();
    if (data && typeof data.token === 'string') storeToken(data.token);
    return data;
  } catch (e) {
    clearSession();
    throw e;
  }
}

/** One of the account's live sessions (GET /api/user/sessions). */
export interface OwnSession {
  id: number;
  /** this browser's session */
  current: boolean;
  /** e.g. "Chrome 126 · Windows"; '' when unknown */
  browser: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
}

export const accountApi = {
  /** `unlockCode`: the code mailed when the server answers 40011 (too many failed logins for the address) */
  login: (api: ApiClient, email: string, password: string, unlockCode?: string) =>
    withToken(() => api.post<{ token: string }>('/api/user/login', { email: email.trim(), password, ...(unlockCode ? { unlockCode: unlockCode.trim() } : {}) })),
  register: (api: ApiClient, f: { email: string; password: string; confirmPassword: string; agree: boolean }) =>
    withToken(() => api.post<{ email: string; activation: 'required'; token?: string }>('/api/user/register', { ...f, email: f.email.trim() })),
  sendCode: (api: ApiClient, email: string, purpose: 'activation' | 'reset') => api.post<unknown>('/api/ems/send', { email: email.trim(), purpose }),
  /** Without a token and with `passwordRequired` when the browser that registered did not activate: the user sets a password by reset. */
  activate: (api: ApiClient, email: string, code: string) =>
    withToken(() => api.post<{ token?: string; passwordRequired?: boolean }>('/api/user/emailActivation', { email: email.trim(), code: code.trim() })),
  forgotPassword: (api: ApiClient, email: string) =>
    withToken(() => api.post<{ token?: string } | null>('/api/user/forgotPassword', { email: email.trim() })),
  createPassword: (api: ApiClient, f: { email: string; code: string; password: string; confirmPassword: string }) =>
    withToken(() => api.post<{ token: string }>('/api/user/createPasswords', { ...f, email: f.email.trim(), code: f.code.trim() })),
  /** Needs the current password; the server ends every other session and mails a notice. */
  changePassword: (api: ApiClient, f: { password: string; newPassword: string; confirmPassword: string }) =>
    api.post<{ sessionsEnded: number }>('/api/user/changePassword', f),
  sessions: (api: ApiClient) => api.get<OwnSession[]>('/api/user/sessions'),
  /** Ends one session, all others or all; when this browser's session is among them, this browser is logged out (every tab). */
  endSessions: async (api: ApiClient, which: { id: number } | { which: 'others' | 'all' }) => {
    const result = await api.post<{ ended: number; current: boolean }>('/api/user/sessions/revoke', which);
    if (result.current) clearSession();
    return result;
  },
  /** Calls the server, then always clears the profile, the token and the server menu. */
  logout: async (api: ApiClient) => {
    try {
      await api.post('/api/user/logout');
    } catch {
      // logging out locally matters more than the server's answer
    } finally {
      clearSession();
    }
  },
};
