// An organisation's action policy decided (docs/TEAMS.md, "Action policy"): the same function in the
// browser's runner (before anything is sent) and on the server (an approval request is checked against
// it). Imports nothing outside protocol/.
import type { OrgPolicy, OrgRole, PolicyVerdict, RolePolicy } from './api/org';

/**
 * The policy an organisation starts with. Admins run everything; operators run what can be undone, and
 * need approval for irreversible actions and for jobs of more than 200 items; viewers run nothing.
 */
export const DEFAULT_ORG_POLICY: OrgPolicy = {
  admin: { default: 'allow', irreversible: 'allow', approvalAbove: null, actions: {} },
  operator: { default: 'allow', irreversible: 'approval', approvalAbove: 200, actions: {} },
  viewer: { default: 'deny', irreversible: 'deny', approvalAbove: null, actions: {} },
};

/** What the policy says of one job, and which part of it decided (for the dialog's sentence). */
export type PolicyDecision =
  | { verdict: 'allow' }
  | { verdict: 'deny' | 'approval'; reason: 'action' | 'irreversible' | 'size' | 'role'; limit?: number };

export interface PolicyJob {
  /** `<area>.<verb>` */
  action: string;
  irreversible: boolean;
  items: number;
}

/** The entry that names this action: the action itself, else its area's wildcard (`adaccount.*`). */
function namedVerdict(role: RolePolicy, action: string): PolicyVerdict | undefined {
  const own = role.actions[action];
  if (own) return own;
  const area = action.split('.')[0];
  return role.actions[`${area}.*`];
}

/**
 * Whether a member of `role` may run the job. An owner always may. Otherwise the most specific entry for
 * the action decides (the action, its area's wildcard), else the role's verdict for irreversible actions,
 * else its default; an allowed job of more than `approvalAbove` items needs approval.
 */
export function decideJob(policy: OrgPolicy, role: OrgRole, job: PolicyJob): PolicyDecision {
  if (role === 'owner') return { verdict: 'allow' };
  const rolePolicy = policy[role];
  const named = namedVerdict(rolePolicy, job.action);
  const verdict = named ?? (job.irreversible ? rolePolicy.irreversible : rolePolicy.default);
  const reason = named ? 'action' : job.irreversible ? 'irreversible' : 'role';
  if (verdict !== 'allow') return { verdict, reason };
  if (rolePolicy.approvalAbove !== null && job.items > rolePolicy.approvalAbove) return { verdict: 'approval', reason: 'size', limit: rolePolicy.approvalAbove };
  return { verdict: 'allow' };
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).filter((k) => record[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The text an approval's digest is the SHA-256 (hex) of: the action, the items' ids in order and the
 * parameters (secrets left out), canonical. The browser hashes it with Web Crypto, the server with
 * node:crypto; an approval is good only for a job whose text is the same.
 */
export function jobDigestText(job: { action: string; items: readonly string[]; params: Record<string, unknown> }): string {
  return canonicalJson({ action: job.action, items: [...job.items], params: job.params });
}
