// Job records (docs/UNDO.md, "Job records"): every write a job applied is reported to the server,
// which keeps the history the watch and the audit log read. A record waits in the job's own item
// (record `due`, persisted with the job) until the server acknowledges it, and is sent again until
// then: after a failed request, a reload, or a server that was down. The server ignores a repeat (its
// key is user + job + item + attempt), so a record sent twice is stored once.
//
// For the audit log (docs/TEAMS.md) a request also carries the job's parameters and each item its own
// values (src/kernel/jobs/item.ts), never a secret: the job's stored parameters already leave the secrets
// out (src/kernel/runner/draft.ts, splitSecrets), and every name the job kept in memory (`secretFields`)
// or the action's schema marks `writeOnly` (src/kernel/runner/params.ts, secretFields) is dropped again
// here, from the job's parameters and from each item's own. Nothing new is stored in the browser: the
// parameters are read from the job and its items as they were always kept, so records stored before
// this (and jobs without parameters) are sent as they are, without `params`.
import { JOB_RECORD_STATE_MAX_BYTES, JOB_RECORDS_MAX_ITEMS, type JobRecordItem, type JobRecordsAck, type JobRecordsBody } from '../../../protocol/api';
import { ownParams, type JobItem } from '../jobs/item';
import { ITEMS, ITEMS_BY_RECORD, type JobStore, type StoredItem } from './job-store';
import type { JobRow } from './types';
import { parseState } from './undo';

export interface JobRecordsOptions {
  /**
   * Sends one request. `org`: the team the job ran in (its `x-tessera-org`), null for the user's own work
   * (and every job kept before teams): a job's records go to its team, whichever the page works in now.
   */
  send: (body: JobRecordsBody, org: number | null) => Promise<JobRecordsAck>;
  /** The platform identity now, for a job that started before it was known. */
  platformUserId: () => string | null | undefined;
  /** Wait after a new record before sending (records of one batch go together). */
  gatherMs?: number;
  /** Wait after a failed send, doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Told after the server acknowledged records of a job (the watch's views read again: the bus's `records:acknowledged`). */
  acknowledged?: (jobId: string, count: number) => void;
  /** The action's secret (`writeOnly`) parameter names, from its schema: never sent, whatever the job kept. */
  secretNames?: (actionId: string) => readonly string[];
}

/** The server's bound on a parameters object (server/routes/jobs.ts: `maxProperties`). */
const PARAMS_MAX_PROPERTIES = 100;

function parseObject(json: string | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

function parseNames(json: string | undefined): string[] {
  try {
    const value = JSON.parse(json || '[]') as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * Parameters as the audit log gets them: without any of the secret names, and only when the server takes
 * them (at most 100 names and 4 KiB of JSON, else left out: the records still go). Null when none are left.
 */
export function publicParams(params: Record<string, unknown> | null, secrets: readonly string[]): Record<string, unknown> | null {
  if (!params) return null;
  const kept = Object.fromEntries(Object.entries(params).filter(([name, value]) => !secrets.includes(name) && value !== undefined));
  const names = Object.keys(kept).length;
  if (!names || names > PARAMS_MAX_PROPERTIES) return null;
  return new TextEncoder().encode(JSON.stringify(kept)).length <= JOB_RECORD_STATE_MAX_BYTES ? kept : null;
}

/** Every parameter name of a job that is a secret: the ones it kept in memory, and the action's `writeOnly` ones. */
export function jobSecrets(job: Pick<JobRow, 'secretFields' | 'actionId'>, schemaSecrets: readonly string[] = []): string[] {
  return [...new Set([...parseNames(job.secretFields), ...schemaSecrets])];
}

/** The body of one request: the job, its parameters without secrets, and the records (each with its own parameters). */
export function recordsBody(job: Pick<JobRow, 'id' | 'actionId' | 'params' | 'secretFields'>, fbid: string, rows: readonly StoredItem[], secrets: readonly string[]): JobRecordsBody {
  const params = publicParams(parseObject(job.params), secrets);
  return { job: job.id, action: job.actionId, fbid, ...(params ? { params } : {}), items: rows.map((r) => recordOf(r, secrets)) };
}

/** One stored item as the record the server keeps (its own parameter values, secrets left out, as `params`). */
export function recordOf(row: StoredItem, secrets: readonly string[] = []): JobRecordItem {
  const item = JSON.parse(row.item) as JobItem;
  const own = publicParams(item && typeof item === 'object' ? ownParams(item) : null, secrets);
  return {
    item: row.itemId,
    attempt: Math.max(0, row.attempts - 1),
    object: String(item.id ?? row.itemId),
    outcome: 'done',
    before: fitting(parseState(row.before)),
    after: fitting(parseState(row.after)),
    ...(own ? { params: own } : {}),
  };
}

/** A state the server takes (at most 4 KiB of JSON); a bigger one stays in the browser only. */
function fitting(state: ReturnType<typeof parseState>): JobRecordItem['before'] {
  if (!state) return null;
  return new TextEncoder().encode(JSON.stringify(state)).length <= JOB_RECORD_STATE_MAX_BYTES ? state : null;
}

/** Sends the outbox of job records; one per page, in the tab that runs the jobs. */
export class JobRecordsReporter {
  private timer: unknown = null;
  private sending: Promise<number> | null = null;
  private retryMs: number;
  private stopped = false;
  private listener: string | null = null;

  constructor(private readonly jobs: JobStore, private readonly o: JobRecordsOptions) {
    this.retryMs = o.retryMs ?? 5_000;
  }

  /** Watches the outbox: what is due now, and every record that becomes due later, is sent. */
  start(): () => void {
    this.stopped = false;
    this.listener = this.jobs.indexes.addSliceRowIdsListener(ITEMS_BY_RECORD, 'due', () => this.soon(this.o.gatherMs ?? 1_000));
    if (this.jobs.dueRecords().length) this.soon(0);
    return () => this.stop();
  }

  stop(): void {
    this.stopped = true;
    if (this.listener) this.jobs.indexes.delListener(this.listener);
    this.listener = null;
    if (this.timer !== null) (this.o.clearTimeout ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
  }

  private soon(ms: number): void {
    if (this.stopped || this.timer !== null) return;
    this.timer = (this.o.setTimeout ?? setTimeout)(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /**
   * Sends every due record (by job, at most JOB_RECORDS_MAX_ITEMS a request) and marks the ones the
   * server acknowledged as sent; resolves with how many were acknowledged. A failed request leaves its
   * records due and tries again later (the wait doubles, up to a minute).
   */
  flush(): Promise<number> {
    if (this.sending) return this.sending;
    this.sending = this.sendDue().finally(() => { this.sending = null; });
    return this.sending;
  }

  private async sendDue(): Promise<number> {
    const byJob = new Map<string, StoredItem[]>();
    for (const rowId of this.jobs.dueRecords()) {
      const row = this.jobs.item(rowId);
      if (!row) continue;
      const list = byJob.get(row.jobId) ?? [];
      list.push(row);
      byJob.set(row.jobId, list);
    }
    let acknowledged = 0;
    for (const [jobId, rows] of byJob) {
      const job = this.jobs.job(jobId);
      const fbid = job?.fbid || this.o.platformUserId() || '';
      if (!job || !fbid) continue; // no identity yet: sent once the extension tells who the operator is
      const secrets = jobSecrets(job, this.o.secretNames?.(job.actionId) ?? []);
      for (let i = 0; i < rows.length; i += JOB_RECORDS_MAX_ITEMS) {
        const part = rows.slice(i, i + JOB_RECORDS_MAX_ITEMS);
        try {
          await this.o.send(recordsBody(job, fbid, part, secrets), job.org > 0 ? job.org : null);
        } catch {
          this.retryLater();
          return acknowledged;
        }
        this.jobs.store.transaction(() => part.forEach((r) => {
          if (this.jobs.store.getCell(ITEMS, r.rowId, 'record') === 'due') this.jobs.store.setCell(ITEMS, r.rowId, 'record', 'sent');
        }));
        acknowledged += part.length;
        this.o.acknowledged?.(jobId, part.length);
      }
    }
    this.retryMs = this.o.retryMs ?? 5_000;
    // records that became due while these were sent, or waited for an identity
    if (this.jobs.dueRecords().length) this.retryLater();
    return acknowledged;
  }

  private retryLater(): void {
    const wait = this.retryMs;
    this.retryMs = Math.min(wait * 2, this.o.maxRetryMs ?? 60_000);
    this.soon(wait);
  }
}
