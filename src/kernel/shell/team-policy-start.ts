/**
 * The active team's action policy for the runner (docs/TEAMS.md, "Action policy"): its code
 * (src/kernel/api/org-policy.ts, with protocol/org-policy.ts) loads only once the page works in a team,
 * so a user on their own work never loads it.
 */
import type { ApiClient } from '../api/client';
import { activeOrg, subscribeActiveOrg } from '../core/active-org';
import type { OrgPolicyState } from '../runner/runner-deps';

let policyModule: typeof import('../api/org-policy') | null = null;

/** What the runner checks a job against now: nothing on one's own work, `loading` until the team's policy is here. */
export function teamPolicyNow(): OrgPolicyState {
  if (policyModule) return policyModule.orgPolicyNow();
  return activeOrg() ? { state: 'loading' } : { state: 'own' };
}

/** Keeps the team's policy loaded from the first time the page works in a team; returns the stop. */
export function startTeamPolicy(api: ApiClient): () => void {
  let stop: (() => void) | null = null;
  let gone = false;
  const begin = () => {
    if (stop || !activeOrg()) return;
    import('../api/org-policy').then((m) => {
      if (gone || stop) return;
      policyModule = m;
      stop = m.keepOrgPolicy(api);
    }, (e) => console.warn("[tessera] the team's policy could not load", e));
  };
  begin();
  const off = subscribeActiveOrg(begin);
  return () => { gone = true; off(); stop?.(); stop = null; };
}
