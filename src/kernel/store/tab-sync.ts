import type { Changes, Tables } from 'tinybase/store';
import type { KernelStore } from './store';

/**
 * Keeps one user's store the same in every tab of the browser (docs/DECISIONS.md, "One tab runs the
 * jobs"). Every tab sends the changes of each of its own transactions over a BroadcastChannel and
 * applies the others'. A tab that opens asks for the leader's tables (`hello`); a tab that becomes the
 * leader sends its tables to everyone (`snapshot`). The tables in `leaderTables` (the runner's jobs
 * and items) are written by the leader alone, so a snapshot replaces them; in the other tables (the
 * list cache) rows a follower wrote that the snapshot lacks are kept. Only the leader saves the store
 * (user-store.tsx), so no tab's save can overwrite rows another tab wrote: they all reach the leader.
 */
export interface TabSync {
  /** Sends this tab's tables to every other tab (the tab just became the leader). */
  announce(): void;
  close(): void;
}

type Message =
  | { kind: 'changes'; from: string; changes: Changes }
  | { kind: 'hello'; from: string }
  | { kind: 'snapshot'; from: string; to?: string; tables: Tables };

export interface TabSyncOptions {
  isLeader: () => boolean;
  /** Tables only the leader writes. */
  leaderTables: readonly string[];
  /** For tests: another BroadcastChannel implementation. */
  Channel?: typeof BroadcastChannel;
}

export function storeChannelName(userId: string): string {
  return `tessera:store:${userId}`;
}

export function syncTabs(store: KernelStore, channelName: string, options: TabSyncOptions): TabSync {
  const Channel = options.Channel ?? BroadcastChannel;
  const channel = new Channel(channelName);
  const me = newTabId();
  let applying = false;
  const post = (message: Message) => {
    try {
      channel.postMessage(message);
    } catch (e) {
      console.warn('[tessera] tab sync', e);
    }
  };
  const applyRemote = (apply: () => void) => {
    applying = true;
    try {
      store.transaction(apply);
    } finally {
      applying = false;
    }
  };

  const listenerId = store.addDidFinishTransactionListener(() => {
    if (applying) return;
    const [tables, values] = store.getTransactionChanges();
    if (Object.keys(tables).length === 0 && Object.keys(values).length === 0) return;
    post({ kind: 'changes', from: me, changes: [tables, values, 1] });
  });

  channel.onmessage = (event: MessageEvent<Message>) => {
    const m = event.data;
    if (!m || m.from === me) return;
    if (m.kind === 'changes') applyRemote(() => store.applyChanges(m.changes));
    else if (m.kind === 'hello') {
      if (options.isLeader()) post({ kind: 'snapshot', from: me, to: m.from, tables: store.getTables() });
    } else if (m.kind === 'snapshot') {
      if ((m.to && m.to !== me) || options.isLeader()) return;
      applyRemote(() => takeSnapshot(store, m.tables, options.leaderTables));
    }
  };
  post({ kind: 'hello', from: me });

  return {
    announce: () => post({ kind: 'snapshot', from: me, tables: store.getTables() }),
    close: () => {
      store.delListener(listenerId);
      channel.onmessage = null;
      channel.close();
    },
  };
}

/** The leader's tables replace this tab's `leaderTables`; of the others, rows this tab lacks are added. */
function takeSnapshot(store: KernelStore, tables: Tables, leaderTables: readonly string[]): void {
  for (const tableId of leaderTables) {
    if (tables[tableId] && Object.keys(tables[tableId]).length) store.setTable(tableId, tables[tableId]);
    else store.delTable(tableId);
  }
  for (const [tableId, rows] of Object.entries(tables)) {
    if (leaderTables.includes(tableId)) continue;
    for (const [rowId, row] of Object.entries(rows)) if (!store.hasRow(tableId, rowId)) store.setRow(tableId, rowId, row);
  }
}

export function newTabId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `tab-${Math.random().toString(36).slice(2)}`;
}
