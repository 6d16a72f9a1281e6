import { useCallback, useRef, useState } from 'react';

export type SelectionUpdater = (previous: ReadonlySet<string>) => ReadonlySet<string>;

/**
 * Selection is a set of row ids, never per-row objects: it costs nothing for unselected rows
 * and survives sorting, filtering and paging because nothing about it depends on the view.
 */
export function useRowSelection(
  controlled: ReadonlySet<string> | undefined,
  onChange: ((ids: ReadonlySet<string>) => void) | undefined,
) {
  const [internal, setInternal] = useState<ReadonlySet<string>>(() => new Set());
  const selection = controlled ?? internal;

  // Handlers are stable (rows are memoised on them); they read the latest values from refs.
  const latest = useRef({ selection, controlled: controlled !== undefined, onChange });
  latest.current = { selection, controlled: controlled !== undefined, onChange };

  const update = useCallback((updater: SelectionUpdater) => {
    const current = latest.current;
    const next = updater(current.selection);
    if (next === current.selection) return;
    // Keep the ref ahead of React so two updates in one event see each other.
    current.selection = next;
    if (!current.controlled) setInternal(next);
    current.onChange?.(next);
  }, []);

  return { selection, update, latest } as const;
}
