import type { Bridge } from '../bridge/bridge';
import type { ActionHandlers } from '../plugin/types';
import type { JobStore, StoredItem } from './job-store';
import type { JobItem } from './types';

export const WRITE_DEADLINE_MS = 60_000;

export interface SettleDeps {
  jobs: JobStore;
  bridge: Bridge;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export interface SettleAction {
  idempotent: boolean;
  handlers: Pick<ActionHandlers<JobItem, unknown, unknown>, 'verify'>;
  params: unknown;
  /** The job's `prepare` result, for `verify`'s context. */
  prepared?: unknown;
}

export type Settled = 'done' | 'pending' | 'unknown';

/**
 * Settles one item whose write may or may not have landed (left in flight by a reload or a crash, or
 * sent without an answer): ask the executor's outcome journal, waiting out the request's deadline
 * while it is pending, then `verify` where the action has one — so a write that landed is never
 * sent twice. The item ends `done`, back to `pending` (safe to send), or `unknown` (the operator checks).
 */
export async function settleItem(deps: SettleDeps, action: SettleAction, item: StoredItem): Promise<Settled> {
  const { jobs } = deps;
  if (action.idempotent) {
    jobs.patchItem(item.rowId, { state: 'pending', requestId: '' });
    return 'pending';
  }
  let outcome = item.requestId ? await deps.bridge.transport.outcome(item.requestId) : { state: 'unknown' as const };
  if (outcome.state === 'pending') {
    const wait = item.deadline - deps.now();
    if (wait > 0) await deps.sleep(wait);
    outcome = await deps.bridge.transport.outcome(item.requestId);
  }
  if (action.handlers.verify) {
    try {
      const applied = await action.handlers.verify(JSON.parse(item.item) as JobItem, action.params, {
        signal: new AbortController().signal, progress: () => {}, bridge: deps.bridge, requestId: item.requestId, prepared: action.prepared,
      });
      if (applied) {
        jobs.patchItem(item.rowId, { state: 'done', message: 'settled: verified', finishedAt: deps.now() });
        return 'done';
      }
      jobs.patchItem(item.rowId, { state: 'pending', requestId: '' });
      return 'pending';
    } catch (e) {
      jobs.patchItem(item.rowId, { state: 'unknown', message: `unknown — check (${(e as Error).message})`, finishedAt: deps.now() });
      return 'unknown';
    }
  }
  if (outcome.state === 'done') {
    jobs.patchItem(item.rowId, { state: 'done', message: 'settled: done', finishedAt: deps.now() });
    return 'done';
  }
  if (outcome.state === 'failed') {
    jobs.patchItem(item.rowId, { state: 'pending', requestId: '' });
    return 'pending';
  }
  jobs.patchItem(item.rowId, { state: 'unknown', message: 'unknown — check', finishedAt: deps.now() });
  return 'unknown';
}

/** Settles, one after the other, every item of a job left in flight (except those this page is still sending). */
export async function settleJob(deps: SettleDeps, action: SettleAction, jobId: string, live: ReadonlySet<string>): Promise<void> {
  const inflight = deps.jobs.items(jobId).filter((i) => i.state === 'inflight' && !live.has(i.rowId));
  for (const item of inflight) await settleItem(deps, action, item);
}
