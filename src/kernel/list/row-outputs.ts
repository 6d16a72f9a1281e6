import type { KernelStore } from '../store/store';
import type { StoredItem } from '../runner/job-store';

/**
 * What actions found out about objects (hidden admins, appeal state, billing, country code) comes
 * back into the lists as columns and filters, not only as text in the jobs panel: when a job of an
 * action with an `output` ends, each done item's output is kept here under its object, and every
 * list of that row type shows it on the object's row (`outputsOf`). Kept in the user's store, so a
 * reload keeps what was found; the newest output of an action replaces the older one.
 */
export const ROW_OUTPUTS_TABLE = 'row-outputs';

/** The property a list row carries its outputs in (only rows that have some). */
const OUTPUTS = '__outputs';

/** One action's latest output for an object, with when it was found. */
export interface RowOutput { value: unknown; at: number }
export type RowOutputs = Readonly<Record<string, RowOutput>>;

const rowKey = (rowType: string, id: string) => `${rowType}:${id}`;

/** Keeps the outputs of a finished job's done items under their objects. */
export function recordJobOutputs(store: KernelStore, rowType: string, actionId: string, items: readonly StoredItem[]): number {
  let recorded = 0;
  store.transaction(() => {
    for (const item of items) {
      if (item.state !== 'done' || !item.output) continue;
      let id: unknown;
      let value: unknown;
      try {
        id = (JSON.parse(item.item) as { id?: unknown }).id;
        value = JSON.parse(item.output);
      } catch {
        continue; // an item or output that cannot be read adds nothing
      }
      if (typeof id !== 'string' || !id) continue;
      store.setCell(ROW_OUTPUTS_TABLE, rowKey(rowType, id), actionId, JSON.stringify({ value, at: item.finishedAt || Date.now() }));
      recorded++;
    }
  });
  return recorded;
}

/** Every object of `rowType` with outputs, by object id. */
export function readRowOutputs(store: KernelStore, rowType: string): Map<string, RowOutputs> {
  const prefix = `${rowType}:`;
  const byId = new Map<string, RowOutputs>();
  const table = store.getTable(ROW_OUTPUTS_TABLE);
  for (const [key, cells] of Object.entries(table)) {
    if (!key.startsWith(prefix)) continue;
    const outputs: Record<string, RowOutput> = {};
    for (const [actionId, json] of Object.entries(cells)) {
      try {
        outputs[actionId] = JSON.parse(String(json)) as RowOutput;
      } catch {
        // a damaged cell is skipped
      }
    }
    byId.set(key.slice(prefix.length), outputs);
  }
  return byId;
}

/** The row with its outputs attached (a new object only for rows that have outputs). */
export function withOutputs<Row>(row: Row, outputs: RowOutputs | undefined): Row {
  return outputs ? ({ ...row, [OUTPUTS]: outputs } as Row) : row;
}

/** What the actions found about this row's object: `outputsOf(row)?.['adaccount.billing']?.value`. */
export function outputsOf(row: unknown): RowOutputs | undefined {
  return row !== null && typeof row === 'object' ? (row as Record<string, RowOutputs | undefined>)[OUTPUTS] : undefined;
}

/** One action's latest output value for this row, or undefined when it never ran on it. */
export function outputOf<T = unknown>(row: unknown, actionId: string): T | undefined {
  return outputsOf(row)?.[actionId]?.value as T | undefined;
}

/** The newest output among some actions for this row (e.g. a scan and the removal that followed it). */
export interface FoundOutput<T = unknown> { actionId: string; value: T; at: number }

/** Of these actions, the one whose output on this row is the newest, or undefined when none ran on it. */
export function latestOutput<T = unknown>(row: unknown, actionIds: readonly string[]): FoundOutput<T> | undefined {
  const outputs = outputsOf(row);
  if (!outputs) return undefined;
  let latest: FoundOutput<T> | undefined;
  for (const actionId of actionIds) {
    const found = outputs[actionId];
    if (found && (!latest || found.at > latest.at)) latest = { actionId, value: found.value as T, at: found.at };
  }
  return latest;
}
