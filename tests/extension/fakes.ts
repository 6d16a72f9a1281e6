// Test doubles for the extension's pure parts: a fetch that answers from a table, a session, a journal.
import type { OutcomeState, PlaceholderValues } from '../../protocol';
import type { Journal } from '../../extension/src/lib/executor';
import type { KeyValueStorage } from '../../extension/src/lib/journal';
import type { PlaceholderName, SessionSource } from '../../extension/src/lib/session';

export interface Call { url: string; init: RequestInit }

export type Responder = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fetch that records every call and answers with `respond`. */
export function fakeFetch(respond: Responder = () => Response.json({ ok: true })) {
  const calls: Call[] = [];
  const fn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return respond(url, init);
  }) as typeof fetch;
  return { fetch: fn, calls };
}

/** A Response whose `url` is set, as after a redirect. */
export function responseAt(url: string, body: BodyInit | null, init?: ResponseInit): Response {
  const r = new Response(body, init);
  Object.defineProperty(r, 'url', { value: url });
  return r;
}

export function fakeSession(over: Partial<SessionSource> & { values?: Partial<PlaceholderValues> } = {}) {
  const asked: ReadonlySet<PlaceholderName>[] = [];
  let invalidated = 0;
  const session: SessionSource = {
    identity: over.identity ?? (async () => ({ id: '100001', name: 'Ada' })),
    placeholders: over.placeholders ?? (async (needs) => {
      asked.push(needs);
      return { access_token: 'TOKEN', fb_dtsg: 'DTSG', lsd: 'LSD', user_id: '100001', pageToken: (id) => (id === '777' ? 'PAGE777' : null), ...over.values };
    }),
    cookies: over.cookies ?? (async () => [{ name: 'c_user', value: '100001', domain: '.facebook.com', path: '/' }]),
    invalidate: () => { invalidated++; },
  };
  return { session, asked, invalidations: () => invalidated };
}

/** A journal in memory that also remembers the order of events. */
export function fakeJournal() {
  const entries = new Map<string, { state: Exclude<OutcomeState, 'unknown'>; status?: number }>();
  const events: string[] = [];
  const journal: Journal = {
    async pending(id) { events.push(`pending ${id}`); entries.set(id, { state: 'pending' }); },
    async settle(id, status) { events.push(`settle ${id} ${status}`); entries.set(id, { state: status >= 200 && status < 300 ? 'done' : 'failed', status }); },
    async lookup(id) { return entries.get(id) ?? { state: 'unknown' }; },
  };
  return { journal, entries, events };
}

/** chrome.storage.session in memory, counting writes; `fail` makes every write reject. */
export function fakeStorage(initial: Record<string, unknown> = {}) {
  const data = new Map<string, unknown>(Object.entries(structuredClone(initial)));
  const ops = { set: 0, remove: 0, fail: false };
  const storage: KeyValueStorage & { get(keys: string | null): Promise<Record<string, unknown>> } = {
    async get(keys) {
      if (keys === null) return Object.fromEntries([...data].map(([k, v]) => [k, structuredClone(v)]));
      return data.has(keys) ? { [keys]: structuredClone(data.get(keys)) } : {};
    },
    async set(items) {
      ops.set++;
      if (ops.fail) throw new Error('quota');
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    async remove(keys) {
      ops.remove++;
      if (ops.fail) throw new Error('quota');
      for (const k of keys) data.delete(k);
    },
  };
  return { storage, data, ops };
}

export const page = (m: Record<string, unknown>) => ({ source: 'tessera-page', ...m });
export const request = (requestId: string, url: string, options: Record<string, unknown> = { method: 'GET' }, responseType: 'json' | 'text' = 'json') =>
  page({ type: 'tessera:request', requestId, responseType, payload: { url, options } });
