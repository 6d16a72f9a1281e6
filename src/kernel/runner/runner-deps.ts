// The Runner's dependencies and the shapes its modules share (runner.ts, admission.ts, execution.ts, settling.ts).
import type { OrgRole } from '../../../protocol/api/org';
import type { PolicyDecision, PolicyJob } from '../../../protocol/org-policy';
import type { KernelStore } from '../store/store';
import type { KernelBus } from '../bus';
import type { Bridge } from '../bridge/bridge';
import type { ActionHandlers, LaneDeclaration, LoadedPlugin, PluginAction } from '../plugin/types';
import type { KernelUser } from '../context-types';
import type { BatchRequest } from '../graph/batch';
import type { LaneClock } from './lanes';
import type { ParamSchemas } from './params';
import type { PacerOptions } from './adaptive';
import type { ScopeMap } from './scope';
import type { JobBridge } from './bridges';
import type { SecretHolder } from './draft';
import type { JobItem, ItemRow } from './types';

export const DEFAULT_MAX_ATTEMPTS = 4;

export interface ActionEntry { plugin: LoadedPlugin; action: PluginAction }

/**
 * An action's handlers as the runner runs them; an undo job's (undo.ts) also `screen` a batch's items
 * before it is sent: by item id, null to send it, a note when nothing needs writing, an Error to fail it.
 */
export type Handlers = ActionHandlers<JobItem, unknown, unknown> & {
  screen?: (items: readonly JobItem[], params: unknown, ctx: { signal: AbortSignal; bridge: Bridge }) => Promise<Map<string, string | Error | null>>;
};

export interface RunnerDeps {
  store: KernelStore;
  bridge: Bridge;
  bus?: KernelBus;
  /** Every loaded action, whoever may use it. */
  actions: () => Map<string, ActionEntry>;
  /** Plugin ids the current user may use (roles ∩ enabled); the runner refuses the others. */
  usablePluginIds: () => ReadonlySet<string>;
  user: () => KernelUser | null;
  /** The platform identity (social account id) the extension signed in as; null or undefined when not known. */
  platformUserId?: () => string | null | undefined;
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
  /**
   * The active team's action policy and the user's role in it (src/kernel/api/org-policy.ts keeps it);
   * absent or `own`: the user works on their own and only the product's plugin policy applies.
   */
  orgPolicy?: () => OrgPolicyState;
  /** The platform check (src/kernel/check/): why the action's calls fail now, in the operator's words; null when they do not. */
  platformProblem?: (actionId: string) => string | null;
  /**
   * Before a job sends anything: the platform check tries the action's reads not checked within the
   * hour, through the job's own bridge; resolves with why the job must not run (null: go).
   */
  checkBeforeJob?: (actionId: string, bridge: Bridge, signal: AbortSignal) => Promise<string | null>;
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
  /**
   * The team's policy lets this job run only once approved: make the draft anyway (`needsApproval`), to
   * ask for the approval with its dry run; it starts only as a job waiting for it (docs/TEAMS.md).
   */
  forApproval?: boolean;
}


/** What a scheduled job's tasks share: the action's code, the parameters (secrets included, but those only `prepare` uses) and `prepare`'s result. */
export interface JobRun {
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

/** What an item's return value leaves in its row: its output (JSON) when the action declares one, else a note. */
export function resultCells(action: PluginAction, result: unknown): Pick<ItemRow, 'message' | 'output'> {
  if (typeof result === 'string') return { message: result.slice(0, 500), output: '' };
  if (action.output && result !== null && typeof result === 'object') return { message: '', output: JSON.stringify(result) };
  return { message: '', output: '' };
}

export function without(params: unknown, names: readonly string[]): unknown {
  if (!names.length || !params || typeof params !== 'object') return params;
  return Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));
}

export function parseList(json: string | undefined): string[] {
  try {
    const list = JSON.parse(json || '[]') as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * The active team's action policy as the runner reads it: none (own work), not loaded yet, or loaded:
 * the user's role and what the policy decides of a job (protocol/org-policy.ts `decideJob`, loaded only
 * with a team).
 */
export type OrgPolicyState = { state: 'own' } | { state: 'loading' } | { state: 'ready'; orgId: number; role: OrgRole; decide(job: PolicyJob): PolicyDecision };
