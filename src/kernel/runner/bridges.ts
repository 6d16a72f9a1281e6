import { bridgeOn, type Bridge } from '../bridge/bridge';
import type { BridgeTransport } from '../bridge/transport';
import type { BridgeResponse } from '../../../protocol';
import type { RecordedRequest } from './types';

export type RequestInit = { method: string; body?: string };
/** Every answer a job gets, with how long it took (ms). */
export type Observer = (init: RequestInit, response: BridgeResponse, scope: string | null, elapsedMs: number) => void;

/**
 * The one wrapping of the page's transport for a job: every request carries the runner's deadline
 * (unless a call names its own) and every answer reaches `observe` (the usage pacer and the lane's
 * usage-header handling). Made once per job; an item sends through `item()`, a view that numbers the
 * item's writes with its request id (the first exactly, later ones suffixed) so a reload can settle it.
 */
export class JobBridge {
  private readonly transport: BridgeTransport;

  constructor(transport: BridgeTransport, deadlineMs: number, private readonly observe: Observer) {
    this.transport = { ...transport, kind: transport.kind, request: (payload, o) => transport.request(payload, { deadlineMs, ...o }) };
  }

  /** What one item (or `prepare`, or one batch request) sends through; `scope` is the item's own, for the pacer. */
  item(requestId: string, scope: string | null = null, onResponse?: (init: RequestInit, response: BridgeResponse) => void): Bridge {
    let writes = 0;
    return bridgeOn(this.transport, async (url, init, options) => {
      const isWrite = init.method.toUpperCase() !== 'GET';
      const id = isWrite ? (writes++ === 0 ? requestId : `${requestId}.${writes - 1}`) : undefined;
      const sentAt = Date.now();
      const response = await this.transport.request({ url, options: init }, { ...options, requestId: options?.requestId ?? id });
      this.observe(init, response, scope, Date.now() - sentAt);
      onResponse?.(init, response);
      return response;
    });
  }
}

/** A bridge that sends nothing: it records the requests and answers each with a stub (the dry run). */
export function recordingBridge(bridge: Bridge, itemId: string, recorded: RecordedRequest[]): Bridge {
  return bridgeOn(bridge.transport, async (url, init) => {
    recorded.push({ itemId, method: init.method, url, body: init.body });
    return { ok: true, status: 200, headers: {}, body: { dryRun: true, success: true } };
  });
}
