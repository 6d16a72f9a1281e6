import { teamPolicyAllows } from './admission';
import { RunnerRefusal } from './types';
import type { Runner } from './runner';

/**
 * The team policy's "no" to `actionId` for the user's role, known before a job is drafted (the action
 * dialog says it as it opens and keeps Start off): the `policy` RunnerRefusal a Start would meet
 * (admission.ts, `teamPolicyAllows`), or null when the policy lets the job run, sends it to approval, or
 * is not here yet. A module of the dialog's own: the first screen does not carry it.
 */
export function teamPolicyDenial(runner: Pick<Runner, 'deps'>, actionId: string, irreversible: boolean, items: number): RunnerRefusal | null {
  try {
    teamPolicyAllows(runner, actionId, irreversible, items, true);
    return null;
  } catch (e) {
    return e instanceof RunnerRefusal && e.reason === 'policy' ? e : null;
  }
}
