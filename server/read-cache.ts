// Short-lived in-memory copies of what nearly every authenticated request reads: a token's session with
// its user, the plugins a role has enabled, a user's unseen announcements, a user's recent items per
// module (docs/DECISIONS.md, "Read cache"). The recent items are dropped by the user's own record
// writes (`forgetScope`), not by the watched tables below. Any write to users, sessions, plugin_policy, announcements or announcement_seen through the
// database handle drops them all, before the write and again once
// it (and its transaction) has settled; a read that began before a drop is not kept. Another process on
// the same PostgreSQL does not see those drops: there an entry lives at most READ_CACHE_TTL_MS.
import { is, Table } from 'drizzle-orm';
import { announcements, announcementSeen, pluginPolicy, sessions, users } from './db/schema';

/** The longest a change made by another instance (logout, deactivation, a role or policy change) can go unseen. */
export const READ_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 20_000;

export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, { value: unknown; at: number; version: number }>();
  /** Versions of scopes dropped as a whole by their own writes (`forgetScope`: one user's records). */
  private readonly scopes = new Map<string, number>();

  /**
   * The fresh entry under key, else loads it; `now` is the caller's clock (tests move it). An entry in
   * a `scope` is dropped by `forgetScope(scope)`, without the whole cache.
   */
  async load<T>(key: string, now: number, fetch: () => Promise<T>, scope?: string): Promise<T> {
    const version = scope === undefined ? 0 : this.scopes.get(scope) ?? 0;
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now >= hit.at && now - hit.at < READ_CACHE_TTL_MS) return hit.value as T;
    const generation = this.generation;
    const value = await fetch();
    // a write may have landed while this read ran: keep only reads that began after the last drop
    const scopeUnchanged = scope === undefined || (this.scopes.get(scope) ?? 0) === version;
    if (generation === this.generation && scopeUnchanged && value !== undefined) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, at: now, version });
    }
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  /**
   * Drops every entry loaded in `scope`, and any read of it now under way. A write calls it before
   * it starts and again once it has settled, like the watched tables' drops.
   */
  forgetScope(scope: string): void {
    this.scopes.set(scope, (this.scopes.get(scope) ?? 0) + 1);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

// One cache per database handle, so several apps built on one handle (the tests) share it and its drops.
const caches = new WeakMap<object, ReadCache>();

export function readCacheFor(db: object): ReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReadCache();
    caches.set(db, cache);
  }
  return cache;
}

const WATCHED: readonly Table[] = [users, sessions, pluginPolicy, announcements, announcementSeen];
const targets = new WeakMap<object, object>();

type Thenable = { then: (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => unknown };
const isThenable = (v: unknown): v is Thenable => typeof v === 'object' && v !== null && typeof (v as Thenable).then === 'function';

/** A query builder whose execution calls onSettled when it resolves or fails (through any chained call). */
function settleHook<T extends object>(builder: T, onSettled: () => void): T {
  return new Proxy(builder, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'then') {
        return (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => (value as Thenable['then']).call(target,
          (v) => { onSettled(); return ok ? ok(v) : v; },
          (e) => { onSettled(); if (fail) return fail(e); throw e; });
      }
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        return isThenable(result) ? settleHook(result, onSettled) : result;
      };
    },
  });
}

/**
 * The database handle (or a transaction) with every insert, update and delete of the tables the cache
 * copies from (WATCHED) reported to onWrite: when the statement is built, when it settles, and when the enclosing
 * transaction settles. Raw SQL (`execute`) is not seen: write those tables through the query builder.
 */
export function watchWrites<T extends object>(db: T, onWrite: () => void): T {
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'insert' || prop === 'update' || prop === 'delete') {
        return (table: unknown, ...rest: unknown[]) => {
          const builder = (value as (...a: unknown[]) => object).call(target, table, ...rest);
          if (!(is(table, Table) && WATCHED.includes(table))) return builder;
          onWrite();
          return settleHook(builder, onWrite);
        };
      }
      if (prop === 'transaction') {
        return (body: (tx: object) => Promise<unknown>, ...rest: unknown[]) => {
          let wrote = false;
          const mark = () => { wrote = true; onWrite(); };
          const run = (value as (...a: unknown[]) => Promise<unknown>).call(target, (tx: object) => body(watchWrites(tx, mark)), ...rest);
          const settled = () => { if (wrote) onWrite(); };
          return run.then((v) => { settled(); return v; }, (e: unknown) => { settled(); throw e; });
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  targets.set(proxy, db);
  return proxy;
}

/** The handle behind watchWrites (for a write that keeps the cache right by itself). */
export function unwatched<T extends object>(db: T): T {
  return (targets.get(db) as T | undefined) ?? db;
}
