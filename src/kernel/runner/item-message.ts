// The notes the runner itself leaves on items, in the operator's language; any other message (the
// platform's error, an action's note) is shown as it came, as text.
import { CHANGED_SINCE, UNDO_ALREADY } from './undo';

const NOTES: Record<string, string> = {
  cancelled: 'runner.notes.cancelled',
  unresolved: 'runner.notes.unresolved',
  'unknown — check': 'runner.notes.unknown',
  [UNDO_ALREADY]: 'undo.notes.already',
  [CHANGED_SINCE]: 'undo.notes.changedSince',
};

export function itemMessageText(message: string, t: (key: string) => string): string {
  const key = NOTES[message];
  return key ? t(key) : message;
}
