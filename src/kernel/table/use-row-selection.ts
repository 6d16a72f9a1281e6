import { useCallback, useMemo, useRef, useState } from 'react';
import { SelectionSet, type IdLookup } from './selection';

export type SelectionUpdater = (previous: SelectionSet) => SelectionSet;

const NOTHING: ReadonlySet<string> = new Set();

/**
 * Selection is a set of row ids (a SelectionSet: one byte per row), never per-row objects: it
 * survives sorting, filtering and paging because nothing about it depends on the view.
 * Controlled when `controlled` is given; any ReadonlySet works, the table's own sets are free.
 */
export function useRowSelection(
  controlled: ReadonlySet<string> | undefined,
  onChange: ((ids: ReadonlySet<string>) => void) | undefined,
  lookup: IdLookup,
) {
  const [internal, setInternal] = useState<ReadonlySet<string>>(NOTHING);
  const raw = controlled ?? internal;
  const selection = useMemo(() => SelectionSet.adopt(raw, lookup), [raw, lookup]);

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
