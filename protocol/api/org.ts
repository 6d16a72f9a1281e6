import { get, post, type Page, type PagingQuery } from './endpoint';

// Teams (docs/TEAMS.md): organisations, their members and roles, invitations, the action policy per
// role and approvals. A request acts in an organisation when it carries ORG_HEADER (the organisation's
// id); the server checks the caller's membership on every such request, so a removal takes effect on
// the member's next request.

/** The request header naming the organisation a signed-in request acts in (absent: the caller's own work). */
export const ORG_HEADER = 'x-tessera-org';

/**
 * The API paths that act in a team, to which the page sends ORG_HEADER: the team's own endpoints, the
 * audit log, the job records, the saved views, the library and the watch's rules and channels
 * (docs/TEAMS.md, "Scope"). Everything else (the profile, the menu, the runtime, the user's list of teams
 * and invitations, the one-time import of a browser's lists) is the user's whatever team they work in,
 * so a request for it never fails because the user was just removed from a team.
 */
export const TEAM_PATH_PREFIXES: readonly string[] = ['/api/org/', '/api/audit', '/api/jobs/', '/api/views', '/api/library', '/api/watch/rules', '/api/watch/channels'];
const PERSONAL_ORG_PATHS: readonly string[] = ['/api/org/list', '/api/org/create', '/api/org/invites/mine', '/api/org/invites/accept', '/api/org/invites/decline', '/api/library/import'];

/** Whether a request to `path` acts in the active team (and so names it in ORG_HEADER). */
export function actsInTeam(path: string): boolean {
  const bare = path.split('?')[0]!;
  return TEAM_PATH_PREFIXES.some((p) => bare.startsWith(p)) && !PERSONAL_ORG_PATHS.includes(bare);
}

/** A member's role, from the most to the least trusted. */
export type OrgRole = 'owner' | 'admin' | 'operator' | 'viewer';
export const ORG_ROLES: readonly OrgRole[] = ['owner', 'admin', 'operator', 'viewer'];
/** The roles an owner or admin may give when inviting or changing a member (only an owner gives `owner` or `admin`). */
export const ORG_INVITE_ROLES: readonly OrgRole[] = ['owner', 'admin', 'operator', 'viewer'];

/** An organisation's name: 1–80 characters, no control characters, no space at either end. */
export const ORG_NAME_MAX = 80;
/** A user belongs to at most this many organisations; an organisation has at most this many members. */
export const ORGS_PER_USER_MAX = 20;
export const ORG_MEMBERS_MAX = 200;
/** Pending invitations per organisation at most; an invitation is good for this many days. */
export const ORG_INVITES_MAX = 100;
export const ORG_INVITE_DAYS = 7;

/** An organisation as a member sees it. */
export type OrgView = { id: number; name: string; role: OrgRole; members: number; createdAt: string };

/** A member as the organisation's members see them. */
export type OrgMemberView = { userId: number; email: string; name: string; role: OrgRole; joinedAt: string };

/** A pending invitation (the token is only ever in the mail). */
export type OrgInviteView = { id: number; email: string; role: OrgRole; invitedBy: string; createdAt: string; expiresAt: string };

/** An invitation addressed to the signed-in user's e-mail address, as they see it before accepting. */
export type MyInviteView = { id: number; org: { id: number; name: string }; role: OrgRole; invitedBy: string; expiresAt: string };

// ---------------------------------------------------------------------------------------------
// Action policy per role (protocol/org-policy.ts decides with it)

/** What a role may do with an action: run it, not run it, or run it once an admin approved the exact job. */
export type PolicyVerdict = 'allow' | 'deny' | 'approval';
export const POLICY_VERDICTS: readonly PolicyVerdict[] = ['allow', 'deny', 'approval'];

/**
 * One role's policy. `actions` names actions (`adaccount.rename`) or whole areas (`adaccount.*`): the
 * most specific entry decides, else `irreversible` for an action declared irreversible, else `default`.
 * A job of more than `approvalAbove` items (null: no limit) needs approval even when the action is allowed.
 */
export type RolePolicy = {
  default: PolicyVerdict;
  irreversible: PolicyVerdict;
  approvalAbove: number | null;
  actions: Record<string, PolicyVerdict>;
};

/** The organisation's action policy. Owners are not in it: an owner's job always runs. */
export type OrgPolicy = Record<Exclude<OrgRole, 'owner'>, RolePolicy>;

/** At most this many per-action entries per role. */
export const POLICY_ACTIONS_MAX = 500;
/** An action id or an area's wildcard as the policy names them. */
export const POLICY_ACTION_PATTERN = '^[a-z][a-z0-9-]*(\\.[A-Za-z0-9_-]+|\\.\\*)$';

// ---------------------------------------------------------------------------------------------
// Approvals

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'used';
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected', 'cancelled', 'used'];

/** Why a job waits for approval: its action needs it for the role, it is irreversible, or it has too many items. */
export type ApprovalReason = 'action' | 'irreversible' | 'size';

/** At most this many items in one approval request; its dry run at most this many bytes as JSON. */
export const APPROVAL_ITEMS_MAX = 5000;
export const APPROVAL_DRY_RUN_MAX_BYTES = 256 * 1024;

/**
 * One line of a job's dry run as the approver reads it: the object, its name, and what would change
 * (`from` → `to` per field; a change without a field and a `from` is the preview's sentence, `to`), or
 * why the item would be skipped.
 */
export type ApprovalPreviewRow = { id: string; name: string; changes: { field: string; from: string; to: string }[]; skip?: string };

/**
 * A request for approval. `digest` binds it to the exact job: the SHA-256 of the canonical JSON of
 * `{ action, items, params }` (protocol/org-policy.ts, `jobDigest`); any change to the items or the
 * parameters needs a new request.
 */
export type ApprovalView = {
  id: number;
  status: ApprovalStatus;
  reason: ApprovalReason;
  action: string;
  job: string;
  fbid: string;
  items: string[];
  params: Record<string, unknown>;
  dryRun: ApprovalPreviewRow[];
  digest: string;
  requester: { userId: number; email: string; name: string };
  decidedBy: { userId: number; email: string; name: string } | null;
  comment: string;
  createdAt: string;
  decidedAt: string | null;
};

export type ApprovalRequestBody = {
  job: string;
  action: string;
  fbid: string;
  items: string[];
  /** the job's parameters without its secret (write-only) fields */
  params: Record<string, unknown>;
  dryRun: ApprovalPreviewRow[];
  reason: ApprovalReason;
};

/** The organisations of the signed-in user, their members, invitations, policy and approvals. */
export const orgEndpoints = {
  /** the organisations the caller belongs to */
  list: get<OrgView[]>('/api/org/list'),
  /** creates an organisation with the caller as its owner */
  create: post<{ name: string }, OrgView>('/api/org/create'),
  /** renames the organisation of the request (owner or admin) */
  rename: post<{ name: string }, OrgView>('/api/org/rename'),
  /** the organisation's members (any member) */
  members: get<OrgMemberView[]>('/api/org/members'),
  /** invites an e-mail address with a role and mails it a link (owner or admin; only an owner invites owners and admins) */
  invite: post<{ email: string; role: OrgRole }, OrgInviteView>('/api/org/invite'),
  /** the organisation's pending invitations (owner or admin) */
  invites: get<OrgInviteView[]>('/api/org/invites'),
  /** withdraws a pending invitation (owner or admin) */
  revokeInvite: post<{ id: number }, { revoked: number }>('/api/org/invites/revoke'),
  /** the pending invitations addressed to the caller's e-mail address, whichever organisation sent them */
  myInvites: get<MyInviteView[]>('/api/org/invites/mine'),
  /** accepts an invitation: by the mail's token, or by its id when it is addressed to the caller */
  acceptInvite: post<{ token?: string; id?: number }, OrgView>('/api/org/invites/accept'),
  /** declines an invitation addressed to the caller */
  declineInvite: post<{ id: number }, { declined: number }>('/api/org/invites/decline'),
  /** changes a member's role (owner or admin; only an owner touches owners and admins; the last owner stays) */
  setRole: post<{ userId: number; role: OrgRole }, OrgMemberView>('/api/org/members/role'),
  /** removes a member (owner or admin, as for roles); effective on their next request */
  removeMember: post<{ userId: number }, { removed: number }>('/api/org/members/remove'),
  /** the caller leaves the organisation of the request (the last owner cannot) */
  leave: post<Record<string, never>, { left: number }>('/api/org/leave'),
  /** the organisation's action policy (any member: the dialog says why an action is refused) */
  policy: get<OrgPolicy>('/api/org/policy'),
  /** replaces the action policy (owner or admin) */
  setPolicy: post<{ policy: OrgPolicy }, OrgPolicy>('/api/org/policy'),
  /** approval requests: an admin sees the organisation's, a member their own; newest first */
  approvals: get<Page<ApprovalView>, { status?: ApprovalStatus; uid?: string | number } & PagingQuery>('/api/org/approvals'),
  /** one approval request (its requester, or an owner or admin) */
  approval: get<ApprovalView, { id: number; uid?: string | number }>('/api/org/approvals/one'),
  /** asks the organisation's admins to approve a job (in-app and through the watch's channels) */
  requestApproval: post<ApprovalRequestBody, ApprovalView>('/api/org/approvals'),
  /** approves or rejects a pending request (owner or admin, not their own), with a comment */
  decide: post<{ id: number; approve: boolean; comment: string }, ApprovalView>('/api/org/approvals/decide'),
  /** the requester withdraws a pending request */
  cancelApproval: post<{ id: number }, ApprovalView>('/api/org/approvals/cancel'),
  /**
   * the requester's browser starts the approved job: the digest of what it is about to run must be the
   * approved one; an approval is used once
   */
  useApproval: post<{ id: number; digest: string }, ApprovalView>('/api/org/approvals/use'),
};
