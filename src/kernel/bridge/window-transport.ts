import { MIN_EXTENSION_VERSION, PAGE_SOURCE, parseExtensionMessage, refusal, type BridgeResponse, type Cookie, type ExtensionMessage, type OutcomeState, type PageMessage, type RequestPayload } from '../../../protocol';
import { BridgeError, DEFAULT_DEADLINE_MS, VERSION_WAIT_MS, newRequestId, type BridgeTransport, type RequestOptions } from './transport';

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  cleanup: () => void;
}

/**
 * The extension transport: requests leave as window messages, replies are matched by request id.
 * Only messages from this very window, of this origin, with source `tessera-extension`, are read.
 * `tooOld` says the installed extension is below the latest record's minVersion: then nothing but the
 * version question is sent to it (requests are refused here, cookies and outcomes answered empty).
 */
export function createWindowTransport(win: Window = window, options: { identityWaitMs?: number; tooOld?: () => boolean } = {}): BridgeTransport {
  const tooOld = options.tooOld ?? (() => false);
  const byId = new Map<string, Pending<ExtensionMessage>>();
  // An outcome reply carries the id of the request it is about, which may still be pending itself.
  const outcomesById = new Map<string, Pending<ExtensionMessage>>();
  const byType = new Map<string, Pending<ExtensionMessage>[]>();

  const onMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const message = parseExtensionMessage(event.data);
    if (!message) return;
    if ('requestId' in message) {
      const map = message.type === 'tessera:outcomeReply' ? outcomesById : byId;
      const pending = map.get(message.requestId);
      if (!pending) return;
      map.delete(message.requestId);
      pending.cleanup();
      pending.resolve(message);
      return;
    }
    const waiting = byType.get(message.type) ?? [];
    byType.delete(message.type);
    for (const p of waiting) { p.cleanup(); p.resolve(message); }
  };
  win.addEventListener('message', onMessage);

  const post = (message: PageMessage) => win.postMessage(message, win.location.origin);

  function awaitReply<T extends ExtensionMessage>(key: { id?: string; type?: string; map?: Map<string, Pending<ExtensionMessage>> }, deadlineMs: number, signal?: AbortSignal): Promise<T> {
    const idMap = key.map ?? byId;
    return new Promise<T>((resolve, reject) => {
      const remove = () => {
        if (key.id) idMap.delete(key.id);
        if (key.type) byType.set(key.type, (byType.get(key.type) ?? []).filter((p) => p !== pending));
      };
      const onAbort = () => { remove(); clearTimeout(pending.timer); reject(new BridgeError('request aborted', 'aborted')); };
      const pending: Pending<ExtensionMessage> = {
        resolve: resolve as (v: ExtensionMessage) => void,
        reject,
        timer: setTimeout(() => { remove(); signal?.removeEventListener('abort', onAbort); reject(new BridgeError(`no reply within ${deadlineMs} ms`, 'timeout')); }, deadlineMs),
        cleanup: () => { clearTimeout(pending.timer); signal?.removeEventListener('abort', onAbort); },
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      if (key.id) idMap.set(key.id, pending);
      if (key.type) byType.set(key.type, [...(byType.get(key.type) ?? []), pending]);
    });
  }

  return {
    kind: 'extension',
    async version() {
      const reply = awaitReply<Extract<ExtensionMessage, { type: 'contentgetVersionReply' }>>({ type: 'contentgetVersionReply' }, VERSION_WAIT_MS);
      post({ source: PAGE_SOURCE, type: 'callGetVersionMethod' });
      try {
        return (await reply).version;
      } catch {
        return null;
      }
    },
    async identity(uid) {
      if (tooOld()) return null;
      const reply = awaitReply<Extract<ExtensionMessage, { type: 'contentRefreshTokenReply' }>>({ type: 'contentRefreshTokenReply' }, options.identityWaitMs ?? VERSION_WAIT_MS);
      post({ source: PAGE_SOURCE, type: 'callRefreshTokenMethod', uid });
      try {
        return (await reply).data;
      } catch {
        return null;
      }
    },
    async request(payload: RequestPayload, opts: RequestOptions = {}): Promise<BridgeResponse> {
      if (tooOld()) return refusal(`the extension is older than ${MIN_EXTENSION_VERSION}: update it before anything is sent through it`);
      const requestId = opts.requestId ?? newRequestId();
      const reply = awaitReply<Extract<ExtensionMessage, { type: 'tessera:response' }>>({ id: requestId }, opts.deadlineMs ?? DEFAULT_DEADLINE_MS, opts.signal);
      post({ source: PAGE_SOURCE, type: 'tessera:request', requestId, responseType: opts.responseType ?? 'json', payload });
      const { ok, status, headers, body, error } = await reply;
      return { ok, status, headers, body, error };
    },
    async cookies(url: string): Promise<Cookie[]> {
      if (tooOld()) return [];
      const requestId = newRequestId();
      const reply = awaitReply<Extract<ExtensionMessage, { type: 'tessera:cookieReply' }>>({ id: requestId }, DEFAULT_DEADLINE_MS);
      post({ source: PAGE_SOURCE, type: 'tessera:cookie', requestId, url });
      return (await reply).cookies;
    },
    async outcome(requestId: string): Promise<{ state: OutcomeState; status?: number }> {
      if (tooOld()) return { state: 'unknown' };
      const reply = awaitReply<Extract<ExtensionMessage, { type: 'tessera:outcomeReply' }>>({ id: requestId, map: outcomesById }, VERSION_WAIT_MS);
      post({ source: PAGE_SOURCE, type: 'tessera:outcome', requestId });
      try {
        const r = await reply;
        return { state: r.state, status: r.status };
      } catch {
        return { state: 'unknown' };
      }
    },
    dispose() {
      win.removeEventListener('message', onMessage);
      for (const p of [...byId.values(), ...outcomesById.values()]) { p.cleanup(); p.reject(new BridgeError('bridge closed', 'aborted')); }
      byId.clear();
      outcomesById.clear();
      byType.clear();
    },
  };
}
