/**
 * The bridge messages of docs/INTERFACES.md section 4, shared by the page, the demo transport and the
 * extension (which bundles this file). Every message carries `source`; anything else is ignored.
 */

export const PAGE_SOURCE = 'tessera-page';
export const EXTENSION_SOURCE = 'tessera-extension';
/** Set by the extension's content script at document_start: `<html data-tessera-extension="VERSION">`. */
export const EXTENSION_MARK = 'data-tessera-extension';

export type ResponseType = 'json' | 'text';

/**
 * The oldest extension the page sends anything to: 1.4.0 parses every request once and checks what
 * it sends, and binds each GraphQL document id to its name (extension/README.md, "Changes").
 * `/api/plugins/latest` carries it as `minVersion`; an older extension is a forced update.
 */
export const MIN_EXTENSION_VERSION = '1.4.0';

/** Is dotted version `a` older than `b`? (`1.10.0` is newer than `1.9.2`; a missing part counts as 0.) */
export function versionBelow(a: string, b: string): boolean {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) < (pb[i] ?? 0);
  }
  return false;
}

export interface RequestPayload {
  url: string;
  options: { method: string; headers?: Record<string, string>; body?: string };
}

export interface Cookie { name: string; value: string; domain: string; path: string }
export type OutcomeState = 'pending' | 'done' | 'failed' | 'unknown';

export type PageMessage =
  | { source: typeof PAGE_SOURCE; type: 'callGetVersionMethod' }
  | { source: typeof PAGE_SOURCE; type: 'callRefreshTokenMethod'; uid?: string }
  | { source: typeof PAGE_SOURCE; type: 'tessera:request'; requestId: string; responseType: ResponseType; payload: RequestPayload }
  | { source: typeof PAGE_SOURCE; type: 'tessera:cookie'; requestId: string; url: string }
  | { source: typeof PAGE_SOURCE; type: 'tessera:outcome'; requestId: string }
  /**
   * The watch's scheduled checks (issue 34 item 4; extension/README.md, "Scheduled checks"): when the
   * next check of this origin is due (epoch ms; null: none is scheduled). The extension keeps one alarm
   * per product origin and, when it rings with no tab of that origin open, opens one in the background
   * (unfocused) at `CHECKS_BACKGROUND_PATH`.
   */
  | { source: typeof PAGE_SOURCE; type: 'tessera:watchSchedule'; nextAt: number | null }
  /** A tab the extension opened for due checks has run them: the extension closes it (any other tab stays). */
  | { source: typeof PAGE_SOURCE; type: 'tessera:watchDone' };

/** The first extension release that opens a background tab for due checks (the `alarms` permission). */
export const CHECKS_EXTENSION_VERSION = '1.6.0';
/** Where a tab opened for due checks lands: the dashboard, told it was opened for the checks. */
export const CHECKS_BACKGROUND_PATH = '/dashboard/index?checks=background';

export interface BridgeResponse {
  ok: boolean;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  error?: string;
}

export type ExtensionMessage =
  | { source: typeof EXTENSION_SOURCE; type: 'contentgetVersionReply'; version: string | null }
  | { source: typeof EXTENSION_SOURCE; type: 'contentRefreshTokenReply'; data: { id: string; name: string } | null }
  | ({ source: typeof EXTENSION_SOURCE; type: 'tessera:response'; requestId: string } & BridgeResponse)
  | { source: typeof EXTENSION_SOURCE; type: 'tessera:cookieReply'; requestId: string; cookies: Cookie[] }
  | { source: typeof EXTENSION_SOURCE; type: 'tessera:outcomeReply'; requestId: string; state: OutcomeState; status?: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringRecord = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((x) => typeof x === 'string');

/** Checks an incoming extension message field by field; a malformed one is dropped, never trusted. */
export function parseExtensionMessage(data: unknown): ExtensionMessage | null {
  if (!isObject(data) || data.source !== EXTENSION_SOURCE || typeof data.type !== 'string') return null;
  switch (data.type) {
    case 'contentgetVersionReply':
      return data.version === null || typeof data.version === 'string' ? (data as ExtensionMessage) : null;
    case 'contentRefreshTokenReply': {
      const d = data.data;
      if (d === null || d === undefined) return { source: EXTENSION_SOURCE, type: 'contentRefreshTokenReply', data: null };
      return isObject(d) && (typeof d.id === 'string' || typeof d.id === 'number') && typeof (d.name ?? '') === 'string'
        ? { source: EXTENSION_SOURCE, type: 'contentRefreshTokenReply', data: { id: String(d.id), name: String(d.name ?? '') } }
        : null;
    }
    case 'tessera:response':
      return typeof data.requestId === 'string' && typeof data.ok === 'boolean' && typeof data.status === 'number' && isStringRecord(data.headers ?? {})
        ? ({ ...data, headers: data.headers ?? {} } as ExtensionMessage)
        : null;
    case 'tessera:cookieReply':
      return typeof data.requestId === 'string' && Array.isArray(data.cookies) ? (data as ExtensionMessage) : null;
    case 'tessera:outcomeReply':
      return typeof data.requestId === 'string' && ['pending', 'done', 'failed', 'unknown'].includes(String(data.state)) ? (data as ExtensionMessage) : null;
    default:
      return null;
  }
}

/** Checks a page message (the extension's content script uses this before relaying anything). */
export function parsePageMessage(data: unknown): PageMessage | null {
  if (!isObject(data) || data.source !== PAGE_SOURCE || typeof data.type !== 'string') return null;
  switch (data.type) {
    case 'callGetVersionMethod':
      return { source: PAGE_SOURCE, type: 'callGetVersionMethod' };
    case 'callRefreshTokenMethod':
      return { source: PAGE_SOURCE, type: 'callRefreshTokenMethod', uid: typeof data.uid === 'string' ? data.uid : undefined };
    case 'tessera:request': {
      const p = data.payload;
      if (typeof data.requestId !== 'string' || !isObject(p) || typeof p.url !== 'string' || !isObject(p.options) || typeof p.options.method !== 'string') return null;
      if (p.options.headers !== undefined && !isStringRecord(p.options.headers)) return null;
      if (p.options.body !== undefined && typeof p.options.body !== 'string') return null;
      return { source: PAGE_SOURCE, type: 'tessera:request', requestId: data.requestId, responseType: data.responseType === 'text' ? 'text' : 'json', payload: p as unknown as RequestPayload };
    }
    case 'tessera:cookie':
      return typeof data.requestId === 'string' && typeof data.url === 'string' ? { source: PAGE_SOURCE, type: 'tessera:cookie', requestId: data.requestId, url: data.url } : null;
    case 'tessera:outcome':
      return typeof data.requestId === 'string' ? { source: PAGE_SOURCE, type: 'tessera:outcome', requestId: data.requestId } : null;
    case 'tessera:watchSchedule': {
      const at = data.nextAt;
      // a time between 2000 and 2200, or null
      if (at === null) return { source: PAGE_SOURCE, type: 'tessera:watchSchedule', nextAt: null };
      return typeof at === 'number' && Number.isInteger(at) && at > 946_684_800_000 && at < 7_258_118_400_000
        ? { source: PAGE_SOURCE, type: 'tessera:watchSchedule', nextAt: at } : null;
    }
    case 'tessera:watchDone':
      return { source: PAGE_SOURCE, type: 'tessera:watchDone' };
    default:
      return null;
  }
}
