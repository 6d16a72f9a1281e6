import type { BatchRequest } from '../graph/batch';

/** `failed`: the job stopped before its items ran (its code could not be loaded, or `prepare` threw); `error` says why. */
export type JobStatus = 'running' | 'paused' | 'interrupted' | 'done' | 'cancelled' | 'failed';
export type ItemState = 'pending' | 'inflight' | 'done' | 'failed' | 'skipped' | 'unknown';

/**
 * Why a job is paused: the operator, the platform's session (token, checkpoint, policy block), a
 * reload, a secret parameter the operator must enter again (secrets are never stored), or the page's
 * storage, which could not save a write's in-flight record (so the write was not sent).
 */
export type PauseReason = 'operator' | 'session' | 'version' | 'interrupted' | 'secret' | 'storage'
  /** waits for a team owner's or admin's approval (`approval`: the request's id; src/kernel/runner/approval-wait.ts) */
  | 'approval' | '';

export interface JobRow {
  id: string;
  actionId: string;
  pluginId: string;
  status: JobStatus;
  pauseReason: PauseReason;
  /** The message that paused the job (e.g. the platform's session error). */
  pauseMessage: string;
  /** JSON of the parameters, without the secret ones (`secretFields`). */
  params: string;
  /** JSON array of the parameter names kept in memory only (`writeOnly` in the action's schema). */
  secretFields: string;
  /** Why the job failed (status `failed`). */
  error: string;
  /**
   * JSON array of the parameters' problems (`FieldError`s of params.ts) when the job failed because
   * its parameters were refused before anything was sent; '[]' otherwise. The jobs panel words them
   * in the operator's language, as the action dialog does.
   */
  errorFields: string;
  /**
   * Writes a reload left in flight that the runner is still settling (asking the outcome journal
   * until their deadline, then `verify`), and the latest of their deadlines (ms); 0 when none.
   */
  settling: number;
  settlingUntil: number;
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
  /** Who started it (their name as Tessera knows it); '' for jobs kept by a version before this field. */
  startedBy: string;
  /** The job this one undoes ('' for a job the operator started): its items put back their before-states. */
  undoOf: string;
  /** The platform identity (social account id) the job ran as, for its job records; '' when not known. */
  fbid: string;
  /**
   * The team the job ran in (its id; 0: the user's own work, and every job kept by a version before
   * teams): its job records go to that team, whichever the page works in when they are sent.
   */
  org: number;
  /** The team's approval request the job waits for or ran under (its id); 0: none. */
  approval: number;
}

export interface ItemRow {
  jobId: string;
  index: number;
  itemId: string;
  item: string;
  state: ItemState;
  attempts: number;
  /** An error, or a note the action returned as text. */
  message: string;
  /** JSON of what the item returned, when the action declares an `output` ('' otherwise). */
  output: string;
  /** The item's rate-limit scope ('' = the lane's), from its plugin's scope declaration. */
  scope: string;
  /** Id of the write in flight, stored before it is sent (for settling after a reload). */
  requestId: string;
  /**
   * JSON array of the ids of every attempt that may have landed and is not settled yet (the last one
   * included), so a reloaded page asks the outcome journal about each; emptied once the item is
   * settled as not applied.
   */
  requestIds?: string;
  /** When the write in flight stops being worth waiting for. */
  deadline: number;
  finishedAt: number;
  /**
   * JSON of the object's state before the write (the action's `undo.read`, fresh from the platform
   * just before the first attempt; `null` when the object or relation did not exist), '' when not read
   * (a read, or a write without an inverse).
   */
  before?: string;
  /** JSON of the state the write left (`undo.after`), '' when none. */
  after?: string;
  /**
   * The applied write's job record (src/kernel/runner/job-records.ts): 'due' until the server
   * acknowledges it, then 'sent'; '' for an item with nothing to report (not applied, or a read).
   */
  record?: string;
}

export type { JobItem } from '../jobs/item';

export interface RecordedRequest {
  itemId: string;
  method: string;
  url: string;
  body?: string;
  batch?: BatchRequest;
}

/** A problem `preflight` found with one item of a dry run. */
export interface PreflightFinding {
  /** The job item's id (`<item>|<entry>` for a pair action). */
  itemId: string;
  /** The selected item's id. */
  sourceId: string;
  key: string;
  values?: Record<string, unknown>;
}

export interface DryRunResult {
  /** The requests of the first items (nothing leaves the page). */
  requests: RecordedRequest[];
  /** What `preflight` flagged, over every item of the job. */
  problems: PreflightFinding[];
  /** Items the job would have (pairs counted one by one). */
  total: number;
}

export type RefusalReason = 'unknown-action' | 'role' | 'disabled' | 'extension' | 'operations' | 'lane' | 'params' | 'secret' | 'secret-tab' | 'empty' | 'platform'
  /** the team's action policy does not let the user's role run it (names: what decided, the item limit) */
  | 'policy'
  /** the team's policy lets it run once an owner or admin approves this exact job (names: why, the item limit) */
  | 'approval'
  /** the team's policy is still loading */
  | 'policy-loading';

export class RunnerRefusal extends Error {
  /**
   * @param names what the reason is about, for a translated message: the GraphQL operations without
   * a document id (`operations`), the secret fields still to enter (`secret`)
   */
  constructor(message: string, readonly reason: RefusalReason, readonly fieldErrors: { field: string; message: string }[] = [], readonly names: string[] = []) {
    super(message);
    this.name = 'RunnerRefusal';
  }
}
