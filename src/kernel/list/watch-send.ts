import { getUserItem, setUserItem } from '../storage';
import { WATCH_MEMBERS_MAX, WATCH_ROWS_MAX, type WatchRow, type WatchSnapshotBody, type WatchType } from '../../../protocol/api/watch';

// The watch's snapshots from the browser (issue 34 item 1; docs/DECISIONS.md, "The watch: the client
// (issue 34)"): every loaded list of a watched type is sent to the server, but only the rows that
// changed since this user's last send, in requests under the 64 KiB body limit, in the background.

/** What one request may weigh: under the server's 64 KiB body limit with room for the envelope. */
export const WATCH_BODY_MAX_BYTES = 60 * 1024;
/** The stored fingerprints' shape: a stored record of another shape is dropped (the next loads send every row once). */
export const WATCH_PRINTS_SHAPE = 1;
/** Waits before a failed send is tried again: 30 s, doubling up to 10 minutes. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 10 * 60_000;
/** Offered rows wait this long before a send: a big list offered slice by slice goes out in full requests. */
export const WATCH_SEND_DELAY_MS = 200;
/** A text value longer than the server keeps is cut (the server refuses more than 500 characters). */
const VALUE_MAX = 500;
const NAME_MAX = 256;

/** Where the fingerprints are kept: the signed-in user's own storage key (`tessera-watch`, per user). */
export interface PrintStore {
  read: () => unknown;
  write: (value: { shape: number; prints: Record<string, Record<string, string>> }) => void;
}

export function userPrintStore(uid: string): PrintStore {
  return { read: () => getUserItem('tessera-watch', uid), write: (value) => setUserItem('tessera-watch', uid, value) };
}

export interface WatchSenderOptions {
  /** Posts one snapshot request (`POST /api/watch/snapshots`); rejects when it failed. */
  post: (body: WatchSnapshotBody) => Promise<unknown>;
  /** Where what was sent is recorded (the signed-in user's `tessera-watch:<uid>`). */
  prints: PrintStore;
  /** Timers (tests pass fakes). */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (message: string, error?: unknown) => void;
  /** Told when a round of sends ended with rows taken by the server (the bus's `snapshots:sent`). */
  sent?: (rows: number) => void;
}

export interface WatchSender {
  /** Takes the rows of a loaded list; those changed since the last send go out in the background. */
  offer: (type: WatchType, rows: readonly WatchRow[]) => void;
  /** Sends what waits now (a retry's timer skipped); resolves when done, failures kept for later. */
  flush: () => Promise<void>;
  /** How many rows wait to be sent. */
  pending: () => number;
  /** Stops the retry timer (the user left). */
  stop: () => void;
}

/** A stable fingerprint of a row: its JSON with sorted keys, hashed (53 bits, cyrb53). */
export function fingerprint(row: WatchRow): string {
  return hash(stableJson(row));
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A row within the server's bounds: texts cut, lists at most 500 members, undefined fields left out. */
export function boundRow(row: WatchRow): WatchRow {
  const out: WatchRow = { id: row.id };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id' || value === undefined) continue;
    if (key === 'name') { out.name = typeof value === 'string' ? value.slice(0, NAME_MAX) : String(value); continue; }
    if (Array.isArray(value)) {
      out[key] = value.slice(0, WATCH_MEMBERS_MAX).map((m) => ({
        id: String(m.id).slice(0, NAME_MAX),
        ...(m.name !== undefined && { name: String(m.name).slice(0, NAME_MAX) }),
        ...(m.role !== undefined && { role: String(m.role).slice(0, 64) }),
      }));
    } else {
      out[key] = typeof value === 'string' ? value.slice(0, VALUE_MAX) : value;
    }
  }
  return out;
}

/** Rows in requests of at most WATCH_ROWS_MAX rows and `maxBytes` bytes each (a row heavier alone is left out). */
export function chunkRows(type: WatchType, rows: readonly WatchRow[], maxBytes = WATCH_BODY_MAX_BYTES): { chunks: WatchRow[][]; tooLarge: WatchRow[] } {
  const encoder = new TextEncoder();
  const base = encoder.encode(JSON.stringify({ type, rows: [] })).length;
  const chunks: WatchRow[][] = [];
  const tooLarge: WatchRow[] = [];
  let current: WatchRow[] = [];
  let bytes = base;
  for (const row of rows) {
    const size = encoder.encode(JSON.stringify(row)).length + 1;
    if (base + size > maxBytes) { tooLarge.push(row); continue; }
    if (current.length && (bytes + size > maxBytes || current.length >= WATCH_ROWS_MAX)) {
      chunks.push(current);
      current = [];
      bytes = base;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length) chunks.push(current);
  return { chunks, tooLarge };
}

type Prints = Record<string, Record<string, string>>;

function readPrints(store: PrintStore, log: (m: string) => void): Prints {
  const stored = store.read() as { shape?: unknown; prints?: unknown } | undefined;
  if (stored === undefined || stored === null) return {};
  if (typeof stored !== 'object' || stored.shape !== WATCH_PRINTS_SHAPE || !stored.prints || typeof stored.prints !== 'object') {
    // An older (or damaged) record: dropped, so the next list loads send every row once; the server keeps
    // what did not change as it was, so nothing is lost but one request per 1000 rows.
    log('[tessera] the watch: the record of rows already sent has an older shape and is dropped; the next list loads send every row once');
    store.write({ shape: WATCH_PRINTS_SHAPE, prints: {} });
    return {};
  }
  return stored.prints as Prints;
}

/**
 * The sender: rows offered are compared with the fingerprints of what was last sent (per user, per
 * type), the changed ones wait in a queue (the latest row of an object wins) and go out in chunks in
 * the background; a failed chunk stays queued and is tried again later (30 s, doubling to 10 minutes),
 * logged, never shown. A fingerprint is kept only once its row was taken by the server.
 */
export function createWatchSender(o: WatchSenderOptions): WatchSender {
  const store = o.prints;
  const setTimer = o.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = o.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const log = o.log ?? ((m, e) => console.warn(m, e ?? ''));
  let prints: Prints | null = null;
  const queue = new Map<WatchType, Map<string, { row: WatchRow; print: string }>>();
  let timer: unknown = null;
  let retryMs = RETRY_FIRST_MS;
  let running: Promise<void> | null = null;
  let stopped = false;

  const loaded = () => (prints ??= readPrints(store, (m) => log(m)));

  const schedule = (ms: number) => {
    if (stopped || timer !== null) return;
    timer = setTimer(() => { timer = null; void flush(); }, ms);
  };

  async function sendAll(): Promise<void> {
    let failed = false;
    let taken = 0;
    for (const [type, waiting] of queue) {
      const rows = [...waiting.values()];
      const { chunks, tooLarge } = chunkRows(type, rows.map((w) => w.row));
      for (const row of tooLarge) {
        waiting.delete(row.id);
        log(`[tessera] the watch: ${type} ${row.id} is too large to send and is left out`);
      }
      for (const chunk of chunks) {
        try {
          await o.post({ type, rows: chunk });
        } catch (e) {
          failed = true;
          log(`[tessera] the watch: sending ${chunk.length} ${type} rows failed; tried again later`, e);
          break;
        }
        taken += chunk.length;
        const kept = (loaded()[type] ??= {});
        for (const row of chunk) {
          const w = waiting.get(row.id);
          if (w?.row === row) { kept[row.id] = w.print; waiting.delete(row.id); }
        }
        store.write({ shape: WATCH_PRINTS_SHAPE, prints: loaded() });
      }
      if (failed) break;
      if (!waiting.size) queue.delete(type);
    }
    if (taken) {
      try { o.sent?.(taken); } catch (e) { log('[tessera] the watch: a listener of sent snapshots failed', e); }
    }
    if (failed) {
      schedule(retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    } else {
      retryMs = RETRY_FIRST_MS;
      // rows offered while this round was sending go in the next one
      if (queue.size) schedule(0);
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) { clearTimer(timer); timer = null; }
    running ??= sendAll().finally(() => { running = null; });
    return running;
  }

  return {
    offer(type, rows) {
      if (stopped) return;
      const sent = loaded()[type] ?? {};
      let waiting = queue.get(type);
      for (const raw of rows) {
        if (!raw || typeof raw.id !== 'string' || !raw.id) continue;
        const row = boundRow(raw);
        const print = fingerprint(row);
        if (sent[row.id] === print) { waiting?.delete(row.id); continue; }
        if (waiting?.get(row.id)?.print === print) continue;
        if (!waiting) { waiting = new Map(); queue.set(type, waiting); }
        waiting.set(row.id, { row, print });
      }
      if (waiting?.size) schedule(WATCH_SEND_DELAY_MS);
    },
    flush,
    pending: () => [...queue.values()].reduce((n, w) => n + w.size, 0),
    stop() {
      stopped = true;
      if (timer !== null) { clearTimer(timer); timer = null; }
    },
  };
}
