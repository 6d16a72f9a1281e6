import type { KernelEvents } from '../../bus';
import { RunnerRefusal, type JobItem, type RefusalReason } from '../types';

/**
 * Messages between the tabs of one user about the runner (docs/DECISIONS.md, "One tab runs the
 * jobs"), on the BroadcastChannel `runnerChannelName(userId)`. Followers `call` the leader's runner
 * (a call is resent until its `reply` comes, and the leader answers a resent call from its memory);
 * the leader forwards its runner's bus events and says it is `serving`. Secret parameters never go
 * on the channel: the tab they were typed in keeps them, and the leader asks that tab to run the
 * job's `prepare` (`prepare`, answered by `prepared`: `working` while it runs, then its result;
 * `unheld` when that tab holds no secret for the job).
 */
export type RemoteMethod = 'start' | 'pause' | 'resume' | 'cancel' | 'retryFailed';
export const REMOTE_METHODS: readonly RemoteMethod[] = ['start', 'pause', 'resume', 'cancel', 'retryFailed'];

/**
 * Bus events of the leader's runner that every tab hears (`records:acknowledged`: a change feed open in
 * another tab reads again when the leader's job records reached the server).
 */
export const FORWARDED_EVENTS = ['job:started', 'job:finished', 'runner:needs-operator', 'runner:version-retired', 'records:acknowledged'] as const;
export type ForwardedEvent = (typeof FORWARDED_EVENTS)[number];

export interface SentError { message: string; reason?: RefusalReason; fieldErrors?: { field: string; message: string }[]; names?: string[] }

export type RunnerMessage =
  | { kind: 'call'; from: string; id: string; method: RemoteMethod; args: unknown[] }
  | { kind: 'reply'; from: string; to: string; id: string; ok: true; value: unknown }
  | { kind: 'reply'; from: string; to: string; id: string; ok: false; error: SentError }
  | { kind: 'event'; from: string; name: ForwardedEvent; payload: KernelEvents[ForwardedEvent] }
  | { kind: 'prepare'; from: string; to: string; id: string; request: PrepareRequest }
  | { kind: 'prepared'; from: string; to: string; id: string; state: 'working' | 'unheld' }
  | { kind: 'prepared'; from: string; to: string; id: string; state: 'done'; value: unknown }
  | { kind: 'prepared'; from: string; to: string; id: string; state: 'failed'; error: SentError }
  | { kind: 'serving'; from: string }
  | { kind: 'who'; from: string };

/** What the tab holding a job's secrets needs to run its `prepare`: the parameters without the secrets. */
export interface PrepareRequest { jobId: string; actionId: string; params: Record<string, unknown>; items: JobItem[] }

export function runnerChannelName(userId: string): string {
  return `tessera:runner:${userId}`;
}

export function sendError(e: unknown): SentError {
  if (e instanceof RunnerRefusal) return { message: e.message, reason: e.reason, fieldErrors: e.fieldErrors, names: e.names };
  return { message: e instanceof Error ? e.message : String(e) };
}

export function receivedError(e: SentError): Error {
  return e.reason ? new RunnerRefusal(e.message, e.reason, e.fieldErrors ?? [], e.names ?? []) : new Error(e.message);
}
