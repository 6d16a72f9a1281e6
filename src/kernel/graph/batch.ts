import { GRAPH_ORIGIN, graphVersion, GraphError, toGraphError, type Bridge } from '../bridge/bridge';
import { extractErrorCodes, extractErrorMessage } from '../bridge/error-extractor';
import { sleep as defaultSleep, type Sleep } from './sleep';

export const BATCH_MAX = 50;

export interface BatchRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to the version root, e.g. `act_1?fields=name`. */
  relative_url: string;
  /** Form-encoded body of a write. */
  body?: string;
}

export interface BatchItemResult {
  ok: boolean;
  code: number;
  body: unknown;
  headers: Record<string, string>;
  error?: GraphError;
}

export interface BatchOptions {
  chunkSize?: number;
  /** Pause between chunks (the spec's 300 ms). */
  pauseMs?: number;
  /** Wait before the one retry of transient per-item failures (the spec's 400 ms). */
  retryMs?: number;
  /**
   * Retry transient per-item failures here (default). The runner says false: its failure policy is the
   * one that retries (src/kernel/runner/failure-policy.ts), so an entry is never retried twice over.
   */
  retry?: boolean;
  version?: string;
  signal?: AbortSignal;
  sleep?: Sleep;
  onChunk?: (done: number, total: number) => void;
  /** Each chunk's results as they land (positions in `requests`), so a list can fill in while the rest loads. */
  onResults?: (results: readonly BatchItemResult[], positions: readonly number[]) => void;
}

/**
 * Batch requests: at most 50 per request, results mapped back to their items in order, transient
 * per-item failures (a null slot, a 5xx, is_transient) retried once after 400 ms, 300 ms between
 * chunks. A failure of the batch request itself throws GraphError (the runner classifies it).
 */
export async function runBatch(bridge: Bridge, requests: readonly BatchRequest[], o: BatchOptions = {}): Promise<BatchItemResult[]> {
  const { chunkSize = BATCH_MAX, pauseMs = 300, retryMs = 400, retry: retrying = true, version = graphVersion(), signal, sleep = defaultSleep, onChunk, onResults } = o;
  if (chunkSize < 1 || chunkSize > BATCH_MAX) throw new RangeError(`a batch holds 1 to ${BATCH_MAX} requests`);
  const results: BatchItemResult[] = new Array(requests.length);
  for (let start = 0; start < requests.length; start += chunkSize) {
    if (start > 0) await sleep(pauseMs, signal);
    const indexes = range(start, Math.min(start + chunkSize, requests.length));
    const first = await sendChunk(bridge, indexes.map((i) => requests[i]), version, signal);
    const retry: number[] = [];
    first.forEach((r, k) => {
      results[indexes[k]] = r;
      if (retrying && isTransient(r)) retry.push(indexes[k]);
    });
    if (retry.length) {
      await sleep(retryMs, signal);
      const second = await sendChunk(bridge, retry.map((i) => requests[i]), version, signal);
      second.forEach((r, k) => { results[retry[k]] = r; });
    }
    onResults?.(indexes.map((i) => results[i]), indexes);
    onChunk?.(Math.min(start + chunkSize, requests.length), requests.length);
  }
  return results;
}

async function sendChunk(bridge: Bridge, chunk: BatchRequest[], version: string, signal?: AbortSignal): Promise<BatchItemResult[]> {
  const form = new URLSearchParams({ include_headers: 'true', batch: JSON.stringify(chunk) }).toString();
  const response = await bridge.send(`${GRAPH_ORIGIN}/${version}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `access_token={{access_token}}&${form}`,
  }, { signal });
  if (!response.ok || !Array.isArray(response.body)) throw toGraphError(response);
  const slots = response.body as unknown[];
  return chunk.map((_, i) => toItem(slots[i]));
}

function toItem(slot: unknown): BatchItemResult {
  if (!slot || typeof slot !== 'object') {
    return { ok: false, code: 0, body: null, headers: {}, error: new GraphError('The request timed out inside the batch', 0, undefined, undefined, true) };
  }
  const s = slot as { code?: number; headers?: { name: string; value: string }[]; body?: string };
  const headers = Object.fromEntries((s.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]));
  let body: unknown = s.body;
  if (typeof s.body === 'string') {
    try { body = JSON.parse(s.body); } catch { body = s.body; }
  }
  const code = typeof s.code === 'number' ? s.code : 0;
  if (code === 200 && !(body && typeof body === 'object' && 'error' in body)) return { ok: true, code, body, headers };
  const { code: errorCode, subcode, isTransient } = extractErrorCodes(body);
  const message = extractErrorMessage(body) ?? `HTTP ${code}`;
  return { ok: false, code, body, headers, error: new GraphError(message, code, errorCode, subcode, isTransient ?? (code >= 500 || errorCode === 1 || errorCode === 2), headers, body) };
}

function isTransient(r: BatchItemResult): boolean {
  return !r.ok && !!r.error?.isTransient;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
