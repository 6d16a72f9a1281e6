/**
 * The inverses of the business-manager area's writes (docs/UNDO.md): each reads what its write
 * changes (a pending invitation, a person's role, the business's name and primary page, a person's
 * tasks on an asset, connections) once per business or asset for every item there, and states it as
 * a flat object that names an absence too (`invited: false`), so a removal's after-state is a state
 * like any other.
 */
import type { JobItem, ObjectState } from '@kernel';

/** The job item id of an item, as the runner keys states (the kernel's itemIdOf): its id, or `<id>|<pair>`. */
export const itemKey = (item: JobItem): string => (typeof item.pair === 'string' ? `${String(item.id)}|${item.pair}` : String(item.id));

/** Every item's state from a read made once per group (a business, an asset), the groups one after the other on the job's lane. */
export async function groupedStates<I extends JobItem, R>(items: readonly I[], groupOf: (item: I) => string, readGroup: (item: I) => Promise<R>, stateOf: (item: I, relation: R) => ObjectState): Promise<Map<string, ObjectState | null>> {
  const read = new Map<string, R>();
  const out = new Map<string, ObjectState | null>();
  for (const item of items) {
    const group = groupOf(item);
    if (!read.has(group)) read.set(group, await readGroup(item));
    out.set(itemKey(item), stateOf(item, read.get(group)!));
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

/** An undo that cannot put this item back as it was: the undo job reports it failed, with this reason. */
export class CannotUndoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotUndoError';
  }
}
