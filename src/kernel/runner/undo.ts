// Undo (docs/UNDO.md): the before-state of each write, read fresh just before it is sent; the undo
// job a finished job offers, with its own dry run that reads the objects again and leaves alone every
// one changed since; and the undo job's items, which check the object once more before they write.
// The undo's offer and dry run (what only the jobs panel and the undo dialog use) are in ./undo-preview.ts.
import { GraphError, type Bridge } from '../bridge/bridge';
import type { ObjectState, UndoHandlers } from '../plugin/types';
import type { JobStore, StoredItem } from './job-store';
import type { Handlers, JobRun } from './runner-deps';
import type { JobItem } from './types';
import { itemIdOf } from '../jobs/item';

/** Where an undo job's item carries the states it works between. */
export const UNDO_KEY = '__undo';

/** An undo job item's states: `before` the one to put back, `after` the one the job left. */
export interface UndoStates { before: ObjectState | null; after: ObjectState }

/** An undo item's note when its object was already back (nothing written). */
export const UNDO_ALREADY = 'already back';
/** An undo item's failure when its object changed since the job. */
export const CHANGED_SINCE = 'changed since the job: left as it is';

/** Thrown by an undo item whose object changed since the job: it is left as it is (never retried). */
export class ChangedSinceError extends Error {
  constructor(readonly current: ObjectState | null) {
    super(CHANGED_SINCE);
    this.name = 'ChangedSinceError';
  }
}

/** True when `state` holds every value of `expected` (null expected: the object or relation is gone). */
export function sameState(state: ObjectState | null | undefined, expected: ObjectState | null): boolean {
  if (expected === null) return state === null || state === undefined;
  if (!state) return false;
  return Object.entries(expected).every(([key, value]) => normal(state[key]) === normal(value));
}

// A platform's number may come back as a string ("5000"), an absent value as undefined.
const normal = (v: unknown) => (v === undefined || v === null ? null : String(v));

export function parseState(json: string | undefined): ObjectState | null | undefined {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as ObjectState | null;
  } catch {
    return undefined;
  }
}

/** The item as the action's code gets it: without the undo job's states. */
export function plainItem(item: JobItem): JobItem {
  if (!(UNDO_KEY in item)) return item;
  const { [UNDO_KEY]: _states, ...rest } = item;
  return rest as JobItem;
}

/**
 * Reads the before-states of the rows about to be written that have none yet, in one call of the
 * action's `undo.read` (as part of the job: through its bridge, on its lane and scope budget), and
 * stores them with the state the write will leave. A retry keeps the first before-state: the first
 * attempt may have landed.
 */
export async function readBeforeStates(jobs: JobStore, run: JobRun, rows: readonly StoredItem[], bridge: Bridge, signal: AbortSignal): Promise<void> {
  const undo = run.handlers.undo;
  const missing = rows.filter((r) => !r.before);
  if (!undo || !missing.length || !undoOffered(undo, run.params)) return;
  const items = missing.map((r) => JSON.parse(r.item) as JobItem);
  const states = await undo.read(items, run.params, { signal, bridge });
  jobs.store.transaction(() => missing.forEach((row, k) => {
    if (!states.has(row.itemId)) return; // not answered this time: read again before its write
    const before = states.get(row.itemId) ?? null;
    jobs.patchItem(row.rowId, { before: JSON.stringify(before), after: JSON.stringify(undo.after(items[k]!, run.params, before)) });
  }));
}

/** The note of an item whose before-state could not be read yet. */
export const BEFORE_UNREAD = 'the state before the change could not be read: trying again';

/** An item whose before-state the platform did not give (a passing failure): its write waits, and the read is tried again. */
export class BeforeStateUnreadError extends GraphError {
  constructor() {
    // a passing failure (status 0, transient) for the failure policy: retried with backoff
    super(BEFORE_UNREAD, 0, undefined, undefined, true);
    this.name = 'BeforeStateUnreadError';
  }
}

/**
 * The handlers of an undo job, made from the action's `undo`: each item reads its object first and
 * writes only when the object still has the state the job left (already back: nothing to do;
 * otherwise ChangedSinceError). The check before writing makes a repeat harmless, so an undo job's
 * items are retried as idempotent ones.
 */
export function undoJobHandlers(handlers: Handlers): Handlers {
  const undo = handlers.undo as UndoHandlers<JobItem, unknown>;
  const statesOf = (item: JobItem) => item[UNDO_KEY] as UndoStates;
  const current = async (item: JobItem, params: unknown, ctx: { signal: AbortSignal; bridge: Bridge }) => {
    const plain = plainItem(item);
    return (await undo.read([plain], params, ctx)).get(itemIdOf(item)) ?? null;
  };
  return {
    run: async (item, params, ctx) => {
      const { before, after } = statesOf(item);
      const now = await current(item, params, ctx);
      if (sameState(now, before)) return UNDO_ALREADY;
      if (!sameState(now, after)) throw new ChangedSinceError(now);
      await undo.run(plainItem(item), before, params, ctx);
    },
    verify: async (item, params, ctx) => sameState(await current(item, params, ctx), statesOf(item).before),
    describe: (item) => undo.describe(plainItem(item), statesOf(item).before, statesOf(item).after),
    ...(undo.toBatch ? {
      toBatch: (item: JobItem, params: unknown) => undo.toBatch!(plainItem(item), statesOf(item).before, params),
      // a batch's objects are read in one call before it is sent (runBatchGroup)
      screen: async (items: readonly JobItem[], params: unknown, ctx: { signal: AbortSignal; bridge: Bridge }) => {
        const states = await undo.read(items.map(plainItem), params, ctx);
        return new Map(items.map((item) => {
          const { before, after } = statesOf(item);
          const now = states.get(itemIdOf(item)) ?? null;
          return [itemIdOf(item), sameState(now, before) ? UNDO_ALREADY : sameState(now, after) ? null : new ChangedSinceError(now)] as const;
        }));
      },
    } : {}),
  };
}

/** An undo job item's before/after cells: the state it writes over, and the one it puts back. */
export function undoCells(item: JobItem): { before: string; after: string } {
  const states = item[UNDO_KEY] as UndoStates | undefined;
  return states ? { before: JSON.stringify(states.after), after: JSON.stringify(states.before) } : { before: '', after: '' };
}

/** Whether a job of these parameters can be undone (its action has an inverse, offered for them). */
export function undoOffered(undo: UndoHandlers<JobItem, unknown> | undefined, params: unknown): boolean {
  return !!undo && (undo.offered?.(params) ?? true);
}
