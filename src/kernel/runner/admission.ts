// Admission: whether an action may run now, its lanes, its parameters (checked once: the Draft) and
// its secrets. Steps of the Runner (runner.ts).
import type { LaneDeclaration, PluginAction } from '../plugin/types';
import { canAccess } from '../plugin/roles';
import { KERNEL_LANES, laneProblems, toLaneProfile } from './lanes';
import { prepareOnlySecrets, secretFields, validateActionParams, validateJobParams, type FieldError } from './params';
import { planItems, splitSecrets, type Draft } from './draft';
import { RunnerRefusal, type JobItem } from './types';
import type { Runner } from './runner';
import { parseList, type ActionEntry, type StartOptions } from './runner-deps';

/** An action's secret parameters, and those of them only its `prepare` uses (another tab may keep these). */
export function secretsOf(runner: Runner, actionId: string): { names: string[]; prepareOnly: string[] } {
  const action = runner.deps.actions().get(actionId)?.action;
  if (!action || action.schema === null) return { names: [], prepareOnly: [] };
  const schema = runner.schemas.schema(action.schema);
  return { names: secretFields(schema), prepareOnly: prepareOnlySecrets(schema) };
}

/** Defines (or redefines) lanes from their declarations; returns the problems of those it refused. */
export function defineLanes(runner: Runner, decls: Record<string, LaneDeclaration>): string[] {
  const problems: string[] = [];
  for (const [id, decl] of Object.entries(decls)) {
    const key = JSON.stringify(decl);
    if (runner.definedLanes.get(id) === key) continue;
    if (id in KERNEL_LANES) { problems.push(`lane "${id}" is a kernel lane`); continue; }
    const found = laneProblems(id, decl);
    if (found.length) { problems.push(`lane "${id}": ${found.join('; ')}`); continue; }
    runner.lanes.define(toLaneProfile(id, decl));
    runner.definedLanes.set(id, key);
  }

  return problems;
}

export function syncLanes(runner: Runner, entry?: ActionEntry): void {
  const problems = defineLanes(runner, { ...(runner.deps.lanes?.() ?? {}), ...(entry?.plugin.lanes ?? {}) });
  // The registry refuses such plugins; a lane refused here only leaves its actions unusable.
  for (const p of problems) {
    if (runner.warnedLanes.has(p)) continue;
    runner.warnedLanes.add(p);
    console.warn(`[tessera] runner: ${p}`);
  }
}

/** Why an action cannot run now, whatever its parameters and items; null when it can. */
export function availability(runner: Runner, actionId: string): RunnerRefusal | null {
  const entry = runner.deps.actions().get(actionId);
  if (!entry) return new RunnerRefusal(`unknown action "${actionId}"`, 'unknown-action');
  const { plugin, action } = entry;
  if (!runner.deps.usablePluginIds().has(plugin.id)) return new RunnerRefusal(`the plugin "${plugin.id}" is not enabled for you`, 'disabled');
  const role = runner.deps.user()?.role;
  if (!canAccess(plugin.roles, role) || !canAccess(action.roles, role)) return new RunnerRefusal(`your role may not run "${actionId}"`, 'role');
  if (runner.deps.isBlocked?.(actionId)) return new RunnerRefusal(`"${actionId}" needs a newer extension`, 'extension');
  const platform = runner.deps.platformProblem?.(actionId);
  if (platform) return new RunnerRefusal(platform, 'platform');
  const missing = action.operations.length ? runner.deps.missingOperations?.(action.operations) ?? [] : [];
  if (missing.length) return new RunnerRefusal(`"${actionId}" needs web operations runner version does not know yet: ${missing.join(', ')}`, 'operations', [], missing);
  syncLanes(runner, entry);
  if (!runner.lanes.has(action.lane)) return new RunnerRefusal(`"${actionId}" runs on the unknown lane "${action.lane}"`, 'lane', [], [action.lane]);
  return null;
}

/**
 * The job as it will start, made once: the action may run now, the parameters pass (once the
 * validators' code has loaded, `paramsReady`; before, they are checked before the first send), the
 * items are planned and the secrets split off. Throws RunnerRefusal. The dialog shows its field
 * errors, previews it (`dryRun`) and starts it (`start`); another tab sends it to the leader as it is.
 */
export function draft(runner: Runner, actionId: string, params: unknown, items: readonly JobItem[], options: StartOptions = {}): Draft {
  const refusal = availability(runner, actionId);
  if (refusal) throw refusal;
  const { plugin, action } = runner.deps.actions().get(actionId)!;
  const all = (params ?? {}) as Record<string, unknown>;
  const checked = runner.paramsReady();
  if (checked) {
    runner.counters.validations += 1;
    // Secrets another tab keeps were checked there.
    const problem = validateJobParams(runner.schemas, action.schema, params, items, options.secretHolder?.names);
    if (problem) throw new RunnerRefusal(problem.itemId ? `the parameters of ${problem.itemId} are not valid` : 'the parameters are not valid', 'params', problem.fields, problem.itemId ? [problem.itemId] : []);
  }

  runner.counters.plans += 1;
  const planned = planItems(plugin, action, all, items, options.exclude);
  if (planned.length === 0) throw new RunnerRefusal('no items selected', 'empty');
  const { org, needsApproval } = teamPolicyAllows(runner, actionId, action.irreversible === true, planned.length, options.forApproval === true);
  const { stored, secrets } = splitSecrets(all, secretNames(runner, action), options.secretHolder?.names);
  return { actionId, params: stored, secrets, secretHolder: options.secretHolder, planned, checked, jobId: options.jobId, ...(org ? { org } : {}), ...(needsApproval ? { needsApproval } : {}) };
}

/**
 * The team's action policy (docs/TEAMS.md): in a team, a job runs only if the policy lets the user's role
 * run it, besides the product's plugin policy (`availability`). Throws RunnerRefusal: `policy` (denied),
 * `approval` (an owner or admin must approve this exact job first, unless the draft is made to ask for
 * it: `forApproval`), `policy-loading`. Returns the team's id (0: the user's own work) and why the job
 * needs approval, if it does.
 */
export function teamPolicyAllows(runner: Pick<Runner, 'deps'>, actionId: string, irreversible: boolean, items: number, forApproval: boolean): { org: number; needsApproval?: 'action' | 'irreversible' | 'size' } {
  const team = runner.deps.orgPolicy?.() ?? { state: 'own' as const };
  if (team.state === 'own') return { org: 0 };
  if (team.state === 'loading') throw new RunnerRefusal("the team's action policy is still loading", 'policy-loading');
  const decision = team.decide({ action: actionId, irreversible, items });
  if (decision.verdict === 'allow') return { org: team.orgId };
  const names = [decision.reason, String(decision.limit ?? '')];
  if (decision.verdict === 'deny') throw new RunnerRefusal(`the team's policy does not let a ${team.role} run "${actionId}" (${decision.reason})`, 'policy', [], names);
  if (forApproval) return { org: team.orgId, needsApproval: decision.reason === 'size' || decision.reason === 'irreversible' ? decision.reason : 'action' };
  throw new RunnerRefusal(`the team's policy lets a ${team.role} run "${actionId}" only once approved (${decision.reason})`, 'approval', [], names);
}

/**
 * Validates a job's parameters (its secrets included) before anything of it is sent, when the page
 * has not yet: a job started before the validators' code loaded, or restored from a saved store.
 * Returns what is wrong: one line for the job's error (logs, tests) and the field errors the jobs
 * panel words for the operator; null when the parameters pass.
 */
export async function paramsProblem(runner: Runner, jobId: string, schemaKey: string | null, params: unknown): Promise<{ message: string; fields: FieldError[] } | null> {
  if (runner.paramsChecked.has(jobId)) return null;
  await runner.loadParamValidators();
  // the items still to run, with the values each carries (an imported row's)
  const items = runner.items(jobId).filter((i) => i.state === 'pending' || i.state === 'inflight').map((i) => JSON.parse(i.item) as JobItem);
  const problem = validateJobParams(runner.schemas, schemaKey, params, items, runner.holders.get(jobId)?.names);
  if (problem) {
    const problems = problem.fields;
    const message = `the parameters${problem.itemId ? ` of ${problem.itemId}` : ''} are not valid: ${problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ')}`;
    return { message, fields: problems };
  }

  runner.paramsChecked.add(jobId);
  return null;
}

export function secretNames(runner: Runner, action: PluginAction): string[] {
  return action.schema === null ? [] : secretFields(runner.schemas.schema(action.schema));
}

/**
 * Checks secrets entered again for a job with its stored parameters; returns those the job needs,
 * or null when the job or its action is unknown. Throws RunnerRefusal (`params`) when they fail.
 * Synchronous once the validators are loaded (`paramsReady`).
 */
export function checkSecrets(runner: Runner, jobId: string, secrets: Record<string, unknown>): Record<string, unknown> | null {
  const job = runner.job(jobId);
  const entry = job && runner.deps.actions().get(job.actionId);
  if (!job || !entry) return null;
  const needed = parseList(job.secretFields);
  const given = Object.fromEntries(needed.filter((n) => secrets[n] !== undefined).map((n) => [n, secrets[n]]));
  const fieldErrors = validateActionParams(runner.schemas, entry.action.schema, { ...(JSON.parse(job.params) as object), ...given });
  if (fieldErrors.length) throw new RunnerRefusal('the parameters are not valid', 'params', fieldErrors);
  return given;
}

/** Secrets entered in this page: another tab no longer keeps them for the job. */
export function heldHereNow(runner: Runner, jobId: string, names: readonly string[]): void {
  const holder = runner.holders.get(jobId);
  if (!holder) return;
  const left = holder.names.filter((n) => !names.includes(n));
  if (left.length) runner.holders.set(jobId, { ...holder, names: left });
  else runner.holders.delete(jobId);
}
