import type { KernelStore } from '../store/store';
import { LaneScheduler, realClock, type LaneClock } from './lanes';
import { compiledSchemas, type FieldError, type ParamSchemas } from './params';
import { draftParams, type Draft, type SecretHolder } from './draft';
import { UsagePacer } from './adaptive';
import { BackgroundReads } from './background';
import { FairShare } from './fair-share';
import { ScopePacers } from './scope-pacers';
import { JobStore, type StoredItem } from './job-store';
import { REQUEST_DEADLINE_MS } from './settle';
import { JobBridge } from './bridges';
import { DEFAULT_LATENCY_MS, estimateJob, LEARNT_BUDGET, learntBudget, STANDARD_BUDGET, type Estimate } from './estimate';
import { RunnerRefusal, type DryRunResult, type ItemRow, type JobItem, type JobRow } from './types';
import type { SecretHolders } from './tabs/ask-holder';
import type { LaneDeclaration } from '../plugin/types';
import { availability, checkSecrets, defineLanes, draft, heldHereNow, secretsOf, syncLanes } from './admission';
import { schedule } from './execution';
import { undoCells } from './undo';
import { installPacingGate } from './pacing-gate';
import { newRequestId } from '../bridge/transport';
import { parseList, type JobRun, type RunnerDeps, type StartOptions } from './runner-deps';

export { JOBS, ITEMS, HISTORY_LIMIT } from './job-store';
export { DEFAULT_MAX_ATTEMPTS } from './runner-deps';
export type { ActionEntry, Handlers, JobRun, RunnerDeps, StartOptions } from './runner-deps';
export type { Draft, SecretHolder } from './draft';
export { EXECUTOR_DEADLINE_MS, REQUEST_DEADLINE_MS, WRITE_DEADLINE_MS } from './settle';
/**
 * The action runner's state machine. An action's `run` handles ONE item; the runner owns iteration,
 * batching, pacing on shared lanes, retries, rate-limit pauses, persistence, settling and progress.
 * Rows live in the job store (job-store.ts), what to do with a failure is the failure policy's
 * (failure-policy.ts), settling a write that may have landed is settle.ts's. The Runner holds the
 * state and the operator's controls; its steps live beside it by job: admission.ts (may it run, the
 * Draft), execution.ts (scheduling and sending), settling.ts (writes that may have landed) and
 * pacing-gate.ts (when a lane may start). Its fields are theirs too: only the methods are its API.
 */
export class Runner {
  readonly lanes: LaneScheduler;
  /** Learns the caller's usage budget from the answers and gates every lane's starts; null when off. */
  readonly pacer: UsagePacer | null;
  /** Per-object pacers (an ad account's own usage), for tasks limited to one scope; null when pacing is off. */
  readonly scopePacers: ScopePacers | null;
  /** Platform checks and scheduled checks: at most BACKGROUND_SHARE of the budget, yielding to jobs (background.ts). */
  readonly background: BackgroundReads;
  /** Shares the caller's budget between lanes when room is scarce. */
  readonly fairShare = new FairShare();
  readonly jobStore: JobStore;
  readonly clock: LaneClock;
  readonly controllers = new Map<string, AbortController>();
  /** Secret parameters by job: kept in memory only, for the job's life. */
  readonly secrets = new Map<string, Record<string, unknown>>();
  /** Jobs whose secrets another tab keeps (tabs/held-secrets.ts): that tab runs their `prepare`. */
  readonly holders = new Map<string, SecretHolder>();
  /** How to reach those tabs; null in a tab that serves no other (secrets held elsewhere are then missing). */
  secretHolders: SecretHolders | null = null;
  /** `prepare`'s result by job (a reload loses it: prepare runs again). */
  readonly prepared = new Map<string, { value: unknown }>();
  /** A reply's typical time on this page (an average weighted to the latest), for the estimates. */
  private replyMs = DEFAULT_LATENCY_MS;
  /** Actions whose code reads each item's before-state before its write (they can be undone): their estimates count the read. */
  readonly readsFirst = new Set<string>();
  /** Jobs the platform check let through on this page (checked once per job, before its first send). */
  readonly checked = new Set<string>();
  /** Jobs whose parameters this page has validated (at the start, or before its first send: see `schedule`). */
  readonly paramsChecked = new Set<string>();
  readonly runs = new Map<string, JobRun>();
  /** The latest scheduling of each job; an older one still awaiting gives up. */
  readonly scheduling = new Map<string, number>();
  schedulingSeq = 0;
  /** Items this page is sending or settling right now (a resume must not settle them). */
  readonly live = new Set<string>();
  readonly definedLanes = new Map<string, string>();
  readonly warnedLanes = new Set<string>();
  flushChain: Promise<boolean> = Promise.resolve(true);
  toldUnpersisted = false;
  /**
   * What the runner did since it was made: failures handled (benchmarks and the chaos suite print them),
   * and the work of starting jobs (each is done once per job: tests/unit/runner-once.test.ts).
   */
  readonly counters = { retries: 0, settledByJournal: 0, settledByVerify: 0, validations: 0, plans: 0, jobBridges: 0, batchEntries: 0 };

  constructor(readonly deps: RunnerDeps) {
    this.clock = deps.clock ?? realClock;
    this.lanes = new LaneScheduler(this.clock, deps.paceFactor ?? (() => 1));
    this.jobStore = new JobStore(deps.store, () => this.clock.now());
    this.pacer = deps.pacing === false ? null : new UsagePacer(deps.pacing ?? {});
    this.scopePacers = deps.pacing === false ? null : new ScopePacers();
    if (this.pacer && this.scopePacers) installPacingGate(this.lanes, this.clock, this.pacer, this.scopePacers, this.fairShare);
    this.background = new BackgroundReads(this);
  }

  // ---------- reading ----------

  get store(): KernelStore {
    return this.deps.store;
  }

  job(jobId: string): JobRow | null {
    return this.jobStore.job(jobId);
  }

  jobs(): JobRow[] {
    return this.jobStore.jobs();
  }

  items(jobId: string): StoredItem[] {
    return this.jobStore.items(jobId);
  }

  /** Secret parameters a job needs and this page does not hold (after a reload): the operator enters them again. */
  missingSecrets(jobId: string): string[] {
    const job = this.job(jobId);
    if (!job) return [];
    const held = this.secrets.get(jobId) ?? {};
    const elsewhere = this.secretHolders ? this.holders.get(jobId)?.names ?? [] : [];
    return parseList(job.secretFields).filter((name) => held[name] === undefined && !elsewhere.includes(name));
  }

  /** Lets this runner ask other tabs for `prepare` (serve-runner.ts), or stops it (null). */
  useSecretHolders(holders: SecretHolders | null): void {
    this.secretHolders = holders;
  }

  /** An action's secret parameters, and those of them only its `prepare` uses (another tab may keep these). */
  secretsOf(actionId: string): { names: string[]; prepareOnly: string[] } {
    return secretsOf(this, actionId);
  }

  // ---------- lanes ----------

  /** Defines (or redefines) lanes from their declarations; returns the problems of those it refused. */
  defineLanes(decls: Record<string, LaneDeclaration>): string[] {
    return defineLanes(this, decls);
  }

  // ---------- starting ----------

  /** Why an action cannot run now, whatever its parameters and items; null when it can. */
  availability(actionId: string): RunnerRefusal | null {
    return availability(this, actionId);
  }

  /**
   * The job as it will start, made once: the action may run now, the parameters pass (once the
   * validators' code has loaded, `paramsReady`; before, they are checked before the first send), the
   * items are planned and the secrets split off. Throws RunnerRefusal. The dialog shows its field
   * errors, previews it (`dryRun`) and starts it (`start`); another tab sends it to the leader as it is.
   */
  draft(actionId: string, params: unknown, items: readonly JobItem[], options: StartOptions = {}): Draft {
    return draft(this, actionId, params, items, options);
  }

  /**
   * Starts a job and returns its id at once; the action's code loads (and `prepare` runs) before the
   * first item. Given a draft, nothing is checked or planned again (the action's availability is);
   * given the form's values, the draft is made here.
   */
  start(draft: Draft): string;
  start(actionId: string, params: unknown, items: readonly JobItem[], options?: StartOptions): string;
  start(first: Draft | string, params?: unknown, items?: readonly JobItem[], options: StartOptions = {}): string {
    if (!this.paramsReady()) void this.schemas.load?.().catch(() => { /* retried before the first send */ });
    const draft = typeof first === 'string' ? this.draft(first, params, items ?? [], options) : first;
    const refusal = this.availability(draft.actionId);
    if (refusal) throw refusal;
    // a job the team's policy sends to approval starts only as one waiting for its request
    if (draft.needsApproval && !draft.approvalId) throw new RunnerRefusal(`"${draft.actionId}" needs the team's approval first`, 'approval', [], [draft.needsApproval, '']);
    const awaiting = !!draft.needsApproval && !!draft.approvalId;
    const { plugin } = this.deps.actions().get(draft.actionId)!;
    const now = this.clock.now();
    const jobId = draft.jobId ?? `job-${now.toString(36)}-${Math.floor(this.clock.random() * 1e9).toString(36)}`;
    const holder = draft.secretHolder;
    if (Object.keys(draft.secrets).length) this.secrets.set(jobId, { ...draft.secrets });
    if (holder?.names.length) this.holders.set(jobId, { tabId: holder.tabId, names: [...holder.names] });
    const secretNames = [...Object.keys(draft.secrets), ...(holder?.names ?? [])];
    const { action } = this.deps.actions().get(draft.actionId)!;
    const rows: ItemRow[] = draft.planned.map((p, index) => ({
      jobId, index, itemId: p.itemId, item: JSON.stringify(p.item), state: p.unresolved ? 'skipped' : 'pending', attempts: 0,
      message: p.unresolved ? 'unresolved' : '', output: '', scope: p.scope, requestId: '', deadline: 0, finishedAt: p.unresolved ? now : 0,
      // a write's item is reported to the server once applied (job-records.ts); an undo's swaps the states it works between
      record: action.readOnly ? '' : 'write', ...(draft.undoOf ? undoCells(p.item) : {}),
    }));
    this.jobStore.create(jobId, {
      actionId: draft.actionId, pluginId: plugin.id, status: awaiting ? 'paused' : 'running', pauseReason: awaiting ? 'approval' : '', pauseMessage: '', params: JSON.stringify(draft.params), secretFields: JSON.stringify(secretNames), error: '', errorFields: '[]', settling: 0, settlingUntil: 0,
      total: rows.length, done: 0, failed: 0, skipped: rows.filter((r) => r.state === 'skipped').length, unknown: 0,
      createdAt: now, startedAt: now, updatedAt: now, finishedAt: 0, dryRun: false,
      startedBy: this.deps.user()?.name || this.deps.user()?.email || '',
      undoOf: draft.undoOf ?? '', fbid: this.deps.platformUserId?.() ?? '', org: draft.org ?? 0, approval: draft.approvalId ?? 0,
    }, rows);
    if (draft.checked) this.paramsChecked.add(jobId);
    this.jobStore.trimHistory();
    this.deps.reportStart?.(plugin.id, draft.actionId);
    this.deps.bus?.emit('job:started', { jobId, actionId: draft.actionId, total: rows.length });
    if (!this.deps.flush && !this.toldUnpersisted) {
      this.toldUnpersisted = true;
      this.deps.bus?.emit('runner:cannot-persist', { reason: 'unavailable', message: 'this browser keeps no jobs: a reload loses them' });
    }
    if (!awaiting) void schedule(this, jobId);
    return jobId;
  }

  get schemas(): ParamSchemas {
    return this.deps.paramSchemas ?? compiledSchemas;
  }

  /** True once parameters can be validated synchronously (the validators' code has loaded). */
  paramsReady(): boolean {
    return this.schemas.ready?.() ?? true;
  }

  /** Loads the validators' code (at once when ready). */
  async loadParamValidators(): Promise<void> {
    await this.schemas.load?.();
  }

  // ---------- control ----------

  pause(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status !== 'running') return;
    this.lanes.drop(jobId);
    this.jobStore.patchJob(jobId, { status: 'paused', pauseReason: 'operator', pauseMessage: '' });
  }

  /**
   * Resumes a paused or interrupted job; items left in flight are settled before anything is resent.
   * A job whose secret parameters this page does not hold waits for them (`missingSecrets`): pass
   * them as `secrets`; they are checked with the stored parameters like at the start.
   */
  async resume(jobId: string, secrets?: Record<string, unknown>, holder?: SecretHolder): Promise<void> {
    const job = this.job(jobId);
    if (!job || (job.status !== 'paused' && job.status !== 'interrupted')) return;
    if (secrets) {
      // (awaited only when needed: ready, a refusal throws before resume's first await — serve-runner.ts counts on it)
      if (!this.paramsReady()) await this.loadParamValidators();
      const given = this.checkSecrets(jobId, secrets);
      if (given) {
        this.secrets.set(jobId, { ...this.secrets.get(jobId), ...given });
        heldHereNow(this, jobId, Object.keys(given));
      }
    }
    if (holder?.names.length) {
      // The tab that asks keeps them now (it checked them): this page forgets its own copies.
      this.holders.set(jobId, { tabId: holder.tabId, names: [...holder.names] });
      const own = Object.fromEntries(Object.entries(this.secrets.get(jobId) ?? {}).filter(([name]) => !holder.names.includes(name)));
      this.secrets.set(jobId, own);
    }
    const missing = this.missingSecrets(jobId);
    if (missing.length) {
      this.jobStore.patchJob(jobId, { pauseReason: 'secret', pauseMessage: missing.join(', ') });
      return;
    }
    this.jobStore.patchJob(jobId, { status: 'running', pauseReason: '', pauseMessage: '' });
    await schedule(this, jobId, true);
  }

  /**
   * Checks secrets entered again for a job with its stored parameters; returns those the job needs,
   * or null when the job or its action is unknown. Throws RunnerRefusal (`params`) when they fail.
   * Synchronous once the validators are loaded (`paramsReady`).
   */
  checkSecrets(jobId: string, secrets: Record<string, unknown>): Record<string, unknown> | null {
    return checkSecrets(this, jobId, secrets);
  }

  cancel(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status === 'done' || job.status === 'cancelled' || job.status === 'failed') return;
    this.lanes.drop(jobId);
    this.controllers.get(jobId)?.abort();
    const now = this.clock.now();
    this.deps.store.transaction(() => {
      for (const item of this.items(jobId)) if (item.state === 'pending') this.jobStore.patchItem(item.rowId, { state: 'skipped', message: 'cancelled', finishedAt: now });
      this.jobStore.patchJob(jobId, { status: 'cancelled', finishedAt: now });
    });
    this.forget(jobId);
    this.finished(jobId);
  }

  /** Puts the failed items of a finished or paused job back to pending and runs them again. */
  retryFailed(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status === 'running') return;
    const failed = this.items(jobId).filter((i) => i.state === 'failed');
    if (!failed.length) return;
    this.deps.store.transaction(() => {
      failed.forEach((i) => this.jobStore.patchItem(i.rowId, { state: 'pending', attempts: 0, message: '', output: '', finishedAt: 0 }));
      this.jobStore.patchJob(jobId, { status: 'running', pauseReason: '', pauseMessage: '', error: '', errorFields: '[]', finishedAt: 0 });
    });
    void schedule(this, jobId);
  }

  /** After a reload: jobs that were running are interrupted (they resume on request, or at once with auto-resume). */
  restore(autoResume = false): string[] {
    const interrupted: string[] = [];
    for (const job of this.jobs()) {
      if (job.status !== 'running') continue;
      this.jobStore.recount(job.id);
      // Secrets never reach the store: a job that had some waits for the operator to enter them again.
      this.jobStore.patchJob(job.id, { status: 'interrupted', pauseReason: this.missingSecrets(job.id).length ? 'secret' : 'interrupted' });
      interrupted.push(job.id);
    }
    if (autoResume) interrupted.forEach((id) => void this.resume(id));
    return interrupted;
  }

  /**
   * Pauses every running job: the platform session needs the operator (token, checkpoint, policy
   * block), or the platform no longer serves the configured Graph version (`version`, #2635).
   */
  pauseAll(reason: 'session' | 'version' | 'operator', message: string): void {
    for (const job of this.jobs()) {
      if (job.status !== 'running') continue;
      this.lanes.drop(job.id);
      this.jobStore.patchJob(job.id, { status: 'paused', pauseReason: reason, pauseMessage: message });
    }
    if (reason === 'session') this.deps.bus?.emit('runner:needs-operator', { message });
    if (reason === 'version') this.deps.bus?.emit('runner:version-retired', { message });
  }

  // ---------- dry run ----------

  /**
   * What the job would do, with nothing leaving the page (dry-run.ts): every item's effect and
   * preflight problem, and the first raw requests. The answer is a DryRunPreview (`isPreview`).
   */
  /** A reply took this long (ms): the estimates follow the platform's pace. */
  noteReplyTime(ms: number): void {
    if (Number.isFinite(ms) && ms >= 0) this.replyMs = this.replyMs * 0.9 + ms * 0.1;
  }

  /**
   * How long a job of `items` items of this action would take now (estimate.ts): its lane's pace, the
   * pace factor and slowdown, and the caller's budget as the usage pacer knows it. `batched`: the
   * action batches (its code says so; when not known yet, a lane with a batch size is taken to).
   */
  estimate(actionId: string, items: number, batched?: boolean, readsFirst?: boolean): Estimate | null {
    const entry = this.deps.actions().get(actionId);
    if (!entry) return null;
    syncLanes(this, entry);
    const laneId = entry.action.lane;
    if (!this.lanes.has(laneId)) return null;
    const lane = this.lanes.profile(laneId);
    const now = this.clock.now();
    const known = this.pacer?.confident() ? this.pacer.estimate() : learntBudget(this.store.getValue(LEARNT_BUDGET));
    return estimateJob({
      items, lane, batched: batched ?? (lane.batchSize ?? 1) > 1, paceFactor: this.deps.paceFactor?.() ?? 1,
      slowdown: this.lanes.slowdownOf(laneId),
      pointsPerItem: this.pacer?.itemCost(laneId) ?? 3,
      readsFirst: readsFirst ?? this.readsFirst.has(actionId),
      latencyMs: this.replyMs,
      budget: {
        pctPerPoint: known?.pctPerPoint ?? STANDARD_BUDGET.pctPerPoint,
        decayPctPerS: known?.decayPctPerS ?? STANDARD_BUDGET.decayPctPerS,
        usagePct: this.pacer?.usageNow(now) ?? 0,
        targetPct: this.pacer?.targetNow() ?? 90,
      },
    });
  }

  async dryRun(draft: Draft, count?: number): Promise<DryRunResult>;
  async dryRun(actionId: string, params: unknown, items: readonly JobItem[], count?: number): Promise<DryRunResult>;
  async dryRun(first: Draft | string, a?: unknown, b?: readonly JobItem[] | number, c?: number): Promise<DryRunResult> {
    await this.loadParamValidators();
    const draft = typeof first === 'string' ? this.draft(first, a, (b as readonly JobItem[]) ?? []) : first;
    const count = (typeof first === 'string' ? c : (a as number | undefined)) ?? 3;
    const entry = this.deps.actions().get(draft.actionId);
    if (!entry) throw new RunnerRefusal(`unknown action "${draft.actionId}"`, 'unknown-action');
    const handlers = await entry.action.load();
    const batched = !!handlers.toBatch && (this.lanes.profile(entry.action.lane).batchSize ?? 1) > 1;
    // the dry run's code loads with the first preview, not with the first screen
    const { dryRun } = await import('./dry-run');
    return dryRun({ handlers, params: draftParams(draft), planned: draft.planned.filter((p) => !p.unresolved), batched, bridge: this.deps.bridge, count });
  }

  /**
   * Runs an action's `prepare` in this page, for a job the leader tab runs (tabs/held-secrets.ts):
   * this tab keeps the job's secrets, and only the result goes back.
   */
  async prepareHere(actionId: string, params: Record<string, unknown>, items: JobItem[], signal: AbortSignal): Promise<unknown> {
    const entry = this.deps.actions().get(actionId);
    if (!entry) throw new Error(`unknown action "${actionId}"`);
    const handlers = await entry.action.load();
    if (!handlers.prepare) return undefined;
    const bridge = new JobBridge(this.deps.bridge.transport, this.deps.requestDeadlineMs ?? REQUEST_DEADLINE_MS, () => {});
    return handlers.prepare(params, { signal, bridge: bridge.item(newRequestId()), items });
  }

  // ---------- bookkeeping ----------

  /** The job stops before (or between) its items: what is left is skipped with the reason, which the jobs panel shows. */
  failJob(jobId: string, message: string, fields: readonly FieldError[] = []): void {
    const now = this.clock.now();
    this.lanes.drop(jobId);
    this.deps.store.transaction(() => {
      for (const item of this.items(jobId)) {
        if (item.state === 'pending') this.jobStore.patchItem(item.rowId, { state: 'skipped', message, finishedAt: now });
        else if (item.state === 'inflight' && !this.live.has(item.rowId)) this.jobStore.patchItem(item.rowId, { state: 'unknown', message: 'unknown — check', finishedAt: now });
      }
      this.jobStore.patchJob(jobId, { status: 'failed', error: message, errorFields: JSON.stringify(fields), pauseReason: '', pauseMessage: '', finishedAt: now });
    });
    this.forget(jobId);
    this.finished(jobId);
  }

  completeIfDone(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status !== 'running' || this.jobStore.open(job) > 0) return;
    this.jobStore.patchJob(jobId, { status: 'done', finishedAt: this.clock.now() });
    this.forget(jobId);
    this.finished(jobId);
  }

  /** A finished job's secrets, prepared value and controller leave memory (retrying it asks for the secrets again). */
  forget(jobId: string): void {
    this.controllers.delete(jobId);
    this.secrets.delete(jobId);
    this.holders.delete(jobId);
    this.prepared.delete(jobId);
    this.checked.delete(jobId);
    this.runs.delete(jobId);
    this.scheduling.delete(jobId);
  }

  finished(jobId: string): void {
    const job = this.job(jobId)!;
    // what the pacer learnt of the caller's budget outlives this page: the next estimate starts from it
    if (this.pacer?.confident()) {
      const { pctPerPoint, decayPctPerS } = this.pacer.estimate();
      this.store.setValue(LEARNT_BUDGET, JSON.stringify({ pctPerPoint, decayPctPerS }));
    }
    this.deps.bus?.emit('job:finished', { jobId, actionId: job.actionId, status: job.status, done: job.done, failed: job.failed, skipped: job.skipped });
  }

  /** Saves the store (one save at a time); false when it failed. */
  flush(): Promise<boolean> {
    const next = this.flushChain.then(() => this.deps.flush?.()).then(() => true, (e: unknown) => {
      console.warn('[tessera] runner could not persist', e);
      return false;
    });
    this.flushChain = next;
    return next;
  }
}
