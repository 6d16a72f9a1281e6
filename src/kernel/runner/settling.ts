// Settling (settle.ts decides one item): the writes a reload left in flight, a write that got no
// answer, and the jobs that must wait for the operator. Steps of the Runner (runner.ts).
import type { StoredItem } from './job-store';
import { REQUEST_DEADLINE_MS, WRITE_DEADLINE_MS, settleItem, type SettleDeps, type SettleResult } from './settle';
import type { Runner } from './runner';
import type { JobRun } from './runner-deps';
import { requeue } from './execution';
import { classifyError } from '../graph/classify';

/**
 * Settles the writes a reload (or a crash) left in flight, beside the rest of the job: an item whose
 * write may still land waits for the journal until its deadline, up to a minute and a half, and the
 * other items need not wait with it. One settled as not applied is queued again; one whose `verify`
 * met a session error stays in flight and every job pauses (the next resume settles it again). The
 * job counts them in `settling` meanwhile, so the jobs panel says what it is waiting for.
 */
export async function settleLeftInFlight(runner: Runner, run: JobRun): Promise<void> {
  const { jobId } = run;
  const rows = runner.items(jobId).filter((i) => i.state === 'inflight' && !runner.live.has(i.rowId));
  if (!rows.length) return;
  rows.forEach((r) => runner.live.add(r.rowId));
  const action = { idempotent: run.entry.action.idempotent, handlers: run.handlers, params: run.params, prepared: run.prepared };
  let left = rows.length;
  const mark = () => runner.jobStore.patchJob(jobId, { settling: left, settlingUntil: left ? Math.max(...rows.slice(rows.length - left).map((r) => r.deadline)) : 0 });
  if (!action.idempotent) mark();
  try {
    for (const row of rows) {
      const settled = await settleItem(settleDeps(runner, run), action, row);
      runner.live.delete(row.rowId);
      left -= 1;
      if (!action.idempotent && runner.job(jobId)) mark();
      if (settled.state === 'held') return onHeld(runner, settled);
      if (settled.state === 'pending') requeueOnCurrentRun(runner, jobId, row.rowId);
      else runner.completeIfDone(jobId);
    }
  } finally {
    rows.forEach((r) => runner.live.delete(r.rowId));
    if (left && runner.job(jobId)) {
      left = 0;
      mark();
    }
  }
}

/**
 * Queues an item settled as not applied on the job's run of now (a pause and resume since may have
 * replaced `run`); a paused job's next resume queues it with the other pending items.
 */
export function requeueOnCurrentRun(runner: Runner, jobId: string, rowId: string): void {
  const run = runner.runs.get(jobId);
  const status = runner.job(jobId)?.status;
  if (run && status === 'running') requeue(runner, run, rowId, 0);
  // cancelled while it was being settled: not applied, and now not to be sent
  else if (status === 'cancelled') runner.jobStore.patchItem(rowId, { state: 'skipped', message: 'cancelled', finishedAt: runner.clock.now() });
}

/** A write that got no answer: settle it (journal, deadline, verify) before it may be sent again. */
export async function settleThenRequeue(runner: Runner, run: JobRun, row: StoredItem, maxAttempts: number): Promise<void> {
  runner.live.add(row.rowId);
  try {
    const message = row.message;
    const settled = await settleItem(settleDeps(runner, run), { idempotent: false, handlers: run.handlers, params: run.params, prepared: run.prepared }, { ...row, message });
    if (settled.state === 'held') onHeld(runner, settled);
    else if (settled.state === 'pending') {
      if (row.attempts >= maxAttempts) runner.jobStore.patchItem(row.rowId, { state: 'failed', message, finishedAt: runner.clock.now() });
      else {
        runner.counters.retries += 1;
        runner.jobStore.patchItem(row.rowId, { message });
        requeue(runner, run, row.rowId, 0);
      }
    }
  } finally {
    runner.live.delete(row.rowId);
  }

  runner.completeIfDone(run.jobId);
}

/** The tab that kept the job's secrets is gone (or cannot give them to the items): the job waits for the operator to enter them here. */
export function askSecretsAgain(runner: Runner, jobId: string): void {
  runner.holders.delete(jobId);
  runner.lanes.drop(jobId);
  runner.jobStore.patchJob(jobId, { status: 'paused', pauseReason: 'secret', pauseMessage: runner.missingSecrets(jobId).join(', ') });
}

/** What settling a job's item uses: its `verify` reads through the job's bridge (a read carries no request id). */
export function settleDeps(runner: Runner, run: JobRun): SettleDeps {
  return {
    jobs: runner.jobStore,
    bridge: run.bridge.item(''),
    now: () => runner.clock.now(),
    sleep: runner.deps.sleep ?? ((ms: number) => new Promise((r) => runner.clock.setTimeout(() => r(undefined), ms))),
    settled: (by) => { if (by === 'journal') runner.counters.settledByJournal += 1; else runner.counters.settledByVerify += 1; },
  };
}

export function writeDeadlineMs(runner: Runner): number {
  return Math.max(runner.deps.writeDeadlineMs ?? WRITE_DEADLINE_MS, runner.deps.requestDeadlineMs ?? REQUEST_DEADLINE_MS);
}

/**
 * `verify` could not settle an item for a session error (or a retired Graph version): the item stays
 * in flight and every job waits for the operator (or an admin).
 */
export function onHeld(runner: Runner, held: SettleResult): void {
  runner.pauseAll(classifyError(held.error) === 'version' ? 'version' : 'session', held.error instanceof Error ? held.error.message : String(held.error));
}
