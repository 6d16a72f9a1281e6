import { GraphError } from '../bridge/bridge';
import { BridgeError } from '../bridge/transport';
import { classifyError, isCallerWideLimit, parseUsage, rateLimitPauseMs } from '../graph/classify';

/**
 * What the runner does with an item whose attempt failed (docs/INTERFACES.md section 6). A pure
 * function of its inputs, so the whole table is testable without a runner, a clock or a platform.
 */
export type FailureDecision =
  /** Send the item again after `afterMs` (the attempt counts). */
  | { kind: 'retry'; afterMs: number; message: string }
  /**
   * The platform refused the call because of a limit: nothing was applied, so the item goes back
   * without spending an attempt, and the scope (null: the lane as a whole) waits `forMs`.
   */
  | { kind: 'pause-scope'; scope: string | null; forMs: number; message: string }
  /**
   * Every job pauses: the platform session needs the operator (`session`: token, checkpoint, policy
   * block), or the platform no longer serves the configured Graph version (`version`: an admin sets one).
   */
  | { kind: 'pause-all'; reason: 'session' | 'version'; message: string }
  /**
   * A write that is not safe to repeat got no answer: it may have landed. Ask the outcome journal
   * and `verify` before anything is resent.
   */
  | { kind: 'settle-first'; message: string }
  | { kind: 'fail'; message: string };

export interface ActionFacts {
  idempotent: boolean;
  /** Attempts an item may use before a transient error fails it. */
  maxAttempts: number;
  /** The item went as an entry of a Graph batch: its first transient failure is retried after 400 ms (the spec's batch rule). */
  batchEntry?: boolean;
}

/** The spec's wait before a batch entry's one quick retry. */
export const BATCH_ENTRY_RETRY_MS = 400;

export interface ScopeFacts {
  /** The failed item's scope (null: none of its own). */
  item: string | null;
  /** A per-object usage header key as a scope (the plugin's declaration). */
  fromUsageKey: (key: string) => string;
}

/** Exponential backoff with jitter: ~1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random * 0.5));
}

/**
 * True when the call may have been applied without the page learning it for sure: no reply in time,
 * no HTTP reply at all (status 0: the connection dropped, the executor gave up), or a 5xx (the
 * platform's own failure, which may come after the write was applied).
 */
export function mayHaveLanded(error: unknown): boolean {
  if (error instanceof BridgeError) return error.kind === 'timeout';
  return error instanceof GraphError && (error.status === 0 || error.status >= 500);
}

/**
 * @param attempts the attempts the item has used, this one included
 * @param random a draw in [0, 1) for the backoff's jitter
 */
export function decideFailure(error: unknown, attempts: number, action: ActionFacts, scope: ScopeFacts, random = 0.5): FailureDecision {
  const message = error instanceof Error ? error.message : String(error);
  const kind = classifyError(error);
  if (kind === 'rate-limit') {
    const graph = error instanceof GraphError ? error : null;
    const headers = graph?.headers ?? {};
    // A caller-wide limit pauses the whole lane; a per-object one pauses that object (the one the
    // usage header names as exhausted, else the item's own). An item without a scope of its own can
    // only wait with its lane: pausing an object none of the lane's tasks is keyed by would send it
    // straight back.
    const named = parseUsage(headers).business.find((b) => (scope.item !== null && scope.fromUsageKey(b.id) === scope.item) || b.callCount >= 100);
    const pauseScope = isCallerWideLimit(graph?.code, graph?.subcode) || scope.item === null ? null : named ? scope.fromUsageKey(named.id) : scope.item;
    return { kind: 'pause-scope', scope: pauseScope, forMs: rateLimitPauseMs(headers, pauseScope, scope.fromUsageKey), message };
  }
  if (kind === 'session' || kind === 'version') return { kind: 'pause-all', reason: kind, message };
  if (kind === 'transient') {
    if (!action.idempotent && mayHaveLanded(error)) return { kind: 'settle-first', message };
    if (attempts < action.maxAttempts) return { kind: 'retry', afterMs: action.batchEntry && attempts === 1 ? BATCH_ENTRY_RETRY_MS : backoffMs(attempts, random), message };
  }
  return { kind: 'fail', message };
}
