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
