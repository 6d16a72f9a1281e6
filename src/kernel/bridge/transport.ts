import { PAGE_DEADLINE_MS, type BridgeResponse, type Cookie, type OutcomeState, type RequestPayload, type ResponseType } from '../../../protocol';

/**
 * How long the page waits for a reply: longer than the extension executor's own 60 s (protocol's
 * EXECUTOR_DEADLINE_MS), so while the extension lives the page hears its answer — status 0 included —
 * rather than giving up first (docs/DECISIONS.md, "Writes that may have landed"; the runner's 75 s).
 */
export const DEFAULT_DEADLINE_MS = PAGE_DEADLINE_MS;
export const VERSION_WAIT_MS = 5_000;

export interface RequestOptions {
  responseType?: ResponseType;
  /** Deadline of this request; default 60 s. */
  deadlineMs?: number;
  signal?: AbortSignal;
  /** Given by the runner so it can store the id before the request leaves (for `tessera:outcome`). */
  requestId?: string;
  /** A background reader's GraphQL query post (src/kernel/runner/background.ts: background readers never write). */
  background?: 'query';
}

/** What every executor offers the page: the extension (window messages) or the demo executor (sandbox). */
export interface BridgeTransport {
  readonly kind: 'extension' | 'demo';
  /** The executor's version, or null when it did not answer within 5 s. */
  version(): Promise<string | null>;
  /** The social identity of the logged-in session, or null. */
  identity(uid?: string): Promise<{ id: string; name: string } | null>;
  request(payload: RequestPayload, options?: RequestOptions): Promise<BridgeResponse>;
  cookies(url: string): Promise<Cookie[]>;
  outcome(requestId: string): Promise<{ state: OutcomeState; status?: number }>;
  dispose(): void;
}

export class BridgeError extends Error {
  constructor(message: string, readonly kind: 'timeout' | 'aborted' | 'unavailable' | 'refused') {
    super(message);
    this.name = 'BridgeError';
  }
}

export function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
