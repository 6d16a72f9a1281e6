import type { KernelBus, KernelEvents } from '../../bus';
import type { Runner, StartOptions } from '../runner';
import type { Draft } from '../draft';
import { RunnerRefusal, type DryRunResult, type JobItem, type JobRow } from '../types';
import { JOBS, type StoredItem } from '../job-store';
import type { KernelStore } from '../../store/store';
import { newTabId } from '../../store/tab-sync';
import { receivedError, type RemoteMethod, type RunnerMessage } from './protocol';
import { HeldSecrets } from './held-secrets';

/** No leader tab answered a call in time (or this tab stopped). */
export class NoLeaderError extends Error {
  constructor() {
    super('no tab is running the jobs');
    this.name = 'NoLeaderError';
  }
}

/** What the screens use of the runner (useRunner): the leader tab's Runner, or a follower's RemoteRunner. */
export type RunnerControl = Pick<Runner, 'store' | 'job' | 'jobs' | 'items' | 'missingSecrets' | 'availability' | 'deps' | 'draft' | 'start' | 'pause' | 'resume' | 'cancel' | 'retryFailed' | 'dryRun' | 'estimate'>;

export interface RemoteRunnerOptions {
  tabId?: string;
  Channel?: typeof BroadcastChannel;
  /** A call the leader refused or never answered, after the screen that made it moved on (a start). */
  onFailure?: (error: Error) => void;
  /** How often an unanswered call is sent again, and when it gives up. */
  resendMs?: number;
  giveUpMs?: number;
}

/**
 * A follower tab's runner: it runs nothing. Reading (jobs, items) and checking (availability, check,
 * the dry run, which sends nothing) use this tab's own Runner over the shared store; starting and
 * controlling jobs are calls to the leader tab's runner (serve-runner.ts). Secret parameters typed in
 * this tab never go on the channel: this tab keeps them and runs the job's `prepare` when the leader
 * asks (held-secrets.ts). An action whose items need a secret cannot start here (`secret-tab`).
 */
export class RemoteRunner implements RunnerControl {
  private channel: BroadcastChannel | null = null;
  private readonly tabId: string;
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private seq = 0;
  /** A leader tab said it serves while this tab was a follower (its jobs were running somewhere). */
  leaderSeen = false;
  private readonly held: HeldSecrets;

  constructor(private readonly local: Runner, private readonly channelName: string, private readonly bus: KernelBus, private readonly options: RemoteRunnerOptions = {}) {
    this.tabId = options.tabId ?? newTabId();
    this.held = new HeldSecrets(this.tabId, (actionId, params, items, signal) => local.prepareHere(actionId, params, items, signal));
  }

  /** Starts listening to the leader (and asks whether one serves). */
  open(): this {
    if (this.channel) return this;
    this.channel = new (this.options.Channel ?? BroadcastChannel)(this.channelName);
    this.channel.onmessage = (event: MessageEvent<RunnerMessage>) => this.receive(event.data);
    this.channel.postMessage({ kind: 'who', from: this.tabId } satisfies RunnerMessage);
    return this;
  }

  get store(): KernelStore {
    return this.local.store;
  }

  job(jobId: string): JobRow | null {
    return this.local.job(jobId);
  }

  jobs(): JobRow[] {
    return this.local.jobs();
  }

  items(jobId: string): StoredItem[] {
    return this.local.items(jobId);
  }

  /** The estimate as this tab's runner sees it (the leader's pacer knows more once its jobs ran). */
  estimate(actionId: string, items: number, batched?: boolean, readsFirst?: boolean): ReturnType<Runner['estimate']> {
    return this.local.estimate(actionId, items, batched, readsFirst);
  }

  availability(actionId: string): ReturnType<Runner['availability']> {
    return this.local.availability(actionId);
  }

  /** This tab's runner's dependencies (the team's policy is the same in every tab of the user). */
  get deps(): Runner['deps'] {
    return this.local.deps;
  }

  /** The draft is made here (checked and planned here, once); the leader takes it as it is. */
  draft(...args: Parameters<Runner['draft']>): ReturnType<Runner['draft']> {
    return this.local.draft(...args);
  }

  /** The dry run sends nothing: it runs here. */
  dryRun(draft: Draft, count?: number): Promise<DryRunResult>;
  dryRun(actionId: string, params: unknown, items: readonly JobItem[], count?: number): Promise<DryRunResult>;
  dryRun(first: Draft | string, a?: unknown, b?: readonly JobItem[] | number, c?: number): Promise<DryRunResult> {
    return typeof first === 'string' ? this.local.dryRun(first, a, (b as readonly JobItem[]) ?? [], c) : this.local.dryRun(first, a as number | undefined);
  }

  /** The leader holds the secrets; a job it paused for want of them says so in its row. */
  missingSecrets(jobId: string): string[] {
    const job = this.job(jobId);
    if (!job || job.pauseReason !== 'secret') return [];
    const named = job.pauseMessage ? job.pauseMessage.split(',').map((s) => s.trim()).filter(Boolean) : [];
    return named.length ? named : parseList(job.secretFields);
  }

  /**
   * Makes the draft here (a refusal throws at once, as in the leader), keeps its secrets here, then asks
   * the leader to start that draft under the id chosen here: the leader checks and plans nothing again.
   */
  start(draft: Draft): string;
  start(actionId: string, params: unknown, items: readonly JobItem[], options?: StartOptions): string;
  start(first: Draft | string, params?: unknown, items?: readonly JobItem[], options: StartOptions = {}): string {
    const draft = typeof first === 'string' ? this.local.draft(first, params, items ?? [], options) : first;
    const names = this.secretsKeptHere(draft.actionId, Object.keys(draft.secrets));
    const jobId = draft.jobId ?? `job-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
    if (names.length) this.held.keep(jobId, draft.actionId, { ...draft.secrets });
    const sent: Draft = { ...draft, jobId, secrets: {}, secretHolder: names.length ? { tabId: this.tabId, names } : undefined, planned: [...draft.planned] };
    this.call('start', [sent]).catch((e: Error) => {
      this.held.drop(jobId);
      this.options.onFailure?.(e);
    });
    return jobId;
  }

  /**
   * Of `present` parameters, the action's secrets, which this tab keeps. Refuses (`secret-tab`) when
   * the items need one of them: only the tab that runs the jobs sends items.
   */
  private secretsKeptHere(actionId: string, present: readonly string[]): string[] {
    const { names, prepareOnly } = this.local.secretsOf(actionId);
    const secrets = names.filter((n) => present.includes(n));
    const withItems = secrets.filter((n) => !prepareOnly.includes(n));
    if (withItems.length) throw new RunnerRefusal(`"${actionId}" sends ${withItems.join(', ')} with every item: start it in the tab that runs the jobs`, 'secret-tab', [], withItems);
    return secrets;
  }

  pause(jobId: string): void {
    this.call('pause', [jobId]).catch((e: Error) => this.options.onFailure?.(e));
  }

  /** Secrets entered again here are checked here and kept here (the leader hears only their names). */
  async resume(jobId: string, secrets?: Record<string, unknown>): Promise<void> {
    const job = this.job(jobId);
    if (!secrets || !job) return void (await this.call('resume', [jobId]));
    await this.local.loadParamValidators();
    const given = this.local.checkSecrets(jobId, secrets) ?? {};
    const names = this.secretsKeptHere(job.actionId, Object.keys(given));
    if (!names.length) return void (await this.call('resume', [jobId]));
    this.held.keep(jobId, job.actionId, given);
    await this.call('resume', [jobId, undefined, { tabId: this.tabId, names }]);
  }

  cancel(jobId: string): void {
    this.call('cancel', [jobId]).catch((e: Error) => this.options.onFailure?.(e));
  }

  retryFailed(jobId: string): void {
    this.call('retryFailed', [jobId]).catch((e: Error) => this.options.onFailure?.(e));
  }

  close(): void {
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
      this.channel = null;
    }
    for (const p of this.pending.values()) p.reject(new NoLeaderError());
    this.pending.clear();
    this.held.clear();
  }

  /** Sends a call until the leader answers (a leader that closes mid-way is replaced by the next one). */
  private call(method: RemoteMethod, args: unknown[]): Promise<unknown> {
    const id = `${this.tabId}:${++this.seq}`;
    const message: RunnerMessage = { kind: 'call', from: this.tabId, id, method, args };
    const { resendMs = 1000, giveUpMs = 30_000 } = this.options;
    return new Promise<unknown>((resolve, reject) => {
      const started = Date.now();
      const send = () => {
        if (!this.pending.has(id)) return;
        if (!this.channel || Date.now() - started > giveUpMs) {
          this.pending.delete(id);
          reject(new NoLeaderError());
          return;
        }
        this.channel.postMessage(message);
        setTimeout(send, resendMs);
      };
      this.pending.set(id, { resolve, reject });
      send();
    });
  }

  /**
   * Runs `then` once this tab's store shows the job finished: the store's changes come over another
   * channel than the leader's events, and listeners of `job:finished` read the job's items.
   */
  private whenFinishedHere(jobId: string, then: () => void): void {
    const finished = () => FINAL_STATUSES.includes(this.job(jobId)?.status ?? '');
    if (finished()) return then();
    const store = this.local.store;
    const stop = () => { store.delListener(listener); clearTimeout(timer); };
    const listener = store.addRowListener(JOBS, jobId, () => { if (finished()) { stop(); then(); } });
    const timer = setTimeout(() => { stop(); then(); }, SYNC_WAIT_MS);
  }

  private receive(m: RunnerMessage | undefined): void {
    if (!m || m.from === this.tabId) return;
    if (m.kind === 'serving') this.leaderSeen = true;
    else if (m.kind === 'prepare' && m.to === this.tabId) this.held.answer(m, (r) => this.channel?.postMessage(r));
    else if (m.kind === 'event') {
      this.leaderSeen = true;
      if (m.name === 'job:finished') this.held.drop((m.payload as KernelEvents['job:finished']).jobId);
      const emit = () => this.bus.emit(m.name, m.payload as KernelEvents[typeof m.name] as never);
      if (m.name === 'job:finished') this.whenFinishedHere((m.payload as KernelEvents['job:finished']).jobId, emit);
      else emit();
    } else if (m.kind === 'reply' && m.to === this.tabId) {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(receivedError(m.error));
    }
  }
}

const FINAL_STATUSES = ['done', 'failed', 'cancelled'];
/** How long a forwarded `job:finished` waits for the job's last rows to arrive over the store's channel. */
const SYNC_WAIT_MS = 2000;

function parseList(json: string | undefined): string[] {
  try {
    const list = JSON.parse(json || '[]') as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}
