import { createIndexes, type Indexes } from 'tinybase/indexes';
import type { KernelStore } from '../store/store';
import type { ItemRow, ItemState, JobRow } from './types';

export const JOBS = 'jobs';
export const ITEMS = 'items';
export const HISTORY_LIMIT = 100;
/** TinyBase index of the items table with one slice per job id. */
export const ITEMS_BY_JOB = 'itemsByJob';
/** TinyBase index of the items table by their job record's state (`due` ones are the outbox). */
export const ITEMS_BY_RECORD = 'itemsByRecord';

export type StoredItem = ItemRow & { rowId: string };

/** Row id of a job's item: sorting the ids sorts the items by position. */
export const itemRowId = (jobId: string, index: number) => `${jobId}:${String(index).padStart(7, '0')}`;

const FINISHED: readonly ItemState[] = ['done', 'failed', 'skipped', 'unknown'];
const JOB_DEFAULTS: Partial<JobRow> = { secretFields: '[]', error: '', errorFields: '[]', settling: 0, settlingUntil: 0, startedBy: '', undoOf: '', fbid: '', org: 0, approval: 0 };
const ITEM_DEFAULTS: Partial<ItemRow> = { output: '', scope: '', requestIds: '[]', before: '', after: '', record: '' };

type Cells = Record<string, string | number | boolean>;

/**
 * Jobs and their items in the page's TinyBase store (persisted, so a reload finds them). A job's
 * items are reached through an index by job id, never by scanning the kept history, and the job's
 * counters move with each item's state, so finishing an item costs the same with 100 jobs kept as
 * with one.
 */
export class JobStore {
  readonly indexes: Indexes;

  constructor(readonly store: KernelStore, private readonly now: () => number) {
    this.indexes = createIndexes(store);
    if (!this.indexes.hasIndex(ITEMS_BY_JOB)) this.indexes.setIndexDefinition(ITEMS_BY_JOB, ITEMS, 'jobId');
    if (!this.indexes.hasIndex(ITEMS_BY_RECORD)) this.indexes.setIndexDefinition(ITEMS_BY_RECORD, ITEMS, 'record');
  }

  job(jobId: string): JobRow | null {
    const row = this.store.getRow(JOBS, jobId);
    return Object.keys(row).length ? ({ id: jobId, ...JOB_DEFAULTS, ...row } as unknown as JobRow) : null;
  }

  jobs(): JobRow[] {
    return this.store.getRowIds(JOBS).map((id) => this.job(id)!).sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The row ids of one job's items, in item order. */
  itemIds(jobId: string): string[] {
    return [...this.indexes.getSliceRowIds(ITEMS_BY_JOB, jobId)].sort();
  }

  items(jobId: string): StoredItem[] {
    return this.itemIds(jobId).map((rowId) => this.item(rowId)!).filter(Boolean);
  }

  item(rowId: string): StoredItem | null {
    const row = this.store.getRow(ITEMS, rowId);
    return Object.keys(row).length ? ({ rowId, ...ITEM_DEFAULTS, ...row } as unknown as StoredItem) : null;
  }

  create(jobId: string, job: Omit<JobRow, 'id'>, items: readonly ItemRow[]): void {
    this.store.transaction(() => {
      this.store.setRow(JOBS, jobId, job as unknown as Cells);
      items.forEach((item) => this.store.setRow(ITEMS, itemRowId(jobId, item.index), item as unknown as Cells));
    });
  }

  patchJob(jobId: string, patch: Partial<JobRow>): void {
    if (!this.store.hasRow(JOBS, jobId)) return;
    this.store.setPartialRow(JOBS, jobId, { ...(patch as Cells), updatedAt: this.now() });
  }

  /** Changes an item; a change of state moves its job's counters (no recount of the job). */
  patchItem(rowId: string, patch: Partial<ItemRow>): void {
    if (!this.store.hasRow(ITEMS, rowId)) return;
    const before = patch.state === undefined ? undefined : (this.store.getCell(ITEMS, rowId, 'state') as ItemState);
    this.store.transaction(() => {
      this.store.setPartialRow(ITEMS, rowId, patch as Cells);
      if (before === undefined || before === patch.state) return;
      // an applied write goes to the outbox of job records (job-records.ts)
      if (patch.state === 'done' && this.store.getCell(ITEMS, rowId, 'record') === 'write') this.store.setCell(ITEMS, rowId, 'record', 'due');
      const jobId = this.store.getCell(ITEMS, rowId, 'jobId') as string;
      const counts: Partial<Record<ItemState, number>> = {};
      if (FINISHED.includes(before)) counts[before] = Math.max(0, Number(this.store.getCell(JOBS, jobId, before) ?? 0) - 1);
      if (FINISHED.includes(patch.state!)) counts[patch.state!] = Number(this.store.getCell(JOBS, jobId, patch.state!) ?? 0) + 1;
      if (Object.keys(counts).length) this.patchJob(jobId, counts as Partial<JobRow>);
    });
  }

  /** Recounts one job from its items (after a reload, when counters may predate a crash). */
  recount(jobId: string): void {
    const counts = { done: 0, failed: 0, skipped: 0, unknown: 0 };
    for (const rowId of this.itemIds(jobId)) {
      const state = this.store.getCell(ITEMS, rowId, 'state') as ItemState;
      if (state in counts) counts[state as keyof typeof counts] += 1;
    }
    this.patchJob(jobId, counts);
  }

  /** Items still to send or in flight, from the counters. */
  open(job: JobRow): number {
    return job.total - job.done - job.failed - job.skipped - job.unknown;
  }

  /** Row ids of the items whose job record the server has not acknowledged yet (the outbox). */
  dueRecords(): string[] {
    return [...this.indexes.getSliceRowIds(ITEMS_BY_RECORD, 'due')];
  }

  /**
   * Keeps the last HISTORY_LIMIT jobs; older finished ones and their items are removed, but never a
   * job with a record the server has not acknowledged yet (it stays until it is sent).
   */
  trimHistory(): void {
    const unsent = new Set(this.dueRecords().map((rowId) => this.store.getCell(ITEMS, rowId, 'jobId') as string));
    const old = this.jobs().slice(HISTORY_LIMIT).filter((j) => (j.status === 'done' || j.status === 'cancelled' || j.status === 'failed') && !unsent.has(j.id));
    if (!old.length) return;
    this.store.transaction(() => {
      for (const j of old) {
        for (const rowId of [...this.indexes.getSliceRowIds(ITEMS_BY_JOB, j.id)]) this.store.delRow(ITEMS, rowId);
        this.store.delRow(JOBS, j.id);
      }
    });
  }
}
