/**
 * Background reads (docs/DECISIONS.md, "Background reads"): platform checks and scheduled checks —
 * reads nobody is waiting on, unlike a job's own reads, which belong to the job. Together they use at
 * most BACKGROUND_SHARE of the caller's per-user budget, and they yield to jobs: a request waits while
 * a job of this runner has work queued or running on its scope.
 *
 * The share is a score of its own, like the platform's: each background call adds its points and the
 * score decays at BACKGROUND_SHARE of the budget's refill (P / D points a second); a call goes when the
 * score stays within BACKGROUND_SHARE × P. Over any stretch of T seconds background calls so spend at
 * most BACKGROUND_SHARE × (P + P × T / D) points — the share of what the budget allows in that time —
 * and a job keeps the rest. P and D are the runner's usage pacer's (adaptive.ts), read on the safe side
 * once it is confident; before, its prior (the documented 9,000 points / 300 s), and then at most
 * UNSURE_CALLS_PER_S calls a second, since the prior may be far above the caller's real budget. The
 * operator's pace setting (runner settings, `paceFactor`) scales that spacing as it scales every lane's:
 * 2 halves the rate, 0.5 doubles it.
 *
 * Background readers never write: a request other than a GET is refused, except a Graph batch of GETs
 * (how the list loaders read details 50 at a time) and a GraphQL query post
 * (a POST to `…/api/graphql/` whose operation name ends in `Query`) that the caller marks as one —
 * `{ background: 'query' }` in the request's options, or the operation listed in the bridge's
 * `queries` (how `graphqlPost`, which passes no options, is used).
 */
import { bridgeOn, type Bridge } from '../bridge/bridge';
import { BridgeError, type RequestOptions } from '../bridge/transport';
import type { BridgeResponse } from '../../../protocol';
import { isCallerWideLimit, isRateLimitCode, parseUsage, rateLimitPauseMs } from '../graph/classify';
import { requestCosts } from './adaptive';
import { REQUEST_DEADLINE_MS } from './settle';
import { scopeMap, type ScopeMap } from './scope';
import type { Runner } from './runner';

/** The share of the per-user budget all background readers together may use. */
export const BACKGROUND_SHARE = 0.2;
/** Calls a second at most while the pacer has not learnt the budget (its prior may be far too high). */
export const UNSURE_CALLS_PER_S = 4;
/** How often a request waiting for a job on its scope looks again. */
export const JOB_RECHECK_MS = 250;
/** The documented standard tier (docs/INTERFACES.md section 5), when the runner paces nothing. */
const STANDARD_BUDGET = { points: 9000, decayS: 300 };

export interface BackgroundStats { calls: number; points: number; waitedMs: number }

/** A request's options as a background reader gives them (`background: 'query'` marks a GraphQL query post). */
export type BackgroundRequestOptions = RequestOptions;

export interface BackgroundBridgeOptions {
  /** GraphQL operations (names ending in `Query`) this reader may post without marking each request. */
  queries?: readonly string[];
}

/** A background reader asked for a write (or an unmarked POST): refused before anything is sent. */
export class BackgroundWriteRefused extends Error {
  constructor(method: string, url: string) {
    super(`background readers never write: ${method.toUpperCase()} ${url.split('?')[0]} refused`);
    this.name = 'BackgroundWriteRefused';
  }
}

type RunnerParts = Pick<Runner, 'clock' | 'pacer' | 'scopePacers' | 'deps' | 'jobStore'>;

export class BackgroundReads {
  private readonly counts: BackgroundStats = { calls: 0, points: 0, waitedMs: 0 };
  /** The background score (points) and when it was last decayed. */
  private score = 0;
  private scoredAt = 0;
  private lastSentAt = -Infinity;
  /** Background pauses after a rate-limit answer: '' = every scope. */
  private readonly pausedUntil = new Map<string, number>();

  constructor(private readonly runner: RunnerParts) {}

  /**
   * A bridge for one background reader. Each request waits until no job of the runner has a running or
   * queued item on `scope` (null = the caller as a whole: while any job runs) and the background score
   * has room, then goes through the runner's transport with the runner's deadline; the answer teaches
   * the pacers. A write is refused (see the file's head); `signal` aborts a waiting request.
   */
  bridge(scope: string | null, options: BackgroundBridgeOptions = {}): Bridge {
    const transport = this.runner.deps.bridge.transport;
    const deadlineMs = this.runner.deps.requestDeadlineMs ?? REQUEST_DEADLINE_MS;
    return bridgeOn(transport, async (url, init, requestOptions?: BackgroundRequestOptions) => {
      if (!isRead(url, init, requestOptions, options.queries ?? [])) throw new BackgroundWriteRefused(init.method, url);
      const points = requestCosts(init).reduce((s, c) => s + c, 0);
      await this.turn(scope, points, requestOptions?.signal);
      const release = this.runner.pacer?.reserve(points);
      let response: BridgeResponse;
      try {
        const { background: _mark, ...rest } = requestOptions ?? {};
        response = await transport.request({ url, options: init }, { deadlineMs, ...rest });
      } finally {
        release?.();
      }
      this.observe(scope, init, response);
      return response;
    });
  }

  stats(): BackgroundStats {
    return { ...this.counts };
  }

  /**
   * How long a background call of `points` on `scope` must still wait (0 = it may go now); while a job
   * works on the scope, JOB_RECHECK_MS (it is looked at again then).
   */
  waitMs(scope: string | null, points: number, now = this.runner.clock.now()): number {
    if (this.jobOn(scope)) return JOB_RECHECK_MS;
    const paused = Math.max(this.pausedUntil.get('') ?? 0, scope ? this.pausedUntil.get(scope) ?? 0 : 0);
    const budget = this.budget();
    const refill = (BACKGROUND_SHARE * budget.points) / budget.decayS; // points a second
    const score = this.decayed(now, refill);
    const room = Math.max(0, score + points - BACKGROUND_SHARE * budget.points);
    const waits = [
      paused - now,
      Math.ceil((room / refill) * 1000),
      budget.confident ? 0 : this.lastSentAt + (1000 / UNSURE_CALLS_PER_S) * (this.runner.deps.paceFactor?.() ?? 1) - now,
      // the caller's whole score (jobs included) must have room too, and the object's own
      this.runner.pacer?.waitMs(points, now) ?? 0,
      scope ? this.runner.scopePacers?.get(scope)?.waitMs(points, now) ?? 0 : 0,
    ];
    return Math.max(0, ...waits);
  }

  /** True while a running job has an item queued or in flight on `scope` (null: any running job). */
  jobOn(scope: string | null): boolean {
    const store = this.runner.jobStore;
    for (const job of store.jobs()) {
      if (job.status !== 'running') continue;
      if (scope === null) return true;
      if (store.items(job.id).some((i) => i.scope === scope && (i.state === 'pending' || i.state === 'inflight'))) return true;
    }
    return false;
  }

  /** The per-user budget the background share is taken of: the pacer's, on the safe side once confident; else its prior. */
  budget(): { points: number; decayS: number; confident: boolean } {
    const pacer = this.runner.pacer;
    if (!pacer) return { ...STANDARD_BUDGET, confident: false };
    if (!pacer.confident()) return { points: 100 / pacer.options.priorPctPerPoint, decayS: 100 / pacer.options.priorDecayPctPerS, confident: false };
    const f = pacer.estimate();
    // a point dearer and the decay slower by one standard error: the share errs small
    const pctPerPoint = f.pctPerPoint + f.sePctPerPoint;
    const decayPctPerS = Math.max(f.decayPctPerS - f.seDecayPctPerS, f.decayPctPerS / 4);
    return { points: 100 / pctPerPoint, decayS: 100 / decayPctPerS, confident: true };
  }

  /** Waits for the call's turn, then counts it (synchronously with the check: concurrent readers see it). */
  private async turn(scope: string | null, points: number, signal: AbortSignal | undefined): Promise<void> {
    const { clock } = this.runner;
    const asked = clock.now();
    for (;;) {
      if (signal?.aborted) throw new BridgeError('aborted while waiting for a background turn', 'aborted');
      const wait = this.waitMs(scope, points);
      if (wait <= 0) break;
      await sleep(clock, Math.min(wait, 60_000), signal);
    }
    const now = clock.now();
    const budget = this.budget();
    this.score = this.decayed(now, (BACKGROUND_SHARE * budget.points) / budget.decayS) + points;
    this.scoredAt = now;
    this.lastSentAt = now;
    this.counts.calls += 1;
    this.counts.points += points;
    this.counts.waitedMs += now - asked;
  }

  private decayed(now: number, refill: number): number {
    return Math.max(0, this.score - (Math.max(0, now - this.scoredAt) / 1000) * refill);
  }

  /** An answer teaches the pacers as a job's does; a rate limit pauses background calls (the scope's, or all). */
  private observe(scope: string | null, init: { method: string; body?: string }, response: BridgeResponse): void {
    const { clock, pacer, scopePacers } = this.runner;
    const now = clock.now();
    const scopes = this.scopes();
    pacer?.observeResponse(init, response, now);
    if (scope) scopePacers?.observeResponse(scope, scopes, init, response, now);
    const headers = response.headers ?? {};
    const { code, subcode } = errorCodes(response.body);
    if (response.status >= 400 && isRateLimitCode(code)) {
      const key = isCallerWideLimit(code, subcode) || !scope ? '' : scope;
      this.pausedUntil.set(key, now + rateLimitPauseMs(headers, scope, (k) => scopes.fromUsageKey(k)));
    }
    for (const b of parseUsage(headers).business) {
      if (b.callCount >= 100 && b.regainMinutes > 0) {
        const key = scopes.fromUsageKey(b.id);
        this.pausedUntil.set(key, Math.max(this.pausedUntil.get(key) ?? 0, now + b.regainMinutes * 60_000));
      }
    }
  }

  /** Usage keys to scopes by every loaded plugin's scope declaration. */
  private scopes(): ScopeMap {
    const maps = [...new Set([...this.runner.deps.actions().values()].map((e) => e.plugin.scope).filter((d) => !!d))].map((d) => scopeMap(d));
    return {
      of: (id) => maps.map((m) => m.of(id)).find((s) => s !== null) ?? null,
      fromUsageKey: (key) => maps.map((m) => m.fromUsageKey(key)).find((s) => maps.some((m) => m.of(s) !== null)) ?? key,
    };
  }
}

const GRAPHQL_PATH = /^https:\/\/[^/]+\/api\/graphql\/?(\?|$)/;

/** A GET, or a GraphQL query post the caller marked (per request, or by listing its operation). */
function isRead(url: string, init: { method: string; body?: string }, options: BackgroundRequestOptions | undefined, queries: readonly string[]): boolean {
  const method = init.method.toUpperCase();
  if (method === 'GET') return true;
  if (method === 'POST' && isReadBatch(url, init.body)) return true;
  if (method !== 'POST' || !GRAPHQL_PATH.test(url)) return false;
  const operation = new URLSearchParams(init.body ?? '').get('fb_api_req_friendly_name') ?? '';
  if (!/Query$/.test(operation)) return false;
  return options?.background === 'query' || queries.includes(operation);
}

const GRAPH_ROOT = /^https:\/\/graph\.[^/]+\/(v\d+\.\d+\/?)?(\?|$)/;

/**
 * A Graph batch (a POST of `batch=[…]` to the version's root) whose every request is a GET with no body:
 * the list loaders read details 50 at a time this way. Anything else in it makes the whole post a write.
 */
function isReadBatch(url: string, body: string | undefined): boolean {
  if (!GRAPH_ROOT.test(url) || !body) return false;
  const params = new URLSearchParams(body);
  for (const key of params.keys()) if (key !== 'batch' && key !== 'include_headers' && key !== 'access_token') return false;
  let entries: unknown;
  try { entries = JSON.parse(params.get('batch') ?? ''); } catch { return false; }
  return Array.isArray(entries) && entries.length > 0 && entries.every((e) => {
    if (typeof e !== 'object' || e === null) return false;
    const { method, relative_url: rel, body: itemBody, ...rest } = e as Record<string, unknown>;
    return String(method ?? 'GET').toUpperCase() === 'GET' && typeof rel === 'string' && itemBody === undefined
      && Object.keys(rest).every((k) => k === 'name' || k === 'omit_response_on_success' || k === 'depends_on');
  });
}

function errorCodes(body: unknown): { code?: number; subcode?: number } {
  let b = body;
  if (typeof b === 'string') {
    try { b = JSON.parse(b); } catch { return {}; }
  }
  const error = (b as { error?: { code?: unknown; error_subcode?: unknown } } | null)?.error;
  return {
    ...(typeof error?.code === 'number' ? { code: error.code } : {}),
    ...(typeof error?.error_subcode === 'number' ? { subcode: error.error_subcode } : {}),
  };
}

function sleep(clock: RunnerParts['clock'], ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(new BridgeError('aborted while waiting for a background turn', 'aborted'));
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
