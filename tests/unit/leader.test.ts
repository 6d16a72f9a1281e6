// One tab runs the jobs (docs/DECISIONS.md): the election, the store kept the same in every tab, and
// saving by the leader alone. Tabs are simulated in one process: a Web Locks stand-in and Node's
// BroadcastChannel, which delivers between channels of one name like the browser's between tabs.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electLeader, runnerLockName } from '../../src/kernel/store/leader';
import { syncTabs, type TabSync } from '../../src/kernel/store/tab-sync';
import { joinTabs, type StoreTabs } from '../../src/kernel/store/tabs';
import { createKernelStore, persistStore } from '../../src/kernel/store/store';
import { ITEMS, JOBS } from '../../src/kernel/runner/job-store';

const Channel = NodeBroadcastChannel as unknown as typeof BroadcastChannel;

/** Web Locks as the browser grants them: exclusive, first come first served, `ifAvailable`, `signal`. */
class FakeLocks {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, (() => void)[]>();

  request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const grant = () => {
        this.held.add(name);
        Promise.resolve()
          .then(() => callback({ name, mode: 'exclusive' } as Lock))
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            queue.shift()?.();
          });
      };
      if (!this.held.has(name) && queue.length === 0) return grant();
      if (options.ifAvailable) return void Promise.resolve(callback(null)).then(resolve, reject);
      queue.push(grant);
      options.signal?.addEventListener('abort', () => {
        const at = queue.indexOf(grant);
        if (at >= 0) queue.splice(at, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }
}

const closers: (() => void)[] = [];
afterEach(() => {
  closers.splice(0).forEach((close) => close());
});

describe('the leader election', () => {
  it('makes the first tab the leader, queues the others, and hands over when the leader goes', async () => {
    const locks = new FakeLocks();
    const a = await electLeader(runnerLockName('7'), locks);
    const b = await electLeader(runnerLockName('7'), locks);
    const c = await electLeader(runnerLockName('7'), locks);
    const other = await electLeader(runnerLockName('8'), locks);
    expect([a.leader, b.leader, c.leader, other.leader]).toEqual([true, false, false, true]);

    const heard: boolean[] = [];
    b.subscribe((leader) => heard.push(leader));
    a.release(); // the leader tab closes: the browser releases its lock
    await vi.waitFor(() => expect(b.leader).toBe(true));
    expect(heard).toEqual([true]);
    expect(c.leader).toBe(false);

    c.release(); // a waiting tab closes: it never leads
    b.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(c.leader).toBe(false);
    const d = await electLeader(runnerLockName('7'), locks);
    expect(d.leader).toBe(true);
    d.release();
    other.release();
  });

  it('without Web Locks every tab leads itself, as before', async () => {
    const a = await electLeader('x', undefined);
    const b = await electLeader('x', undefined);
    expect([a.leader, b.leader]).toEqual([true, true]);
  });
});

describe('the store in every tab', () => {
  function tab(leader: () => boolean): { store: ReturnType<typeof createKernelStore>; sync: TabSync } {
    const store = createKernelStore();
    const sync = syncTabs(store, 'tessera:store:test', { isLeader: leader, leaderTables: [JOBS, ITEMS], Channel });
    closers.push(() => sync.close());
    return { store, sync };
  }

  it('sends each tab’s changes to the others, and a tab that opens gets the leader’s jobs in place of its stale ones', async () => {
    const a = tab(() => true);
    const b = tab(() => false);
    a.store.setRow(JOBS, 'job-1', { status: 'running', done: 0 });
    a.store.setRow(ITEMS, 'job-1:0000000', { jobId: 'job-1', state: 'pending' });
    await vi.waitFor(() => expect(b.store.getRow(JOBS, 'job-1')).toEqual({ status: 'running', done: 0 }));
    a.store.setPartialRow(ITEMS, 'job-1:0000000', { state: 'done' });
    b.store.setRow('cache', 'adaccounts', { json: '[1]', expires: 9 });
    await vi.waitFor(() => expect(b.store.getCell(ITEMS, 'job-1:0000000', 'state')).toBe('done'));
    await vi.waitFor(() => expect(a.store.getRow('cache', 'adaccounts')).toEqual({ json: '[1]', expires: 9 }));

    // A tab opening with what the database had (a job since trimmed, an item not yet done) and a list of its own.
    const c = createKernelStore();
    c.setRow(JOBS, 'job-0', { status: 'done' });
    c.setRow(ITEMS, 'job-1:0000000', { jobId: 'job-1', state: 'inflight' });
    c.setRow('cache', 'pages', { json: '[2]', expires: 9 });
    const cSync = syncTabs(c, 'tessera:store:test', { isLeader: () => false, leaderTables: [JOBS, ITEMS], Channel });
    closers.push(() => cSync.close());
    await vi.waitFor(() => expect(c.getTable(JOBS)).toEqual(a.store.getTable(JOBS)));
    expect(c.getTable(ITEMS)).toEqual(a.store.getTable(ITEMS));
    expect(c.getRow('cache', 'adaccounts')).toEqual({ json: '[1]', expires: 9 });
    expect(c.getRow('cache', 'pages')).toEqual({ json: '[2]', expires: 9 });
    // deletions travel too (a trimmed job, a cleared cache)
    a.store.delRow(JOBS, 'job-1');
    b.store.delTable('cache');
    await vi.waitFor(() => expect(c.hasRow(JOBS, 'job-1')).toBe(false));
    await vi.waitFor(() => expect(a.store.hasTable('cache')).toBe(false));
  });

  it('only the leader saves, so a follower’s stale store never overwrites what another tab wrote; the next leader saves after the takeover', async () => {
    const locks = new FakeLocks();
    const db = `tessera-two-tabs-${Math.random()}`;
    const autoSaving: string[] = [];
    const open = async (name: string) => {
      const store = createKernelStore();
      const persister = (await persistStore(store, db, { autoSave: false }))!;
      const watched = { ...persister, startAutoSave: () => { autoSaving.push(name); return persister.startAutoSave(); } };
      const tabs: StoreTabs = await joinTabs(store, '42', watched, [JOBS, ITEMS], { locks, Channel });
      closers.push(() => { void persister.destroy(); tabs.close(); });
      return { store, persister, tabs };
    };
    const saved = async () => {
      const store = createKernelStore();
      const p = await persistStore(store, db, { autoSave: false });
      await p!.destroy();
      return store;
    };
    const a = await open('a');
    const b = await open('b');
    expect(a.tabs.leadership.leader).toBe(true);
    expect(b.tabs.leadership.leader).toBe(false);

    a.store.setRow(JOBS, 'job-a', { status: 'running' });
    b.store.setRow('cache', 'lists', { json: '[3]', expires: 9 });
    await vi.waitFor(async () => {
      const s = await saved();
      expect(s.getRow(JOBS, 'job-a')).toEqual({ status: 'running' });
      expect(s.getRow('cache', 'lists')).toEqual({ json: '[3]', expires: 9 });
    });
    expect(autoSaving).toEqual(['a']);

    // The leader tab goes; the other takes over and saves what it writes from now on.
    await a.persister.destroy();
    a.tabs.close();
    await vi.waitFor(() => expect(b.tabs.leadership.leader).toBe(true));
    expect(autoSaving).toEqual(['a', 'b']);
    b.store.setPartialRow(JOBS, 'job-a', { status: 'done' });
    await vi.waitFor(async () => expect((await saved()).getCell(JOBS, 'job-a', 'status')).toBe('done'));
    expect((await saved()).getRow('cache', 'lists')).toEqual({ json: '[3]', expires: 9 });
  });

  it('works alone, saving itself, without Web Locks or BroadcastChannel', async () => {
    const store = createKernelStore();
    const db = `tessera-alone-${Math.random()}`;
    const persister = await persistStore(store, db, { autoSave: false });
    const tabs = await joinTabs(store, '1', persister, [JOBS, ITEMS], {});
    expect(tabs.shared).toBe(false);
    expect(tabs.leadership.leader).toBe(true);
    store.setRow(JOBS, 'j', { status: 'done' });
    await vi.waitFor(async () => {
      const again = createKernelStore();
      const p = await persistStore(again, db, { autoSave: false });
      await p!.destroy();
      expect(again.getRow(JOBS, 'j')).toEqual({ status: 'done' });
    });
    await persister!.destroy();
  });
});

