import { useEffect, useMemo, useState } from 'react';
import { useKernel } from '../KernelProvider';
import { countBy, readSnapshots, recordSnapshot, SNAPSHOT_TABLE, type Snapshot } from '../store/snapshots';

// The hooks an area's list and widget use over store/snapshots.ts: they read the store from the
// kernel's context, which sits above the store, so they live with the other list hooks.

/**
 * Records a snapshot of `rows` counted by `keyOf` whenever a loaded list arrives (pass null while it
 * loads). `keyOf` should be a stable function (module level).
 */
export function useListSnapshot<T>(series: string, rows: readonly T[] | null, keyOf: (row: T) => string): void {
  const { store } = useKernel();
  useEffect(() => {
    if (rows) recordSnapshot(store, series, countBy(rows, keyOf));
  }, [store, series, rows, keyOf]);
}

/** A series' snapshots, re-read when one is recorded. */
export function useSnapshots(series: string): Snapshot[] {
  const { store } = useKernel();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const id = store.addTableListener(SNAPSHOT_TABLE, () => setVersion((v) => v + 1));
    return () => { store.delListener(id); };
  }, [store]);
  return useMemo(() => readSnapshots(store, series), [store, series, version]); // eslint-disable-line react-hooks/exhaustive-deps
}
