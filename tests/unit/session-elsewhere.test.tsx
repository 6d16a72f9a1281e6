// Every tab of a browser is one session (docs/DECISIONS.md): logging out in one tab logs out the others
// (the storage event), and a session ended elsewhere — another device, a password change — is found by
// the periodic check; either way what works with the user's store is told, so the leader tab pauses its jobs.
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { KernelStore } from '../../src/kernel/store/store';
import { UserStoreRoot, onLeaveStore } from '../../src/kernel/store/user-store';
import { clearSession, getSession, patchSession, setUserInfo, storeToken } from '../../src/kernel/core/session';
import { SESSION_CHECK_MS, useSessionSync } from '../../src/kernel/auth/session-sync';
import { createApiClient } from '../../src/kernel/api/client';
import { getItem } from '../../src/kernel/storage';

const runnerTables = () => import('../../src/kernel/runner/job-store').then(({ JOBS, ITEMS }) => [JOBS, ITEMS]);

afterEach(() => {
  act(() => clearSession());
  vi.useRealTimers();
});

function logIn(uid: number): void {
  storeToken(`token-${uid}-aaaaaaaaaaaaaaaaaaaaaaaa`);
  setUserInfo({ uid, role: 'user', plugins: [] });
}

/** What another tab of this browser does to localStorage, and the event this tab then gets. */
function otherTab(change: () => void, key: string | null = 'token'): void {
  change();
  act(() => { window.dispatchEvent(new StorageEvent('storage', { key, storageArea: window.localStorage })); });
}

function mountStore() {
  const left = vi.fn();
  const seen: { store: KernelStore | null } = { store: null };
  function Probe({ store }: { store: KernelStore }) {
    useEffect(() => onLeaveStore(store, left), [store]);
    return null;
  }
  render(<UserStoreRoot leaderTables={runnerTables}>{(store) => { seen.store = store; return <Probe store={store} />; }}</UserStoreRoot>);
  return { left, seen };
}

describe('one session per browser', () => {
  it('a logout in another tab logs this tab out and leaves its store (the leader pauses its jobs)', async () => {
    act(() => logIn(7));
    const { left, seen } = mountStore();
    await waitFor(() => expect(seen.store).not.toBeNull());
    otherTab(() => { window.localStorage.removeItem('token'); window.localStorage.removeItem('uid'); });
    expect(getSession().token).toBeUndefined();
    expect(getSession().info).toBeNull();
    expect(left).toHaveBeenCalledTimes(1);
  });

  it("another tab's new token of the same user (rotation) is taken over without logging out", async () => {
    act(() => logIn(8));
    const { left, seen } = mountStore();
    await waitFor(() => expect(seen.store).not.toBeNull());
    otherTab(() => window.localStorage.setItem('token', JSON.stringify({ v: 'rotated-token-bbbbbbbbbbbbbbbbbbbb' })));
    expect(getSession().token).toBe('rotated-token-bbbbbbbbbbbbbbbbbbbb');
    expect(getSession().info?.uid).toBe(8);
    expect(left).not.toHaveBeenCalled();
  });

  it('a session ended elsewhere (re-login dialog) pauses what works with the store, which stays', async () => {
    act(() => logIn(9));
    const { left, seen } = mountStore();
    await waitFor(() => expect(seen.store).not.toBeNull());
    const store = seen.store;
    act(() => patchSession({ relogin: { code: 50012, info: 'elsewhere' } }));
    expect(left).toHaveBeenCalledTimes(1);
    expect(seen.store).toBe(store);
  });

  it('the periodic check finds a session ended on another device: 50008 logs out every tab', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    act(() => logIn(10));
    const calls: string[] = [];
    let ended = false;
    const fetchImpl = vi.fn(async (url: string) => {
      calls.push(new URL(url).pathname);
      const body = ended ? { status: -1, code: 50008, info: 'Token authentication failed', data: null } : { status: 1, code: 20000, info: 'OK', data: { uid: 10, role: 'user', plugins: [] } };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const api = createApiClient({
      getToken: () => getItem('token'), setToken: storeToken, getUid: () => getItem('uid'), language: () => 'en-US',
      onTokenRejected: clearSession, onReloginNeeded: () => {}, messages: { timeout: () => 't', network: () => 'n', http: () => 'h' }, fetch: fetchImpl,
    });
    function Sync() { useSessionSync(api, true); return null; }
    render(<MemoryRouter><Sync /></MemoryRouter>);
    await waitFor(() => expect(calls).toEqual(['/api/user/info']));
    ended = true;
    await act(async () => { vi.advanceTimersByTime(SESSION_CHECK_MS); });
    await waitFor(() => expect(getSession().token).toBeUndefined());
    expect(calls).toEqual(['/api/user/info', '/api/user/info']);
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
