import { get, post } from './endpoint';

/**
 * What a saved view of a list holds (docs/DECISIONS.md, "Saved views"): the search box (`q`), the sort
 * keys, the column filters as the address writes them (an option by its key, `DISABLED`; a typed filter
 * as typed, `>=90`), and the columns: their order and which are shown. Every part is optional; a column
 * the list no longer has is ignored when the view is applied.
 */
export type SavedViewState = {
  q?: string;
  sort?: { id: string; desc: boolean }[];
  filters?: Record<string, string>;
  columnOrder?: string[];
  columnVisibility?: Record<string, boolean>;
};

/** A saved view as the server answers it: `updatedAt` is when it was last saved. */
export type SavedView = { name: string; state: SavedViewState; updatedAt: string };

/** A list's id: the table's view id (`adaccount.list`). */
export const VIEW_LIST_PATTERN = '^[A-Za-z0-9_.:-]{1,100}$';
/** A view's name: 1–60 characters, no control characters, no space at either end. */
export const VIEW_NAME_MAX = 60;
/** At most this many views per list and user. */
export const VIEWS_PER_LIST_MAX = 50;
/** A view's state at most this many bytes as JSON. */
export const VIEW_STATE_MAX_BYTES = 8192;

/** A user's saved views of their lists (token needed; each user sees only their own). */
export const viewEndpoints = {
  /** the caller's views of one list, by name */
  list: get<SavedView[], { list: string; uid?: string | number }>('/api/views'),
  /** saves a view: a new name adds one, an existing name replaces it */
  save: post<{ list: string; name: string; state: SavedViewState }, SavedView>('/api/views'),
  /** deletes the caller's view of that name (`deleted`: 1, or 0 when there was none) */
  remove: post<{ list: string; name: string }, { deleted: number }>('/api/views/delete'),
};
