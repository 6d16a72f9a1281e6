import { get, post } from './endpoint';

/**
 * The watch (docs/DECISIONS.md, "The watch: snapshots and changes (issue 34)"): the browser sends, per
 * platform object, the fields that matter; the server keeps the latest state of each object and a
 * change row per field that changed, and tells whether a Tessera job made it.
 */

/** The kinds of objects watched (the plugins' row types). */
export type WatchType = 'adaccount' | 'business' | 'page' | 'pixel';
export const WATCH_TYPES: readonly WatchType[] = ['adaccount', 'business', 'page', 'pixel'];

/**
 * `value`: one value (text, number, boolean or null); `list`: a list of members (`{ id, name?, role? }`),
 * compared member by member, so one added or removed member is one change.
 */
export type WatchFieldKind = 'value' | 'list';

/**
 * The fields kept per type, in the order the issue names them. A row may carry any of them: a field
 * left out was not read this time (the previous value stands); `null` means read and empty.
 */
export const WATCH_FIELDS = {
  adaccount: {
    status: 'value', disableReason: 'value', amountSpent: 'value', spendCap: 'value', balance: 'value', currency: 'value',
    myRole: 'value', users: 'list',
  },
  business: { restriction: 'value', verification: 'value', type: 'value', admins: 'list', people: 'list', partners: 'list' },
  page: { published: 'value', deactivation: 'value', roles: 'list' },
  pixel: { sharedAccounts: 'list', admins: 'list' },
} as const satisfies Record<WatchType, Record<string, WatchFieldKind>>;

export type WatchField = { [T in WatchType]: keyof (typeof WATCH_FIELDS)[T] }[WatchType];

/** A member of a list field: a person, a partner business, an ad account; `role` when it has one. */
export type WatchMember = { id: string; name?: string; role?: string };
/** A value field's value. */
export type WatchValue = string | number | boolean | null;

/** One object as the browser sends it: its id, its name (shown in the feed) and any of its type's fields. */
export type WatchRow = { id: string; name?: string } & { [field: string]: WatchValue | WatchMember[] | undefined };

export type WatchSnapshotBody = { type: WatchType; rows: WatchRow[] };

/**
 * `objects`: rows taken; `added`: objects seen for the first time (their state is recorded, no change);
 * `changes`: change rows written.
 */
export type WatchSnapshotAck = { objects: number; added: number; changes: number };

/** Who made a change: a Tessera job of the operator (`job:<job id>`), or someone outside Tessera. */
export type WatchBy = 'outside' | `job:${string}`;

/**
 * One change of one field. For a list field `from` is null for an added member and `to` null for a
 * removed one (a member whose role changed has both).
 */
export type WatchChange = {
  at: string;
  object: { type: WatchType; id: string; name: string };
  field: string;
  from: WatchValue | WatchMember;
  to: WatchValue | WatchMember;
  by: WatchBy;
};

export type WatchChangesQuery = { since?: string; type?: WatchType; id?: string; limit?: number };

/** At most this many rows in one snapshot request (a full request stays well under the 64 KiB body limit only with small rows). */
export const WATCH_ROWS_MAX = 1000;
/** At most this many members in one list field. */
export const WATCH_MEMBERS_MAX = 500;
/** The changes feed answers at most this many changes (default `WATCH_CHANGES_DEFAULT`). */
export const WATCH_CHANGES_MAX = 500;
export const WATCH_CHANGES_DEFAULT = 100;
/** An object id: the platform's ids (`act_123`, `1234567890`). */
export const WATCH_ID_PATTERN = '^[A-Za-z0-9_.:-]{1,64}$';

/** The operator's watched objects (token needed; each operator sees only their own). */
export const watchEndpoints = {
  /** the latest fields of some objects of one type: the server keeps what changed */
  snapshots: post<WatchSnapshotBody, WatchSnapshotAck>('/api/watch/snapshots'),
  /** the operator's changes, newest first */
  changes: get<WatchChange[], WatchChangesQuery & { uid?: string | number }, WatchChangesQuery & { limit: number }>('/api/watch/changes'),
};
