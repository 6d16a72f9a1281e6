import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SavedView, SavedViewState } from '../../../protocol/api';
import { hasListParams, listAddressKey, readListAddress, writeListAddress, type ListAddress } from './list-address';
import { useListAddressBinding, type ListAddressBinding } from './list-address-scope';
import { addressFromTable, addressOfView, tableFromAddress, tableStateKey, typingKey, type TableListState } from './table-address';
import { defaultVisibility, resolveOrder } from './column-model';
import type { DataColumn } from './types';

/** Keystrokes in one box this close together change the address in place: Back skips the letters. */
const TYPING_MS = 1500;

/** The part of TanStack's table the address drives. */
export interface AddressedTable {
  state: {
    sorting: readonly { id: string; desc: boolean }[];
    columnFilters: readonly { id: string; value: unknown }[];
    columnOrder: readonly string[];
    columnVisibility: Readonly<Record<string, boolean>>;
  };
  setSorting(sorting: { id: string; desc: boolean }[]): void;
  setColumnFilters(filters: { id: string; value: unknown }[]): void;
  setColumnOrder(order: string[]): void;
  setColumnVisibility(visibility: Record<string, boolean>): void;
  setPageIndex(index: number): void;
}

type Columns = readonly DataColumn<never>[] | readonly DataColumn<unknown>[];

/**
 * Before the table is made: whether it follows the address (a route screen's first table), and what
 * the address asks of it to start with (null: nothing; the tab's kept state then applies).
 */
export function useAddressStart(viewId: string, columns: Columns): { binding: ListAddressBinding | null; start: TableListState | null } {
  const found = useListAddressBinding();
  const [claimed, setClaimed] = useState(() => found?.claim(viewId) ?? false);
  const binding = claimed ? found : null;
  const foundRef = useRef(found);
  foundRef.current = found;
  const store = found?.store;
  useEffect(() => {
    const scope = foundRef.current;
    if (!scope) return;
    // again after a development-mode remount, or once a table this one replaced has let go
    if (scope.claim(viewId)) setClaimed(true);
    return () => scope.release(viewId);
  }, [store, viewId]);
  const [start] = useState<TableListState | null>(() => {
    if (!binding?.active || !hasListParams(binding.search)) return null;
    const address = readListAddress(binding.search);
    // a saved view is read from the server first
    return address.view ? null : tableFromAddress(address, columns);
  });
  return { binding, start };
}

export interface AddressViews {
  /** the saved view the address names (shown as current), or null */
  current: string | null;
  list(): Promise<SavedView[]>;
  /** saves the table's filters, search, sort and columns under `name` and names it in the address */
  save(name: string): Promise<SavedView>;
  apply(view: SavedView): void;
  remove(name: string): Promise<void>;
}

interface Sync {
  wasActive: boolean;
  /** the address state last read or written (listAddressKey) */
  synced: string | null;
  /** a write on its way to the router: the address still shows the one before */
  pending: string | null;
  /** the address the pending write left (listAddressKey): while the router shows this one, the write is still on its way */
  pendingFrom: string | null;
  /** the navigation the pending write was made on (ListAddressBinding.entry, '' when not known) */
  pendingEntry: string;
  /** a state set from the address, not rendered yet (tableStateKey), and the effect's runs since */
  applying: string | null;
  applyingRuns: number;
  typing: { key: string; at: number } | null;
  /** the saved view shown; dropped at the first change */
  view: string | null;
  loadingView: string | null;
  disposed: boolean;
}

/**
 * Keeps a table and its screen's address together: the address's search, sort and filters are
 * applied when it changes (a link, Back, the address bar), and the table's are written into it when
 * they change (typing replaces the entry it started, anything else adds one, so Back undoes a step).
 * A kept tab's screen that is shown again with an address saying nothing about its list keeps what it
 * had and writes it into the address. `?view=<name>` applies the user's saved view of that name.
 */
export function useListAddress({ binding, viewId, columns, table, search, setSearch, onViewMissing, onViewsFailed }: {
  binding: ListAddressBinding | null;
  viewId: string;
  columns: Columns;
  table: AddressedTable;
  search: string;
  setSearch: (search: string) => void;
  onViewMissing: (name: string) => void;
  onViewsFailed: (error: unknown) => void;
}): AddressViews | null {
  const { sorting, columnFilters } = table.state;
  const current = useMemo<TableListState>(() => ({
    search,
    sorting: sorting.map(({ id, desc }) => ({ id, desc })),
    filters: columnFilters.map((f) => ({ id: f.id, value: String(f.value ?? '') })),
  }), [search, sorting, columnFilters]);
  const stateKey = tableStateKey(current);
  const sync = useRef<Sync>({ wasActive: false, synced: null, pending: null, pendingFrom: null, pendingEntry: '', applying: null, applyingRuns: 0, typing: null, view: null, loadingView: null, disposed: false });
  const latest = useRef({ binding, columns, table, current, stateKey, setSearch, onViewMissing, onViewsFailed });
  latest.current = { binding, columns, table, current, stateKey, setSearch, onViewMissing, onViewsFailed };
  useEffect(() => {
    const s = sync.current;
    s.disposed = false;
    return () => { s.disposed = true; };
  }, []);

  /** Puts the address in the address bar (other parameters kept). */
  const write = useCallback((address: ListAddress, replace: boolean) => {
    const { binding: b } = latest.current;
    if (!b) return;
    const s = sync.current;
    // a write made while another is on its way left the same address as that one
    if (s.pending === null) {
      s.pendingFrom = listAddressKey(readListAddress(b.search));
      s.pendingEntry = b.entry;
    }
    s.pending = s.synced = listAddressKey(address);
    b.write(writeListAddress(b.search, address), replace);
  }, []);

  /** Sets the table's search, sort and filters (and, for a saved view, its columns). */
  const apply = useCallback((state: TableListState, columnsOf?: SavedViewState) => {
    const { table: t, stateKey: now, setSearch: setText, columns: defined } = latest.current;
    const key = tableStateKey(state);
    if (columnsOf) {
      const list = defined as readonly DataColumn<unknown>[];
      const known = new Set(list.map((c) => c.id));
      if (columnsOf.columnVisibility) {
        const visibility = defaultVisibility(list);
        for (const [id, shown] of Object.entries(columnsOf.columnVisibility)) if (known.has(id)) visibility[id] = shown;
        if (Object.values(visibility).some(Boolean)) t.setColumnVisibility(visibility);
      }
      if (columnsOf.columnOrder) t.setColumnOrder(resolveOrder(columnsOf.columnOrder, list));
    }
    if (key === now) return;
    sync.current.applying = key;
    sync.current.applyingRuns = 0;
    t.setSorting(state.sorting);
    t.setColumnFilters(state.filters);
    setText(state.search);
    t.setPageIndex(0);
  }, []);

  const applyView = useCallback((view: SavedView, replace: boolean) => {
    const { columns: defined } = latest.current;
    const state = tableFromAddress(addressOfView(view.state), defined);
    sync.current.view = view.name;
    apply(state, view.state);
    write({ ...addressFromTable(state, defined), view: view.name }, replace);
  }, [apply, write]);

  const loadView = useCallback((name: string) => {
    const { binding: b } = latest.current;
    const s = sync.current;
    if (!b?.views) return;
    s.loadingView = name;
    b.views.list(viewId).then((views) => {
      s.loadingView = null;
      if (s.disposed) return;
      const view = views.find((v) => v.name === name);
      if (view) {
        applyView(view, true);
        return;
      }
      s.view = null;
      latest.current.onViewMissing(name);
      write(addressFromTable(latest.current.current, latest.current.columns), true);
    }, (error: unknown) => {
      s.loadingView = null;
      if (s.disposed) return;
      s.view = null;
      latest.current.onViewsFailed(error);
      write(addressFromTable(latest.current.current, latest.current.columns), true);
    });
  }, [viewId, applyView, write]);

  const active = binding?.active ?? false;
  const address = binding?.search ?? '';
  useEffect(() => {
    if (!binding) return;
    const s = sync.current;
    if (!active) {
      s.wasActive = false;
      return;
    }
    const becameActive = !s.wasActive;
    s.wasActive = true;
    if (s.loadingView !== null) return;
    // a state set from the address: wait until the table shows it
    // (a few renders at most: should the table ever hold it otherwise, the address takes over again)
    if (s.applying !== null) {
      if (s.applying !== stateKey && ++s.applyingRuns < 4) return;
      s.applying = null;
    }
    const here = readListAddress(address);
    const hereKey = listAddressKey(here);
    const wanted = addressFromTable(current, columns);
    // Still on its way: the router shows the navigation the write was made on (a shown write, in place or
    // not, is a new one; so is Back, even to the very entry and address the write left). Without it known,
    // by the address alone.
    const onWritersEntry = s.pendingEntry !== '' ? binding.entry === s.pendingEntry : hereKey === s.pendingFrom;
    if (s.pending !== null && hereKey !== s.pending && onWritersEntry) {
      // the router has not shown our last write yet; typing on writes again, in place
      if (s.view === null && listAddressKey(wanted) !== s.pending) write(wanted, true);
      return;
    }
    // shown, or overtaken by another change of the address (Back pressed before the router showed our
    // write: the address leads, below, instead of the table waiting for a write that will never show)
    s.pending = null;
    s.pendingFrom = null;
    s.pendingEntry = '';
    if (hereKey !== s.synced) {
      // the address changed from outside (a link, Back, the address bar), or the screen is shown again
      s.synced = hereKey;
      if (becameActive && !hasListParams(address)) {
        // a kept screen shown by its tab or menu entry: it keeps its state, and the address says it
        if (listAddressKey(wanted) !== hereKey) write(wanted, true);
        return;
      }
      if (here.view && here.view !== s.view) {
        if (binding.views) loadView(here.view);
        else apply(tableFromAddress({ ...here, view: null }, columns));
        return;
      }
      if (!here.view) s.view = null;
      apply(tableFromAddress(here, columns));
      return;
    }
    // the table changed: the address follows
    const bare = { ...here, view: null };
    if (listAddressKey(wanted) === listAddressKey(bare)) return;
    const key = typingKey(bare, wanted, columns);
    const now = Date.now();
    const replace = key !== null && s.typing !== null && s.typing.key === key && now - s.typing.at < TYPING_MS;
    s.typing = key === null ? null : { key, at: now };
    s.view = null;
    write(wanted, replace);
  }, [binding, active, address, stateKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const views = binding?.views ?? null;
  return useMemo<AddressViews | null>(() => {
    if (!views) return null;
    return {
      current: readListAddress(address).view,
      list: () => views.list(viewId),
      save: async (name: string) => {
        const { table: t, current: state, columns: defined } = latest.current;
        const at = addressFromTable(state, defined);
        const saved = await views.save(viewId, name, {
          q: at.q, sort: at.sort, filters: at.filters, columnOrder: [...t.state.columnOrder], columnVisibility: { ...t.state.columnVisibility },
        });
        if (!sync.current.disposed && latest.current.binding?.active) {
          sync.current.view = saved.name;
          write({ ...addressFromTable(latest.current.current, latest.current.columns), view: saved.name }, true);
        }
        return saved;
      },
      apply: (view: SavedView) => applyView(view, false),
      remove: async (name: string) => {
        await views.remove(viewId, name);
        if (!sync.current.disposed && sync.current.view === name) {
          sync.current.view = null;
          write(addressFromTable(latest.current.current, latest.current.columns), true);
        }
      },
    };
  }, [views, viewId, address, applyView, write]);
}
