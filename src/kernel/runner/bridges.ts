import type { Bridge } from '../bridge/bridge';
import { createBridge } from '../bridge/bridge';
import type { BridgeResponse } from '../../../protocol';
import type { RecordedRequest } from './types';

/**
 * The bridge an action sees: every write carries the item's request id (the first one exactly, later
 * ones suffixed) so a reload can settle it, and every answer reaches the usage pacer and the lane's
 * usage-header handling.
 */
export function trackingBridge(bridge: Bridge, requestId: string, onResponse: (init: { method: string; body?: string }, response: BridgeResponse) => void): Bridge {
  let writes = 0;
  const send: Bridge['send'] = async (url, init, options) => {
    const isWrite = init.method.toUpperCase() !== 'GET';
    const id = isWrite ? (writes++ === 0 ? requestId : `${requestId}.${writes - 1}`) : undefined;
    const response = await bridge.send(url, init, { ...options, requestId: options?.requestId ?? id });
    onResponse(init, response);
    return response;
  };
  return { ...bridge, send, graph: (call, options) => graphVia(send, bridge, call, options) };
}

/** A bridge that sends nothing: it records the requests and answers each with a stub (the dry run). */
export function recordingBridge(bridge: Bridge, itemId: string, recorded: RecordedRequest[]): Bridge {
  const send: Bridge['send'] = async (url, init) => {
    recorded.push({ itemId, method: init.method, url, body: init.body });
    return { ok: true, status: 200, headers: {}, body: { dryRun: true, success: true } };
  };
  return { ...bridge, send, graph: (call, options) => graphVia(send, bridge, call, options) };
}

/** Runs Bridge.graph on another `send`, so wrappers see Graph calls too. */
function graphVia(send: Bridge['send'], bridge: Bridge, call: Parameters<Bridge['graph']>[0], options: Parameters<Bridge['graph']>[1]) {
  return createBridge({ ...bridge.transport, request: (payload, o) => send(payload.url, payload.options, o) }).graph(call, options) as never;
}
