/** A recent-item record as the areas write it to /api/pay/addRecord (docs/SPEC.md, "Recent-item record"). */
export interface RecentRecord {
  id: number;
  moduleId: string;
  recordId: string;
  name: string;
  bmName: string;
  avatar: string;
  createdAt: string;
}

interface ServerRecord { id: number; module_id: string; data: unknown; createdAt: string }

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The server's rows of one module as records; rows without a name or id are dropped (the data is whatever a client sent). */
export function toRecords(rows: unknown): RecentRecord[] {
  if (!Array.isArray(rows)) return [];
  return (rows as ServerRecord[]).flatMap((r) => {
    const d = (r && typeof r.data === 'object' && r.data ? r.data : {}) as Record<string, unknown>;
    const recordId = text(d.record_id);
    const name = text(d.record_name) || recordId;
    if (!name || typeof r.module_id !== 'string') return [];
    return [{ id: r.id, moduleId: r.module_id, recordId, name, bmName: text(d.bm_name), avatar: text(d.avatar), createdAt: String(r.createdAt) }];
  });
}

/** Every module's records, newest first, at most `limit`. */
export function newestFirst(lists: RecentRecord[][], limit: number): RecentRecord[] {
  return lists.flat().sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id)).slice(0, limit);
}

/** The letter shown when a record has no avatar. */
export function initialOf(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}
