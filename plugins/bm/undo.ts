/**
 * The inverses of the business-manager area's writes (docs/UNDO.md): each reads what its write
 * changes (a pending invitation, a person's role, the business's name and primary page, a person's
 * tasks on an asset, connections) once per business or asset for every item there, and states it as
 * a flat object that names an absence too (`invited: false`), so a removal's after-state is a state
 * like any other.
 */

// shared with the other areas' inverses (src/kernel/plugin/field-states.ts)
import { groupedStates, itemIdOf as itemKey, tasksOf, tasksRead, tasksState } from '@kernel';

export { groupedStates, itemKey, tasksOf, tasksRead, tasksState };

/** An undo that cannot put this item back as it was: the undo job reports it failed, with this reason. */
export class CannotUndoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotUndoError';
  }
}
