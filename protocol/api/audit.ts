import { get, post, type Page, type Paging, type PagingQuery } from './endpoint';
import type { JobRecordOutcome } from './jobs';

// The audit log (docs/TEAMS.md, "The audit log"): every write members' browsers reported as job records
// (`POST /api/jobs/records`), searchable. In an organisation (the request's ORG_HEADER) an owner or admin
// reads everyone's entries made in it, any other member their own; outside one, the caller reads their own.

/** One audited write: who, as which platform identity, when, which action on which object, and how it ended. */
export type AuditEntry = {
  at: string;
  actor: { userId: number; email: string; name: string };
  fbid: string;
  job: string;
  action: string;
  object: string;
  item: string;
  attempt: number;
  /** the job's parameters (the item's own values over them), secrets never included; null when the browser sent none */
  params: Record<string, unknown> | null;
  outcome: JobRecordOutcome;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * The search: `object` an object id, `actor` a member's user id or e-mail address, `action` an action id
 * or an area's wildcard (`adaccount.*`), `since` / `until` ISO times (since inclusive, until exclusive).
 */
export type AuditQuery = { object?: string; actor?: string; action?: string; since?: string; until?: string; uid?: string | number };

/**
 * A page of the search. Counting every matching entry of a large organisation costs a scan of them all,
 * so the count stops at AUDIT_COUNT_MAX: `total` is exact when `totalCapped` is false, otherwise there
 * are at least that many (the pages still reach every entry: ask for the next until one comes back short).
 */
export type AuditPage = Page<AuditEntry> & { totalCapped: boolean };
/** The search counts matching entries up to this many (see AuditPage). */
export const AUDIT_COUNT_MAX = 1_000;

/** The CSV export answers at most this many entries (the newest); the search pages through any number. */
export const AUDIT_EXPORT_MAX = 100_000;
/** How long entries are kept by default, in days (an organisation's owner or admin sets its own). */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;
export const AUDIT_RETENTION_DAYS = { min: 7, max: 3650 } as const;

/** The CSV export's path (`GET`, same query as the search): `text/csv`, not the JSON envelope. */
export const AUDIT_EXPORT_PATH = '/api/audit/export';

export const auditEndpoints = {
  /** the entries the caller may read, newest first */
  search: get<AuditPage, AuditQuery & PagingQuery, AuditQuery & Paging>('/api/audit'),
  /** the organisation's retention in days (any member); outside an organisation, how long the caller's own entries are kept */
  retention: get<{ days: number }>('/api/audit/retention'),
  /** sets the organisation's retention (its owner or an admin), within AUDIT_RETENTION_DAYS */
  setRetention: post<{ days: number }, { days: number }>('/api/audit/retention'),
};
