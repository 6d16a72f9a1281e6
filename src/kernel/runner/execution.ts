// Running a job (docs/DECISIONS.md, "The runner"): loading the action's code, `prepare`, queueing the
// items on their lane, sending each item or batch through the job's bridge, and what the failure
// policy decides for a failed one. The Runner (runner.ts) holds the state; these are its steps.
import { GraphError } from '../bridge/bridge';
import { newRequestId } from '../bridge/transport';
import { runBatch, type BatchRequest } from '../graph/batch';
import type { LaneTask } from './lanes';
import { requestCosts } from './adaptive';
import type { StoredItem } from './job-store';
import { BATCH_ENTRY_RETRY_MS, decideFailure } from './failure-policy';
import { REQUEST_DEADLINE_MS, attemptIds } from './settle';
import { scopeMap } from './scope';
import { JobBridge } from './bridges';
import { HolderGoneError } from './tabs/ask-holder';
import type { JobItem } from './types';
import type { FieldError } from './params';
import type { Runner } from './runner';
import { DEFAULT_MAX_ATTEMPTS, resultCells, without, type Handlers, type JobRun } from './runner-deps';
import { askSecretsAgain, settleLeftInFlight, settleThenRequeue, writeDeadlineMs } from './settling';
import { observeResponse } from './pacing-gate';
import { paramsProblem, secretsOf, syncLanes } from './admission';
import { BeforeStateUnreadError, readBeforeStates, undoJobHandlers, undoOffered } from './undo';

/**
 * Loads the action's code, settles what a reload left in flight (`settle`), runs `prepare` once,
 * then queues the pending items on the action's lane.
 */
export async function schedule(runner: Runner, jobId: string, settle = false): Promise<void> {
  const token = ++runner.schedulingSeq;
  runner.scheduling.set(jobId, token);
  const current = () => runner.scheduling.get(jobId) === token && runner.job(jobId)?.status === 'running';
  const job = runner.job(jobId);
  let entry = job && runner.deps.actions().get(job.actionId);
  if (!job || job.status !== 'running') return;
  if (runner.jobStore.open(job) === 0) return runner.completeIfDone(jobId);
  if (!entry) return runner.failJob(jobId, `the action "${job.actionId}" is not loaded`);
  syncLanes(runner, entry);
  if (!runner.lanes.has(entry.action.lane)) return runner.failJob(jobId, `the action runs on the unknown lane "${entry.action.lane}"`);
  let handlers: Handlers;
  try {
    handlers = await entry.action.load();
  } catch (e) {
    if (current()) runner.failJob(jobId, `the action's code could not be loaded: ${(e as Error).message}`);
    return;
  }

  if (!current()) return;
  if (job.undoOf) {
    // an undo job: the action's inverse, checking each object before it writes (undo.ts)
    if (!handlers.undo) return runner.failJob(jobId, `"${job.actionId}" cannot be undone`);
    handlers = undoJobHandlers(handlers);
    entry = { ...entry, action: { ...entry.action, idempotent: true, output: undefined } };
  }
  const missing = runner.missingSecrets(jobId);
  if (missing.length) {
    runner.jobStore.patchJob(jobId, { status: 'paused', pauseReason: 'secret', pauseMessage: missing.join(', ') });
    return;
  }

  const params = { ...(JSON.parse(job.params) as object), ...runner.secrets.get(jobId) };
  if (!job.undoOf && undoOffered(handlers.undo, params)) runner.readsFirst.add(job.actionId);
  let problem: { message: string; fields: FieldError[] } | null;
  try {
    problem = await paramsProblem(runner, jobId, entry.action.schema, params);
  } catch (e) {
    problem = { message: `the parameters could not be checked: ${(e as Error).message}`, fields: [] };
  }

  if (!current()) return;
  if (problem) return runner.failJob(jobId, problem.message, problem.fields);
  const controller = runner.controllers.get(jobId) ?? new AbortController();
  runner.controllers.set(jobId, controller);
  const { prepareOnly } = secretsOf(runner, job.actionId);
  const holder = runner.holders.get(jobId);
  const lane = entry.action.lane;
  const scopes = scopeMap(entry.plugin.scope);
  const bridge = new JobBridge(runner.deps.bridge.transport, runner.deps.requestDeadlineMs ?? REQUEST_DEADLINE_MS,
    (init, response, scope, elapsedMs) => {
      observeResponse(runner, lane, scopes, init, response, scope);
      runner.noteReplyTime(elapsedMs);
    });
  runner.counters.jobBridges += 1;
  // Secrets another tab keeps that the items need: this page cannot run them without the operator.
  if (holder && holder.names.some((n) => !prepareOnly.includes(n))) return askSecretsAgain(runner, jobId);
  // The platform check: the action's reads not checked within the hour are tried first (as the job's own reads).
  if (runner.deps.checkBeforeJob && !runner.prepared.has(jobId) && !runner.checked.has(jobId)) {
    let stop: string | null;
    try {
      stop = await runner.deps.checkBeforeJob(job.actionId, bridge.item(newRequestId()), controller.signal);
    } catch {
      stop = null; // the check could not run: the job's own calls tell what is wrong
    }
    if (!current()) return;
    if (stop) return runner.failJob(jobId, stop);
    runner.checked.add(jobId);
  }
  if (handlers.prepare && !runner.prepared.has(jobId)) {
    try {
      const items = runner.items(jobId).map((i) => JSON.parse(i.item) as JobItem);
      let value: unknown;
      if (holder) {
        // That tab runs `prepare` with the secrets and answers only its result.
        value = await runner.secretHolders!.prepare(holder.tabId, { jobId, actionId: job.actionId, params: JSON.parse(job.params) as Record<string, unknown>, items }, controller.signal);
      } else {
        value = await handlers.prepare(params, { signal: controller.signal, bridge: bridge.item(newRequestId()), items });
      }
      runner.prepared.set(jobId, { value });
    } catch (e) {
      if (!current()) return;
      if (e instanceof HolderGoneError) askSecretsAgain(runner, jobId);
      else runner.failJob(jobId, e instanceof Error ? e.message : String(e));
      return;
    }
    if (!current()) return;
  }

  const run: JobRun = {
    // Secrets only `prepare` uses never reach the items' code.
    jobId, entry, handlers, params: without(params, prepareOnly), prepared: runner.prepared.get(jobId)?.value, scopes,
    batched: !!handlers.toBatch && (runner.lanes.profile(lane).batchSize ?? 1) > 1, bridge, batchRequests: new Map(),
  };
  runner.runs.set(jobId, run);
  runner.lanes.drop(jobId);
  if (settle) void settleLeftInFlight(runner, run);
  const pending = runner.items(jobId).filter((i) => i.state === 'pending');
  // a write's items kept by a version before job records are reported like today's once applied
  if (!entry.action.readOnly) runner.deps.store.transaction(() => pending.forEach((i) => { if (!i.record) runner.jobStore.patchItem(i.rowId, { record: 'write' }); }));
  if (pending.length === 0) return runner.completeIfDone(jobId);
  const total = runner.job(jobId)!.total;
  if (run.batched) {
    const size = runner.lanes.profile(lane).batchSize!;
    const reading = undoOffered(run.handlers.undo, run.params);
    for (let i = 0; i < pending.length; i += size) {
      const chunk = pending.slice(i, i + size);
      // the chunk's before-states are read by a task of their own, just ahead of its writes (one read
      // request for the chunk, paced by the gate like the writes, which then split as before)
      const toRead = reading ? chunk.filter((g) => !g.before).map((g) => g.rowId) : [];
      if (toRead.length) runner.lanes.enqueue(lane, beforeStatesTask(runner, run, total, toRead));
      runner.lanes.enqueue(lane, batchTask(runner, run, total, chunk.map((g) => ({ rowId: g.rowId, cost: batchCost(runner, run, g, !toRead.length) }))));
    }
  } else {
    for (const item of pending) runner.lanes.enqueue(lane, { jobId, jobSize: total, scope: item.scope || null, run: () => runItem(runner, run, item.rowId) });
  }
}

/**
 * Reads the before-states of a batch's items (undo.ts) as a lane task of its own, a point each. A read
 * that fails leaves them without: each write then reads for itself first, under the failure policy.
 */
function beforeStatesTask(runner: Runner, run: JobRun, jobSize: number, ids: readonly string[]): LaneTask {
  return {
    jobId: run.jobId, jobSize, scope: null, cost: ids.length,
    run: async () => {
      if (runner.job(run.jobId)?.status !== 'running') return;
      const rows = ids.map((id) => runner.jobStore.item(id)).filter((r): r is StoredItem => !!r && r.state === 'pending' && !r.before);
      if (!rows.length) return;
      const signal = runner.controllers.get(run.jobId)?.signal ?? new AbortController().signal;
      try {
        await readBeforeStates(runner.jobStore, run, rows, run.bridge.item(newRequestId()), signal);
      } catch {
        // each write reads for itself
      }
    },
  };
}

/**
 * A batch of up to `batchSize` entries as one lane task that splits: when the usage gate has room
 * for only part of it, the part that fits goes now (as its own batch request) and the rest waits
 * at its place in the queue, instead of the whole batch waiting for room for all of it.
 */
export function batchTask(runner: Runner, run: JobRun, jobSize: number, entries: { rowId: string; cost: number }[]): LaneTask {
  let rest = entries;
  const task: LaneTask = {
    jobId: run.jobId, jobSize, scope: null,
    cost: rest.reduce((sum, e) => sum + e.cost, 0),
    unitCost: Math.max(...rest.map((e) => e.cost)),
    run: () => runBatchGroup(runner, run, rest.map((e) => e.rowId)),
    split: (points) => {
      let spent = 0;
      let k = 0;
      while (k < rest.length && spent + rest[k].cost <= points) spent += rest[k++].cost;
      if (k === 0) return null;
      const part = rest.slice(0, k);
      rest = rest.slice(k);
      task.cost = rest.reduce((sum, e) => sum + e.cost, 0);
      return { jobId: run.jobId, jobSize, scope: null, cost: spent, run: () => runBatchGroup(runner, run, part.map((e) => e.rowId)) };
    },
  };
  return task;
}

export async function runItem(runner: Runner, run: JobRun, rowId: string): Promise<void> {
  const { jobId, entry, handlers } = run;
  if (runner.job(jobId)?.status !== 'running') return;
  let row = runner.jobStore.item(rowId);
  if (!row || row.state !== 'pending') return;
  const item = JSON.parse(row.item) as JobItem;
  let points = 0;
  const countPoints = (init: { method: string; body?: string }) => { points += requestCosts(init).reduce((s, c) => s + c, 0); };
  if (handlers.undo && !row.before && undoOffered(handlers.undo, run.params)) {
    row = (await withBeforeStates(runner, run, [row], countPoints))?.[0] ?? null;
    if (!row) return;
  }
  const requestId = newRequestId();
  const deadline = runner.clock.now() + writeDeadlineMs(runner);
  const attempts = row.attempts + 1;
  const requestIds = JSON.stringify([...attemptIds(row), requestId]);
  runner.jobStore.patchItem(rowId, { state: 'inflight', attempts, requestId, requestIds, deadline });
  runner.live.add(rowId);
  if (!entry.action.idempotent && !(await saveBeforeSending(runner, jobId, [row]))) {
    runner.live.delete(rowId);
    return;
  }

  const signal = runner.controllers.get(jobId)?.signal ?? new AbortController().signal;
  const bridge = run.bridge.item(requestId, row.scope || null, countPoints);
  let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, result: await handlers.run(item, run.params, { signal, progress: () => {}, bridge, requestId, prepared: run.prepared }) };
  } catch (error) {
    outcome = { ok: false, error };
  }

  runner.live.delete(rowId);
  if (outcome.ok) runner.jobStore.patchItem(rowId, { state: 'done', ...resultCells(entry.action, outcome.result), finishedAt: runner.clock.now() });
  else onFailure(runner, run, { ...row, state: 'inflight', attempts, requestId, requestIds, deadline }, outcome.error, row.scope || null, row);
  runner.pacer?.learnItemCost(entry.action.lane, points);
  runner.completeIfDone(jobId);
}

export async function runBatchGroup(runner: Runner, run: JobRun, ids: string[]): Promise<void> {
  const { jobId, entry } = run;
  if (runner.job(jobId)?.status !== 'running') return;
  let rows = ids.map((id) => runner.jobStore.item(id)).filter((r): r is StoredItem => !!r && r.state === 'pending');
  if (!rows.length) return;
  if (run.handlers.undo && rows.some((r) => !r.before) && undoOffered(run.handlers.undo, run.params)) {
    rows = (await withBeforeStates(runner, run, rows)) ?? [];
    if (!rows.length) return;
  }
  if (run.handlers.screen) {
    rows = (await screened(runner, run, rows)) ?? [];
    if (!rows.length) return runner.completeIfDone(jobId);
  }
  const requestId = newRequestId();
  const deadline = runner.clock.now() + writeDeadlineMs(runner);
  const sent = rows.map((row) => ({ ...row, state: 'inflight' as const, attempts: row.attempts + 1, requestId, requestIds: JSON.stringify([...attemptIds(row), requestId]), deadline }));
  runner.deps.store.transaction(() => sent.forEach((r) => runner.jobStore.patchItem(r.rowId, { state: 'inflight', attempts: r.attempts, requestId, requestIds: r.requestIds, deadline })));
  sent.forEach((r) => runner.live.add(r.rowId));
  if (!entry.action.idempotent && !(await saveBeforeSending(runner, jobId, rows))) {
    sent.forEach((r) => runner.live.delete(r.rowId));
    return;
  }
  // An entry `toBatch` could not make fails alone; the others go as one batch request.
  const entries = sent.map((row) => batchRequest(runner, run, row));
  const go = sent.filter((_, k) => !(entries[k] instanceof Error));
  const requests = entries.filter((e): e is BatchRequest => !(e instanceof Error));
  let results: Awaited<ReturnType<typeof runBatch>> | null = null;
  let failure: unknown;
  if (requests.length) {
    try {
      // One retry policy: the runner's (failure-policy.ts retries a batch entry after 400 ms), not runBatch's as well.
      results = await runBatch(run.bridge.item(requestId), requests, { chunkSize: requests.length, retry: false, signal: runner.controllers.get(jobId)?.signal, sleep: runner.deps.sleep });
    } catch (error) {
      failure = error;
    }
  }

  sent.forEach((r) => runner.live.delete(r.rowId));
  const before = new Map(rows.map((r) => [r.rowId, r]));
  // The entries the failure policy sends again after the batch rule's 400 ms: together, in this task
  // (holding the lane as runBatch's own retry did), each as a new attempt of its item.
  const again: string[] = [];
  runner.deps.store.transaction(() => {
    sent.forEach((row, k) => { const e = entries[k]; if (e instanceof Error) runner.jobStore.patchItem(row.rowId, { state: 'failed', message: e.message, finishedAt: runner.clock.now() }); });
    if (!results) return go.forEach((row) => onFailure(runner, run, row, failure, null, before.get(row.rowId)!));
    results.forEach((result, k) => {
      const row = go[k]!;
      if (result.ok) runner.jobStore.patchItem(row.rowId, { state: 'done', message: '', finishedAt: runner.clock.now() });
      else onFailure(runner, run, row, result.error ?? new GraphError(`HTTP ${result.code}`, result.code), row.scope || null, before.get(row.rowId)!, again);
    });
  });
  if (again.length) {
    await (runner.deps.sleep ?? ((ms: number) => new Promise<void>((done) => runner.clock.setTimeout(() => done(), ms))))(BATCH_ENTRY_RETRY_MS);
    // a pause or a cancel meanwhile leaves them pending: the next resume sends them
    return runBatchGroup(runner, run, again);
  }
  runner.completeIfDone(jobId);
}

/**
 * Reads the before-states of rows about to be written (undo.ts) as part of the item's lane task,
 * through the job's bridge (its scope's budget). Resolves with the rows as they are now, or null when
 * the job stopped meanwhile or the read failed: nothing was written, so the failure policy decides as
 * for a read (retry, pause, fail) and the write waits for its before-state.
 */
async function withBeforeStates(runner: Runner, run: JobRun, rows: StoredItem[], countPoints?: (init: { method: string; body?: string }) => void): Promise<StoredItem[] | null> {
  const signal = runner.controllers.get(run.jobId)?.signal ?? new AbortController().signal;
  const scope = rows.length === 1 ? rows[0]!.scope || null : null;
  const running = () => runner.job(run.jobId)?.status === 'running';
  try {
    await readBeforeStates(runner.jobStore, run, rows, run.bridge.item(newRequestId(), scope, countPoints), signal);
  } catch (error) {
    if (running()) readFailed(runner, run, rows, error);
    return null;
  }
  if (!running()) return null;
  const fresh = rows.map((r) => runner.jobStore.item(r.rowId)).filter((r): r is StoredItem => !!r && r.state === 'pending');
  // an item the read did not answer for waits: the failure policy retries it as a read
  const unread = fresh.filter((r) => !r.before);
  if (unread.length) readFailed(runner, run, unread, new BeforeStateUnreadError());
  return fresh.filter((r) => !!r.before);
}

/**
 * An undo job's batch: its objects read first, in one call (undo.ts, `screen`); those already back
 * are done without a write, those changed since fail with the reason, the rest go in the batch.
 * Resolves with the rows to send, or null when the job stopped or the read failed (as for a read).
 */
async function screened(runner: Runner, run: JobRun, rows: StoredItem[]): Promise<StoredItem[] | null> {
  const signal = runner.controllers.get(run.jobId)?.signal ?? new AbortController().signal;
  const running = () => runner.job(run.jobId)?.status === 'running';
  let verdicts: Map<string, string | Error | null>;
  try {
    verdicts = await run.handlers.screen!(rows.map((r) => JSON.parse(r.item) as JobItem), run.params, { signal, bridge: run.bridge.item(newRequestId()) });
  } catch (error) {
    if (running()) readFailed(runner, run, rows, error);
    return null;
  }
  if (!running()) return null;
  const go: StoredItem[] = [];
  const now = runner.clock.now();
  runner.deps.store.transaction(() => rows.forEach((row) => {
    const verdict = verdicts.get(row.itemId) ?? null;
    if (verdict instanceof Error) runner.jobStore.patchItem(row.rowId, { state: 'failed', attempts: row.attempts + 1, message: verdict.message, finishedAt: now });
    // nothing was written: nothing to report
    else if (verdict !== null) runner.jobStore.patchItem(row.rowId, { state: 'done', attempts: row.attempts + 1, message: verdict, record: '', finishedAt: now });
    else go.push(row);
  }));
  return go;
}

/** A read before the writes failed: nothing was written, so the failure policy decides as for a read (retry, pause, fail). */
function readFailed(runner: Runner, run: JobRun, rows: readonly StoredItem[], error: unknown): void {
  runner.deps.store.transaction(() => rows.forEach((row) => onFailure(runner, run, { ...row, state: 'inflight', attempts: row.attempts + 1 }, error, row.scope || null, row, undefined, true)));
  runner.completeIfDone(run.jobId);
}

/**
 * Carries out the failure policy's decision for one item (`row` as it was sent, `before` as it was
 * before this attempt). Every decision but `settle-first` means this attempt was answered and not
 * applied, so its request id leaves the item's list of attempts that may have landed. A batch entry
 * (`batchEntry` given) retried after the batch rule's 400 ms is added to it, to go again with the
 * other entries of its batch that failed the same way.
 */
export function onFailure(runner: Runner, run: JobRun, row: StoredItem, error: unknown, scope: string | null, before: StoredItem, batchEntry?: string[], read = false): void {
  const maxAttempts = runner.deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const decision = decideFailure(error, row.attempts, { idempotent: read || run.entry.action.idempotent, maxAttempts, batchEntry: !!batchEntry }, { item: scope, fromUsageKey: run.scopes.fromUsageKey }, runner.clock.random());
  const { message } = decision;
  const earlier = JSON.stringify(attemptIds({ requestId: '', requestIds: before.requestIds }));
  switch (decision.kind) {
    case 'pause-scope':
      runner.lanes.pause(run.entry.action.lane, decision.scope, runner.clock.now() + decision.forMs);
      runner.jobStore.patchItem(row.rowId, { state: 'pending', attempts: row.attempts - 1, requestId: '', requestIds: earlier, message });
      return requeue(runner, run, row.rowId, 0);
    case 'pause-all':
      runner.jobStore.patchItem(row.rowId, { state: 'pending', attempts: row.attempts - 1, requestId: '', requestIds: earlier, message });
      return runner.pauseAll(decision.reason, message);
    case 'retry':
      runner.counters.retries += 1;
      runner.jobStore.patchItem(row.rowId, { state: 'pending', requestId: '', requestIds: earlier, message });
      if (batchEntry && decision.afterMs === BATCH_ENTRY_RETRY_MS) return void batchEntry.push(row.rowId);
      return requeue(runner, run, row.rowId, decision.afterMs);
    case 'settle-first':
      runner.jobStore.patchItem(row.rowId, { message });
      void settleThenRequeue(runner, run, row, maxAttempts);
      return;
    case 'fail':
      runner.jobStore.patchItem(row.rowId, { state: 'failed', message, finishedAt: runner.clock.now() });
  }
}

/** A batched item's entry, made by `toBatch` once per item and kept for its retries (or why it could not be made). */
export function batchRequest(runner: Runner, run: JobRun, row: Pick<StoredItem, 'rowId' | 'item'>): BatchRequest | Error {
  let entry = run.batchRequests.get(row.rowId);
  if (!entry) {
    runner.counters.batchEntries += 1;
    try {
      entry = run.handlers.toBatch!(JSON.parse(row.item) as JobItem, run.params) as BatchRequest;
    } catch (e) {
      entry = e instanceof Error ? e : new Error(String(e));
    }
    run.batchRequests.set(row.rowId, entry);
  }

  return entry;
}

/**
 * The usage points of a batched item: a read 1, a write 3 (an entry that could not be made costs
 * nothing), and 1 more for the read of its before-state (undo.ts) when it still needs one, so the
 * usage gate counts everything the task sends.
 */
export function batchCost(runner: Runner, run: JobRun, row: Pick<StoredItem, 'rowId' | 'item' | 'before'>, withRead = true): number {
  const entry = batchRequest(runner, run, row);
  if (entry instanceof Error) return 0;
  const reads = withRead && !row.before && undoOffered(run.handlers.undo, run.params) ? 1 : 0;
  return (entry.method === 'GET' ? 1 : 3) + reads;
}

/** Puts one item back on its lane after a delay (backoff is never scaled by the pace factor). */
export function requeue(runner: Runner, run: JobRun, rowId: string, delayMs: number): void {
  const enqueue = () => {
    const job = runner.job(run.jobId);
    if (!job || job.status !== 'running' || runner.runs.get(run.jobId) !== run) return;
    const row = runner.jobStore.item(rowId);
    if (!row || row.state !== 'pending') return;
    runner.lanes.enqueue(run.entry.action.lane, {
      jobId: run.jobId, jobSize: job.total, scope: row.scope || null, cost: run.batched ? batchCost(runner, run, row) : undefined,
      run: () => (run.batched ? runBatchGroup(runner, run, [rowId]) : runItem(runner, run, rowId)),
    });
  };
  if (delayMs <= 0) enqueue();
  else runner.clock.setTimeout(enqueue, delayMs);
}

/**
 * Saves the in-flight record of a write before it leaves. When that fails the write is not sent:
 * its items go back as they were, the job pauses with the reason, and the operator is told.
 */
export async function saveBeforeSending(runner: Runner, jobId: string, before: readonly StoredItem[]): Promise<boolean> {
  if (await runner.flush()) return true;
  const message = 'the browser could not save the job before sending a write';
  runner.deps.store.transaction(() => {
    for (const row of before) runner.jobStore.patchItem(row.rowId, { state: 'pending', attempts: row.attempts, requestId: row.requestId, requestIds: row.requestIds ?? '[]', deadline: row.deadline });
  });
  const job = runner.job(jobId);
  if (job?.status === 'running') {
    runner.lanes.drop(jobId);
    runner.jobStore.patchJob(jobId, { status: 'paused', pauseReason: 'storage', pauseMessage: message });
    runner.deps.bus?.emit('runner:cannot-persist', { reason: 'failed', message });
  }

  return false;
}
