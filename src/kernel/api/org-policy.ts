/**
 * The active team's action policy and the user's role in it, as the runner reads them before a job
 * (docs/TEAMS.md, "Action policy"). The page loads this module only while it works in a team
 * (src/kernel/shell/team-policy-start.ts). Loaded when a team becomes active and again every few minutes (a role
 * or policy changed by an admin reaches the page that late, or at once on the next refusal by the server);
 * the role the server answers replaces the one stored with the active team.
 */
import type { ApiClient } from './client';
import { apiGet, API } from './endpoints';
import { activeOrg, setActiveOrg, subscribeActiveOrg } from '../core/active-org';
import type { OrgPolicy, OrgRole } from '../../../protocol/api/org';
import { decideJob, type PolicyDecision, type PolicyJob } from '../../../protocol/org-policy';

/** How often the policy and the role are read again while a team is active. */
export const ORG_POLICY_REFRESH_MS = 5 * 60_000;

export interface OrgPolicyNow {
  orgId: number;
  role: OrgRole;
  policy: OrgPolicy;
}

let loaded: OrgPolicyNow | null = null;
let loading: Promise<void> | null = null;

/**
 * The active team's policy, or null: `{ state: 'own' }` when the user works on their own (no policy),
 * `{ state: 'loading' }` while the team's is not here yet.
 */
/** The same shape as the runner's `OrgPolicyState` (src/kernel/runner/runner-deps.ts), which the signed-in tree hands it. */
export type OrgPolicyState = { state: 'own' } | { state: 'loading' } | ({ state: 'ready'; decide(job: PolicyJob): PolicyDecision } & OrgPolicyNow);

export function orgPolicyNow(): OrgPolicyState {
  const org = activeOrg();
  if (!org) return { state: 'own' };
  if (!loaded || loaded.orgId !== org.id) return { state: 'loading' };
  const { role, policy } = loaded;
  return { state: 'ready', ...loaded, decide: (job) => decideJob(policy, role, job) };
}

/** Reads the active team's policy and the user's role in it now (one request of each). */
export function loadOrgPolicy(api: ApiClient): Promise<void> {
  const org = activeOrg();
  if (!org) { loaded = null; return Promise.resolve(); }
  loading ??= (async () => {
    try {
      const [policy, orgs] = await Promise.all([apiGet(api, API.org.policy), apiGet(api, API.org.list)]);
      const mine = orgs.find((o) => o.id === org.id);
      if (!mine || activeOrg()?.id !== org.id) return; // left or switched meanwhile
      if (mine.role !== org.role || mine.name !== org.name) setActiveOrg({ id: mine.id, name: mine.name, role: mine.role });
      loaded = { orgId: org.id, role: mine.role, policy };
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Keeps the policy loaded while this page runs: at once, on every switch of team, and every ORG_POLICY_REFRESH_MS. */
export function keepOrgPolicy(api: ApiClient): () => void {
  const load = () => { loadOrgPolicy(api).catch((e) => console.warn('[tessera] the team policy could not be read', e)); };
  load();
  let lastOrg = activeOrg()?.id;
  const off = subscribeActiveOrg(() => {
    const now = activeOrg()?.id;
    if (now === lastOrg) return;
    lastOrg = now;
    load();
  });
  const timer = setInterval(load, ORG_POLICY_REFRESH_MS);
  return () => { off(); clearInterval(timer); };
}
