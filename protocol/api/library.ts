import { get, post } from './endpoint';

/**
 * The shared library (docs/TEAMS.md "What a team shares"): the rows of the browser's synced tables kept
 * on the server — a user's own, or, when the request names a team (`x-tessera-org`), the team's, which
 * every member reads and owners, admins and operators change. The browser's store keeps a copy of the
 * active one (src/kernel/library/library-sync.ts).
 */

/** The kinds the library keeps: each is a table of the browser's store of the same name. */
export const LIBRARY_KINDS = ['workspaces', 'keyword-lists', 'target-lists'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/** A row id: 1–100 characters, no control characters (a workspace's id is its name). */
export const LIBRARY_ID_PATTERN = '^[^\\u0000-\\u001f\\u007f]{1,100}$';
/** A row at most this many bytes as JSON. */
export const LIBRARY_BODY_MAX_BYTES = 262_144;
/** At most this many rows of one kind per user or team. */
export const LIBRARY_ITEMS_MAX = 500;
/** At most this many rows in one import. */
export const LIBRARY_IMPORT_MAX = 500;

/** A row's cells as the browser's store holds them. */
export type LibraryBody = Record<string, string | number | boolean | null | unknown[]>;

/** A row as the server answers it: who saved it last (their name, or e-mail) and when. */
export type LibraryItem = { id: string; body: LibraryBody; updatedAt: string; updatedBy: string };

export const libraryEndpoints = {
  /** every row of one kind (of the team named in the header, or the caller's own) */
  list: get<LibraryItem[], { kind: LibraryKind; uid?: string | number }>('/api/library'),
  /** saves a row: a new id adds one, an existing id replaces it */
  save: post<{ kind: LibraryKind; id: string; body: LibraryBody }, LibraryItem>('/api/library'),
  /** deletes a row (`deleted`: 1, or 0 when there was none) */
  remove: post<{ kind: LibraryKind; id: string }, { deleted: number }>('/api/library/delete'),
  /**
   * The rows a browser kept before the library was on the server, added once to the caller's own (never
   * a team's): an id the server already has is left as it is (`added` counts the new ones).
   */
  import: post<{ kind: LibraryKind; items: { id: string; body: LibraryBody }[] }, { added: number }>('/api/library/import'),
};
