import type { Bridge } from '../bridge/bridge';
import { EXECUTOR_DEADLINE_MS, PAGE_DEADLINE_MS as REQUEST_DEADLINE_MS, type OutcomeState } from '../../../protocol';
import type { ActionHandlers } from '../plugin/types';
import type { JobStore, StoredItem } from './job-store';
import type { JobItem } from './types';
import { classifyError, rateLimitPauseMs } from '../graph/classify';
import { GraphError } from '../bridge/bridge';

/**
 * The three deadlines of a write, longest last (docs/DECISIONS.md, "Writes that may have landed"):
 * - the extension executor gives up on a request after EXECUTOR_DEADLINE_MS and journals it
 *   `failed` with status 0 (both read it from protocol/extension-ids.ts);
 * - the page waits REQUEST_DEADLINE_MS for the reply, longer, so while the extension lives the page
 *   always hears its answer (status 0 included) rather than giving up first;
 * - an item's write is settled against WRITE_DEADLINE_MS after it left: until then a write that got
 *   no HTTP answer may still land, so `verify` is not asked before.
 */
export { EXECUTOR_DEADLINE_MS, REQUEST_DEADLINE_MS };
export const WRITE_DEADLINE_MS = 90_000;

/** While an attempt may still land, how often the journal is asked again before its deadline. */
export const JOURNAL_POLL_MS = 3_000;

/** Reads that `verify` tries before the item is left `unknown` (transient errors and rate limits are waited out). */
export const VERIFY_TRIES = 5;

export interface SettleDeps {
  jobs: JobStore;
  bridge: Bridge;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** How the item was settled, for the runner's counters. */
  settled?: (by: 'journal' | 'verify', result: Settled) => void;
}

export interface SettleAction {
  idempotent: boolean;
  handlers: Pick<ActionHandlers<JobItem, unknown, unknown>, 'verify'>;
  params: unknown;
  /** The job's `prepare` result, for `verify`'s context. */
  prepared?: unknown;
}

/**
 * `held`: not settled yet, the item stays in flight — `verify` met a session error (`error`), which
 * the runner turns into a pause of every job; the next resume settles the item again.
 */
export type Settled = 'done' | 'pending' | 'unknown' | 'held';
export interface SettleResult { state: Settled; error?: unknown }

type Outcome = { state: OutcomeState; status?: number };

/** The request ids of an item's attempts that may have landed (the last one included). */
export function attemptIds(item: Pick<StoredItem, 'requestId' | 'requestIds'>): string[] {
  let ids: string[] = [];
  try {
    const parsed = JSON.parse(item.requestIds || '[]') as unknown;
    if (Array.isArray(parsed)) ids = parsed.map(String).filter(Boolean);
  } catch {
    ids = [];
  }
  if (item.requestId && !ids.includes(item.requestId)) ids.push(item.requestId);
  return ids;
}

/** An attempt that is over for sure: answered by HTTP, not a 5xx (which may follow an applied write). */
const definite = (o: Outcome) => (o.state === 'done' || o.state === 'failed') && o.status !== undefined && o.status > 0;

/**
 * Settles one item whose write may or may not have landed (left in flight by a reload or a crash, or
 * sent without a sure answer): ask the executor's outcome journal about EVERY attempt the item made;
 * while an attempt is pending, unknown or dropped without an HTTP answer (status 0) it may still
 * land, so the journal is asked again until it answers or the item's deadline passes; then `verify`, where the action has one, decides.
 * Without `verify` the journal decides: an attempt `done` → done; every attempt refused by a definite
 * HTTP answer → safe to send again; anything else → `unknown` (the operator checks). So a write that
 * landed is never sent twice.
 */
export async function settleItem(deps: SettleDeps, action: SettleAction, item: StoredItem): Promise<SettleResult> {
  const { jobs } = deps;
  if (action.idempotent) {
    jobs.patchItem(item.rowId, { state: 'pending', requestId: '', requestIds: '[]' });
    return { state: 'pending' };
  }
  const ids = attemptIds(item);
  const ask = () => Promise.all(ids.map((id) => deps.bridge.transport.outcome(id).catch((): Outcome => ({ state: 'unknown' }))));
  let outcomes = await ask();
  // The journal is asked again every JOURNAL_POLL_MS: a write the executor still held when the page
  // went usually answers within seconds, and waiting out the whole deadline would hold it for a minute.
  // (Counted, so a sleep that does not wait cannot spin here.)
  for (let polls = Math.ceil((item.deadline - deps.now()) / JOURNAL_POLL_MS); polls > 0 && outcomes.some((o) => !definite(o)); polls--) {
    const left = item.deadline - deps.now();
    if (left <= 0) break;
    await deps.sleep(Math.min(JOURNAL_POLL_MS, left));
    outcomes = await ask();
  }
  const finish = (by: 'journal' | 'verify', state: 'done' | 'pending' | 'unknown', message: string): SettleResult => {
    if (state === 'done') jobs.patchItem(item.rowId, { state: 'done', message, finishedAt: deps.now() });
    else if (state === 'pending') jobs.patchItem(item.rowId, { state: 'pending', requestId: '', requestIds: '[]' });
    else jobs.patchItem(item.rowId, { state: 'unknown', message, finishedAt: deps.now() });
    deps.settled?.(by, state);
    return { state };
  };
  if (action.handlers.verify) {
    const verified = await verifyWithRetries(deps, action, item);
    if (verified.kind === 'applied') return finish('verify', 'done', 'settled: verified');
    if (verified.kind === 'not-applied') return finish('verify', 'pending', '');
    if (verified.kind === 'session') return { state: 'held', error: verified.error };
    return finish('verify', 'unknown', `unknown — check (${errorText(verified.error)})`);
  }
  if (outcomes.some((o) => o.state === 'done')) return finish('journal', 'done', 'settled: done');
  if (outcomes.length && outcomes.every((o) => o.state === 'failed' && definite(o) && o.status! < 500)) return finish('journal', 'pending', '');
  return finish('journal', 'unknown', 'unknown — check');
}

type Verified = { kind: 'applied' } | { kind: 'not-applied' } | { kind: 'session'; error: unknown } | { kind: 'failed'; error: unknown };

/** `verify`, its reads retried through transient errors and rate limits (a 5xx burst must not leave items unknown). */
async function verifyWithRetries(deps: SettleDeps, action: SettleAction, item: StoredItem): Promise<Verified> {
  let error: unknown;
  for (let attempt = 1; attempt <= VERIFY_TRIES; attempt++) {
    try {
      const applied = await action.handlers.verify!(JSON.parse(item.item) as JobItem, action.params, {
        signal: new AbortController().signal, progress: () => {}, bridge: deps.bridge, requestId: item.requestId, prepared: action.prepared,
      });
      return applied ? { kind: 'applied' } : { kind: 'not-applied' };
    } catch (e) {
      error = e;
      const kind = classifyError(e);
      if (kind === 'session' || kind === 'version') return { kind: 'session', error: e };
      if (kind === 'permanent' || attempt === VERIFY_TRIES) break;
      const headers = e instanceof GraphError ? e.headers : {};
      await deps.sleep(kind === 'rate-limit' ? rateLimitPauseMs(headers, null) : Math.min(8_000, 500 * 2 ** (attempt - 1)));
    }
  }
  return { kind: 'failed', error };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Settles, one after the other, every item of a job left in flight (except those this page is still
 * sending); stops at the first one `verify` could not settle for a session error and returns it.
 */
export async function settleJob(deps: SettleDeps, action: SettleAction, jobId: string, live: ReadonlySet<string>): Promise<SettleResult | null> {
  const inflight = deps.jobs.items(jobId).filter((i) => i.state === 'inflight' && !live.has(i.rowId));
  for (const item of inflight) {
    const result = await settleItem(deps, action, item);
    if (result.state === 'held') return result;
  }
  return null;
}
