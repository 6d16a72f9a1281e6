// An undo's read of an object's own fields (docs/UNDO.md), for the items of a job.
import { readNodeFields, stateOf, type ObjectState } from '../graph/read-states';
import { itemIdOf, type JobItem } from '../jobs/item';
import type { UndoReadContext } from './types';

/**
 * The fields of each item's object as its state, by job item id (an `undo.read` for a write that
 * changes fields of the object itself); `node` names the object (default the item's id).
 */
export async function fieldStates(items: readonly JobItem[], fields: readonly string[], ctx: UndoReadContext, node: (item: JobItem) => string = (item) => String(item.id)): Promise<Map<string, ObjectState | null>> {
  const nodes = await readNodeFields(ctx.bridge, items.map(node), fields, ctx.signal);
  return new Map(items.filter((item) => nodes.has(node(item))).map((item) => [itemIdOf(item), stateOf(nodes.get(node(item)), fields)]));
}

/**
 * Every item's state from a read made once per group (one business, one pixel, one asset) and shared
 * by the items of that group: the groups one after the other, on the job's lane.
 */
export async function groupedStates<I extends JobItem, R>(items: readonly I[], groupOf: (item: I) => string, readGroup: (item: I) => Promise<R>, stateOf: (item: I, relation: R) => ObjectState): Promise<Map<string, ObjectState | null>> {
  const read = new Map<string, R>();
  const out = new Map<string, ObjectState | null>();
  for (const item of items) {
    const group = groupOf(item);
    if (!read.has(group)) read.set(group, await readGroup(item));
    out.set(itemIdOf(item), stateOf(item, read.get(group)!));
  }
  return out;
}

/** Tasks as a state value: sorted and comma-joined, so the same tasks in another order are the same state. */
export const tasksState = (tasks: readonly string[] | undefined | null): string => [...new Set(tasks ?? [])].sort().join(',');
/** A relation's tasks as read: `tasks` to compare, `listed` (the platform's order) to write them back as they were. */
export const tasksRead = (tasks: readonly string[]) => ({ tasks: tasksState(tasks), listed: tasks.join(',') });
/** The tasks of a before-state, to write them back (in the order the platform listed them). */
export function tasksOf(state: ObjectState): string[] {
  const value = state.listed ?? state.tasks;
  return typeof value === 'string' && value ? value.split(',') : [];
}
