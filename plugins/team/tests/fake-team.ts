// A small stand-in for the team routes (protocol/api/org.ts, protocol/api/audit.ts): what the screens read
// and post, with refusals on demand, for renderWithKernel's `answer`.
import type { ApprovalView, AuditEntry, MyInviteView, OrgInviteView, OrgMemberView, OrgPolicy, OrgView } from '../../../protocol/api';
import { DEFAULT_ORG_POLICY } from '../../../protocol/org-policy';

export const MEMBERS: OrgMemberView[] = [
  { userId: 1, email: 'me@tessera.test', name: 'Me', role: 'admin', joinedAt: '2026-11-01T09:00:00Z' },
  { userId: 2, email: 'olga@tessera.test', name: 'Olga', role: 'owner', joinedAt: '2026-10-01T09:00:00Z' },
  { userId: 3, email: 'ahmed@tessera.test', name: 'Ahmed', role: 'operator', joinedAt: '2026-11-02T09:00:00Z' },
  { userId: 4, email: 'li@tessera.test', name: 'Li', role: 'viewer', joinedAt: '2026-11-03T09:00:00Z' },
  { userId: 5, email: 'sam@tessera.test', name: 'Sam', role: 'admin', joinedAt: '2026-11-04T09:00:00Z' },
];

export const INVITES: OrgInviteView[] = [
  { id: 9, email: 'new@tessera.test', role: 'operator', invitedBy: 'Olga', createdAt: '2026-11-27T09:00:00Z', expiresAt: '2026-12-04T09:00:00Z' },
];

export interface Refusals { [path: string]: string | undefined }

export interface FakeTeam {
  members: OrgMemberView[];
  invites: OrgInviteView[];
  myInvites: MyInviteView[];
  policy: OrgPolicy;
  approvals: ApprovalView[];
  audit: AuditEntry[];
  auditTotal?: number;
  posts: { path: string; body: Record<string, unknown> }[];
  /** the next POST (or GET) to this path is refused with these words */
  refuse: Refusals;
  org: OrgView;
  answer: (path: string, init?: RequestInit) => unknown;
}

const refusal = (info: string, code = 40300) => ({ envelope: { status: 0, code, info, data: null } });

export function fakeTeam(start: Partial<Omit<FakeTeam, 'answer'>> = {}): FakeTeam {
  const s: Omit<FakeTeam, 'answer'> = {
    members: [...MEMBERS], invites: [...INVITES], myInvites: [], policy: structuredClone(DEFAULT_ORG_POLICY), approvals: [], audit: [], posts: [], refuse: {},
    org: { id: 5, name: 'Growth', role: 'admin', members: 5, createdAt: '2026-10-01T09:00:00Z' },
    ...start,
  };
  const answer = (path: string, init?: RequestInit) => {
    if (!path.startsWith('/api/org/') && !path.startsWith('/api/audit')) return undefined;
    const post = init?.method === 'POST';
    const body = post ? JSON.parse(String(init!.body ?? '{}')) as Record<string, unknown> : {};
    if (post) s.posts.push({ path, body });
    const refused = s.refuse[path];
    if (refused) { s.refuse[path] = undefined; return refusal(refused); }
    switch (path) {
      case '/api/org/create': return { ...s.org, id: 77, name: body.name, role: 'owner', members: 1 };
      case '/api/org/rename': s.org = { ...s.org, name: String(body.name) }; return s.org;
      case '/api/org/members': return s.members;
      case '/api/org/invites': return s.invites;
      case '/api/org/invite': {
        const invite: OrgInviteView = { id: 100 + s.invites.length, email: String(body.email), role: body.role as OrgInviteView['role'], invitedBy: 'Me', createdAt: '2026-11-28T09:00:00Z', expiresAt: '2026-12-05T09:00:00Z' };
        s.invites = [invite, ...s.invites];
        return invite;
      }
      case '/api/org/invites/revoke': s.invites = s.invites.filter((i) => i.id !== body.id); return { revoked: 1 };
      case '/api/org/invites/accept': return { ...s.org, role: 'operator' };
      case '/api/org/invites/mine': return s.myInvites;
      case '/api/org/invites/decline': s.myInvites = s.myInvites.filter((i) => i.id !== body.id); return { declined: 1 };
      case '/api/org/members/role': {
        const m = s.members.find((x) => x.userId === body.userId)!;
        const next = { ...m, role: body.role as OrgMemberView['role'] };
        s.members = s.members.map((x) => (x === m ? next : x));
        return next;
      }
      case '/api/org/members/remove': s.members = s.members.filter((m) => m.userId !== body.userId); return { removed: 1 };
      case '/api/org/leave': return { left: 1 };
      case '/api/org/policy': if (post) s.policy = body.policy as OrgPolicy; return s.policy;
      case '/api/org/approvals': return { list: s.approvals, total: s.approvals.length, page: 1, pageSize: 50 };
      case '/api/org/approvals/decide': {
        const a = s.approvals.find((x) => x.id === body.id)!;
        const next: ApprovalView = { ...a, status: body.approve ? 'approved' : 'rejected', comment: String(body.comment), decidedBy: { userId: 1, email: 'me@tessera.test', name: 'Me' }, decidedAt: '2026-11-28T10:00:00Z' };
        s.approvals = s.approvals.map((x) => (x === a ? next : x));
        return next;
      }
      case '/api/org/approvals/cancel': {
        const a = s.approvals.find((x) => x.id === body.id)!;
        const next: ApprovalView = { ...a, status: 'cancelled' };
        s.approvals = s.approvals.map((x) => (x === a ? next : x));
        return next;
      }
      case '/api/audit': return { list: s.audit, total: s.auditTotal ?? s.audit.length, page: 1, pageSize: 50, totalCapped: false };
      default: return undefined;
    }
  };
  return Object.assign(s, { answer });
}
