// Everything the sandbox remembers: the data set, the fault knobs, the scores, the call counters
// and the outcome journal. One state per mounted sandbox; tests may create one and inspect it.
import { Rng, hashSeed } from './prng';
import type { Dataset, Scale } from './dataset';
import { generate } from './generate';
import type { Catalogue, GraphqlCatalogue } from './catalogue';
import { ScoreBoard, type Budget } from './score';
import { DEFAULT_VERSIONS, parseVersions, versionsText, type Switches, type VersionRange } from './switches';
import { checkDrift, type DriftOptions, type DriftState } from './world';

/**
 * How an injected write fault ends a direct write request (not a GET): `error` answers 500 without
 * applying it; `error-after-apply` applies it, then answers 500; `drop` closes the connection without
 * an answer (the caller sees status 0) and applies nothing; `drop-after-apply` applies it, then closes.
 */
export type WriteFaultMode = 'error' | 'error-after-apply' | 'drop' | 'drop-after-apply';
export const WRITE_FAULT_MODES: readonly WriteFaultMode[] = ['error', 'error-after-apply', 'drop', 'drop-after-apply'];

export interface Faults {
  latencyMs: number;
  jitterMs: number;
  /** probability (0–1) that a graph call or batch entry fails with an injected transient error */
  errorRate: number;
  budget: { perAccount: Budget; perUser: Budget };
  /** a burst: each of the next writes fails as `mode` with probability `rate`, until `count` have */
  writeFault: { mode: WriteFaultMode; count: number; rate: number };
  /** the next `count` writes wait `ms` before they are applied (after the caller may have given up) */
  latencySpike: { ms: number; count: number };
}

export type FaultsPatch = Partial<Omit<Faults, 'budget' | 'writeFault' | 'latencySpike'>> & {
  budget?: { perAccount?: Partial<Budget>; perUser?: Partial<Budget> };
  writeFault?: Partial<Faults['writeFault']>;
  latencySpike?: Partial<Faults['latencySpike']>;
  /** true: the session's access token stops being accepted (code 190); `GET /__sandbox/session` gives the new one */
  expireToken?: boolean;
};

export const DEFAULT_FAULTS: Faults = {
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  budget: {
    perAccount: { points: 60, decayS: 300, blockS: 300 },
    perUser: { points: 9000, decayS: 300, blockS: 60 },
  },
  writeFault: { mode: 'error', count: 0, rate: 1 },
  latencySpike: { ms: 0, count: 0 },
};

export interface SandboxOptions {
  /** any text or number; default "tessera" */
  seed?: string | number;
  scale?: Scale;
  hostile?: boolean;
  /** when set, only this access token is accepted (others get code 190) */
  token?: string | null;
  /** the clock in ms since the epoch (scores, invitations, outcome journal); default Date.now */
  now?: () => number;
  /** initial fault knobs, merged over the defaults */
  faults?: FaultsPatch;
  /** documents over the areas' own (same shape as sandbox/graphql-docs.json): a file path or the parsed object; default that file */
  graphqlDocs?: string | GraphqlCatalogue;
  /** share an existing state (e.g. one made by createSandboxState) instead of making one */
  state?: SandboxState;
  /** the Graph versions served, `vA.0-vB.0` (default `v16.0-v24.0`); others answer #2635 */
  versions?: string;
  /** the world changing by itself: one drawn world event every `everyS` seconds of the sandbox clock (sandbox/world.ts); default off */
  drift?: DriftOptions;
}

export interface Session {
  userId: string;
  name: string;
  access_token: string;
  /** a second user token of the same user (the "retry with the alternate token" of docs/INTERFACES.md section 4) */
  access_token_alt: string;
  fb_dtsg: string;
  lsd: string;
}

export interface Outcome {
  state: 'pending' | 'done' | 'failed';
  status?: number;
}

export interface CallCounters {
  total: number;
  byMethod: Record<string, number>;
  byPath: Record<string, number>;
  writesByObject: Record<string, number>;
  batches: number;
  batchEntries: number;
  rateLimited: number;
  injectedErrors: number;
}

const JOURNAL_MAX = 20_000;
/** How many calls `GET /__sandbox/calls` lists in `recent`. */
export const RECENT_CALLS = 1_000;

export interface RecentCall { at: number; method: string; path: string }

function emptyCounters(): CallCounters {
  return { total: 0, byMethod: {}, byPath: {}, writesByObject: {}, batches: 0, batchEntries: 0, rateLimited: 0, injectedErrors: 0 };
}

export function mergeFaults(base: Faults, patch: FaultsPatch | undefined): Faults {
  const out: Faults = structuredClone(base);
  if (!patch) return out;
  const num = (v: unknown, name: string, max = Infinity): number => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) throw new RangeError(`${name} must be a number from 0 to ${max}`);
    return v;
  };
  if (patch.latencyMs !== undefined) out.latencyMs = num(patch.latencyMs, 'latencyMs', 600_000);
  if (patch.jitterMs !== undefined) out.jitterMs = num(patch.jitterMs, 'jitterMs', 600_000);
  if (patch.errorRate !== undefined) out.errorRate = num(patch.errorRate, 'errorRate', 1);
  if (patch.writeFault !== undefined) {
    const w = patch.writeFault;
    if (w.mode !== undefined) {
      if (!WRITE_FAULT_MODES.includes(w.mode)) throw new RangeError(`writeFault.mode must be one of ${WRITE_FAULT_MODES.join(', ')}`);
      out.writeFault.mode = w.mode;
    }
    if (w.count !== undefined) out.writeFault.count = Math.floor(num(w.count, 'writeFault.count', 1_000_000));
    if (w.rate !== undefined) out.writeFault.rate = num(w.rate, 'writeFault.rate', 1);
  }
  if (patch.latencySpike !== undefined) {
    if (patch.latencySpike.ms !== undefined) out.latencySpike.ms = num(patch.latencySpike.ms, 'latencySpike.ms', 600_000);
    if (patch.latencySpike.count !== undefined) out.latencySpike.count = Math.floor(num(patch.latencySpike.count, 'latencySpike.count', 1_000_000));
  }
  for (const scope of ['perAccount', 'perUser'] as const) {
    const p = patch.budget?.[scope];
    if (!p) continue;
    for (const key of ['points', 'decayS', 'blockS'] as const) {
      if (p[key] !== undefined) out.budget[scope][key] = num(p[key], `budget.${scope}.${key}`);
    }
  }
  return out;
}

export class SandboxState {
  data: Dataset;
  faults: Faults;
  readonly scores: ScoreBoard;
  readonly now: () => number;
  /** `POST /__sandbox/clock { advanceS }` moves the clock this far ahead of the real one */
  clockOffsetMs = 0;
  /** the only access token accepted (null: any); `expireToken` replaces it */
  token: string | null;
  readonly catalogue: Catalogue;
  counters: CallCounters = emptyCounters();
  private recent: RecentCall[] = [];
  private recentNext = 0;
  readonly journal = new Map<string, Outcome>();
  session: Session;
  faultRng: Rng;
  /** bumped on every applied write; caches of derived lists key on it */
  version = 0;
  private readonly cache = new Map<string, { version: number; value: unknown }>();
  /** the switches at start-up (restored by reset) and now (sandbox/switches.ts) */
  readonly startSwitches: Switches;
  switches: Switches;
  /** the versions the current switches serve */
  served: VersionRange;
  /** the drift of the world (sandbox/world.ts), null when off */
  drift: DriftState | null = null;

  constructor(opts: SandboxOptions, catalogue: Catalogue) {
    this.served = opts.versions === undefined ? DEFAULT_VERSIONS : parseVersions(opts.versions);
    this.startSwitches = { retiredDocs: [], replyShapes: [], versions: versionsText(this.served) };
    this.switches = structuredClone(this.startSwitches);
    const realNow = opts.now ?? Date.now;
    this.now = () => realNow() + this.clockOffsetMs;
    this.token = opts.token ?? null;
    this.catalogue = catalogue;
    this.faults = mergeFaults(DEFAULT_FAULTS, opts.faults);
    this.scores = new ScoreBoard(this.now);
    this.data = generate(opts.seed ?? 'tessera', opts.scale ?? 'small', opts.hostile ?? false);
    this.session = this.makeSession();
    this.faultRng = new Rng(hashSeed('faults', this.data.seed));
    if (opts.drift) this.setDrift(opts.drift);
  }

  /** turns the drift on (everyS > 0) or off; it counts from the sandbox clock's now */
  setDrift(opts: DriftOptions): void {
    const { everyS, seed } = checkDrift(opts);
    this.drift = everyS > 0 ? { everyS, seed: String(seed ?? 'drift'), originMs: this.now(), ticks: 0 } : null;
  }

  /** new data from (seed, scale, hostile); scores, counters, journal and caches start empty; fault knobs stay */
  reset(opts: { seed?: string | number; scale?: Scale; hostile?: boolean }): void {
    this.data = generate(opts.seed ?? this.data.seed, opts.scale ?? this.data.scale, opts.hostile ?? this.data.hostile);
    this.session = this.makeSession();
    this.faultRng = new Rng(hashSeed('faults', this.data.seed));
    this.scores.clear();
    this.clockOffsetMs = 0;
    this.counters = emptyCounters();
    this.recent = [];
    this.recentNext = 0;
    this.journal.clear();
    this.cache.clear();
    this.version++;
    this.setSwitches(structuredClone(this.startSwitches));
    // the drift stays on and counts again from the reset clock
    if (this.drift) this.drift = { ...this.drift, originMs: this.now(), ticks: 0 };
  }

  setSwitches(next: Switches): void {
    this.switches = next;
    this.served = parseVersions(next.versions);
  }

  clearCounters(): void {
    this.counters = emptyCounters();
    this.recent = [];
    this.recentNext = 0;
  }

  private makeSession(): Session {
    const rng = Rng.of('session', this.data.seed);
    const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const user = this.data.users.get(this.data.sessionUserId)!;
    return {
      userId: user.id,
      name: user.name,
      access_token: this.token ?? `EAAB${rng.token(60, alnum)}`,
      fb_dtsg: `NAc${rng.token(40, alnum)}:${rng.int(10, 99)}:${rng.int(1_600_000_000, 1_700_000_000)}`,
      lsd: rng.token(22, alnum),
      // its own stream, so the other values stay what they were
      access_token_alt: `EAAG${Rng.of('session-alt', this.data.seed).token(60, alnum)}`,
    };
  }

  /** a value derived from the data, recomputed after any applied write */
  cached<T>(key: string, compute: () => T): T {
    const hit = this.cache.get(key);
    if (hit && hit.version === this.version) return hit.value as T;
    const value = compute();
    this.cache.set(key, { version: this.version, value });
    return value;
  }

  /** The last RECENT_CALLS calls, oldest first (a ring: counting a call allocates one small object). */
  recentCalls(): RecentCall[] {
    const ring = this.recent;
    return ring.length < RECENT_CALLS ? [...ring] : [...ring.slice(this.recentNext), ...ring.slice(0, this.recentNext)];
  }

  countCall(method: string, path: string): void {
    const c = this.counters;
    const call = { at: this.now(), method, path };
    if (this.recent.length < RECENT_CALLS) this.recent.push(call);
    else this.recent[this.recentNext] = call;
    this.recentNext = (this.recentNext + 1) % RECENT_CALLS;
    c.total++;
    c.byMethod[method] = (c.byMethod[method] ?? 0) + 1;
    c.byPath[path] = (c.byPath[path] ?? 0) + 1;
  }

  countWrite(objectKey: string): void {
    this.counters.writesByObject[objectKey] = (this.counters.writesByObject[objectKey] ?? 0) + 1;
    this.version++;
  }

  recordOutcome(requestId: string, outcome: Outcome): void {
    this.journal.delete(requestId);
    this.journal.set(requestId, outcome);
    if (this.journal.size > JOURNAL_MAX) this.journal.delete(this.journal.keys().next().value!);
  }

  /** the session's token stops being accepted: a new one is made and served by `/__sandbox/session` */
  expireToken(): void {
    const rng = new Rng(hashSeed('token', `${this.data.seed}:${this.session.access_token}`));
    this.token = `EAAB${rng.token(60, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}`;
    this.session = { ...this.session, access_token: this.token };
  }

  /** The write fault this write meets, if any (the burst counts down). */
  takeWriteFault(): WriteFaultMode | null {
    const f = this.faults.writeFault;
    if (f.count <= 0 || this.faultRng.float() >= f.rate) return null;
    f.count--;
    return f.mode;
  }

  /** The latency spike this write waits, in ms (0: none; the spike counts down). */
  takeLatencySpike(): number {
    const s = this.faults.latencySpike;
    if (s.count <= 0 || s.ms <= 0) return 0;
    s.count--;
    return s.ms;
  }

  /** the injected-error dice: true when this call should fail */
  rollFault(): boolean {
    return this.faults.errorRate > 0 && this.faultRng.float() < this.faults.errorRate;
  }

  latency(): number {
    const { latencyMs, jitterMs } = this.faults;
    if (latencyMs <= 0 && jitterMs <= 0) return 0;
    return latencyMs + (jitterMs > 0 ? Math.random() * jitterMs : 0);
  }
}
