// Each user's browser data is theirs (docs/DECISIONS.md): two users of one browser (one localStorage,
// one IndexedDB) never see each other's jobs, workspaces, tabs or cached lists.
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import type { KernelStore } from '../../src/kernel/store/store';
import { UserStoreRoot, onLeaveStore } from '../../src/kernel/store/user-store';
import { cached, readCached } from '../../src/kernel/store/ttl-cache';
import { JOBS } from '../../src/kernel/runner/job-store';
import { clearSession, setUserInfo, storeToken } from '../../src/kernel/core/session';
import { getItem, setItem } from '../../src/kernel/storage';
import { loadCurrentWorkspace, saveCurrentWorkspace } from '../../src/kernel/workspace/saved-workspaces';
import { emptyWorkspace } from '../../src/kernel/workspace/workspace-file';

const runnerTables = () => import('../../src/kernel/runner/job-store').then(({ JOBS, ITEMS }) => [JOBS, ITEMS]);

function logIn(uid: number): void {
  storeToken(`token-${uid}`);
  setUserInfo({ uid, role: 'user', plugins: [] });
}

afterEach(() => {
  act(() => clearSession());
});

describe('per-user browser storage', () => {
  // the named workspaces are rows of each user's own store (and of their library on the server)
  it('keeps the current workspace and tabs per user', () => {
    logIn(1);
    saveCurrentWorkspace(emptyWorkspace(), 'A work');
    setItem('tessera-tabs', [{ path: '/a' }]);
    clearSession();

    logIn(2);
    expect(loadCurrentWorkspace().name).toBeNull();
    expect(getItem('tessera-tabs')).toBeUndefined();
    saveCurrentWorkspace(emptyWorkspace(), 'B work');
    clearSession();

    logIn(1);
    expect(loadCurrentWorkspace().name).toBe('A work');
    expect(getItem('tessera-tabs')).toEqual([{ path: '/a' }]);
    // the session keys the spec names stay as they are
    expect(JSON.parse(window.localStorage.getItem('token')!).v).toBe('token-1');
    expect(JSON.parse(window.localStorage.getItem('uid')!).v).toBe('1');
  });
});

describe('per-user store', () => {
  function mount() {
    const seen: { store: KernelStore | null } = { store: null };
    const left = vi.fn();
    render(
      <UserStoreRoot leaderTables={runnerTables}>
        {(store) => {
          seen.store = store;
          return <Probe store={store} onLeave={left} />;
        }}
      </UserStoreRoot>,
    );
    return { seen, left };
  }

  async function storeOf(seen: { store: KernelStore | null }, previous: KernelStore | null): Promise<KernelStore> {
    await waitFor(() => expect(seen.store).not.toBe(previous));
    await waitFor(() => expect(seen.store).not.toBeNull());
    return seen.store!;
  }

  it("opens the user's own store: B never sees A's jobs or lists, A gets the jobs back but not the lists after logout", async () => {
    act(() => logIn(1));
    const { seen, left } = mount();
    const a = await storeOf(seen, null);
    act(() => {
      a.setRow(JOBS, 'job-a', { actionId: 'demo.action', status: 'running' });
    });
    await cached(a, 'adaccounts', async () => ['act_1']);
    expect(readCached(a, 'adaccounts').found).toBe(true);

    act(() => clearSession());
    expect(left).toHaveBeenCalledTimes(1);
    const anonymous = await storeOf(seen, a);
    expect(anonymous.getTable(JOBS)).toEqual({});

    act(() => logIn(2));
    const b = await storeOf(seen, anonymous);
    expect(b.getRowIds(JOBS)).toEqual([]);
    expect(readCached(b, 'adaccounts').found).toBe(false);
    act(() => {
      b.setRow(JOBS, 'job-b', { actionId: 'demo.action', status: 'done' });
    });

    act(() => clearSession());
    const anonymous2 = await storeOf(seen, b);
    act(() => logIn(1));
    const a2 = await storeOf(seen, anonymous2);
    expect(a2.getRowIds(JOBS)).toEqual(['job-a']);
    expect(readCached(a2, 'adaccounts').found).toBe(false);
  });
});

function Probe({ store, onLeave }: { store: KernelStore; onLeave: () => void }) {
  useLeave(store, onLeave);
  return null;
}

function useLeave(store: KernelStore, onLeave: () => void) {
  useEffect(() => onLeaveStore(store, onLeave), [store, onLeave]);
}
