import type { SortingState } from './table-model';

/**
 * The next sorting state after a click on a column header, exactly as TanStack Table's
 * `column.toggleSorting(undefined, multi)` computes it with `sortDescFirst: false`, removal
 * enabled and no multi-sort limit: a plain click cycles the column asc → desc → unsorted and
 * makes it the only sort key; a shift+click adds it as the next key (or cycles/removes it there).
 */
export function toggleSorting(previous: SortingState, columnId: string, multi: boolean): SortingState {
  const existingIndex = previous.findIndex((entry) => entry.id === columnId);
  const existing = existingIndex === -1 ? undefined : previous[existingIndex];
  // asc first; a descending column is removed next.
  const next: 'asc' | 'desc' | false = !existing ? 'asc' : existing.desc ? false : 'desc';
  const desc = next === 'desc';
  const multiMode = previous.length > 0 && multi;
  let action: 'add' | 'toggle' | 'remove' | 'replace' = multiMode ? (existing ? 'toggle' : 'add') : existing ? 'toggle' : 'replace';
  if (action === 'toggle' && next === false) action = 'remove';
  switch (action) {
    case 'add':
      return [...previous, { id: columnId, desc }];
    case 'toggle':
      return multiMode ? previous.map((entry) => (entry.id === columnId ? { ...entry, desc } : entry)) : [{ id: columnId, desc }];
    case 'remove':
      return multiMode ? previous.filter((entry) => entry.id !== columnId) : [];
    default:
      return [{ id: columnId, desc }];
  }
}
