import { useEffect, useState } from 'react';
import type { RunnerControl } from './tabs/remote-runner';
import { ITEMS, JOBS, type StoredItem } from './job-store';
import type { JobRow } from './types';

/** Re-renders when the jobs (or one job's items) change; updates are coalesced to one per frame. */
function useStoreVersion(runner: RunnerControl, table: string): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const store = runner.store;
    let frame: number | null = null;
    const bump = () => {
      if (frame !== null) return;
      frame = requestAnimationFrame(() => { frame = null; setVersion((v) => v + 1); });
    };
    const id = store.addTableListener(table, bump);
    // A change between the render and this subscription (a job started meanwhile) would be missed:
    // read once more now that the listener is in place.
    bump();
    return () => { store.delListener(id); if (frame !== null) cancelAnimationFrame(frame); };
  }, [runner, table]);
  return version;
}

export function useJobs(runner: RunnerControl): JobRow[] {
  useStoreVersion(runner, JOBS);
  return runner.jobs();
}

export function useJobItems(runner: RunnerControl, jobId: string | null): StoredItem[] {
  useStoreVersion(runner, ITEMS);
  return jobId ? runner.items(jobId) : [];
}
