import { useSyncExternalStore } from 'react';
import { getItem, removeItem, setItem } from '../storage';
import type { MenuItem, UserProfile } from '../../../protocol/api';

/** The signed-in user as the kernel and the plugins see it (the role decides what is usable). */
export interface KernelUser {
  id?: string;
  email?: string;
  name?: string;
  role: string;
}

/**
 * The profile as /api/user/info returns it (`UserProfile`, protocol/api/user.ts: docs/SPEC.md section 3
 * plus role, membership and plugins); only role and plugins are sure to be there.
 */
export type UserInfo = Partial<Omit<UserProfile, 'role' | 'plugins'>> & Pick<UserProfile, 'role' | 'plugins'> & { id?: string | number };

export type { MenuItem };

export interface SessionState {
  token: string | undefined;
  info: UserInfo | null;
  /** 'idle' before the first info request, 'loading' while it runs, 'ready' once answered, 'error' if it failed. */
  infoStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** An admin looking at the product as a user sees (role user, the user role's plugins). */
  viewAsUser: { plugins: string[] } | null;
  /** The menu from the server (setting 'menu from server'), null when not loaded. */
  serverMenu: MenuItem[] | null;
  /** 50012 / 50014: the re-login dialog is open. */
  relogin: { code: number; info: string } | null;
}

let state: SessionState = { token: getItem('token'), info: null, infoStatus: 'idle', viewAsUser: null, serverMenu: null, relogin: null };
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function patchSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function storeToken(token: string): void {
  setItem('token', token);
  patchSession({ token });
}

/** Clears the profile, the token, the uid and the server menu (logout, rejected token). */
export function clearSession(): void {
  for (const key of ['token', 'uid', 'fbid', 'fbname'] as const) removeItem(key);
  state = { token: undefined, info: null, infoStatus: 'idle', viewAsUser: null, serverMenu: null, relogin: null };
  listeners.forEach((l) => l());
}

/**
 * Another tab of this browser changed the stored token (docs/DECISIONS.md, "Every tab of a browser is one
 * session"): removed → this tab is logged out too (its store is left, so the leader tab pauses its jobs);
 * replaced by the same user's new token (rotation, a new login) → this tab uses it; replaced by another
 * user's → this tab drops the old user's profile and store and loads the new user's. Nothing is written
 * to storage here, so the tabs do not echo each other.
 */
export function followOtherTab(): void {
  const token = getItem('token');
  if (token === state.token) return;
  if (!token) {
    state = { token: undefined, info: null, infoStatus: 'idle', viewAsUser: null, serverMenu: null, relogin: null };
  } else {
    const uid = getItem('uid');
    const mine = state.info ? String(state.info.uid ?? state.info.id ?? '') : undefined;
    const sameUser = mine !== undefined && uid !== undefined && String(uid) === mine;
    state = sameUser
      ? { ...state, token, relogin: null }
      : { token, info: null, infoStatus: 'idle', viewAsUser: null, serverMenu: null, relogin: null };
  }
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    // key null: the whole storage was cleared
    if (e.key === 'token' || e.key === null) followOtherTab();
  });
}

export function setUserInfo(info: UserInfo): void {
  const uid = info.uid ?? info.id;
  if (uid !== undefined) setItem('uid', String(uid));
  patchSession({ info, infoStatus: 'ready', viewAsUser: info.role === 'admin' ? state.viewAsUser : null });
}

/** The user the kernel works with (role switched when an admin views as a user). */
export function effectiveUser(s: SessionState): KernelUser | null {
  if (!s.info) return null;
  const role = s.viewAsUser ? 'user' : s.info.role;
  const uid = s.info.uid ?? s.info.id;
  return { id: uid === undefined ? undefined : String(uid), email: s.info.email, name: s.info.name, role };
}

export function effectiveEnabled(s: SessionState): string[] | null {
  if (!s.info) return null;
  return s.viewAsUser ? s.viewAsUser.plugins : s.info.plugins;
}
