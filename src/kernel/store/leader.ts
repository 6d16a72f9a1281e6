/**
 * One leader tab per browser and user (docs/DECISIONS.md, "One tab runs the jobs"): the tab that holds
 * the Web Lock `name` runs every job and is the only one that saves the store. The lock is held for
 * the tab's life and the browser releases it when the tab closes or crashes; the next tab waiting for
 * it becomes the leader. Without Web Locks (jsdom, very old browsers) every tab is its own leader, as
 * before.
 */
export interface Leadership {
  /** True while this tab holds the lock. */
  readonly leader: boolean;
  /** Called with `true` when this tab becomes the leader (and `false` when it gives the lock up). */
  subscribe(listener: (leader: boolean) => void): () => void;
  /** Gives the lock up, or stops waiting for it. */
  release(): void;
}

/** The lock's name for one user's jobs. */
export function runnerLockName(userId: string): string {
  return `tessera:runner:${userId}`;
}

/** What the election uses of `navigator.locks`. */
export interface Locks {
  request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown>;
}

/** A leadership that is always this tab's: no Web Locks, or nobody to share the jobs with. */
export function soleLeadership(): Leadership {
  return { leader: true, subscribe: () => () => {}, release: () => {} };
}

/**
 * Takes the lock if it is free (resolves with `leader: true`), else queues for it (resolves with
 * `leader: false`; `subscribe` hears when it comes). Resolves once that first answer is known, so
 * the page renders knowing which kind of tab it is.
 */
export async function electLeader(name: string, locks: Locks | undefined = defaultLocks()): Promise<Leadership> {
  if (!locks) return soleLeadership();
  const listeners = new Set<(leader: boolean) => void>();
  const waiting = new AbortController();
  let leader = false;
  let released = false;
  let giveUp: (() => void) | null = null;
  const set = (value: boolean) => {
    if (leader === value) return;
    leader = value;
    listeners.forEach((l) => l(value));
  };
  /** Holds the lock until `release` (or the tab goes away). */
  const hold = () => {
    if (released) return Promise.resolve();
    set(true);
    return new Promise<void>((resolve) => { giveUp = resolve; });
  };
  const first = await new Promise<boolean>((answer) => {
    locks.request(name, { ifAvailable: true }, (lock) => {
      answer(lock !== null);
      return lock ? hold() : undefined;
    }).catch((e: unknown) => {
      console.warn('[tessera] tab election', e);
      answer(false);
    });
  });
  if (!first && !released) {
    locks.request(name, { signal: waiting.signal }, hold).catch(() => { /* released while waiting */ });
  }
  return {
    get leader() { return leader; },
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    release() {
      if (released) return;
      released = true;
      waiting.abort();
      giveUp?.();
      set(false);
      listeners.clear();
    },
  };
}

function defaultLocks(): Locks | undefined {
  return typeof navigator !== 'undefined' && navigator.locks && typeof navigator.locks.request === 'function' ? navigator.locks : undefined;
}
