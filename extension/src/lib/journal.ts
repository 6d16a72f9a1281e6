import type { OutcomeState } from '../../../protocol';

/** The slice of chrome.storage.session the journal needs (a fake in the tests). */
export interface KeyValueStorage {
  get(keys: null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface OutcomeEntry {
  state: Exclude<OutcomeState, 'unknown'>;
  status?: number;
  /** When the entry was first recorded (ms); orders entries across worker restarts. */
  t: number;
}

export const JOURNAL_PREFIX = 'outcome:';
export const JOURNAL_LIMIT = 5_000;

/**
 * The outcome journal of writes (docs/INTERFACES.md section 4, `tessera:outcome`): `pending` before the
 * request leaves, then `done` (2xx) or `failed` (with the status; 0 = no HTTP reply, so the write may
 * or may not have landed). Kept in chrome.storage.session, one key per request, so it survives the
 * worker being stopped and restarted; the most recent JOURNAL_LIMIT entries are kept. Writes that
 * happen together are sent to storage as one batch, in order.
 */
export class OutcomeJournal {
  private readonly entries = new Map<string, OutcomeEntry>();
  private dirty = new Map<string, OutcomeEntry | null>();
  private chain: Promise<void> = Promise.resolve();
  private scheduled: Promise<void> | null = null;
  private readonly ready: Promise<void>;

  constructor(private readonly storage: KeyValueStorage, private readonly limit = JOURNAL_LIMIT, private readonly now: () => number = Date.now) {
    this.ready = this.load();
  }

  private async load(): Promise<void> {
    let all: Record<string, unknown> = {};
    try {
      all = await this.storage.get(null);
    } catch {
      return; // an unreadable journal is an empty one: every id then answers `unknown`
    }
    const loaded = Object.entries(all)
      .filter(([k, v]) => k.startsWith(JOURNAL_PREFIX) && isEntry(v))
      .map(([k, v]) => [k.slice(JOURNAL_PREFIX.length), v as OutcomeEntry] as const)
      .sort((a, b) => a[1].t - b[1].t);
    for (const [id, entry] of loaded) this.entries.set(id, entry);
    this.evict();
  }

  /** Records `pending` and resolves once that is stored, so a write never leaves unrecorded. */
  async pending(requestId: string): Promise<void> {
    await this.ready;
    const entry: OutcomeEntry = { state: 'pending', t: this.entries.get(requestId)?.t ?? this.now() };
    this.put(requestId, entry);
    try {
      await this.flush();
    } catch (e) {
      if (this.entries.get(requestId) === entry) this.entries.delete(requestId); // not stored, so not sent: forget it
      throw e;
    }
  }

  async settle(requestId: string, status: number): Promise<void> {
    await this.ready;
    const ok = status >= 200 && status < 300;
    this.put(requestId, { state: ok ? 'done' : 'failed', status, t: this.entries.get(requestId)?.t ?? this.now() });
    await this.flush();
  }

  async lookup(requestId: string): Promise<{ state: OutcomeState; status?: number }> {
    await this.ready;
    const e = this.entries.get(requestId);
    if (!e) return { state: 'unknown' };
    return e.status === undefined ? { state: e.state } : { state: e.state, status: e.status };
  }

  async size(): Promise<number> {
    await this.ready;
    return this.entries.size;
  }

  private put(id: string, entry: OutcomeEntry) {
    this.entries.set(id, entry); // an id already there keeps its place: order is by first record
    this.dirty.set(id, entry);
    this.evict();
  }

  private evict() {
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.dirty.set(oldest, null);
    }
  }

  private flush(): Promise<void> {
    if (!this.scheduled) {
      const run = this.chain.then(async () => {
        this.scheduled = null; // later changes go to the next batch
        const batch = this.dirty;
        this.dirty = new Map();
        const sets: Record<string, OutcomeEntry> = {};
        const removes: string[] = [];
        for (const [id, e] of batch) {
          if (e) sets[JOURNAL_PREFIX + id] = e;
          else removes.push(JOURNAL_PREFIX + id);
        }
        if (removes.length) await this.storage.remove(removes);
        if (Object.keys(sets).length) await this.storage.set(sets);
      });
      this.scheduled = run;
      this.chain = run.catch(() => undefined);
    }
    return this.scheduled;
  }
}

function isEntry(v: unknown): v is OutcomeEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (e.state === 'pending' || e.state === 'done' || e.state === 'failed') && typeof e.t === 'number' && (e.status === undefined || typeof e.status === 'number');
}
