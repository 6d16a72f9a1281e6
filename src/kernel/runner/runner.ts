import type { KernelStore } from '../store/store';
import type { KernelBus } from '../bus';
import type { Bridge } from '../bridge/bridge';
import { GraphError } from '../bridge/bridge';
import { newRequestId } from '../bridge/transport';
import type { ActionHandlers, LaneDeclaration, LoadedPlugin, PluginAction } from '../plugin/types';
import type { KernelUser } from '../context-types';
import { canAccess } from '../plugin/roles';
import { runBatch, type BatchRequest } from '../graph/batch';
import { KERNEL_LANES, LaneScheduler, laneProblems, realClock, toLaneProfile, type LaneClock, type LaneTask } from './lanes';
import { parseUsage, slowdownFor } from './classify';
import { compiledSchemas, prepareOnlySecrets, secretFields, validateActionParams, type FieldError, type ParamSchemas } from './params';
import { draftParams, planItems, splitSecrets, type Draft, type SecretHolder } from './draft';
import { UsagePacer, requestCosts, type PacerOptions } from './adaptive';
import { FairShare } from './fair-share';
import { ScopePacers } from './scope-pacers';
import { JobStore, type StoredItem } from './job-store';
import { decideFailure } from './failure-policy';
import { REQUEST_DEADLINE_MS, WRITE_DEADLINE_MS, attemptIds, settleItem, type SettleDeps, type SettleResult } from './settle';
import { scopeMap, type ScopeMap } from './scope';
import { JobBridge } from './bridges';
import { dryRun } from './dry-run';
import { RunnerRefusal, type DryRunResult, type ItemRow, type JobItem, type JobRow } from './types';
import { HolderGoneError, type SecretHolders } from './tabs/ask-holder';

export { JOBS, ITEMS, HISTORY_LIMIT } from './job-store';
export { EXECUTOR_DEADLINE_MS, REQUEST_DEADLINE_MS, WRITE_DEADLINE_MS } from './settle';
export const DEFAULT_MAX_ATTEMPTS = 4;
/** Entries a batch part holds at least once the pacer is confident (see `smallestPart`). */
const MIN_PART_UNITS = 10;

export interface ActionEntry { plugin: LoadedPlugin; action: PluginAction }

type Handlers = ActionHandlers<JobItem, unknown, unknown>;

export interface RunnerDeps {
  store: KernelStore;
  bridge: Bridge;
  bus?: KernelBus;
  /** Every loaded action, whoever may use it. */
  actions: () => Map<string, ActionEntry>;
  /** Plugin ids the current user may use (roles ∩ enabled); the runner refuses the others. */
  usablePluginIds: () => ReadonlySet<string>;
  user: () => KernelUser | null;
  /**
   * The lanes loaded plugins declare (`pluginLanes(allPlugins)`), besides the kernel's; read again
   * before each job is scheduled, so plugins that load later bring their lanes. An action's own
   * plugin's lanes are defined in any case.
   */
  lanes?: () => Record<string, LaneDeclaration>;
  /** The GraphQL operations among these that have no document id (the document catalogue); an action needing one is refused. */
  missingOperations?: (names: readonly string[]) => string[];
  /** Parameter schemas and validators; default the compiled ones (src/generated/validators.js). */
  paramSchemas?: ParamSchemas;
  /** Extension update gate: an action or plugin listed in the latest record's func list. */
  isBlocked?: (actionId: string) => boolean;
  /** Reports a job start (module statistics). */
  reportStart?: (pluginId: string, actionId: string) => void;
  /**
   * Persists the store now; called before a non-idempotent write leaves, which is not sent if it
   * rejects. Undefined: this browser keeps no jobs (the operator is told once).
   */
  flush?: () => Promise<void>;
  clock?: LaneClock;
  paceFactor?: () => number;
  maxAttempts?: number;
  /** How long the page waits for one request's reply (settle.ts: longer than the executor's own deadline). */
  requestDeadlineMs?: number;
  /** How long after a write left it may still land: settling waits this out before `verify` (at least the request deadline). */
  writeDeadlineMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Usage pacing (adaptive.ts): holds the caller's score under a target; false turns it off. */
  pacing?: PacerOptions | false;
}

export interface StartOptions {
  /** Job item ids to leave out (e.g. the ones the dry run's preflight flagged). */
  exclude?: readonly string[];
  /** The job's id, chosen by the tab that asked for the job (another tab's runner, src/kernel/runner/tabs/). */
  jobId?: string;
  /** Another tab keeps these secret parameters (prepare-only ones) and runs the job's `prepare`: they are not in `params`. */
  secretHolder?: SecretHolder;
}

export type { Draft, SecretHolder } from './draft';

/** What a scheduled job's tasks share: the action's code, the parameters (secrets included, but those only `prepare` uses) and `prepare`'s result. */
interface JobRun {
  jobId: string;
  entry: ActionEntry;
  handlers: Handlers;
  params: unknown;
  prepared: unknown;
  scopes: ScopeMap;
  batched: boolean;
  /** The job's one wrapping of the transport: its items, `prepare` and its batches send through views of it. */
  bridge: JobBridge;
  /** Each batched item's entry, made once by `toBatch` (or why it could not be made). */
  batchRequests: Map<string, BatchRequest | Error>;
}

/**
 * The action runner's state machine. An action's `run` handles ONE item; the runner owns iteration,
 * batching, pacing on shared lanes, retries, rate-limit pauses, persistence, settling and progress.
 * Rows live in the job store (job-store.ts), what to do with a failure is the failure policy's
 * (failure-policy.ts), settling a write that may have landed is settle.ts's.
 */
export class Runner {
  readonly lanes: LaneScheduler;
  /** Learns the caller's usage budget from the answers and gates every lane's starts; null when off. */
  readonly pacer: UsagePacer | null;
  /** Per-object pacers (an ad account's own usage), for tasks limited to one scope; null when pacing is off. */
  readonly scopePacers: ScopePacers | null;
  /** Shares the caller's budget between lanes when room is scarce. */
  private readonly fairShare = new FairShare();
  readonly jobStore: JobStore;
  private readonly clock: LaneClock;
  private readonly controllers = new Map<string, AbortController>();
  /** Secret parameters by job: kept in memory only, for the job's life. */
  private readonly secrets = new Map<string, Record<string, unknown>>();
  /** Jobs whose secrets another tab keeps (tabs/held-secrets.ts): that tab runs their `prepare`. */
  private readonly holders = new Map<string, SecretHolder>();
  /** How to reach those tabs; null in a tab that serves no other (secrets held elsewhere are then missing). */
  private secretHolders: SecretHolders | null = null;
  /** `prepare`'s result by job (a reload loses it: prepare runs again). */
  private readonly prepared = new Map<string, { value: unknown }>();
  /** Jobs whose parameters this page has validated (at the start, or before its first send: see `schedule`). */
  private readonly paramsChecked = new Set<string>();
  private readonly runs = new Map<string, JobRun>();
  /** The latest scheduling of each job; an older one still awaiting gives up. */
  private readonly scheduling = new Map<string, number>();
  private schedulingSeq = 0;
  /** Items this page is sending or settling right now (a resume must not settle them). */
  private readonly live = new Set<string>();
  private readonly definedLanes = new Map<string, string>();
  private readonly warnedLanes = new Set<string>();
  private flushChain: Promise<boolean> = Promise.resolve(true);
  private toldUnpersisted = false;
  /**
   * What the runner did since it was made: failures handled (benchmarks and the chaos suite print them),
   * and the work of starting jobs (each is done once per job: tests/unit/runner-once.test.ts).
   */
  readonly counters = { retries: 0, settledByJournal: 0, settledByVerify: 0, validations: 0, plans: 0, jobBridges: 0, batchEntries: 0 };

  constructor(private deps: RunnerDeps) {
    this.clock = deps.clock ?? realClock;
    this.lanes = new LaneScheduler(this.clock, deps.paceFactor ?? (() => 1));
    this.jobStore = new JobStore(deps.store, () => this.clock.now());
    this.pacer = deps.pacing === false ? null : new UsagePacer(deps.pacing ?? {});
    this.scopePacers = deps.pacing === false ? null : new ScopePacers();
    const pacer = this.pacer;
    const scoped = this.scopePacers;
    if (pacer && scoped) {
      const points = (laneId: string, task: LaneTask) => task.cost ?? pacer.itemCost(laneId);
      this.lanes.setGate({
        waitMs: (laneId, task) => {
          const now = this.clock.now();
          const part = this.smallestPart(laneId, task, points(laneId, task));
          const scope = task.scope ? scoped.get(task.scope) : undefined;
          const wait = Math.max(pacer.waitMs(part, now), scope?.waitMs(part, now) ?? 0);
          if (wait > 0) {
            this.fairShare.waited(laneId, now + wait);
            return wait;
          }
          return this.fairShare.holdMs(laneId, now);
        },
        roomPoints: (_laneId, task) => {
          const now = this.clock.now();
          const scope = task.scope ? scoped.get(task.scope) : undefined;
          return Math.min(pacer.roomPoints(now, task.unitCost), scope?.roomPoints(now) ?? Infinity);
        },
        started: (laneId, task) => {
          const p = points(laneId, task);
          this.fairShare.started(laneId, p, this.clock.now());
          const release = pacer.reserve(p);
          const releaseScope = task.scope ? scoped.get(task.scope)?.reserve(p) : undefined;
          return () => { release(); releaseScope?.(); };
        },
      });
    }
  }

  /**
   * Points of the smallest part of a task worth starting: the whole task, or for a batch that splits
   * one entry while the pacer is still learning (each part brings readings), then ten entries —
   * the decay is linear, so sending ten at a time costs no throughput and keeps the calls few.
   */
  private smallestPart(laneId: string, task: LaneTask, points: number): number {
    if (!task.split || !task.unitCost) return points;
    const units = this.pacer?.confident() ? MIN_PART_UNITS : 1;
    return Math.min(points, task.unitCost * units);
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
    const action = this.deps.actions().get(actionId)?.action;
    if (!action || action.schema === null) return { names: [], prepareOnly: [] };
    const schema = this.schemas.schema(action.schema);
    return { names: secretFields(schema), prepareOnly: prepareOnlySecrets(schema) };
  }

  // ---------- lanes ----------

  /** Defines (or redefines) lanes from their declarations; returns the problems of those it refused. */
  defineLanes(decls: Record<string, LaneDeclaration>): string[] {
    const problems: string[] = [];
    for (const [id, decl] of Object.entries(decls)) {
      const key = JSON.stringify(decl);
      if (this.definedLanes.get(id) === key) continue;
      if (id in KERNEL_LANES) { problems.push(`lane "${id}" is a kernel lane`); continue; }
      const found = laneProblems(id, decl);
      if (found.length) { problems.push(`lane "${id}": ${found.join('; ')}`); continue; }
      this.lanes.define(toLaneProfile(id, decl));
      this.definedLanes.set(id, key);
    }
    return problems;
  }

  private syncLanes(entry?: ActionEntry): void {
    const problems = this.defineLanes({ ...(this.deps.lanes?.() ?? {}), ...(entry?.plugin.lanes ?? {}) });
    // The registry refuses such plugins; a lane refused here only leaves its actions unusable.
    for (const p of problems) {
      if (this.warnedLanes.has(p)) continue;
      this.warnedLanes.add(p);
      console.warn(`[tessera] runner: ${p}`);
    }
  }

  // ---------- starting ----------

  /** Why an action cannot run now, whatever its parameters and items; null when it can. */
  availability(actionId: string): RunnerRefusal | null {
    const entry = this.deps.actions().get(actionId);
    if (!entry) return new RunnerRefusal(`unknown action "${actionId}"`, 'unknown-action');
    const { plugin, action } = entry;
    if (!this.deps.usablePluginIds().has(plugin.id)) return new RunnerRefusal(`the plugin "${plugin.id}" is not enabled for you`, 'disabled');
    const role = this.deps.user()?.role;
    if (!canAccess(plugin.roles, role) || !canAccess(action.roles, role)) return new RunnerRefusal(`your role may not run "${actionId}"`, 'role');
    if (this.deps.isBlocked?.(actionId)) return new RunnerRefusal(`"${actionId}" needs a newer extension`, 'extension');
    const missing = action.operations.length ? this.deps.missingOperations?.(action.operations) ?? [] : [];
    if (missing.length) return new RunnerRefusal(`"${actionId}" needs web operations this version does not know yet: ${missing.join(', ')}`, 'operations', [], missing);
    this.syncLanes(entry);
    if (!this.lanes.has(action.lane)) return new RunnerRefusal(`"${actionId}" runs on the unknown lane "${action.lane}"`, 'lane', [], [action.lane]);
    return null;
  }

  /**
   * The job as it will start, made once: the action may run now, the parameters pass (once the
   * validators' code has loaded, `paramsReady`; before, they are checked before the first send), the
   * items are planned and the secrets split off. Throws RunnerRefusal. The dialog shows its field
   * errors, previews it (`dryRun`) and starts it (`start`); another tab sends it to the leader as it is.
   */
  draft(actionId: string, params: unknown, items: readonly JobItem[], options: StartOptions = {}): Draft {
    const refusal = this.availability(actionId);
    if (refusal) throw refusal;
    const { plugin, action } = this.deps.actions().get(actionId)!;
    const all = (params ?? {}) as Record<string, unknown>;
    const checked = this.paramsReady();
    if (checked) {
      this.counters.validations += 1;
      // Secrets another tab keeps were checked there.
      const fieldErrors = withoutFields(validateActionParams(this.schemas, action.schema, params), options.secretHolder?.names);
      if (fieldErrors.length) throw new RunnerRefusal('the parameters are not valid', 'params', fieldErrors);
    }
    this.counters.plans += 1;
    const planned = planItems(plugin, action, all, items, options.exclude);
    if (planned.length === 0) throw new RunnerRefusal('no items selected', 'empty');
    const { stored, secrets } = splitSecrets(all, this.secretNames(action), options.secretHolder?.names);
    return { actionId, params: stored, secrets, secretHolder: options.secretHolder, planned, checked, jobId: options.jobId };
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
    const { plugin } = this.deps.actions().get(draft.actionId)!;
    const now = this.clock.now();
    const jobId = draft.jobId ?? `job-${now.toString(36)}-${Math.floor(this.clock.random() * 1e9).toString(36)}`;
    const holder = draft.secretHolder;
    if (Object.keys(draft.secrets).length) this.secrets.set(jobId, { ...draft.secrets });
    if (holder?.names.length) this.holders.set(jobId, { tabId: holder.tabId, names: [...holder.names] });
    const secretNames = [...Object.keys(draft.secrets), ...(holder?.names ?? [])];
    const rows: ItemRow[] = draft.planned.map((p, index) => ({
      jobId, index, itemId: p.itemId, item: JSON.stringify(p.item), state: p.unresolved ? 'skipped' : 'pending', attempts: 0,
      message: p.unresolved ? 'unresolved' : '', output: '', scope: p.scope, requestId: '', deadline: 0, finishedAt: p.unresolved ? now : 0,
    }));
    this.jobStore.create(jobId, {
      actionId: draft.actionId, pluginId: plugin.id, status: 'running', pauseReason: '', pauseMessage: '', params: JSON.stringify(draft.params), secretFields: JSON.stringify(secretNames), error: '', errorFields: '[]', settling: 0, settlingUntil: 0,
      total: rows.length, done: 0, failed: 0, skipped: rows.filter((r) => r.state === 'skipped').length, unknown: 0,
      createdAt: now, startedAt: now, updatedAt: now, finishedAt: 0, dryRun: false,
    }, rows);
    if (draft.checked) this.paramsChecked.add(jobId);
    this.jobStore.trimHistory();
    this.deps.reportStart?.(plugin.id, draft.actionId);
    this.deps.bus?.emit('job:started', { jobId, actionId: draft.actionId, total: rows.length });
    if (!this.deps.flush && !this.toldUnpersisted) {
      this.toldUnpersisted = true;
      this.deps.bus?.emit('runner:cannot-persist', { reason: 'unavailable', message: 'this browser keeps no jobs: a reload loses them' });
    }
    void this.schedule(jobId);
    return jobId;
  }

  private get schemas(): ParamSchemas {
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

  /**
   * Validates a job's parameters (its secrets included) before anything of it is sent, when the page
   * has not yet: a job started before the validators' code loaded, or restored from a saved store.
   * Returns what is wrong: one line for the job's error (logs, tests) and the field errors the jobs
   * panel words for the operator; null when the parameters pass.
   */
  private async paramsProblem(jobId: string, schemaKey: string | null, params: unknown): Promise<{ message: string; fields: FieldError[] } | null> {
    if (this.paramsChecked.has(jobId)) return null;
    await this.loadParamValidators();
    const problems = withoutFields(validateActionParams(this.schemas, schemaKey, params), this.holders.get(jobId)?.names);
    if (problems.length) {
      const message = `the parameters are not valid: ${problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ')}`;
      return { message, fields: problems };
    }
    this.paramsChecked.add(jobId);
    return null;
  }

  private secretNames(action: PluginAction): string[] {
    return action.schema === null ? [] : secretFields(this.schemas.schema(action.schema));
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
        this.heldHereNow(jobId, Object.keys(given));
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
    await this.schedule(jobId, true);
  }

  /**
   * Checks secrets entered again for a job with its stored parameters; returns those the job needs,
   * or null when the job or its action is unknown. Throws RunnerRefusal (`params`) when they fail.
   * Synchronous once the validators are loaded (`paramsReady`).
   */
  checkSecrets(jobId: string, secrets: Record<string, unknown>): Record<string, unknown> | null {
    const job = this.job(jobId);
    const entry = job && this.deps.actions().get(job.actionId);
    if (!job || !entry) return null;
    const needed = parseList(job.secretFields);
    const given = Object.fromEntries(needed.filter((n) => secrets[n] !== undefined).map((n) => [n, secrets[n]]));
    const fieldErrors = validateActionParams(this.schemas, entry.action.schema, { ...(JSON.parse(job.params) as object), ...given });
    if (fieldErrors.length) throw new RunnerRefusal('the parameters are not valid', 'params', fieldErrors);
    return given;
  }

  /** Secrets entered in this page: another tab no longer keeps them for the job. */
  private heldHereNow(jobId: string, names: readonly string[]): void {
    const holder = this.holders.get(jobId);
    if (!holder) return;
    const left = holder.names.filter((n) => !names.includes(n));
    if (left.length) this.holders.set(jobId, { ...holder, names: left });
    else this.holders.delete(jobId);
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
    void this.schedule(jobId);
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

  /** Pauses every running job: the platform session needs the operator (token, checkpoint, policy block). */
  pauseAll(reason: 'session' | 'operator', message: string): void {
    for (const job of this.jobs()) {
      if (job.status !== 'running') continue;
      this.lanes.drop(job.id);
      this.jobStore.patchJob(job.id, { status: 'paused', pauseReason: reason, pauseMessage: message });
    }
    if (reason === 'session') this.deps.bus?.emit('runner:needs-operator', { message });
  }

  // ---------- dry run ----------

  /**
   * What the job would do, with nothing leaving the page (dry-run.ts): every item's effect and
   * preflight problem, and the first raw requests. The answer is a DryRunPreview (`isPreview`).
   */
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
    return dryRun({ handlers, params: draftParams(draft), planned: draft.planned.filter((p) => !p.unresolved), batched, bridge: this.deps.bridge, count });
  }

  // ---------- execution ----------

  /**
   * Loads the action's code, settles what a reload left in flight (`settle`), runs `prepare` once,
   * then queues the pending items on the action's lane.
   */
  private async schedule(jobId: string, settle = false): Promise<void> {
    const token = ++this.schedulingSeq;
    this.scheduling.set(jobId, token);
    const current = () => this.scheduling.get(jobId) === token && this.job(jobId)?.status === 'running';
    const job = this.job(jobId);
    const entry = job && this.deps.actions().get(job.actionId);
    if (!job || job.status !== 'running') return;
    if (this.jobStore.open(job) === 0) return this.completeIfDone(jobId);
    if (!entry) return this.failJob(jobId, `the action "${job.actionId}" is not loaded`);
    this.syncLanes(entry);
    if (!this.lanes.has(entry.action.lane)) return this.failJob(jobId, `the action runs on the unknown lane "${entry.action.lane}"`);
    let handlers: Handlers;
    try {
      handlers = await entry.action.load();
    } catch (e) {
      if (current()) this.failJob(jobId, `the action's code could not be loaded: ${(e as Error).message}`);
      return;
    }
    if (!current()) return;
    const missing = this.missingSecrets(jobId);
    if (missing.length) {
      this.jobStore.patchJob(jobId, { status: 'paused', pauseReason: 'secret', pauseMessage: missing.join(', ') });
      return;
    }
    const params = { ...(JSON.parse(job.params) as object), ...this.secrets.get(jobId) };
    let problem: { message: string; fields: FieldError[] } | null;
    try {
      problem = await this.paramsProblem(jobId, entry.action.schema, params);
    } catch (e) {
      problem = { message: `the parameters could not be checked: ${(e as Error).message}`, fields: [] };
    }
    if (!current()) return;
    if (problem) return this.failJob(jobId, problem.message, problem.fields);
    const controller = this.controllers.get(jobId) ?? new AbortController();
    this.controllers.set(jobId, controller);
    const { prepareOnly } = this.secretsOf(job.actionId);
    const holder = this.holders.get(jobId);
    const lane = entry.action.lane;
    const scopes = scopeMap(entry.plugin.scope);
    const bridge = new JobBridge(this.deps.bridge.transport, this.deps.requestDeadlineMs ?? REQUEST_DEADLINE_MS,
      (init, response, scope) => this.observeResponse(lane, scopes, init, response, scope));
    this.counters.jobBridges += 1;
    // Secrets another tab keeps that the items need: this page cannot run them without the operator.
    if (holder && holder.names.some((n) => !prepareOnly.includes(n))) return this.askSecretsAgain(jobId);
    if (handlers.prepare && !this.prepared.has(jobId)) {
      try {
        const items = this.items(jobId).map((i) => JSON.parse(i.item) as JobItem);
        let value: unknown;
        if (holder) {
          // That tab runs `prepare` with the secrets and answers only its result.
          value = await this.secretHolders!.prepare(holder.tabId, { jobId, actionId: job.actionId, params: JSON.parse(job.params) as Record<string, unknown>, items }, controller.signal);
        } else {
          value = await handlers.prepare(params, { signal: controller.signal, bridge: bridge.item(newRequestId()), items });
        }
        this.prepared.set(jobId, { value });
      } catch (e) {
        if (!current()) return;
        if (e instanceof HolderGoneError) this.askSecretsAgain(jobId);
        else this.failJob(jobId, e instanceof Error ? e.message : String(e));
        return;
      }
      if (!current()) return;
    }
    const run: JobRun = {
      // Secrets only `prepare` uses never reach the items' code.
      jobId, entry, handlers, params: without(params, prepareOnly), prepared: this.prepared.get(jobId)?.value, scopes,
      batched: !!handlers.toBatch && (this.lanes.profile(lane).batchSize ?? 1) > 1, bridge, batchRequests: new Map(),
    };
    this.runs.set(jobId, run);
    this.lanes.drop(jobId);
    if (settle) void this.settleLeftInFlight(run);
    const pending = this.items(jobId).filter((i) => i.state === 'pending');
    if (pending.length === 0) return this.completeIfDone(jobId);
    const total = this.job(jobId)!.total;
    if (run.batched) {
      const size = this.lanes.profile(lane).batchSize!;
      for (let i = 0; i < pending.length; i += size) {
        this.lanes.enqueue(lane, this.batchTask(run, total, pending.slice(i, i + size).map((g) => ({ rowId: g.rowId, cost: this.batchCost(run, g) }))));
      }
    } else {
      for (const item of pending) this.lanes.enqueue(lane, { jobId, jobSize: total, scope: item.scope || null, run: () => this.runItem(run, item.rowId) });
    }
  }

  /**
   * A batch of up to `batchSize` entries as one lane task that splits: when the usage gate has room
   * for only part of it, the part that fits goes now (as its own batch request) and the rest waits
   * at its place in the queue, instead of the whole batch waiting for room for all of it.
   */
  private batchTask(run: JobRun, jobSize: number, entries: { rowId: string; cost: number }[]): LaneTask {
    let rest = entries;
    const task: LaneTask = {
      jobId: run.jobId, jobSize, scope: null,
      cost: rest.reduce((sum, e) => sum + e.cost, 0),
      unitCost: Math.max(...rest.map((e) => e.cost)),
      run: () => this.runBatchGroup(run, rest.map((e) => e.rowId)),
      split: (points) => {
        let spent = 0;
        let k = 0;
        while (k < rest.length && spent + rest[k].cost <= points) spent += rest[k++].cost;
        if (k === 0) return null;
        const part = rest.slice(0, k);
        rest = rest.slice(k);
        task.cost = rest.reduce((sum, e) => sum + e.cost, 0);
        return { jobId: run.jobId, jobSize, scope: null, cost: spent, run: () => this.runBatchGroup(run, part.map((e) => e.rowId)) };
      },
    };
    return task;
  }

  private async runItem(run: JobRun, rowId: string): Promise<void> {
    const { jobId, entry, handlers } = run;
    if (this.job(jobId)?.status !== 'running') return;
    const row = this.jobStore.item(rowId);
    if (!row || row.state !== 'pending') return;
    const item = JSON.parse(row.item) as JobItem;
    const requestId = newRequestId();
    const deadline = this.clock.now() + this.writeDeadlineMs;
    const attempts = row.attempts + 1;
    const requestIds = JSON.stringify([...attemptIds(row), requestId]);
    this.jobStore.patchItem(rowId, { state: 'inflight', attempts, requestId, requestIds, deadline });
    this.live.add(rowId);
    if (!entry.action.idempotent && !(await this.saveBeforeSending(jobId, [row]))) {
      this.live.delete(rowId);
      return;
    }
    const signal = this.controllers.get(jobId)?.signal ?? new AbortController().signal;
    let points = 0;
    const bridge = run.bridge.item(requestId, row.scope || null, (init) => { points += requestCosts(init).reduce((s, c) => s + c, 0); });
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, result: await handlers.run(item, run.params, { signal, progress: () => {}, bridge, requestId, prepared: run.prepared }) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    this.live.delete(rowId);
    if (outcome.ok) this.jobStore.patchItem(rowId, { state: 'done', ...resultCells(entry.action, outcome.result), finishedAt: this.clock.now() });
    else this.onFailure(run, { ...row, state: 'inflight', attempts, requestId, requestIds, deadline }, outcome.error, row.scope || null, row);
    this.pacer?.learnItemCost(entry.action.lane, points);
    this.completeIfDone(jobId);
  }

  private async runBatchGroup(run: JobRun, ids: string[]): Promise<void> {
    const { jobId, entry } = run;
    if (this.job(jobId)?.status !== 'running') return;
    const rows = ids.map((id) => this.jobStore.item(id)).filter((r): r is StoredItem => !!r && r.state === 'pending');
    if (!rows.length) return;
    const requestId = newRequestId();
    const deadline = this.clock.now() + this.writeDeadlineMs;
    const sent = rows.map((row) => ({ ...row, state: 'inflight' as const, attempts: row.attempts + 1, requestId, requestIds: JSON.stringify([...attemptIds(row), requestId]), deadline }));
    this.deps.store.transaction(() => sent.forEach((r) => this.jobStore.patchItem(r.rowId, { state: 'inflight', attempts: r.attempts, requestId, requestIds: r.requestIds, deadline })));
    sent.forEach((r) => this.live.add(r.rowId));
    if (!entry.action.idempotent && !(await this.saveBeforeSending(jobId, rows))) {
      sent.forEach((r) => this.live.delete(r.rowId));
      return;
    }
    // An entry `toBatch` could not make fails alone; the others go as one batch request.
    const entries = sent.map((row) => this.batchRequest(run, row));
    const go = sent.filter((_, k) => !(entries[k] instanceof Error));
    const requests = entries.filter((e): e is BatchRequest => !(e instanceof Error));
    let results: Awaited<ReturnType<typeof runBatch>> | null = null;
    let failure: unknown;
    if (requests.length) {
      try {
        // One retry policy: the runner's (failure-policy.ts retries a batch entry after 400 ms), not runBatch's as well.
        results = await runBatch(run.bridge.item(requestId), requests, { chunkSize: requests.length, retry: false, signal: this.controllers.get(jobId)?.signal, sleep: this.deps.sleep });
      } catch (error) {
        failure = error;
      }
    }
    sent.forEach((r) => this.live.delete(r.rowId));
    const before = new Map(rows.map((r) => [r.rowId, r]));
    this.deps.store.transaction(() => {
      sent.forEach((row, k) => { const e = entries[k]; if (e instanceof Error) this.jobStore.patchItem(row.rowId, { state: 'failed', message: e.message, finishedAt: this.clock.now() }); });
      if (!results) return go.forEach((row) => this.onFailure(run, row, failure, null, before.get(row.rowId)!));
      results.forEach((result, k) => {
        const row = go[k]!;
        if (result.ok) this.jobStore.patchItem(row.rowId, { state: 'done', message: '', finishedAt: this.clock.now() });
        else this.onFailure(run, row, result.error ?? new GraphError(`HTTP ${result.code}`, result.code), row.scope || null, before.get(row.rowId)!, true);
      });
    });
    this.completeIfDone(jobId);
  }

  /**
   * Carries out the failure policy's decision for one item (`row` as it was sent, `before` as it was
   * before this attempt). Every decision but `settle-first` means this attempt was answered and not
   * applied, so its request id leaves the item's list of attempts that may have landed.
   */
  private onFailure(run: JobRun, row: StoredItem, error: unknown, scope: string | null, before: StoredItem, batchEntry = false): void {
    const maxAttempts = this.deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const decision = decideFailure(error, row.attempts, { idempotent: run.entry.action.idempotent, maxAttempts, batchEntry }, { item: scope, fromUsageKey: run.scopes.fromUsageKey }, this.clock.random());
    const { message } = decision;
    const earlier = JSON.stringify(attemptIds({ requestId: '', requestIds: before.requestIds }));
    switch (decision.kind) {
      case 'pause-scope':
        this.lanes.pause(run.entry.action.lane, decision.scope, this.clock.now() + decision.forMs);
        this.jobStore.patchItem(row.rowId, { state: 'pending', attempts: row.attempts - 1, requestId: '', requestIds: earlier, message });
        return this.requeue(run, row.rowId, 0);
      case 'pause-all':
        this.jobStore.patchItem(row.rowId, { state: 'pending', attempts: row.attempts - 1, requestId: '', requestIds: earlier, message });
        return this.pauseAll('session', message);
      case 'retry':
        this.counters.retries += 1;
        this.jobStore.patchItem(row.rowId, { state: 'pending', requestId: '', requestIds: earlier, message });
        return this.requeue(run, row.rowId, decision.afterMs);
      case 'settle-first':
        this.jobStore.patchItem(row.rowId, { message });
        void this.settleThenRequeue(run, row, maxAttempts);
        return;
      case 'fail':
        this.jobStore.patchItem(row.rowId, { state: 'failed', message, finishedAt: this.clock.now() });
    }
  }

  /**
   * Settles the writes a reload (or a crash) left in flight, beside the rest of the job: an item whose
   * write may still land waits for the journal until its deadline, up to a minute and a half, and the
   * other items need not wait with it. One settled as not applied is queued again; one whose `verify`
   * met a session error stays in flight and every job pauses (the next resume settles it again). The
   * job counts them in `settling` meanwhile, so the jobs panel says what it is waiting for.
   */
  private async settleLeftInFlight(run: JobRun): Promise<void> {
    const { jobId } = run;
    const rows = this.items(jobId).filter((i) => i.state === 'inflight' && !this.live.has(i.rowId));
    if (!rows.length) return;
    rows.forEach((r) => this.live.add(r.rowId));
    const action = { idempotent: run.entry.action.idempotent, handlers: run.handlers, params: run.params, prepared: run.prepared };
    let left = rows.length;
    const mark = () => this.jobStore.patchJob(jobId, { settling: left, settlingUntil: left ? Math.max(...rows.slice(rows.length - left).map((r) => r.deadline)) : 0 });
    if (!action.idempotent) mark();
    try {
      for (const row of rows) {
        const settled = await settleItem(this.settleDeps(run), action, row);
        this.live.delete(row.rowId);
        left -= 1;
        if (!action.idempotent && this.job(jobId)) mark();
        if (settled.state === 'held') return this.onHeld(settled);
        if (settled.state === 'pending') this.requeueOnCurrentRun(jobId, row.rowId);
        else this.completeIfDone(jobId);
      }
    } finally {
      rows.forEach((r) => this.live.delete(r.rowId));
      if (left && this.job(jobId)) {
        left = 0;
        mark();
      }
    }
  }

  /**
   * Queues an item settled as not applied on the job's run of now (a pause and resume since may have
   * replaced `run`); a paused job's next resume queues it with the other pending items.
   */
  private requeueOnCurrentRun(jobId: string, rowId: string): void {
    const run = this.runs.get(jobId);
    const status = this.job(jobId)?.status;
    if (run && status === 'running') this.requeue(run, rowId, 0);
    // cancelled while it was being settled: not applied, and now not to be sent
    else if (status === 'cancelled') this.jobStore.patchItem(rowId, { state: 'skipped', message: 'cancelled', finishedAt: this.clock.now() });
  }

  /** A write that got no answer: settle it (journal, deadline, verify) before it may be sent again. */
  private async settleThenRequeue(run: JobRun, row: StoredItem, maxAttempts: number): Promise<void> {
    this.live.add(row.rowId);
    try {
      const message = row.message;
      const settled = await settleItem(this.settleDeps(run), { idempotent: false, handlers: run.handlers, params: run.params, prepared: run.prepared }, { ...row, message });
      if (settled.state === 'held') this.onHeld(settled);
      else if (settled.state === 'pending') {
        if (row.attempts >= maxAttempts) this.jobStore.patchItem(row.rowId, { state: 'failed', message, finishedAt: this.clock.now() });
        else {
          this.counters.retries += 1;
          this.jobStore.patchItem(row.rowId, { message });
          this.requeue(run, row.rowId, 0);
        }
      }
    } finally {
      this.live.delete(row.rowId);
    }
    this.completeIfDone(run.jobId);
  }

  /** The tab that kept the job's secrets is gone (or cannot give them to the items): the job waits for the operator to enter them here. */
  private askSecretsAgain(jobId: string): void {
    this.holders.delete(jobId);
    this.lanes.drop(jobId);
    this.jobStore.patchJob(jobId, { status: 'paused', pauseReason: 'secret', pauseMessage: this.missingSecrets(jobId).join(', ') });
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

  /** A batched item's entry, made by `toBatch` once per item and kept for its retries (or why it could not be made). */
  private batchRequest(run: JobRun, row: Pick<StoredItem, 'rowId' | 'item'>): BatchRequest | Error {
    let entry = run.batchRequests.get(row.rowId);
    if (!entry) {
      this.counters.batchEntries += 1;
      try {
        entry = run.handlers.toBatch!(JSON.parse(row.item) as JobItem, run.params) as BatchRequest;
      } catch (e) {
        entry = e instanceof Error ? e : new Error(String(e));
      }
      run.batchRequests.set(row.rowId, entry);
    }
    return entry;
  }

  /** The usage points of a batched item: a read 1, a write 3 (an entry that could not be made costs nothing). */
  private batchCost(run: JobRun, row: Pick<StoredItem, 'rowId' | 'item'>): number {
    const entry = this.batchRequest(run, row);
    return entry instanceof Error ? 0 : entry.method === 'GET' ? 1 : 3;
  }

  /** Puts one item back on its lane after a delay (backoff is never scaled by the pace factor). */
  private requeue(run: JobRun, rowId: string, delayMs: number): void {
    const enqueue = () => {
      const job = this.job(run.jobId);
      if (!job || job.status !== 'running' || this.runs.get(run.jobId) !== run) return;
      const row = this.jobStore.item(rowId);
      if (!row || row.state !== 'pending') return;
      this.lanes.enqueue(run.entry.action.lane, {
        jobId: run.jobId, jobSize: job.total, scope: row.scope || null, cost: run.batched ? this.batchCost(run, row) : undefined,
        run: () => (run.batched ? this.runBatchGroup(run, [rowId]) : this.runItem(run, rowId)),
      });
    };
    if (delayMs <= 0) enqueue();
    else this.clock.setTimeout(enqueue, delayMs);
  }

  /**
   * Every answer an action gets: the pacer learns from it (and the pacer of the item's own scope, for
   * a task limited to one object), and the lane slows down or pauses on its usage headers.
   */
  private observeResponse(laneId: string, scopes: ScopeMap, init: { method: string; body?: string }, response: { status: number; headers: Record<string, string>; body?: unknown }, scope: string | null = null): void {
    const now = this.clock.now();
    this.pacer?.observeResponse(init, response, now);
    if (scope) this.scopePacers?.observeResponse(scope, scopes, init, response, now);
    const usage = parseUsage(response.headers ?? {});
    // Once a pacer knows a budget it holds that score near its target on purpose, so the spacing
    // slowdown follows only the scores no confident pacer models.
    const app = this.pacer?.confident() ? 0 : usage.app ?? 0;
    const unpaced = usage.business.filter((b) => !this.scopePacers?.get(scopes.fromUsageKey(b.id))?.confident());
    const worst = Math.max(app, ...unpaced.map((b) => b.callCount));
    this.lanes.setSlowdown(laneId, slowdownFor(worst));
    for (const b of usage.business) {
      if (b.callCount >= 100 && b.regainMinutes > 0) this.lanes.pause(laneId, scopes.fromUsageKey(b.id), this.clock.now() + b.regainMinutes * 60_000);
    }
  }

  /** What settling a job's item uses: its `verify` reads through the job's bridge (a read carries no request id). */
  private settleDeps(run: JobRun): SettleDeps {
    return {
      jobs: this.jobStore,
      bridge: run.bridge.item(''),
      now: () => this.clock.now(),
      sleep: this.deps.sleep ?? ((ms: number) => new Promise((r) => this.clock.setTimeout(() => r(undefined), ms))),
      settled: (by) => { if (by === 'journal') this.counters.settledByJournal += 1; else this.counters.settledByVerify += 1; },
    };
  }

  private get writeDeadlineMs(): number {
    return Math.max(this.deps.writeDeadlineMs ?? WRITE_DEADLINE_MS, this.deps.requestDeadlineMs ?? REQUEST_DEADLINE_MS);
  }

  /** `verify` could not settle an item for a session error: the item stays in flight and every job waits for the operator. */
  private onHeld(held: SettleResult): void {
    this.pauseAll('session', held.error instanceof Error ? held.error.message : String(held.error));
  }

  /**
   * Saves the in-flight record of a write before it leaves. When that fails the write is not sent:
   * its items go back as they were, the job pauses with the reason, and the operator is told.
   */
  private async saveBeforeSending(jobId: string, before: readonly StoredItem[]): Promise<boolean> {
    if (await this.flush()) return true;
    const message = 'the browser could not save the job before sending a write';
    this.deps.store.transaction(() => {
      for (const row of before) this.jobStore.patchItem(row.rowId, { state: 'pending', attempts: row.attempts, requestId: row.requestId, requestIds: row.requestIds ?? '[]', deadline: row.deadline });
    });
    const job = this.job(jobId);
    if (job?.status === 'running') {
      this.lanes.drop(jobId);
      this.jobStore.patchJob(jobId, { status: 'paused', pauseReason: 'storage', pauseMessage: message });
      this.deps.bus?.emit('runner:cannot-persist', { reason: 'failed', message });
    }
    return false;
  }

  // ---------- bookkeeping ----------

  /** The job stops before (or between) its items: what is left is skipped with the reason, which the jobs panel shows. */
  private failJob(jobId: string, message: string, fields: readonly FieldError[] = []): void {
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

  private completeIfDone(jobId: string): void {
    const job = this.job(jobId);
    if (!job || job.status !== 'running' || this.jobStore.open(job) > 0) return;
    this.jobStore.patchJob(jobId, { status: 'done', finishedAt: this.clock.now() });
    this.forget(jobId);
    this.finished(jobId);
  }

  /** A finished job's secrets, prepared value and controller leave memory (retrying it asks for the secrets again). */
  private forget(jobId: string): void {
    this.controllers.delete(jobId);
    this.secrets.delete(jobId);
    this.holders.delete(jobId);
    this.prepared.delete(jobId);
    this.runs.delete(jobId);
    this.scheduling.delete(jobId);
  }

  private finished(jobId: string): void {
    const job = this.job(jobId)!;
    this.deps.bus?.emit('job:finished', { jobId, actionId: job.actionId, status: job.status, done: job.done, failed: job.failed, skipped: job.skipped });
  }

  /** Saves the store (one save at a time); false when it failed. */
  private flush(): Promise<boolean> {
    const next = this.flushChain.then(() => this.deps.flush?.()).then(() => true, (e: unknown) => {
      console.warn('[tessera] runner could not persist', e);
      return false;
    });
    this.flushChain = next;
    return next;
  }
}

/** Points one item's batch entry costs (a read 1, a write 3). */
/** What an item's return value leaves in its row: its output (JSON) when the action declares one, else a note. */
function resultCells(action: PluginAction, result: unknown): Pick<ItemRow, 'message' | 'output'> {
  if (typeof result === 'string') return { message: result.slice(0, 500), output: '' };
  if (action.output && result !== null && typeof result === 'object') return { message: '', output: JSON.stringify(result) };
  return { message: '', output: '' };
}

/** The field errors but those of `fields`. */
function withoutFields(errors: FieldError[], fields: readonly string[] | undefined): FieldError[] {
  return fields?.length ? errors.filter((e) => !fields.includes(e.field)) : errors;
}

function without(params: unknown, names: readonly string[]): unknown {
  if (!names.length || !params || typeof params !== 'object') return params;
  return Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));
}

function parseList(json: string | undefined): string[] {
  try {
    const list = JSON.parse(json || '[]') as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}
