import type { KernelStore } from '../store/store';
import type { KernelBus } from '../bus';
import type { Bridge } from '../bridge/bridge';
import type { BridgeResponse } from '../bridge/shared/protocol';
import { GraphError, createBridge } from '../bridge/bridge';
import { newRequestId } from '../bridge/transport';
import type { LoadedPlugin, PluginAction } from '../plugin/types';
import type { KernelUser } from '../context-types';
import { canAccess } from '../plugin/roles';
import { runBatch, type BatchRequest } from '../graph/batch';
import { LaneScheduler, realClock, type LaneClock } from './lanes';
import { classifyError, isCallerWideLimit, parseUsage, rateLimitPauseMs, sameScope, scopeFromHeader, slowdownFor } from './classify';
import { validateParams } from './params';
import { UsagePacer, requestCosts, type PacerOptions } from './adaptive';
import { RunnerRefusal, type ItemRow, type JobItem, type JobRow, type JobStatus, type RecordedRequest } from './types';

export const JOBS = 'jobs';
export const ITEMS = 'items';
export const HISTORY_LIMIT = 100;
export const DEFAULT_MAX_ATTEMPTS = 4;
export const WRITE_DEADLINE_MS = 60_000;

export interface ActionEntry { plugin: LoadedPlugin; action: PluginAction<JobItem, unknown> }

export interface RunnerDeps {
  store: KernelStore;
  bridge: Bridge;
  bus?: KernelBus;
  /** Every loaded action, whoever may use it. */
  actions: () => Map<string, ActionEntry>;
  /** Plugin ids the current user may use (roles ∩ enabled); the runner refuses the others. */
  usablePluginIds: () => ReadonlySet<string>;
  user: () => KernelUser | null;
  /** Extension update gate: an action or plugin listed in the latest record's func list. */
  isBlocked?: (actionId: string) => boolean;
  /** Reports a job start (module statistics). */
  reportStart?: (pluginId: string, actionId: string) => void;
  /** Persists the store now; called before a non-idempotent write leaves. */
  flush?: () => Promise<void>;
  clock?: LaneClock;
  paceFactor?: () => number;
  maxAttempts?: number;
  writeDeadlineMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Usage pacing (adaptive.ts): holds the caller's score under a target; false turns it off. */
  pacing?: PacerOptions | false;
}

const rowId = (jobId: string, index: number) => `${jobId}:${String(index).padStart(7, '0')}`;

/**
 * The action runner. An action's `run` handles ONE item; the runner owns iteration, batching,
 * pacing on shared lanes, retries, rate-limit pauses, persistence, settling and progress.
 */
export class Runner {
  readonly lanes: LaneScheduler;
  /** Learns the caller's usage budget from the answers and gates every lane's starts; null when off. */
  readonly pacer: UsagePacer | null;
  private readonly clock: LaneClock;
  private readonly controllers = new Map<string, AbortController>();
  private flushChain: Promise<void> = Promise.resolve();

  constructor(private deps: RunnerDeps) {
    this.clock = deps.clock ?? realClock;
    this.lanes = new LaneScheduler(this.clock, deps.paceFactor ?? (() => 1));
    this.pacer = deps.pacing === false ? null : new UsagePacer(deps.pacing ?? {});
    const pacer = this.pacer;
    if (pacer) {
      this.lanes.setGate({
        waitMs: (laneId, task) => pacer.waitMs(task.cost ?? pacer.itemCost(laneId), this.clock.now()),
        started: (laneId, task) => pacer.reserve(task.cost ?? pacer.itemCost(laneId)),
      });
    }
  }

  // ---------- reading ----------

  get store(): KernelStore {
    return this.deps.store;
  }

  job(jobId: string): JobRow | null {
    const row = this.deps.store.getRow(JOBS, jobId);
    return Object.keys(row).length ? ({ id: jobId, ...row } as unknown as JobRow) : null;
  }

  jobs(): JobRow[] {
    return this.deps.store.getRowIds(JOBS).map((id) => this.job(id)!).sort((a, b) => b.createdAt - a.createdAt);
  }

  items(jobId: string): (ItemRow & { rowId: string })[] {
    const ids = this.deps.store.getRowIds(ITEMS).filter((id) => id.startsWith(`${jobId}:`)).sort();
    return ids.map((id) => ({ rowId: id, ...(this.deps.store.getRow(ITEMS, id) as unknown as ItemRow) }));
  }

  // ---------- starting ----------

  /** Checks everything that must hold before a job may start; throws RunnerRefusal otherwise. */
  check(actionId: string, params: unknown, items: readonly JobItem[]): ActionEntry {
    const entry = this.deps.actions().get(actionId);
    if (!entry) throw new RunnerRefusal(`unknown action "${actionId}"`, 'unknown-action');
    if (!this.deps.usablePluginIds().has(entry.plugin.id)) throw new RunnerRefusal(`the plugin "${entry.plugin.id}" is not enabled for you`, 'disabled');
    const role = this.deps.user()?.role;
    if (!canAccess(entry.plugin.roles, role) || !canAccess(entry.action.roles, role)) throw new RunnerRefusal(`your role may not run "${actionId}"`, 'role');
    if (this.deps.isBlocked?.(actionId)) throw new RunnerRefusal(`"${actionId}" needs a newer extension`, 'extension');
    const fieldErrors = validateParams(entry.action.schema, params);
    if (fieldErrors.length) throw new RunnerRefusal('the parameters are not valid', 'params', fieldErrors);
    if (items.length === 0) throw new RunnerRefusal('no items selected', 'empty');
    return entry;
  }

  start(actionId: string, params: unknown, items: readonly JobItem[]): string {
    const { plugin } = this.check(actionId, params, items);
    const now = this.clock.now();
    const jobId = `job-${now.toString(36)}-${Math.floor(this.clock.random() * 1e9).toString(36)}`;
    const { store } = this.deps;
    store.transaction(() => {
      store.setRow(JOBS, jobId, {
        actionId, pluginId: plugin.id, status: 'running', pauseReason: '', pauseMessage: '', params: JSON.stringify(params ?? {}),
        total: items.length, done: 0, failed: 0, skipped: 0, unknown: 0, createdAt: now, startedAt: now, updatedAt: now, finishedAt: 0, dryRun: false,
      });
      // An entry of an id list that resolved to no id is skipped as 'unresolved', never sent.
      items.forEach((item, index) => {
        const unresolved = item.id === undefined || item.id === null || String(item.id).trim() === '';
        store.setRow(ITEMS, rowId(jobId, index), {
          jobId, index, itemId: unresolved ? String((item as { text?: unknown }).text ?? '') : String(item.id), item: JSON.stringify(item),
          state: unresolved ? 'skipped' : 'pending', attempts: 0, message: unresolved ? 'unresolved' : '', requestId: '', deadline: 0, finishedAt: unresolved ? now : 0,
        });
      });
    });
    this.trimHistory();
    this.deps.reportStart?.(plugin.id, actionId);
    this.deps.bus?.emit('job:started', { jobId, actionId, total: items.length });
    this.schedule(jobId);
    return jobId;
  }

  // ---------- control ----------

  pause(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status !== 'running') return;
    this.lanes.drop(jobId);
    this.patchJob(jobId, { status: 'paused', pauseReason: 'operator', pauseMessage: '' });
  }

  /** Resumes a paused or interrupted job; items left in flight are settled before anything is resent. */
  async resume(jobId: string): Promise<void> {
    const job = this.job(jobId);
    if (!job || (job.status !== 'paused' && job.status !== 'interrupted')) return;
    this.patchJob(jobId, { status: 'running', pauseReason: '', pauseMessage: '' });
    await this.settle(jobId);
    if (this.job(jobId)?.status === 'running') this.schedule(jobId);
  }

  cancel(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status === 'done' || job.status === 'cancelled') return;
    this.lanes.drop(jobId);
    this.controllers.get(jobId)?.abort();
    this.controllers.delete(jobId);
    for (const item of this.items(jobId)) {
      if (item.state === 'pending') this.patchItem(item.rowId, { state: 'skipped', message: 'cancelled', finishedAt: this.clock.now() });
    }
    this.recount(jobId);
    this.patchJob(jobId, { status: 'cancelled', finishedAt: this.clock.now() });
    this.finished(jobId);
  }

  /** Puts the failed items of a finished or paused job back to pending and runs them again. */
  retryFailed(jobId: string): void {
    const job = this.job(jobId);
    if (!job) return;
    const failed = this.items(jobId).filter((i) => i.state === 'failed');
    if (!failed.length) return;
    failed.forEach((i) => this.patchItem(i.rowId, { state: 'pending', attempts: 0, message: '', finishedAt: 0 }));
    this.recount(jobId);
    this.patchJob(jobId, { status: 'running', pauseReason: '', pauseMessage: '', finishedAt: 0 });
    this.schedule(jobId);
  }

  /** After a reload: jobs that were running are interrupted (they resume on request, or at once with auto-resume). */
  restore(autoResume = false): string[] {
    const interrupted: string[] = [];
    for (const job of this.jobs()) {
      if (job.status === 'running') {
        this.patchJob(job.id, { status: 'interrupted', pauseReason: 'interrupted' });
        interrupted.push(job.id);
      }
    }
    if (autoResume) interrupted.forEach((id) => void this.resume(id));
    return interrupted;
  }

  /** Pauses every running job: the platform session needs the operator (token, checkpoint, policy block). */
  pauseAll(reason: 'session' | 'operator', message: string): void {
    for (const job of this.jobs()) {
      if (job.status !== 'running') continue;
      this.lanes.drop(job.id);
      this.patchJob(job.id, { status: 'paused', pauseReason: reason, pauseMessage: message });
    }
    if (reason === 'session') this.deps.bus?.emit('runner:needs-operator', { message });
  }

  // ---------- dry run ----------

  /** The requests the first items would send; nothing leaves the page. */
  async dryRun(actionId: string, params: unknown, items: readonly JobItem[], count = 3): Promise<RecordedRequest[]> {
    const { action } = this.check(actionId, params, items);
    const recorded: RecordedRequest[] = [];
    for (const item of items.slice(0, count)) {
      if (action.toBatch) {
        recorded.push({ itemId: item.id, method: 'POST', url: 'https://graph.facebook.com/v19.0/ (batch)', batch: action.toBatch(item, params) as BatchRequest });
        continue;
      }
      const recorder = recordingBridge(this.deps.bridge, item.id, recorded);
      try {
        await action.run(item, params, { signal: new AbortController().signal, progress: () => {}, bridge: recorder, requestId: 'dry-run' });
      } catch {
        // answers are stubs: an action that inspects them may give up; what it sent is recorded
      }
    }
    return recorded;
  }

  // ---------- execution ----------

  private schedule(jobId: string): void {
    const job = this.job(jobId);
    const entry = job && this.deps.actions().get(job.actionId);
    if (!job || !entry || job.status !== 'running') return;
    this.lanes.drop(jobId);
    const controller = this.controllers.get(jobId) ?? new AbortController();
    this.controllers.set(jobId, controller);
    const pending = this.items(jobId).filter((i) => i.state === 'pending');
    if (pending.length === 0) return this.completeIfDone(jobId);
    const lane = this.lanes.profile(entry.action.lane);
    const params = JSON.parse(job.params) as unknown;
    if (entry.action.toBatch && (lane.batchSize ?? 1) > 1) {
      for (let i = 0; i < pending.length; i += lane.batchSize!) {
        const group = pending.slice(i, i + lane.batchSize!);
        const cost = group.reduce((sum, g) => sum + batchCost(entry, g.item, params), 0);
        this.lanes.enqueue(entry.action.lane, { jobId, jobSize: job.total, scope: null, cost, run: () => this.runBatchGroup(jobId, entry, params, group.map((g) => g.rowId)) });
      }
    } else {
      for (const item of pending) {
        this.lanes.enqueue(entry.action.lane, { jobId, jobSize: job.total, scope: scopeOf(item.itemId), run: () => this.runItem(jobId, entry, params, item.rowId) });
      }
    }
  }

  private async runItem(jobId: string, entry: ActionEntry, params: unknown, id: string): Promise<void> {
    if (this.job(jobId)?.status !== 'running') return;
    const row = this.deps.store.getRow(ITEMS, id) as unknown as ItemRow;
    if (row.state !== 'pending') return;
    const item = JSON.parse(row.item) as JobItem;
    const requestId = newRequestId();
    const deadline = this.clock.now() + (this.deps.writeDeadlineMs ?? WRITE_DEADLINE_MS);
    this.patchItem(id, { state: 'inflight', attempts: row.attempts + 1, requestId, deadline });
    if (!entry.action.idempotent) await this.flush();
    const signal = this.controllers.get(jobId)?.signal ?? new AbortController().signal;
    let points = 0;
    const bridge = trackingBridge(this.deps.bridge, requestId, (init, response) => {
      points += requestCosts(init).reduce((s, c) => s + c, 0);
      this.observeResponse(entry.action.lane, init, response);
    });
    try {
      const result = await entry.action.run(item, params, { signal, progress: () => {}, bridge, requestId });
      this.patchItem(id, { state: 'done', message: resultMessage(result), finishedAt: this.clock.now() });
    } catch (error) {
      this.handleFailure(jobId, entry, id, row.attempts + 1, error, scopeOf(row.itemId));
    }
    this.pacer?.learnItemCost(entry.action.lane, points);
    this.recount(jobId);
    this.completeIfDone(jobId);
  }

  private async runBatchGroup(jobId: string, entry: ActionEntry, params: unknown, ids: string[]): Promise<void> {
    if (this.job(jobId)?.status !== 'running') return;
    const rows = ids.map((id) => ({ id, row: this.deps.store.getRow(ITEMS, id) as unknown as ItemRow })).filter((r) => r.row.state === 'pending');
    if (!rows.length) return;
    const requestId = newRequestId();
    const deadline = this.clock.now() + (this.deps.writeDeadlineMs ?? WRITE_DEADLINE_MS);
    this.deps.store.transaction(() => rows.forEach(({ id, row }) => this.patchItem(id, { state: 'inflight', attempts: row.attempts + 1, requestId, deadline })));
    if (!entry.action.idempotent) await this.flush();
    const bridge = trackingBridge(this.deps.bridge, requestId, (init, response) => this.observeResponse(entry.action.lane, init, response));
    const requests = rows.map(({ row }) => entry.action.toBatch!(JSON.parse(row.item) as JobItem, params) as BatchRequest);
    try {
      const results = await runBatch(bridge, requests, { chunkSize: requests.length, signal: this.controllers.get(jobId)?.signal, sleep: this.deps.sleep });
      results.forEach((result, k) => {
        const { id, row } = rows[k];
        if (result.ok) this.patchItem(id, { state: 'done', message: '', finishedAt: this.clock.now() });
        else this.handleFailure(jobId, entry, id, row.attempts + 1, result.error ?? new GraphError(`HTTP ${result.code}`, result.code), scopeOf(row.itemId));
      });
    } catch (error) {
      rows.forEach(({ id, row }) => this.handleFailure(jobId, entry, id, row.attempts + 1, error, null));
    }
    this.recount(jobId);
    this.completeIfDone(jobId);
  }

  private handleFailure(jobId: string, entry: ActionEntry, id: string, attempts: number, error: unknown, scope: string | null): void {
    const message = error instanceof Error ? error.message : String(error);
    const kind = classifyError(error);
    const lane = entry.action.lane;
    if (kind === 'rate-limit') {
      // Refused by the platform: nothing was applied, the item goes back without using an attempt.
      const headers = error instanceof GraphError ? error.headers : {};
      const code = error instanceof GraphError ? error.code : undefined;
      const subcode = error instanceof GraphError ? error.subcode : undefined;
      // A caller-wide limit pauses the whole lane; an account's limit pauses that account only.
      const named = parseUsage(headers).business.find((b) => sameScope(b.id, scope) || b.callCount >= 100);
      const pauseScope = isCallerWideLimit(code, subcode) ? null : named ? scopeFromHeader(named.id) : scope;
      this.lanes.pause(lane, pauseScope, this.clock.now() + rateLimitPauseMs(headers, pauseScope));
      this.patchItem(id, { state: 'pending', attempts: attempts - 1, requestId: '', message });
      this.requeue(jobId, entry, id, 0);
      return;
    }
    if (kind === 'session') {
      this.patchItem(id, { state: 'pending', attempts: attempts - 1, requestId: '', message });
      this.pauseAll('session', message);
      return;
    }
    if (kind === 'transient' && attempts < (this.deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
      this.patchItem(id, { state: 'pending', message });
      this.requeue(jobId, entry, id, backoffMs(attempts, this.clock.random()));
      return;
    }
    this.patchItem(id, { state: 'failed', message, finishedAt: this.clock.now() });
  }

  /** Puts one item back on its lane after a delay (backoff is never scaled by the pace factor). */
  private requeue(jobId: string, entry: ActionEntry, id: string, delayMs: number): void {
    const enqueue = () => {
      const job = this.job(jobId);
      if (!job || job.status !== 'running') return;
      const row = this.deps.store.getRow(ITEMS, id) as unknown as ItemRow;
      if (row.state !== 'pending') return;
      const params = JSON.parse(job.params) as unknown;
      const batched = !!entry.action.toBatch && (this.lanes.profile(entry.action.lane).batchSize ?? 1) > 1;
      this.lanes.enqueue(entry.action.lane, { jobId, jobSize: job.total, scope: scopeOf(row.itemId), cost: batched ? batchCost(entry, row.item, params) : undefined, run: () => (batched ? this.runBatchGroup(jobId, entry, params, [id]) : this.runItem(jobId, entry, params, id)) });
    };
    if (delayMs <= 0) enqueue();
    else this.clock.setTimeout(enqueue, delayMs);
  }

  /** Every answer an action gets: the pacer learns from it, and the lane slows down or pauses on its usage headers. */
  private observeResponse(laneId: string, init: { method: string; body?: string }, response: { status: number; headers: Record<string, string>; body?: unknown }): void {
    this.pacer?.observeResponse(init, response, this.clock.now());
    this.observeUsage(laneId, response.headers ?? {});
  }

  private observeUsage(laneId: string, headers: Record<string, string>): void {
    const usage = parseUsage(headers);
    // Once the pacer knows the caller's budget it holds that score near its target on purpose, so the
    // spacing slowdown follows the per-account scores only (which the pacer does not model).
    const app = this.pacer?.confident() ? 0 : usage.app ?? 0;
    const worst = Math.max(app, ...usage.business.map((b) => b.callCount));
    this.lanes.setSlowdown(laneId, slowdownFor(worst));
    for (const b of usage.business) {
      if (b.callCount >= 100 && b.regainMinutes > 0) this.lanes.pause(laneId, scopeFromHeader(b.id), this.clock.now() + b.regainMinutes * 60_000);
    }
  }

  /**
   * Settles items left in flight by a reload or crash: ask the executor's outcome journal (waiting
   * out the request's deadline while it is pending), then `verify` where the action has one — so a
   * write that landed is never sent twice.
   */
  private async settle(jobId: string): Promise<void> {
    const job = this.job(jobId);
    const entry = job && this.deps.actions().get(job.actionId);
    if (!job || !entry) return;
    const params = JSON.parse(job.params) as unknown;
    const inflight = this.items(jobId).filter((i) => i.state === 'inflight');
    for (const item of inflight) {
      if (entry.action.idempotent) { this.patchItem(item.rowId, { state: 'pending', requestId: '' }); continue; }
      let outcome = item.requestId ? await this.deps.bridge.transport.outcome(item.requestId) : { state: 'unknown' as const };
      if (outcome.state === 'pending') {
        const wait = item.deadline - this.clock.now();
        if (wait > 0) await (this.deps.sleep ?? ((ms: number) => new Promise((r) => this.clock.setTimeout(() => r(undefined), ms))))(wait);
        outcome = await this.deps.bridge.transport.outcome(item.requestId);
      }
      const parsed = JSON.parse(item.item) as JobItem;
      if (entry.action.verify) {
        try {
          const applied = await entry.action.verify(parsed, params, { signal: new AbortController().signal, progress: () => {}, bridge: this.deps.bridge, requestId: item.requestId });
          this.patchItem(item.rowId, applied ? { state: 'done', message: 'settled: verified', finishedAt: this.clock.now() } : { state: 'pending', requestId: '' });
          continue;
        } catch (e) {
          this.patchItem(item.rowId, { state: 'unknown', message: `unknown — check (${(e as Error).message})`, finishedAt: this.clock.now() });
          continue;
        }
      }
      if (outcome.state === 'done') this.patchItem(item.rowId, { state: 'done', message: 'settled: done', finishedAt: this.clock.now() });
      else if (outcome.state === 'failed') this.patchItem(item.rowId, { state: 'pending', requestId: '' });
      else this.patchItem(item.rowId, { state: 'unknown', message: 'unknown — check', finishedAt: this.clock.now() });
    }
    this.recount(jobId);
  }

  // ---------- bookkeeping ----------

  private completeIfDone(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status !== 'running') return;
    const open = this.items(jobId).some((i) => i.state === 'pending' || i.state === 'inflight');
    if (open) return;
    this.patchJob(jobId, { status: 'done', finishedAt: this.clock.now() });
    this.controllers.delete(jobId);
    this.finished(jobId);
  }

  private finished(jobId: string): void {
    const job = this.job(jobId)!;
    this.deps.bus?.emit('job:finished', { jobId, actionId: job.actionId, status: job.status as JobStatus, done: job.done, failed: job.failed, skipped: job.skipped });
  }

  private recount(jobId: string): void {
    const counts = { done: 0, failed: 0, skipped: 0, unknown: 0 };
    for (const i of this.items(jobId)) if (i.state in counts) counts[i.state as keyof typeof counts] += 1;
    this.patchJob(jobId, counts);
  }

  private patchJob(jobId: string, patch: Partial<JobRow>): void {
    this.deps.store.setPartialRow(JOBS, jobId, { ...(patch as Record<string, string | number | boolean>), updatedAt: this.clock.now() });
  }

  private patchItem(id: string, patch: Partial<ItemRow>): void {
    this.deps.store.setPartialRow(ITEMS, id, patch as Record<string, string | number | boolean>);
  }

  private flush(): Promise<void> {
    const next = this.flushChain.then(() => this.deps.flush?.()).catch((e) => console.warn('[tessera] runner could not persist', e));
    this.flushChain = next;
    return next;
  }

  /** Keeps the last 100 jobs; older finished ones and their items are removed. */
  private trimHistory(): void {
    const jobs = this.jobs();
    const old = jobs.slice(HISTORY_LIMIT).filter((j) => j.status === 'done' || j.status === 'cancelled');
    if (!old.length) return;
    const { store } = this.deps;
    store.transaction(() => {
      for (const j of old) {
        store.delRow(JOBS, j.id);
        for (const id of store.getRowIds(ITEMS)) if (id.startsWith(`${j.id}:`)) store.delRow(ITEMS, id);
      }
    });
  }
}

/** Points one item's batch entry costs (a read 1, a write 3). */
function batchCost(entry: ActionEntry, item: string, params: unknown): number {
  try {
    const request = entry.action.toBatch!(JSON.parse(item) as JobItem, params) as BatchRequest;
    return request.method === 'GET' ? 1 : 3;
  } catch {
    return 3;
  }
}

/** The rate-limit scope of an item: its ad account, when the item is one. */
export function scopeOf(itemId: string): string | null {
  return /^act_\d+$/.test(itemId) ? itemId : null;
}

/** Exponential backoff with jitter: ~1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random * 0.5));
}

function resultMessage(result: unknown): string {
  if (result === undefined || result === null || typeof result === 'boolean') return '';
  if (typeof result === 'string') return result.slice(0, 500);
  return '';
}

/**
 * The bridge an action sees: every write carries the item's request id (the first one exactly, later
 * ones suffixed), and every answer reaches the usage pacer and the lane's usage-header handling.
 */
function trackingBridge(bridge: Bridge, requestId: string, onResponse: (init: { method: string; body?: string }, response: BridgeResponse) => void): Bridge {
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

function recordingBridge(bridge: Bridge, itemId: string, recorded: RecordedRequest[]): Bridge {
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
