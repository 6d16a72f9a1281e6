// The notes the runner itself leaves on items, in the operator's language; any other message (the
// platform's error, an action's note) is shown as it came, as text.
import { BEFORE_UNREAD, CHANGED_SINCE, UNDO_ALREADY } from './undo';

const NOTES: Record<string, string> = {
  cancelled: 'runner.notes.cancelled',
  unresolved: 'runner.notes.unresolved',
  'unknown — check': 'runner.notes.unknown',
  // settle.ts: a write left in flight by a reload, settled afterwards
  'settled: verified': 'runner.notes.verified',
  'settled: done': 'runner.notes.confirmed',
  [UNDO_ALREADY]: 'undo.notes.already',
  [CHANGED_SINCE]: 'undo.notes.changedSince',
  [BEFORE_UNREAD]: 'undo.notes.beforeUnread',
};

/** settle.ts's "unknown — check (<why verify failed>)": the note, with the reason after it. */
const UNKNOWN_BECAUSE = /^unknown — check \((.*)\)$/s;

export function itemMessageText(message: string, t: (key: string) => string): string {
  const key = NOTES[message];
  if (key) return t(key);
  const unknown = UNKNOWN_BECAUSE.exec(message);
  return unknown ? `${t('runner.notes.unknown')} (${unknown[1]})` : message;
}
