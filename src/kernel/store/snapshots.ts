import type { KernelStore } from './store';

/**
 * Counts an area records about its own list each time that list loads (ad accounts by status…), kept
 * in the operator's own store (per user: docs/INTERFACES.md section 5) so the dashboard can draw how
 * they changed. One snapshot per series and day (the day's last one wins), at most SNAPSHOT_DAYS days.
 */
export const SNAPSHOT_TABLE = 'snapshots';
export const SNAPSHOT_DAYS = 90;

export interface Snapshot { series: string; day: string; at: number; counts: Record<string, number> }

/** The local calendar day of `at`, as YYYY-MM-DD. */
export function dayOf(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function recordSnapshot(store: KernelStore, series: string, counts: Record<string, number>, at = Date.now()): void {
  const day = dayOf(at);
  store.transaction(() => {
    store.setRow(SNAPSHOT_TABLE, `${series}@${day}`, { series, day, at, counts: JSON.stringify(counts) });
    const days = readSnapshots(store, series);
    for (const old of days.slice(0, Math.max(0, days.length - SNAPSHOT_DAYS))) store.delRow(SNAPSHOT_TABLE, `${series}@${old.day}`);
  });
}

/** A series' snapshots, oldest first; damaged rows are skipped. */
export function readSnapshots(store: KernelStore, series: string): Snapshot[] {
  const out: Snapshot[] = [];
  const rows = store.getTable(SNAPSHOT_TABLE);
  for (const row of Object.values(rows)) {
    if (row.series !== series || typeof row.day !== 'string' || typeof row.counts !== 'string') continue;
    try {
      const counts = JSON.parse(row.counts) as Record<string, number>;
      if (counts && typeof counts === 'object') out.push({ series, day: row.day, at: Number(row.at) || 0, counts });
    } catch { /* skipped */ }
  }
  return out.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** `rows` counted by `keyOf`. */
export function countBy<T>(rows: readonly T[], keyOf: (row: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) { const k = keyOf(row); counts[k] = (counts[k] ?? 0) + 1; }
  return counts;
}
