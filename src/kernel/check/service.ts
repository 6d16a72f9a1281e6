/**
 * The platform check as the page runs it (docs/PLATFORM-CHECK.md): on demand, once a day, and before a
 * job whose reads were not checked in the last hour. The whole check goes through the runner's
 * background reads (at most a fifth of the budget, after jobs on the same objects); the check before a
 * job goes through the job's own bridge (its reads belong to the job). Findings land in the store
 * (results.ts), where the runner's availability reads them: an action a failing read serves is
 * disabled with the reason before anything is sent.
 */
import type { Bridge } from '../bridge/bridge';
import type { KernelStore } from '../store/store';
import type { LoadedPlugin } from '../plugin/types';
import { ReplyChanged } from '../platform/shape';
import type { CheckFinding } from './engine';
import type { CallFamily, CallFamilyDeclaration } from '../plugin/call-families';
import { actionIdsOf, blockingFor, isPast, CHECKED_AT, DAILY_MS, FRESH_MS, readFindings, saveFinding, TRIED_AT, type StoredFinding } from './results';

export interface CheckServiceDeps {
  store: KernelStore;
  /** the plugins the user may use now */
  plugins: () => readonly LoadedPlugin[];
  /** the runner's background reads (src/kernel/runner/background.ts); `queries`: the GraphQL query documents it may post */
  backgroundBridge: (scope: string | null, queries: readonly string[]) => Bridge;
  /** the Graph version calls are made with now */
  version: () => string;
  now?: () => number;
}

export interface CheckProgress {
  running: boolean;
  /** checks (whole or of one area) that ended on this page */
  ended: number;
  done: number;
  total: number;
  /** why the last check could not say anything (the extension is not there…); null when it could */
  problem: string | null;
}

/** A retry of the daily check that could not run waits this long. */
const RETRY_MS = 60 * 60_000;

export class PlatformCheck {
  private readonly loaded = new Map<string, Promise<CallFamily[]>>();
  private progress: CheckProgress = { running: false, ended: 0, done: 0, total: 0, problem: null };
  private readonly listeners = new Set<() => void>();
  private running: Promise<CheckFinding[]> | null = null;
  /** Retired versions this check already waited for a newer one after (see `probe`); emptied at each run. */
  private readonly waitedFor = new Set<string>();

  constructor(private readonly deps: CheckServiceDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getProgress(): CheckProgress {
    return this.progress;
  }

  private setProgress(next: Partial<CheckProgress>): void {
    this.progress = { ...this.progress, ...next };
    this.listeners.forEach((l) => l());
  }

  /** A plugin's call families (its `probes` module, loaded once). */
  familiesOf(plugin: LoadedPlugin): Promise<CallFamily[]> {
    let found = this.loaded.get(plugin.id);
    if (!found) {
      found = plugin.probes
        ? plugin.probes().then((m) => m.default.map((d: CallFamilyDeclaration) => ({ ...d, key: `${plugin.id}.${d.id}`, pluginId: plugin.id })))
        : Promise.resolve([]);
      found.catch(() => this.loaded.delete(plugin.id));
      this.loaded.set(plugin.id, found);
    }
    return found;
  }

  async allFamilies(): Promise<CallFamily[]> {
    return (await Promise.all(this.deps.plugins().map((p) => this.familiesOf(p)))).flat();
  }

  /** Tries the families, one at a time (their code, ./probe.ts, loads with the first check, not with the first screen). */
  private async probe(families: readonly CallFamily[], bridge: (f: CallFamily) => Bridge, signal?: AbortSignal): Promise<CheckFinding[]> {
    const { probeFamilies } = await import('./probe');
    return probeFamilies({ store: this.deps.store, version: this.deps.version, now: () => this.now(), waitedFor: this.waitedFor, saved: () => this.setProgress({ done: this.progress.done + 1 }) }, families, bridge, signal);
  }

  /** The Graph version calls are made with now. */
  version(): string {
    return this.deps.version();
  }

  /** The whole check (or the families `only` keeps), through background reads. One at a time: a second call joins the first. */
  run(o: { only?: (f: CallFamily) => boolean; signal?: AbortSignal } = {}): Promise<CheckFinding[]> {
    this.running ??= (async () => {
      const whole = !o.only;
      this.deps.store.setValue(TRIED_AT, this.now());
      this.waitedFor.clear();
      try {
        const families = (await this.allFamilies()).filter((f) => !o.only || o.only(f));
        this.setProgress({ running: true, done: 0, total: families.length, problem: null });
        // The whole caller's budget (scope null): the check waits while any job runs, and never slows one.
        const found = await this.probe(families, (f) => this.deps.backgroundBridge(null, f.kind === 'query' && f.document ? [f.document] : []), o.signal);
        const readsTried = families.filter((f) => f.kind !== 'write' && f.probe).length;
        const readsFound = found.filter((f) => f.state !== 'notCheckable').length;
        // Nothing could be read (no extension, no session): say so, and keep the last findings.
        const problem = readsTried > 0 && readsFound === 0 ? 'unreachable' : null;
        if (whole && !problem) this.deps.store.setValue(CHECKED_AT, this.now());
        this.setProgress({ running: false, ended: this.progress.ended + 1, problem });
        return found;
      } catch (e) {
        this.setProgress({ running: false, ended: this.progress.ended + 1, problem: e instanceof Error ? e.message : String(e) });
        throw e;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** The daily check is due: none ended within a day, and none was tried within the last hour. */
  dailyDue(): boolean {
    const at = this.now();
    const checked = this.deps.store.getValue(CHECKED_AT);
    const tried = this.deps.store.getValue(TRIED_AT);
    if (typeof checked === 'number' && at - checked < DAILY_MS) return false;
    return typeof tried !== 'number' || at - tried >= RETRY_MS;
  }

  /** Findings that disable the action now. */
  blocking(actionId: string): StoredFinding[] {
    const version = this.deps.version();
    return blockingFor(this.deps.store, actionId).filter((f) => !isPast(f, version));
  }

  /**
   * Before a job sends anything: the action's reads not checked within the hour are tried through
   * the job's own bridge. Resolves with the findings that stop it (empty: go).
   */
  async beforeJob(actionId: string, bridge: Bridge, signal?: AbortSignal): Promise<StoredFinding[]> {
    const plugin = this.deps.plugins().find((p) => p.actions.some((a) => a.id === actionId));
    if (plugin) {
      const findings = readFindings(this.deps.store);
      const at = this.now();
      const stale = (await this.familiesOf(plugin)).filter((f) => f.kind !== 'write' && f.probe && actionIdsOf(f).includes(actionId)
        && !(findings.get(f.key) && at - findings.get(f.key)!.at < FRESH_MS));
      if (stale.length) await this.probe(stale, () => bridge, signal);
    }
    // A retired version does not fail the job: its first call answers #2635 and the runner pauses every
    // job for the version (resumable once an admin sets another), as it would without the check.
    return this.blocking(actionId).filter((f) => f.fix !== 'version');
  }

  /** A list's reply lacked fields it relies on: that family's reply changed (until a check finds it working again). */
  async listReplyChanged(plugin: LoadedPlugin, e: ReplyChanged): Promise<void> {
    const family = (await this.familiesOf(plugin).catch(() => [] as CallFamily[])).find((f) => f.key === e.family);
    const finding: CheckFinding = { key: e.family, state: 'changed', at: this.now(), problems: [...e.problems], source: 'list', version: this.deps.version() };
    saveFinding(this.deps.store, finding, family ?? { pluginId: plugin.id, actions: [], list: true, titleKey: 'listCall' });
  }
}
