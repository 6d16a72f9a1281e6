/**
 * The library's copy in the browser (docs/TEAMS.md "What a team shares"): the store's tables of named
 * workspaces, keyword lists and interest lists hold the rows of the server's library — the user's own, or
 * the active team's — so every screen keeps reading and writing its table as before. The leader tab runs
 * this (src/kernel/shell/library-start.ts); the other tabs' changes reach its store through the tab sync.
 *
 * - Once per browser store, the rows it kept before the library was on the server are imported into the
 *   user's own library (the store value `library-scope` is absent until then); nothing is replaced before
 *   that import succeeded.
 * - Then the active scope's rows are read and written into the tables (rows changed here meanwhile are
 *   left alone), again every minute and when the page is shown again.
 * - A row changed here is sent a moment later (a burst of edits is one save); a refusal (a viewer, too
 *   large, too many) is told and the row goes back to the server's; a failure to reach the server is
 *   tried again.
 */
import type { KernelStore } from '../store/store';
import { LIBRARY_IMPORT_MAX, LIBRARY_KINDS, type LibraryBody, type LibraryItem, type LibraryKind } from '../../../protocol/api';

/** Which scope the synced tables hold: 'own', or 'org:<id>'; absent: the browser's lists from before the library. */
export const LIBRARY_SCOPE_VALUE = 'library-scope';
/**
 * What each row was when it was last in step with the server (JSON `{ scope, rows: { kind: { id: hash } } }`):
 * a row that differs from it was changed here and not sent yet (in this page or one closed before it could
 * send), a row it names that the server no longer has was deleted there.
 */
export const LIBRARY_SYNCED_VALUE = 'library-synced';

export interface LibraryApi {
  list(kind: LibraryKind): Promise<LibraryItem[]>;
  save(kind: LibraryKind, id: string, body: LibraryBody): Promise<unknown>;
  remove(kind: LibraryKind, id: string): Promise<unknown>;
  /** into the user's own library, whatever team is active */
  import(kind: LibraryKind, items: { id: string; body: LibraryBody }[]): Promise<unknown>;
}

export interface LibrarySyncOptions {
  store: KernelStore;
  api: LibraryApi;
  /** the active scope: 'own' or 'org:<id>' */
  scope: string;
  /** a refused change, with the server's reason (the row is back to the server's) */
  onRefused: (kind: LibraryKind, id: string, reason: string) => void;
  /** whether a failure is the server refusing (not the network): refused changes are not tried again */
  isRefusal: (error: unknown) => boolean;
  pushDelayMs?: number;
  pullEveryMs?: number;
  retryMs?: number;
  /** rows to move into the tables before anything else (the named workspaces kept in local storage before) */
  legacy?: () => void;
}

export interface LibrarySync {
  /** resolves once the tables hold the active scope's rows (or the first attempt failed) */
  ready: Promise<void>;
  /** reads the server's rows again now */
  pull(): Promise<void>;
  /** sends the pending changes now and stops */
  stop(): void;
}

const sameRow = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A short fingerprint of a row (FNV-1a over its JSON). */
function hashRow(row: unknown): string {
  const text = JSON.stringify(row);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** Rows of at most ~1 MB per import request. */
function batches(items: { id: string; body: LibraryBody }[]): { id: string; body: LibraryBody }[][] {
  const out: { id: string; body: LibraryBody }[][] = [];
  let current: { id: string; body: LibraryBody }[] = [];
  let size = 0;
  for (const item of items) {
    const bytes = JSON.stringify(item).length;
    if (current.length > 0 && (size + bytes > 1_000_000 || current.length >= LIBRARY_IMPORT_MAX)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += bytes;
  }
  if (current.length > 0) out.push(current);
  return out;
}

export function startLibrarySync(o: LibrarySyncOptions): LibrarySync {
  const { store, api, scope } = o;
  const pushDelayMs = o.pushDelayMs ?? 500;
  const pullEveryMs = o.pullEveryMs ?? 60_000;
  const retryMs = o.retryMs ?? 10_000;
  let stopped = false;
  /** set while this module writes the tables: those writes are not the operator's changes */
  let applying = false;
  /** a counter of changes: a row changed after a read started keeps its local value */
  let seq = 0;
  /** the changes not yet acknowledged, and when each row last changed here */
  const changedAt = new Map<string, number>();
  const touchedAt = new Map<string, number>();
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const key = (kind: LibraryKind, id: string) => `${kind}\u0000${id}`;

  // the rows as last in step with this scope's server rows
  let synced: Record<string, Record<string, string>> = {};
  try {
    const saved = JSON.parse(String(store.getValue(LIBRARY_SYNCED_VALUE) ?? '{}')) as { scope?: string; rows?: Record<string, Record<string, string>> };
    if (saved.scope === scope && saved.rows) synced = saved.rows;
  } catch { /* none kept */ }
  const inStep = (kind: LibraryKind, id: string, row: unknown | null) => {
    const rows = (synced[kind] ??= {});
    if (row === null) delete rows[id];
    else rows[id] = hashRow(row);
  };
  const saveSynced = () => { if (!stopped) store.setValue(LIBRARY_SYNCED_VALUE, JSON.stringify({ scope, rows: synced })); };
  /** changed here since it was last in step (a row never in step counts as changed) */
  const changedHere = (kind: LibraryKind, id: string) => synced[kind]?.[id] !== hashRow(store.getRow(kind, id));

  const write = (fn: () => void) => {
    applying = true;
    try {
      store.transaction(fn);
    } finally {
      applying = false;
    }
  };

  const push = async (kind: LibraryKind, id: string): Promise<void> => {
    const k = key(kind, id);
    pending.delete(k);
    const mark = changedAt.get(k) ?? 0;
    const row = store.getRow(kind, id);
    const exists = Object.keys(row).length > 0;
    try {
      if (exists) await api.save(kind, id, row as LibraryBody);
      else await api.remove(kind, id);
      inStep(kind, id, exists ? row : null);
      saveSynced();
      if (changedAt.get(k) === mark) changedAt.delete(k);
    } catch (error) {
      if (stopped) return;
      if (o.isRefusal(error)) {
        if (changedAt.get(k) === mark) changedAt.delete(k);
        o.onRefused(kind, id, error instanceof Error ? error.message : String(error));
        await pullKind(kind, id).catch(() => {});
      } else if (!pending.has(k)) {
        pending.set(k, setTimeout(() => void push(kind, id), retryMs));
      }
    }
  };

  const changed = (kind: LibraryKind, rowId: string) => {
    const k = key(kind, rowId);
    changedAt.set(k, ++seq);
    touchedAt.set(k, seq);
    const timer = pending.get(k);
    if (timer) clearTimeout(timer);
    pending.set(k, setTimeout(() => void push(kind, rowId), pushDelayMs));
  };
  const listeners = LIBRARY_KINDS.map((kind) => store.addRowListener(kind, null, (_s, _t, rowId) => {
    if (!applying && !stopped) changed(kind, rowId);
  }));

  /**
   * Reads the server's rows of `kind` into the table. A row changed here since it was last in step is sent
   * rather than replaced (or, if the server deleted it, sent again: the operator's edit is not lost); a
   * row the server deleted and that did not change here goes. `refused`: that row takes the server's
   * value whatever it is here (the server refused the change).
   */
  async function pullKind(kind: LibraryKind, refused?: string): Promise<void> {
    const startedAt = seq;
    const items = await api.list(kind);
    if (stopped) return;
    // a row with a change not yet acknowledged, or changed since this read began, keeps its local value
    const keep = (id: string) => id !== refused && (changedAt.has(key(kind, id)) || (touchedAt.get(key(kind, id)) ?? 0) > startedAt);
    const server = new Map(items.map((item) => [item.id, item.body]));
    const toSend: string[] = [];
    write(() => {
      for (const [id, body] of server) {
        if (keep(id)) continue;
        const here = store.hasRow(kind, id);
        if (here && id !== refused && synced[kind]?.[id] !== undefined && changedHere(kind, id) && !sameRow(store.getRow(kind, id), body)) {
          toSend.push(id);
          continue;
        }
        if (!sameRow(store.getRow(kind, id), body)) store.setRow(kind, id, body as never);
        inStep(kind, id, body);
      }
      for (const id of store.getRowIds(kind)) {
        if (server.has(id) || keep(id)) continue;
        if (id !== refused && changedHere(kind, id)) toSend.push(id);
        else {
          store.delRow(kind, id);
          inStep(kind, id, null);
        }
      }
    });
    saveSynced();
    for (const id of toSend) changed(kind, id);
  }

  const pull = async (): Promise<void> => {
    for (const kind of LIBRARY_KINDS) await pullKind(kind);
    if (!stopped) store.setValue(LIBRARY_SCOPE_VALUE, scope);
  };

  /** The browser's rows from before the library, into the user's own (once per store). */
  const importOnce = async (): Promise<void> => {
    if (store.getValue(LIBRARY_SCOPE_VALUE) !== undefined) return;
    for (const kind of LIBRARY_KINDS) {
      const items = store.getRowIds(kind).map((id) => ({ id, body: store.getRow(kind, id) as LibraryBody }));
      for (const batch of batches(items)) await api.import(kind, batch);
    }
    store.setValue(LIBRARY_SCOPE_VALUE, 'own');
  };

  const start = async (): Promise<void> => {
    try {
      // not the operator's changes: they reach the server with the import
      if (o.legacy) write(o.legacy);
    } catch (e) {
      console.warn('[tessera] earlier saved workspaces could not be moved', e);
    }
    await importOnce();
    // the tables hold another scope's rows (the operator switched team): they are not this one's
    if (store.getValue(LIBRARY_SCOPE_VALUE) !== scope) {
      write(() => { for (const kind of LIBRARY_KINDS) store.delTable(kind); });
    }
    await pull();
  };

  let timer: ReturnType<typeof setTimeout> | null = null;
  const every = () => {
    timer = setTimeout(() => {
      const next = store.getValue(LIBRARY_SCOPE_VALUE) === undefined ? start() : pull();
      void next.catch((e: unknown) => console.warn('[tessera] the library could not be read', e)).finally(() => { if (!stopped) every(); });
    }, pullEveryMs);
  };
  let lastShown = Date.now();
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastShown < 10_000) return;
    lastShown = Date.now();
    if (store.getValue(LIBRARY_SCOPE_VALUE) === scope) void pull().catch(() => {});
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  const ready = start().catch((e: unknown) => console.warn('[tessera] the library could not be read', e)).finally(() => { if (!stopped) every(); });

  return {
    ready,
    pull,
    stop: () => {
      if (stopped) return;
      // what is waiting to be sent goes now (the next leader reads the server's rows)
      for (const [k, t] of pending) {
        clearTimeout(t);
        const [kind, id] = k.split('\u0000') as [LibraryKind, string];
        void push(kind, id);
      }
      stopped = true;
      if (timer) clearTimeout(timer);
      listeners.forEach((id) => store.delListener(id));
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
