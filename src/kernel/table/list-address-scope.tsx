import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import type { SavedView, SavedViewState } from '../../../protocol/api';
import { useTableStateStore, type TableStateStore } from './table-state';

/** The saved views of the signed-in user (server: `/api/views`). */
export interface SavedViewsApi {
  list(listId: string): Promise<SavedView[]>;
  save(listId: string, name: string, state: SavedViewState): Promise<SavedView>;
  remove(listId: string, name: string): Promise<void>;
}

/**
 * A route screen's address as its list sees it (docs/DECISIONS.md, "Lists keep their state in the
 * address"): the screen's first table reads its search, sort and filters from it and writes them back.
 */
export interface ListAddressBinding {
  /** the tab's table-state store this address belongs with: a table in a tile (another store) ignores it */
  readonly store: TableStateStore | null;
  /** the screen is the one shown (a kept tab's hidden screen neither reads nor writes the address) */
  readonly active: boolean;
  /** the address's query (`?…` or ''), '' while not active */
  readonly search: string;
  /**
   * which navigation the router shows (a name per location it made, Back included; '' when not known):
   * a write is on its way while the navigation it was made on is still shown, whatever the address
   * (use-list-address.ts)
   */
  readonly entry: string;
  /** puts a new query in the address: a new history entry, or in place of the current one */
  write(search: string, replace: boolean): void;
  /** one table per screen follows the address: the first to ask */
  claim(viewId: string): boolean;
  release(viewId: string): void;
  /** the user's saved views, where the server keeps them */
  readonly views: SavedViewsApi | null;
}

const ListAddressContext = createContext<ListAddressBinding | null>(null);

export interface ListAddressScopeProps {
  active: boolean;
  search: string;
  /** the navigation shown (Layout.tsx, navigationOf); '' when not known */
  entry?: string;
  write: (search: string, replace: boolean) => void;
  views: SavedViewsApi | null;
  children: ReactNode;
}

/** Gives the tables of a route screen its address (inside the screen's TableStateScope). */
export function ListAddressScope({ active, search, entry = '', write, views, children }: ListAddressScopeProps) {
  const store = useTableStateStore();
  const claimed = useRef<string | null>(null);
  const latest = useRef(write);
  latest.current = write;
  const shown = active ? search : '';
  const value = useMemo<ListAddressBinding>(() => ({
    store,
    active,
    search: shown,
    entry: active ? entry : '',
    write: (next, replace) => latest.current(next, replace),
    claim: (viewId) => {
      if (claimed.current !== null && claimed.current !== viewId) return false;
      claimed.current = viewId;
      return true;
    },
    release: (viewId) => {
      if (claimed.current === viewId) claimed.current = null;
    },
    views,
  }), [store, active, shown, entry, views]);
  return <ListAddressContext.Provider value={value}>{children}</ListAddressContext.Provider>;
}

/** The address of the route screen this table is on; null in a tile, or outside any screen. */
export function useListAddressBinding(): ListAddressBinding | null {
  const binding = useContext(ListAddressContext);
  const store = useTableStateStore();
  return binding && binding.store === store ? binding : null;
}
