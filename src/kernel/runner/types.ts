import type { BatchRequest } from '../graph/batch';

export type JobStatus = 'running' | 'paused' | 'interrupted' | 'done' | 'cancelled';
export type ItemState = 'pending' | 'inflight' | 'done' | 'failed' | 'skipped' | 'unknown';

/** Why a job is paused: the operator, the platform's session (token, checkpoint, policy block), or a settle in progress. */
export type PauseReason = 'operator' | 'session' | 'interrupted' | '';

export interface JobRow {
  id: string;
  actionId: string;
  pluginId: string;
  status: JobStatus;
  pauseReason: PauseReason;
  /** The message that paused the job (e.g. the platform's session error). */
  pauseMessage: string;
  params: string;
  total: number;
  done: number;
  failed: number;
  skipped: number;
  unknown: number;
  createdAt: number;
  startedAt: number;
  updatedAt: number;
  finishedAt: number;
  dryRun: boolean;
}

export interface ItemRow {
  jobId: string;
  index: number;
  itemId: string;
  item: string;
  state: ItemState;
  attempts: number;
  message: string;
  /** Id of the write in flight, stored before it is sent (for settling after a reload). */
  requestId: string;
  /** When the write in flight stops being worth waiting for. */
  deadline: number;
  finishedAt: number;
}

/** An item a job works on: anything with a string id. */
export interface JobItem { id: string; [key: string]: unknown }

export interface RecordedRequest {
  itemId: string;
  method: string;
  url: string;
  body?: string;
  batch?: BatchRequest;
}

export class RunnerRefusal extends Error {
  constructor(message: string, readonly reason: 'unknown-action' | 'role' | 'disabled' | 'extension' | 'params' | 'empty', readonly fieldErrors: { field: string; message: string }[] = []) {
    super(message);
    this.name = 'RunnerRefusal';
  }
}
