// The undo a finished job offers (docs/UNDO.md): its candidates, its dry run, which reads the objects
// again and leaves alone every one changed since, and the undo job as a draft. Only the jobs panel and
// the undo dialog use these, so they load with them, not with the runner (./undo.ts).
import type { Bridge } from '../bridge/bridge';
import type { ActionEffect, ObjectState } from '../plugin/types';
import type { Draft } from './draft';
import type { StoredItem } from './job-store';
import type { Handlers } from './runner-deps';
import type { JobItem, JobRow } from './types';
import { parseState, plainItem, sameState, UNDO_KEY, type UndoStates } from './undo';

/** One applied write an undo can put back. */
export interface UndoCandidate { itemId: string; item: JobItem; scope: string; before: ObjectState | null; after: ObjectState }

/** The applied writes of a job (its items) that kept their before-state: the undo's items. */
export function undoCandidates(rows: readonly StoredItem[]): UndoCandidate[] {
  const out: UndoCandidate[] = [];
  for (const row of rows) {
    if (row.state !== 'done') continue;
    const before = parseState(row.before);
    const after = parseState(row.after);
    if (before === undefined || !after) continue;
    out.push({ itemId: row.itemId, item: JSON.parse(row.item) as JobItem, scope: row.scope, before, after });
  }
  return out;
}

/** How many changes the jobs panel offers to undo for a job (0: none, or the job is not finished, or is itself an undo). */
export function undoableCount(job: JobRow, rows: readonly StoredItem[]): number {
  if (job.undoOf || job.status === 'running' || job.status === 'paused' || job.status === 'interrupted') return 0;
  return undoCandidates(rows).length;
}

/** What the undo's dry run found for one applied write. */
export type UndoVerdict = 'restore' | 'changed' | 'already';
export interface UndoPreviewRow extends UndoCandidate { verdict: UndoVerdict; current: ObjectState | null; effect: ActionEffect }

/** Reads per undo preview call (the action's `read` takes at most this many items). */
export const UNDO_READ_GROUP = 50;

/**
 * The undo's dry run: every object read again (in groups), then sorted into those the undo puts back
 * (`restore`: the object still has the state the job left), those changed since (`changed`: left
 * alone, listed for the operator) and those already back (`already`).
 */
export async function previewUndo(handlers: Handlers, params: unknown, candidates: readonly UndoCandidate[], bridge: Bridge, signal: AbortSignal): Promise<UndoPreviewRow[]> {
  const undo = handlers.undo!;
  const out: UndoPreviewRow[] = [];
  for (let i = 0; i < candidates.length; i += UNDO_READ_GROUP) {
    const group = candidates.slice(i, i + UNDO_READ_GROUP);
    const states = await undo.read(group.map((c) => c.item), params, { signal, bridge });
    for (const c of group) {
      const current = states.get(c.itemId) ?? null;
      const verdict: UndoVerdict = sameState(current, c.before) ? 'already' : sameState(current, c.after) ? 'restore' : 'changed';
      out.push({ ...c, verdict, current, effect: undo.describe(plainItem(c.item), c.before, c.after) });
    }
  }
  return out;
}

/** The undo job as a draft (started like any job, in this tab or the leader): the items to put back, with their states. */
export function undoDraft(job: JobRow, rows: readonly UndoCandidate[]): Draft {
  return {
    actionId: job.actionId,
    params: JSON.parse(job.params) as Record<string, unknown>,
    secrets: {},
    checked: true,
    undoOf: job.id,
    planned: rows.map((r) => ({ itemId: r.itemId, scope: r.scope, unresolved: false, item: { ...r.item, [UNDO_KEY]: { before: r.before, after: r.after } satisfies UndoStates } })),
  };
}
