import { get, post, type Page, type Paging, type PagingQuery } from './endpoint';

/**
 * How an applied write ended, as the runner's item states name it (`done`: applied; `unknown`: sent,
 * and whether it landed could not be told; `failed`, `skipped`: reported when a job chooses to).
 */
export type JobRecordOutcome = 'done' | 'failed' | 'skipped' | 'unknown';

/**
 * One write a job applied to one platform object, as the browser reports it. `item` is the job item's
 * id, `attempt` the runner's attempt number (from 0): a record is keyed by user + job + item + attempt.
 * `before` / `after` are the object's state around the write (null when there is none, e.g. a created
 * object has no before); secret parameters never appear in them.
 */
export type JobRecordItem = {
  item: string;
  attempt: number;
  object: string;
  outcome: JobRecordOutcome;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** the item's own parameter values over the job's (a value from a spreadsheet), secrets never included */
  params?: Record<string, unknown>;
};

/**
 * What the browser sends for one job: its id, the action id, the platform identity it ran as, and its
 * parameters without the secret (write-only) fields, for the audit log (docs/TEAMS.md). In an
 * organisation (the request's `x-tessera-org`) the records are the organisation's.
 */
export type JobRecordsBody = { job: string; action: string; fbid: string; params?: Record<string, unknown>; items: JobRecordItem[] };

/**
 * `acknowledged`: every item of the request is stored (now or before) and need not be sent again;
 * `added`: how many of them were new (the rest were repeats, ignored: the first one sent stands).
 */
export type JobRecordsAck = { acknowledged: number; added: number };

/** A stored record; `at` is when the server first received it. */
export type JobRecordView = JobRecordItem & { job: string; action: string; fbid: string; at: string };

/** At most this many items in one request (a full request stays under the server's 64 KiB body limit when states are small). */
export const JOB_RECORDS_MAX_ITEMS = 100;
/** `before` and `after` each at most this many bytes as JSON. */
export const JOB_RECORD_STATE_MAX_BYTES = 4096;

/** A job's applied writes, reported by the browser and read back by their owner (token needed). */
export const jobEndpoints = {
  addRecords: post<JobRecordsBody, JobRecordsAck>('/api/jobs/records'),
  /** the caller's records of one job, in the order the server received them */
  records: get<Page<JobRecordView>, { job: string; uid?: string | number } & PagingQuery, { job: string } & Paging>('/api/jobs/records'),
};
