import type { AuditEntry, AuditQuery } from '@kernel';

/** The search form as the operator fills it: dates are the days of the date inputs (YYYY-MM-DD, local). */
export interface AuditForm { object: string; actor: string; action: string; since: string; until: string }
export const EMPTY_AUDIT_FORM: AuditForm = { object: '', actor: '', action: '', since: '', until: '' };

/** The local midnight starting a day of a date input, as an ISO time; `days` later for the end of a range. */
function dayStart(day: string, days = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days).toISOString();
}

/**
 * The search's query (protocol/api/audit.ts, `AuditQuery`): empty fields left out; `since` the start of
 * its day, `until` the end of its day (the server's `until` is exclusive, so the next day's start).
 */
export function auditQuery(form: AuditForm): AuditQuery {
  const query: AuditQuery = {};
  if (form.object.trim()) query.object = form.object.trim();
  if (form.actor) query.actor = form.actor;
  if (form.action) query.action = form.action;
  const since = dayStart(form.since);
  if (since) query.since = since;
  const until = dayStart(form.until, 1);
  if (until) query.until = until;
  return query;
}

/** The query as a URL's search string, for the CSV export. */
export function querySearch(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const valueText = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** What the write changed: each field whose value differs, `field: before → after`. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => `${f}: ${valueText(before[f])} → ${valueText(after[f])}`);
}

/** The parameters, one `name: value` per line. */
export function paramLines(params: Record<string, unknown> | null): string[] {
  return Object.entries(params ?? {}).map(([k, v]) => `${k}: ${valueText(v)}`);
}
